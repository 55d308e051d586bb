"""Each match format's words and sheet columns (decision 0030): the presentation layer's part
of the format's profile, in one registry keyed by :class:`MatchFormat`.

The core profile (:mod:`gin_scorer.core.ledgers.profiles`) says what a format is (its
ledger, its seats, what may decide it); this says how it is put into words: the blank
sheet's shape (its blocks, rows and closing lines) and the format in one line. Front ends
ask :func:`sheet_profile` instead of asking which format a match plays.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType

from gin_scorer.core.rules import MatchFormat, RuleSet
from gin_scorer.presentation import three_words
from gin_scorer.presentation.seat_words import partnership_rule_line, teams_rule_line
from gin_scorer.presentation.sheet_fill import (
    SheetShape,
    best_of_shape,
    multimatch_shape,
    one_game_shape,
    partnership_shape,
    teams_shape,
    three_shape,
)


def _no_line(rules: RuleSet) -> str:
    """A format the rule set's name says enough of: no line of its own."""
    return ""


@dataclass(frozen=True, slots=True)
class SheetProfile:
    """A match format in words: its sheet's shape and its one line."""

    shape: Callable[[RuleSet], SheetShape]
    """The blank sheet the format calls for (its blocks, rows, closing lines)."""
    rule_line: Callable[[RuleSet], str] = _no_line
    """The format in one line, for sheets and the table page ("" when the name says it)."""


SHEET_PROFILES: Mapping[MatchFormat, SheetProfile] = MappingProxyType(
    {
        MatchFormat.SINGLE_GAME: SheetProfile(one_game_shape),
        MatchFormat.BEST_OF: SheetProfile(best_of_shape),
        MatchFormat.HOLLYWOOD: SheetProfile(one_game_shape),
        MatchFormat.MULTI_MATCH: SheetProfile(multimatch_shape),
        MatchFormat.PARTNERSHIP: SheetProfile(partnership_shape, partnership_rule_line),
        MatchFormat.TEAMS: SheetProfile(teams_shape, teams_rule_line),
        MatchFormat.THREE_PLAYER: SheetProfile(three_shape, three_words.rule_line),
    }
)
"""Every match format's words."""


def sheet_profile(rules: RuleSet | MatchFormat) -> SheetProfile:
    """The words of a rule set's match format (or of the format itself)."""
    return SHEET_PROFILES[rules if isinstance(rules, MatchFormat) else rules.match_format]


def sheet_shape(rules: RuleSet) -> SheetShape:
    """The blank sheet an event's rules call for (best of 5 → five game blocks).

    >>> sheet_shape(RuleSet(match_format=MatchFormat.BEST_OF, best_of=5, target=250)).games
    5
    """
    return sheet_profile(rules).shape(rules)
