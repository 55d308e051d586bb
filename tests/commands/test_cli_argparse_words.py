"""argparse's own words ("usage: ", "options", "the following arguments are required") go
through the command line's translator under the context ``argparse``
(gin_scorer/commands/_argparse_words.py): translated when a translation has them, and in
English byte for byte what plain argparse prints."""

from __future__ import annotations

import argparse
import ast
import gettext
from collections.abc import Iterator
from pathlib import Path

import pytest

from gin_scorer.catalogues import LANGUAGE_ENV
from gin_scorer.cli import build_parser, main
from gin_scorer.commands import _argparse_words
from gin_scorer.commands._argparse_words import WORDS, ngettext, speak_argparse_in_our_words
from gin_scorer.presentation.words import use_translator
from tests.commands.conftest import ship_translation

FRENCH = """<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="fr">
<context>
    <name>argparse</name>
    <message>
        <source>usage: </source>
        <translation>utilisation : </translation>
    </message>
    <message>
        <source>options</source>
        <translation>options (fr)</translation>
    </message>
    <message>
        <source>show this help message and exit</source>
        <translation>afficher ce message d&apos;aide et quitter</translation>
    </message>
    <message>
        <source>show program&apos;s version number and exit</source>
        <translation>afficher la version du programme et quitter</translation>
    </message>
    <message>
        <source>the following arguments are required: %s</source>
        <translation>les arguments suivants sont obligatoires : %s</translation>
    </message>
    <message>
        <source>argument %(argument_name)s: %(message)s</source>
        <translation>argument %(argument_name)s : %(message)s</translation>
    </message>
    <message>
        <source>invalid choice: %(value)r (choose from %(choices)s)</source>
        <translation>choix invalide : %(value)r (au choix : %(choices)s)</translation>
    </message>
    <message>
        <source>unrecognized arguments: %s</source>
        <translation>arguments non reconnus</translation>
    </message>
    <message>
        <source>expected %s arguments</source>
        <translation>%s arguments attendus</translation>
    </message>
</context>
</TS>
"""


@pytest.fixture
def shipped_french(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A French translation of some of argparse's words shipped (in a folder of the test's
    own), as tests/commands/test_cli_language.py ships one; English again afterwards."""
    ship_translation(tmp_path, monkeypatch, FRENCH)
    yield tmp_path
    use_translator(None)  # the next test starts in English


@pytest.fixture
def english(monkeypatch: pytest.MonkeyPatch) -> None:
    """No translation asked for, help pages as wide as on any terminal of the tests."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG", LANGUAGE_ENV):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("COLUMNS", "100")


