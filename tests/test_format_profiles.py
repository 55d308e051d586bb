"""One profile per match format (decision 0030): every format has a complete profile in each
layer's registry, and no front end asks which format a match plays.

A new :class:`MatchFormat` fails the first tests until it has its core profile, its words and
sheet, its printed sheet and its desk sheet; the last ones grep the package for the branches
the profiles replaced.
"""

from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace

import pytest

from gin_scorer.core.ledgers import Match, ledger_for, play_match
from gin_scorer.core.ledgers.profiles import PROFILES, profile_of
from gin_scorer.core.rules import MatchFormat, RuleSet
from gin_scorer.gui.sheet_columns import DESK_SHEETS, Column, GameKey
from gin_scorer.presentation.format_profiles import SHEET_PROFILES, sheet_shape
from gin_scorer.presentation.sheet_fill import SheetShape
from gin_scorer.reports.kinds.sheets import PRINTED_SHEETS

PACKAGE = Path(__file__).resolve().parents[1] / "gin_scorer"
FORMATS = list(MatchFormat)


def _rules(match_format: MatchFormat) -> RuleSet:
    return RuleSet(match_format=match_format)


@pytest.mark.parametrize("match_format", FORMATS, ids=lambda f: f.value)
def test_every_format_has_a_core_profile_whose_ledger_folds(match_format: MatchFormat) -> None:
    profile = PROFILES[match_format]
    rules = _rules(match_format)
    assert profile.match_format is match_format
    assert profile_of(rules) is profile is profile_of(match_format)
    assert profile.seats in (2, 3)
    # The dispatch is the profile's: the ledger and its summary of no hands yet.
    assert type(ledger_for([], rules)) is type(profile.ledger([], rules))
    summary = play_match([], rules)
    assert isinstance(summary, Match) and not summary.finished
    # A table of three is decided by its hands only: no slip, no players' word.
    assert profile.slips is profile.players_confirm is (not profile.per_player)


@pytest.mark.parametrize("match_format", FORMATS, ids=lambda f: f.value)
def test_every_format_has_its_words_and_sheet(match_format: MatchFormat) -> None:
    rules = _rules(match_format)
    words = SHEET_PROFILES[match_format]
    shape = words.shape(rules)
    assert isinstance(shape, SheetShape) and shape == sheet_shape(rules)
    assert shape.players == profile_of(rules).seats
    assert bool(shape.seat_tables) is profile_of(rules).seated
    line = words.rule_line(rules)
    assert isinstance(line, str)
    # A format whose hands are not A against B at one table says how it is played.
    assert bool(line) is (profile_of(rules).seated or profile_of(rules).per_player)


@pytest.mark.parametrize("match_format", FORMATS, ids=lambda f: f.value)
def test_every_format_has_its_printed_sheet_and_pad(match_format: MatchFormat) -> None:
    printed = PRINTED_SHEETS[match_format]
    assert callable(printed.sheet) and callable(printed.pad)


@pytest.mark.parametrize("match_format", FORMATS, ids=lambda f: f.value)
def test_every_format_has_its_desk_sheet(match_format: MatchFormat) -> None:
    rules = _rules(match_format)
    desk = DESK_SHEETS[match_format]
    sheet = SimpleNamespace(rules=rules, ledger=ledger_for([], rules))
    columns = desk.columns(sheet)  # type: ignore[arg-type]
    assert columns[0] is Column.HAND and columns[-1] is Column.NOTES
    assert len(set(columns)) == len(columns)
    assert desk.hidden <= set(columns)
    # Each player's total, or the two sides': never both.
    assert (Column.TOTAL_A in columns) is (not profile_of(rules).per_player)
    games = [key for key in columns if isinstance(key, GameKey)]
    assert bool(games) is (match_format is MatchFormat.HOLLYWOOD)
    assert desk.hand_heading and desk.dealer_heading


def test_every_registry_lists_every_format_and_nothing_else() -> None:
    for registry in (PROFILES, SHEET_PROFILES, PRINTED_SHEETS, DESK_SHEETS):
        assert set(registry) == set(MatchFormat)


# The three-player profile's own parts in each layer (its words, its desk sheet, its printed
# sheet): they narrow a sheet's ledger to the table of three they are written for.
PROFILE_MODULES = {
    "presentation/three_words.py",
    "gui/three_sheet.py",
    "reports/three_fill.py",
}
FORMAT_ASKS = re.compile(r"\bthree_table\(|\bis_three_player\b|\bis_seated\b")
FORMAT_BRANCH = re.compile(
    r"(?:==|!=|\bis(?: not)?|\bin \(|\bin \[|\bin \{)\s*MatchFormat\.[A-Z_]+"
    r"|MatchFormat\.[A-Z_]+\s*(?:==|!=|\bin\b)"
)


def _modules() -> list[tuple[str, str]]:
    return [
        (path.relative_to(PACKAGE).as_posix(), path.read_text(encoding="utf-8"))
        for path in sorted(PACKAGE.rglob("*.py"))
    ]


def test_no_module_outside_the_profiles_asks_which_format_a_match_plays() -> None:
    found = [
        f"{name}:{number}: {line.strip()}"
        for name, text in _modules()
        if name not in PROFILE_MODULES
        for number, line in enumerate(text.splitlines(), start=1)
        if FORMAT_ASKS.search(line)
    ]
    assert not found, "ask the format's profile instead:\n" + "\n".join(found)


def test_no_module_branches_on_a_match_format() -> None:
    """Not a front end, nor a layer below (the services, the simulation, the core's own
    ledgers): only the profiles map a format to what it does."""
    found = [
        f"{name}:{number}: {line.strip()}"
        for name, text in _modules()
        if name not in PROFILE_MODULES and name != "core/ledgers/profiles.py"
        for number, line in enumerate(text.splitlines(), start=1)
        if FORMAT_BRANCH.search(line) and ">>>" not in line
    ]
    assert not found, "ask the format's profile instead:\n" + "\n".join(found)


def test_the_dispatch_has_no_if_chain() -> None:
    text = (PACKAGE / "core/ledgers/dispatch.py").read_text(encoding="utf-8")
    body = text[text.index("def play_match") : text.index("def ledger_games")]
    assert "MatchFormat" not in body and " if " not in body.replace("\n", " ")
