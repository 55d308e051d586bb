"""The desk sheet's columns (decision 0030): the base columns every format shares, a
Hollywood game's column, and each format's columns in order, in one registry keyed by
:class:`MatchFormat`: the desk's part of the format's profile
(:mod:`gin_scorer.core.ledgers.profiles`).

The model (:mod:`.score_sheet_model`) shows the columns a sheet's format lists here, and the
layout (:mod:`.sheet_layout`) hides those the format has no use for; neither asks which
format a match plays.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import IntEnum
from types import MappingProxyType

from gin_scorer.core.ledgers.hollywood import Hollywood
from gin_scorer.core.rules import MatchFormat, RuleSet
from gin_scorer.gui import three_sheet
from gin_scorer.presentation.words import QT_TRANSLATE_NOOP
from gin_scorer.services.support.dto import ScoreSheet


class Column(IntEnum):
    """The base columns; Hollywood game columns sit between GAME and NOTES. A table of three
    has its own columns instead of the two sides' points and totals (:mod:`.three_sheet`)."""

    HAND = 0
    DEALER = 1
    OUTCOME = 2
    DECLARED = 3
    POINTS_A = 4
    POINTS_B = 5
    TOTAL_A = 6
    TOTAL_B = 7
    GAME = 8
    NOTES = 9


@dataclass(frozen=True, slots=True)
class GameKey:
    """A Hollywood game's column (kept apart from :class:`Column`, whose members are ints)."""

    number: int


Key = Column | GameKey | three_sheet.ThreeKey

_TWO_SIDES: tuple[Key, ...] = tuple(Column)
# A table of three: the totals beside the hand's result and points, so a narrow screen
# keeps them in view; the declared deadwood after them.
_THREE_COLUMNS: tuple[Key, ...] = (
    Column.HAND,
    Column.DEALER,
    three_sheet.PLAYERS,
    Column.OUTCOME,
    three_sheet.SCORED,
    *three_sheet.TOTALS,
    Column.DECLARED,
    Column.NOTES,
)


def _two_sides(sheet: ScoreSheet) -> tuple[Key, ...]:
    return _TWO_SIDES


def _three(sheet: ScoreSheet) -> tuple[Key, ...]:
    return _THREE_COLUMNS


def _hollywood(sheet: ScoreSheet) -> tuple[Key, ...]:
    """The base columns with a running-score column per Hollywood game before the notes."""
    ledger = sheet.ledger
    numbers = sorted(game.number for game in ledger.games) if isinstance(ledger, Hollywood) else []
    games = tuple(GameKey(n) for n in numbers)
    return (*_TWO_SIDES[: Column.NOTES], *games, Column.NOTES)


@dataclass(frozen=True, slots=True)
class DeskSheet:
    """A match format on the desk's sheet: its columns, the ones it hides, two headings."""

    columns: Callable[[ScoreSheet], tuple[Key, ...]] = _two_sides
    """The sheet's columns in order."""
    hidden: frozenset[Column] = frozenset()
    """Columns that would only repeat another (Hollywood's one pair of totals beside its
    games' columns) or say nothing (a team match's one game number)."""
    hand_heading: str = QT_TRANSLATE_NOOP("ScoreSheetModel", "Hand")
    dealer_heading: str = QT_TRANSLATE_NOOP("ScoreSheetModel", "Dealer")


_SEATED = DeskSheet(
    hidden=frozenset({Column.GAME}),
    hand_heading=QT_TRANSLATE_NOOP("ScoreSheetModel", "Deal · table"),
)

DESK_SHEETS: Mapping[MatchFormat, DeskSheet] = MappingProxyType(
    {
        MatchFormat.SINGLE_GAME: DeskSheet(),
        MatchFormat.BEST_OF: DeskSheet(),
        MatchFormat.HOLLYWOOD: DeskSheet(
            _hollywood, frozenset({Column.TOTAL_A, Column.TOTAL_B, Column.GAME})
        ),
        MatchFormat.MULTI_MATCH: DeskSheet(),
        MatchFormat.PARTNERSHIP: _SEATED,
        MatchFormat.TEAMS: _SEATED,
        MatchFormat.THREE_PLAYER: DeskSheet(
            _three, dealer_heading=QT_TRANSLATE_NOOP("ScoreSheetModel", "Deals, sits out")
        ),
    }
)
"""Every match format's desk sheet."""


def desk_sheet(rules: RuleSet) -> DeskSheet:
    """The desk sheet of a rule set's match format."""
    return DESK_SHEETS[rules.match_format]