def _said(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[object, str, str]:
    try:
        status: object = main(list(argv))
    except SystemExit as done:
        status = done.code
    out, err = capsys.readouterr()
    return status, out, err


def test_the_help_page_speaks_argparses_words_in_french(
    shipped_french: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    status, out, _ = _said(capsys, "--help")
    assert status == 0
    assert out.startswith("utilisation : gin-scorer [-h]")
    assert "\noptions (fr):\n" in out and "\noptions:\n" not in out
    assert "afficher ce message d'aide et quitter" in out
    assert "afficher la version du programme et quitter" in out
    assert "show this help message" not in out
    # A sub-command's page too, and words the catalogue lacks stay English.
    status, out, _ = _said(capsys, "analyze", "--help")
    assert status == 0 and out.startswith("utilisation : gin-scorer analyze")
    assert "positional arguments:" in out


def test_a_mistake_on_the_command_line_is_said_in_french(
    shipped_french: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    status, _, err = _said(capsys, "bracket")
    assert status == 2
    assert err == (
        "gin-scorer bracket: les arguments suivants sont obligatoires : --event "
        "(see: gin-scorer bracket --help)\n"
    )
    status, _, err = _said(capsys, "analyze", "--aces", "high")
    assert status == 2
    assert "argument --aces : choix invalide : 'high' (au choix : 'low', 'tedesco')" in err


def test_a_translation_that_loses_a_field_is_not_used(
    shipped_french: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The test's French for "unrecognized arguments: %s" dropped the %s: argparse's % on
    it would raise, so the English is said instead."""
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    status, _, err = _said(capsys, "analyze", "--no-such-option")
    assert status == 2
    assert "unrecognized arguments: --no-such-option" in err


def test_ngettext_chooses_the_english_form_by_the_count_then_translates_it(
    shipped_french: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    _said(capsys, "--version")  # installs the French of the test's catalogue
    assert ngettext("expected %s argument", "expected %s arguments", 1) == "expected %s argument"
    assert ngettext("expected %s argument", "expected %s arguments", 2) == "%s arguments attendus"
    assert ngettext("expected %s argument", "expected %s arguments", 0) == "%s arguments attendus"


def _help_pages(capsys: pytest.CaptureFixture[str]) -> list[tuple[object, str, str]]:
    """Every --help page of gin-scorer and of each sub-command (and sub-sub-command), then a
    few mistakes argparse words itself."""

    def commands(parser: argparse.ArgumentParser, prefix: list[str]) -> Iterator[list[str]]:
        yield prefix
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for name, sub in action.choices.items():
                    yield from commands(sub, [*prefix, name])

    said = [_said(capsys, *argv, "--help") for argv in commands(build_parser(), [])]
    mistakes = (
        ["bracket"],
        ["nosuch"],
        ["--db"],
        ["analyze", "--aces", "high"],
        ["analyze", "--no-such-option"],
        ["score", "--team-size", "x"],
        ["--version"],
    )
    return said + [_said(capsys, *argv) for argv in mistakes]


def test_in_english_every_help_page_is_what_plain_argparse_prints(
    english: None, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    ours = _help_pages(capsys)
    monkeypatch.setattr(argparse, "_", gettext.gettext)
    monkeypatch.setattr(argparse, "ngettext", gettext.ngettext)
    monkeypatch.setattr(_argparse_words, "speak_argparse_in_our_words", lambda: None)
    plain = _help_pages(capsys)
    assert len(ours) > 60
    assert ours == plain
    assert all(status in (0, 2) for status, _, _ in ours)


def test_installing_it_twice_changes_nothing(english: None) -> None:
    speak_argparse_in_our_words()
    first = build_parser().format_help()
    speak_argparse_in_our_words()
    assert build_parser().format_help() == first


def _argparses_own_words() -> set[str]:
    """Every text argparse's source hands to ``_`` or ``ngettext`` (the default title of
    ``add_subparsers``, ``_(kwargs.pop('title', 'subcommands'))``, too)."""
    tree = ast.parse(Path(argparse.__file__).read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and getattr(node.func, "id", "") in ("_", "ngettext")):
            continue
        for arg in node.args:
            if isinstance(arg, ast.Call) and len(arg.args) == 2:  # kwargs.pop(key, default)
                arg = arg.args[1]
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                found.add(arg.value)
    return found


def test_every_word_argparse_says_is_in_the_list_for_the_template() -> None:
    own = _argparses_own_words()
    assert len(own) > 30
    assert own <= set(WORDS), sorted(own - set(WORDS))
    # Beside them only the --version help, which argparse does not translate by itself.
    assert set(WORDS) - own == {"show program's version number and exit"}
    assert len(WORDS) == len(set(WORDS))


def test_the_list_is_written_for_the_template_as_literals() -> None:
    """tools/translations.py hands the commands' files to lupdate, which reads
    QT_TRANSLATE_NOOP("argparse", "…") calls whose text is a literal."""
    source = Path(_argparse_words.__file__).read_text(encoding="utf-8")
    marked = [
        node
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "QT_TRANSLATE_NOOP"
    ]
    texts = []
    for node in marked:
        context, text = node.args
        assert isinstance(context, ast.Constant) and context.value == "argparse"
        assert isinstance(text, ast.Constant) and isinstance(text.value, str)
        texts.append(text.value)
    assert texts == list(WORDS)
