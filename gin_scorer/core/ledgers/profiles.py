"""One profile per match format (decision 0030): the pure part of what a format is.

A :class:`FormatProfile` says what every layer above needs to know of a format without
asking which format it is: the ledger its hands fold into, how its players sit (how many at
a card table, whether a side is a team at several tables), and what may decide its result
(a result slip, the players' word on the table page). The layers above keep their own part
of the profile (the sheet's columns and words, the printed sheet, the desk's sheet widget)
in one registry each, keyed by the same :class:`MatchFormat`; a test checks every format
has a complete entry in each. A new format is a new profile here and one entry in each of
those registries, never a new ``if`` in a front end.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from gin_scorer.core.hands import HandResult
from gin_scorer.core.ledgers.hollywood import Hollywood, play_hollywood
from gin_scorer.core.ledgers.match import Match, play_games, play_single_game
from gin_scorer.core.ledgers.multimatch import MultiMatch, play_multimatch
from gin_scorer.core.ledgers.seated_match import (
    PARTNERSHIP_TABLES,
    SeatedMatch,
    play_partnership_match,
    play_teams_match,
)
from gin_scorer.core.ledgers.three_player import ThreePlayerGame, play_three_player
from gin_scorer.core.match_shape import MatchShape
from gin_scorer.core.rules import MatchFormat, RuleSet
from gin_scorer.core.wording import Said, said

Ledger = Match | Hollywood | MultiMatch | SeatedMatch | ThreePlayerGame
"""Any format's full ledger."""
_Summarised = Hollywood | MultiMatch | SeatedMatch | ThreePlayerGame
_Fold = Callable[[Sequence[HandResult], RuleSet], Match]


def _one_table(rules: RuleSet) -> int:
    del rules
    return 0


def _no_shape(rules: RuleSet) -> MatchShape | None:
    del rules
    return None


def _least_final(rules: RuleSet) -> int:
    """A won game's least final: the target, the game bonus and the last hand's box."""
    return rules.target + rules.game_bonus + rules.box_value


def _one_game(rules: RuleSet) -> MatchShape:
    return MatchShape(
        games_to_win=1, best_of=1, target=rules.target, least_final=_least_final(rules)
    )


def _best_of(rules: RuleSet) -> MatchShape:
    return MatchShape(rules.games_to_win, rules.best_of, rules.target, _least_final(rules))


def _partnership_game(rules: RuleSet) -> MatchShape:
    return MatchShape(games_to_win=1, best_of=1, target=rules.partnership_target)


def _team_game(rules: RuleSet) -> MatchShape:
    return MatchShape(games_to_win=1, best_of=1, target=rules.team_target)


def _partnership_tables(rules: RuleSet) -> int:
    del rules
    return PARTNERSHIP_TABLES


def _team_tables(rules: RuleSet) -> int:
    return rules.team_players


@dataclass(frozen=True, slots=True)
class FormatProfile:
    """What a match format is, for everything above the core."""

    match_format: MatchFormat
    ledger: Callable[[Sequence[HandResult], RuleSet], Ledger]
    """The format's own fold of a match's hands."""
    summary: Callable[[Sequence[HandResult], RuleSet], Match]
    """The same hands as the shared :class:`Match` summary (games won, winner, margin)."""
    named: Said
    """The format in a sentence ("a match scored as best of cannot take …")."""
    seats: int = 2
    """Players at the match's card table: 2, or 3 at a table of three (the dealer sits out),
    each with a total of their own; a store match keeps the third in a seat row."""
    seated: bool = False
    """A side is a team playing at several card tables at once, its hands entered table by
    table (partnerships, Tedesco teams): who sits where follows from a hand's position."""
    slips: bool = True
    """A result slip (or a forfeit, an adjudication) may decide the match; False when only
    its hands can (a table of three)."""
    players_confirm: bool = True
    """The table page asks the two sides to confirm the result once the hands decide it."""
    tables: Callable[[RuleSet], int] = _one_table
    """Card tables a deal takes: a partnership's 2, a team's players; 0 for a format
    played at one table."""
    shape: Callable[[RuleSet], MatchShape | None] = _no_shape
    """What a result given without its hands must fit, for a format that counts games;
    ``None`` when a slip cannot describe it (Hollywood, multi-match, a table of three)."""

    @property
    def per_player(self) -> bool:
        """Each of the table's players has a total of their own (no sides A and B)."""
        return self.seats > 2

    @property
    def seats_decide_dealer(self) -> bool:
        """Who deals first follows from the seats, so nobody is asked."""
        return self.seated or self.per_player


def _summary(fold: Callable[[Sequence[HandResult], RuleSet], _Summarised]) -> _Fold:
    """A format ledger's fold, summarised as a :class:`Match`."""

    def summary(results: Sequence[HandResult], rules: RuleSet) -> Match:
        return fold(results, rules).as_match()

    return summary


PROFILES: Mapping[MatchFormat, FormatProfile] = MappingProxyType(
    {
        MatchFormat.SINGLE_GAME: FormatProfile(
            MatchFormat.SINGLE_GAME,
            play_single_game,
            play_single_game,
            said("single game"),
            shape=_one_game,
        ),
        MatchFormat.BEST_OF: FormatProfile(
            MatchFormat.BEST_OF, play_games, play_games, said("best of"), shape=_best_of
        ),
        MatchFormat.HOLLYWOOD: FormatProfile(
            MatchFormat.HOLLYWOOD, play_hollywood, _summary(play_hollywood), said("hollywood")
        ),
        MatchFormat.MULTI_MATCH: FormatProfile(
            MatchFormat.MULTI_MATCH,
            play_multimatch,
            _summary(play_multimatch),
            said("multi match"),
        ),
        MatchFormat.PARTNERSHIP: FormatProfile(
            MatchFormat.PARTNERSHIP,
            play_partnership_match,
            _summary(play_partnership_match),
            said("partnership"),
            seated=True,
            tables=_partnership_tables,
            shape=_partnership_game,
        ),
        MatchFormat.TEAMS: FormatProfile(
            MatchFormat.TEAMS,
            play_teams_match,
            _summary(play_teams_match),
            said("teams"),
            seated=True,
            tables=_team_tables,
            shape=_team_game,
        ),
        MatchFormat.THREE_PLAYER: FormatProfile(
            MatchFormat.THREE_PLAYER,
            play_three_player,
            _summary(play_three_player),
            said("three-player game"),
            seats=3,
            slips=False,
            players_confirm=False,
        ),
    }
)
"""Every match format's profile."""


def profile_of(rules: RuleSet | MatchFormat) -> FormatProfile:
    """The profile of a rule set's match format (or of the format itself).

    >>> profile_of(RuleSet(match_format=MatchFormat.THREE_PLAYER)).seats
    3
    >>> profile_of(MatchFormat.TEAMS).seated
    True
    """
    match_format = rules if isinstance(rules, MatchFormat) else rules.match_format
    return PROFILES[match_format]


def tables_of(rules: RuleSet) -> int:
    """Card tables a deal of this rule set's format takes (0: played at one table).

    >>> tables_of(RuleSet(match_format=MatchFormat.TEAMS, team_players=3))
    3
    >>> tables_of(RuleSet(match_format=MatchFormat.BEST_OF))
    0
    """
    return profile_of(rules).tables(rules)
