"""The translations shipped with the app, read without Qt: for the room (each phone its own
language) and for the command line (the language of the terminal's locale).

The translators' files are ``resources/i18n/gin_scorer_xx.ts`` — the same files the desk
compiles for its window (``gui/i18n.py``). Reading the ``.ts`` itself keeps Qt out of the room
and out of the command line; only finished translations are used, and a file that does not
parse gives none (English), never an error.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from xml.etree import ElementTree

from gin_scorer.paths import resources_dir

CATALOGUE = "gin_scorer"  # the desk's catalogue name: gin_scorer_fr.ts, gin_scorer_pt_BR.ts
TAG = re.compile(r"\*|[a-z]{1,8}(?:-[a-z0-9]{1,8})*")
LANGUAGE_ENV = "GIN_SCORER_LANGUAGE"  # the command line's language, over the locale's

Table = dict[tuple[str, str], str]
Translator = Callable[[str, str], str]


def translations_folder() -> Path:
    return resources_dir() / "i18n"


def shipped(folder: Path | None = None) -> dict[str, tuple[str, Path]]:
    """The translation files shipped, by lower-case language tag: (its code, its file)."""
    folder = folder if folder is not None else translations_folder()
    found: dict[str, tuple[str, Path]] = {}
    for path in sorted(folder.glob(f"{CATALOGUE}_*.ts")):
        code = path.stem.removeprefix(f"{CATALOGUE}_").replace("_", "-")
        if TAG.fullmatch(code.lower()):
            found[code.lower()] = (code, path)
    return found


def read_catalogue(path: Path) -> Table:
    """The finished translations of a translation file: ``(context, source) → translation``.
    A file that does not parse gives none (English, never a failure)."""
    try:
        root = ElementTree.parse(path).getroot()  # our own shipped files
    except (ElementTree.ParseError, OSError):
        return {}
    table: Table = {}
    for context in root.iter("context"):
        name = context.findtext("name") or ""
        for message in context.iter("message"):
            translation = message.find("translation")
            source = message.findtext("source")
            if source is None or translation is None or not translation.text:
                continue
            if translation.get("type") in {"unfinished", "obsolete", "vanished"}:
                continue
            table[(name, source)] = translation.text
    return table


def translator_of(table: Table) -> Translator:
    """A translator over ``table``: a text it lacks stays as written."""

    def translated(context: str, text: str) -> str:
        return table.get((context, text), text)

    return translated


def locale_languages(environ: Mapping[str, str]) -> list[str]:
    """The languages a terminal's environment asks for, most wanted first, as lower-case
    tags: ``GIN_SCORER_LANGUAGE``, then the locale's own order (``LANGUAGE``, a colon list;
    ``LC_ALL``; ``LC_MESSAGES``; ``LANG``). ``fr_CH.UTF-8`` → ``fr-ch``; ``C`` and ``POSIX``
    ask for nothing (English).

    >>> locale_languages({"LANG": "fr_CH.UTF-8", "LANGUAGE": "de:en"})
    ['de', 'en', 'fr-ch']
    """
    wanted: list[str] = []
    names = [environ.get(LANGUAGE_ENV, ""), *environ.get("LANGUAGE", "").split(":")]
    names += [environ.get(key, "") for key in ("LC_ALL", "LC_MESSAGES", "LANG")]
    for name in names:
        tag = name.split(".")[0].split("@")[0].replace("_", "-").strip().lower()
        if tag and tag not in {"c", "posix"} and TAG.fullmatch(tag) and tag not in wanted:
            wanted.append(tag)
    return wanted


def chosen_language(
    wanted: Sequence[str], files: Mapping[str, tuple[str, Path]]
) -> tuple[str, Path] | None:
    """The first of ``wanted`` that a shipped file speaks (``fr-ch`` is spoken by ``fr``),
    as (its code, its file); ``None`` for English (asked for, or nothing shipped)."""
    for tag in wanted:
        if tag in {"*", "en"} or tag.startswith("en-"):
            return None
        for candidate in (tag, tag.split("-")[0]):
            if candidate in files:
                return files[candidate]
    return None


def translator_for(wanted: Sequence[str], folder: Path | None = None) -> Translator | None:
    """The translator of the first language wanted that is shipped; ``None``: English."""
    found = chosen_language(wanted, shipped(folder))
    if found is None:
        return None
    table = read_catalogue(found[1])
    return translator_of(table) if table else None
