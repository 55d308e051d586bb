"""``gin-scorer match sheet`` and what ``hand add`` prints after a hand are said in the
terminal's language: every word of the sheet goes through the translator (the sides' letters,
the names, the cards and the numbers stay as they are), and a shipped translation changes it."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from gin_scorer.cli import main
from gin_scorer.presentation.words import speaking
from tests.commands.conftest import french_terminal

HANDS = (
    ('{"knock":"A","deadwood":{"A":7,"B":15},"upcard":"Qs"}',),
    ('{"knock":"A","deadwood":{"A":12,"B":15}}', "--override", "AGREED"),
    ('{"misdeal":"B"}',),
    ('{"dead":true}',),
    ('{"big_gin":"B","deadwood":{"A":30},"upcard":"7h"}',),
    ('{"knock":"B","deadwood":{"A":5,"B":9}}',),
)


def _shouting(_context: str, text: str) -> str:
    return text.upper()


@pytest.fixture
def played(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """A match between ADA and BOB: hands of every kind, one corrected, one voided, one game
    closed; written in English."""
    monkeypatch.setenv("GIN_SCORER_STATION", "DESK")
    db = str(tmp_path / "night.sqlite")
    steps = [
        ["event", "new", "--name", "THURSDAY", "--preset", "wikipedia-standard"],
        ["match", "new", "--event", "1", "--a", "ADA", "--b", "BOB"],
        *(["hand", "add", "--match", "1", *hand] for hand in HANDS),
        [
            "hand",
            "correct",
            "--entry",
            "2",
            '{"knock":"A","deadwood":{"A":9,"B":15}}',
            "--reason",
            "TYPO",
        ],
        ["hand", "void", "--entry", "3", "--reason", "MISHEARD"],
        ["hand", "add", "--match", "1", '{"gin":"B","deadwood":{"A":40}}'],
        ["match", "new", "--event", "1", "--a", "CY", "--b", "DEE"],
    ]
    for argv in steps:
        assert main(["--db", db, *argv]) == 0, argv
    return db


def test_every_word_of_the_sheet_goes_through_the_translator(
    played: str, capsys: pytest.CaptureFixture[str]
) -> None:
    capsys.readouterr()
    with speaking(_shouting):
        assert main(["--db", played, "match", "sheet", "1", "--log"]) == 0
        assert main(["--db", played, "match", "sheet", "2"]) == 0
        hand = '{"knock":"A","deadwood":{"A":12,"B":15}}'
        argv = ["hand", "add", "--match", "2", hand, "--override", "AGREED"]
        assert main(["--db", played, *argv]) == 0
        assert main(["--db", played, "hand", "add", "--match", "2", '{"misdeal":"B"}']) == 0
    out = capsys.readouterr().out
    for line in ("GAMES WON: A 0, B 1; GAME 1: A 43, B 126", "FINISHED: BOB WON", "LOG:"):
        assert line in out.splitlines(), line
    assert "B BIG GIN V 30 (UP 7h)   BIG_GIN" in out and "MARGIN 158" in out
    assert "CORRECTS ENTRY 2" in out and "(REPLACED)" in out
    assert "  ERROR: A KNOCKED WITH 12 DEADWOOD; THE KNOCK LIMIT IS 10" in out
    assert "HAND 2 (MISDEAL (B COULD KNOCK AT ONCE), LOG ENTRY 11): A 3, B 0 IN GAME 1" in out
    # What is not a word of the sheet's: the rule set's name, the cards, the clock.
    left = re.sub(r"Wikipedia standard|\(UP (Qs|7h)\)|\d\d:\d\d:\d\d", "", out)
    assert re.findall(r"\S*[a-z]\S*", left) == []


FRENCH = """<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="fr">
<context>
    <name>sheet_text</name>
    <message>
        <source>games won: A {0}, B {1}; game {2}: A {3}, B {4}</source>
        <translation>parties gagnées : A {0}, B {1} ; partie {2} : A {3}, B {4}</translation>
    </message>
    <message>
        <source>finished: {0} won</source>
        <translation>terminé : {0} a gagné</translation>
    </message>
    <message>
        <source>undercut</source>
        <translation>contre</translation>
    </message>
</context>
<context>
    <name>hand_words</name>
    <message>
        <source>{0} knocks {1} v {2}</source>
        <translation>{0} frappe {1} contre {2}</translation>
    </message>
</context>
</TS>
"""


@pytest.fixture
def shipped_french(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    with french_terminal(tmp_path, monkeypatch, FRENCH):
        yield


def test_a_shipped_translation_changes_the_sheet(
    played: str, shipped_french: None, capsys: pytest.CaptureFixture[str]
) -> None:
    capsys.readouterr()
    assert main(["--db", played, "match", "sheet", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "parties gagnées : A 0, B 1 ; partie 1 : A 43, B 126" in lines
    assert "terminé : BOB a gagné" in lines
    (undercut,) = [line for line in lines if line.startswith("  5 ")]  # after the void
    assert undercut.split()[3:9] == ["B", "frappe", "9", "contre", "5", "contre"]
    # A finished match names its winner, not the next dealer.
    assert not [line for line in lines if line.startswith("next dealer")]
