"""Custom rule presets: a rule set edited in the new-event dialog, saved as a TOML file — a
service, not presentation, because it reads and writes files in the user's data folder.

They live in the ``presets`` folder of the user's data folder, in the same form as the bundled
presets (every knob written out), and are read back with the core's own parser, so a hand-edited
file gets the same clear errors as a bundled one.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from gin_scorer.core.rules import RuleSet, RuleSetError
from gin_scorer.core.wording import Said, words_of
from gin_scorer.paths import data_dir
from gin_scorer.presets import load_ruleset_file


def custom_presets_dir(data_folder: str = "") -> Path:
    base = Path(data_folder) if data_folder else data_dir()
    return base / "presets"


def preset_key(name: str) -> str:
    """A file-safe key for a preset name.

    >>> preset_key("Club rules: 150 & no big gin!")
    'custom-club-rules-150-no-big-gin'
    """
    slug = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or "rules"
    return slug if slug.startswith("custom-") else f"custom-{slug}"


def ruleset_toml(rules: RuleSet) -> str:
    """Every knob as TOML (strings JSON-quoted, which TOML basic strings accept).

    >>> from gin_scorer.core.rules import parse_ruleset
    >>> rules = RuleSet(key="custom-x", name='Say "hi"', target=150)
    >>> parse_ruleset(ruleset_toml(rules), origin="x.toml") == rules
    True
    """
    lines = ["# A custom rule set saved by Gin Scorer's new-event dialog."]
    for key, value in rules.to_dict().items():
        if isinstance(value, bool):
            text = "true" if value else "false"
        elif isinstance(value, int):
            text = str(value)
        elif isinstance(value, list):
            text = "[" + ", ".join(str(v) for v in value) + "]"
        else:
            text = json.dumps(str(value), ensure_ascii=False)
        lines.append(f"{key} = {text}")
    return "\n".join(lines) + "\n"


def save_custom_preset(rules: RuleSet, name: str, folder: Path) -> RuleSet:
    """Save ``rules`` under ``name``; returns the saved rule set (with its key and name)."""
    named = rules.with_changes(key=preset_key(name), name=name.strip() or "Custom rules")
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{named.key}.toml").write_text(ruleset_toml(named), encoding="utf-8")
    return named


def list_custom_presets(folder: Path) -> tuple[tuple[RuleSet, ...], tuple[Said, ...]]:
    """The custom presets in ``folder``, and a sentence for each file that cannot be read (a
    front end says it in the reader's language)."""
    found: list[RuleSet] = []
    problems: list[Said] = []
    if folder.is_dir():
        for file in sorted(folder.glob("*.toml")):
            try:
                found.append(load_ruleset_file(file))
            except RuleSetError as error:
                problems.append(words_of(error))
    return tuple(found), tuple(problems)
