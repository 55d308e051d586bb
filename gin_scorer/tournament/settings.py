"""An event's format settings, as kept in Event.settings_json: rounds, byes, tie-breaks.

>>> s = TournamentSettings.from_dict({"format": "swiss", "rounds": 5})
>>> s.rounds, s.tie_breaks[0].value
(5, 'match_wins')
>>> TournamentSettings.from_dict(s.to_dict()) == s
True
>>> TournamentSettings.from_dict({"fixed_tables": {"12": 1}}).fixed_tables
((12, 1),)
>>> TournamentSettings.from_dict({"format": "swiss", "rounds": "x"})  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
gin_scorer.tournament.errors.TournamentError: settings: rounds = 'x': must be a whole number ...
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, replace
from enum import Enum

from gin_scorer.core.wording import said, shown
from gin_scorer.tournament.errors import TournamentError, member_of
from gin_scorer.tournament.model import ByeValue, Format
from gin_scorer.tournament.results import ResultRules, TimeCalledWinner

DEFAULT_RESULT_RULES = ResultRules()
"""Forfeits like a bye and unplayed; time called to the leader (see the results module)."""

NO_POINTS_BYE = ByeValue()
"""The default bye: a match win and the game wins a match win takes, no points."""


class TieBreak(Enum):
    """Ways to order entrants, applied in the order the event lists them."""

    MATCH_WINS = "match_wins"
    GAME_WINS = "game_wins"
    POINT_DIFFERENTIAL = "point_differential"
    HEAD_TO_HEAD = "head_to_head"
    BUCHHOLZ = "buchholz"  # the sum of the match wins of everyone the entrant played
    SEED = "seed"

    @property
    def label(self) -> str:
        return _TIE_BREAK_LABELS[self]


_TIE_BREAK_LABELS = {
    TieBreak.MATCH_WINS: "Match wins",
    TieBreak.GAME_WINS: "Game wins",
    TieBreak.POINT_DIFFERENTIAL: "Point differential",
    TieBreak.HEAD_TO_HEAD: "Head to head",
    TieBreak.BUCHHOLZ: "Opponents' match wins",
    TieBreak.SEED: "Seed",
}

DEFAULT_TIE_BREAKS: tuple[TieBreak, ...] = (
    TieBreak.MATCH_WINS,
    TieBreak.BUCHHOLZ,
    TieBreak.GAME_WINS,
    TieBreak.POINT_DIFFERENTIAL,
    TieBreak.HEAD_TO_HEAD,
)
"""The Swiss order: opponents' match wins right after match wins, as chess directors rank."""

# Opponents' match wins measure a Swiss draw's strength of schedule. Where everyone meets
# everyone (round robin) they say nothing until the end and then tie exactly those they should
# separate, so the game between the two decides; where the director picks the pairings (club
# nights) they would rank a player by whom the director sat them with, so the play decides.
_FORMAT_TIE_BREAKS: dict[Format, tuple[TieBreak, ...]] = {
    Format.ROUND_ROBIN: (
        TieBreak.MATCH_WINS,
        TieBreak.HEAD_TO_HEAD,
        TieBreak.GAME_WINS,
        TieBreak.POINT_DIFFERENTIAL,
    ),
    Format.CLUB: (
        TieBreak.MATCH_WINS,
        TieBreak.GAME_WINS,
        TieBreak.POINT_DIFFERENTIAL,
        TieBreak.HEAD_TO_HEAD,
    ),
}


def default_tie_breaks(fmt: Format) -> tuple[TieBreak, ...]:
    """The tie-breaks a new event of ``fmt`` starts with (the director may reorder them).

    >>> [t.value for t in default_tie_breaks(Format.CLUB)]
    ['match_wins', 'game_wins', 'point_differential', 'head_to_head']
    """
    return _FORMAT_TIE_BREAKS.get(fmt, DEFAULT_TIE_BREAKS)


def suggested_swiss_rounds(entrants: int) -> int:
    """Enough Swiss rounds to leave one unbeaten entrant: ceil(log2 N), at least 1.

    >>> [suggested_swiss_rounds(n) for n in (2, 3, 8, 9, 64, 500)]
    [1, 2, 3, 4, 6, 9]
    """
    return max(1, math.ceil(math.log2(max(entrants, 2))))


@dataclass(frozen=True, slots=True)
class TournamentSettings:
    """Everything about an event's format that is not the card rules.

    ``rounds`` is the number of Swiss rounds (``None``: suggest ceil(log2 N) when asked);
    ``bracket_reset``: in double elimination, a second grand final when the losers'-bracket
    champion wins the first; ``require_check_in``: only checked-in entrants are paired.
    """

    format: Format = Format.SWISS
    rounds: int | None = None
    bye: ByeValue = NO_POINTS_BYE
    tie_breaks: tuple[TieBreak, ...] = DEFAULT_TIE_BREAKS
    bracket_reset: bool = True
    require_check_in: bool = False
    # Entrants who always sit at one table (a wheelchair place, a streamed board): (id, table).
    fixed_tables: tuple[tuple[int, int], ...] = ()
    # What forfeits and time called are worth (:mod:`gin_scorer.tournament.results`).
    results: ResultRules = DEFAULT_RESULT_RULES
    # Swiss: entrants marked away for a round before it is paired: (round, entrant id).
    absent: tuple[tuple[int, int], ...] = ()

    def absent_in(self, round_number: int) -> frozenset[int]:
        """Who sits ``round_number`` out (not paired, and no bye for it)."""
        return frozenset(e for r, e in self.absent if r == round_number)

    def swiss_rounds(self, entrants: int) -> int:
        return self.rounds if self.rounds is not None else suggested_swiss_rounds(entrants)

    def with_changes(self, **changes: object) -> TournamentSettings:
        merged = self.to_dict()
        merged.update(changes)
        return TournamentSettings.from_dict(merged)

    def to_dict(self) -> dict[str, object]:
        return {
            "format": self.format.value,
            "rounds": self.rounds,
            "bye_match_win": self.bye.match_win,
            "bye_game_wins": self.bye.game_wins,
            "bye_points": self.bye.points,
            "tie_breaks": [t.value for t in self.tie_breaks],
            "bracket_reset": self.bracket_reset,
            "require_check_in": self.require_check_in,
            "fixed_tables": {str(entrant): table for entrant, table in self.fixed_tables},
            "forfeit_match_win": self.results.forfeit_match_win,
            "forfeit_game_wins": self.results.forfeit_game_wins,
            "forfeit_points_per_game": self.results.forfeit_points_per_game,
            "forfeits_as_played": self.results.forfeits_as_played,
            "time_called_winner": self.results.time_called_winner.value,
            "time_called_game_counts": self.results.time_called_game_counts,
            "absent": _absent_dict(self.absent),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, object], origin: str = "settings") -> TournamentSettings:
        """Read settings saved by :meth:`to_dict`; a bad value is named with its key."""
        known = set(cls().to_dict())
        unknown = sorted(set(data) - known)
        if unknown:
            raise TournamentError(
                said(
                    "{0}: unknown setting {1}; known: {2}",
                    origin,
                    shown(unknown[0]),
                    ", ".join(sorted(known)),
                )
            )
        base = cls()
        fmt = base.format
        if "format" in data:
            raw = data["format"]
            if not isinstance(raw, str):
                raise TournamentError(
                    said("{0}: format = {1}: must be a format name", origin, shown(raw))
                )
            fmt = Format.parse(raw)
        rounds_raw = data.get("rounds")
        rounds = None if rounds_raw is None else _whole(origin, "rounds", rounds_raw, 1)
        bye = ByeValue(
            match_win=_flag(origin, "bye_match_win", data.get("bye_match_win", True)),
            game_wins=(
                None
                if data.get("bye_game_wins") is None
                else _whole(origin, "bye_game_wins", data.get("bye_game_wins"), 0)
            ),
            points=_whole(origin, "bye_points", data.get("bye_points", 0), None),
        )
        tie_raw = data.get("tie_breaks", [t.value for t in default_tie_breaks(fmt)])
        return replace(
            base,
            format=fmt,
            rounds=rounds,
            bye=bye,
            tie_breaks=_tie_breaks(origin, tie_raw),
            bracket_reset=_flag(origin, "bracket_reset", data.get("bracket_reset", True)),
            require_check_in=_flag(origin, "require_check_in", data.get("require_check_in", False)),
            fixed_tables=_fixed_tables(origin, data.get("fixed_tables", {})),
            results=_result_rules(origin, data),
            absent=_absent(origin, data.get("absent", {})),
        )


def _tie_breaks(origin: str, value: object) -> tuple[TieBreak, ...]:
    """The tie-breaks listed, in order; each named once."""
    if not isinstance(value, list | tuple):
        raise TournamentError(said("{0}: tie_breaks = {1}: must be a list", origin, shown(value)))
    tie_breaks: list[TieBreak] = []
    for item in value:
        tie = _tie_break(origin, item)
        if tie in tie_breaks:
            raise TournamentError(said("{0}: tie_breaks lists {1} twice", origin, shown(item)))
        tie_breaks.append(tie)
    return tuple(tie_breaks)


def _tie_break(origin: str, item: object) -> TieBreak:
    """One tie-break of the list, by its stored name."""
    return member_of(
        TieBreak,
        item,
        lambda names: said(
            "{0}: tie_breaks: {1} is not a tie-break; use {2}", origin, shown(item), names
        ),
    )


def _result_rules(origin: str, data: Mapping[str, object]) -> ResultRules:
    """The knobs of :class:`ResultRules` (each missing one at its default)."""
    base = ResultRules()
    raw_games = data.get("forfeit_game_wins")
    winner_raw = data.get("time_called_winner", base.time_called_winner.value)
    winner = member_of(
        TimeCalledWinner,
        winner_raw,
        lambda names: said(
            "{0}: time_called_winner = {1}: use one of {2}", origin, shown(winner_raw), names
        ),
    )
    return ResultRules(
        forfeit_match_win=_flag(
            origin, "forfeit_match_win", data.get("forfeit_match_win", base.forfeit_match_win)
        ),
        forfeit_game_wins=None
        if raw_games is None
        else _whole(origin, "forfeit_game_wins", raw_games, 0),
        forfeit_points_per_game=_whole(
            origin, "forfeit_points_per_game", data.get("forfeit_points_per_game", 0), 0
        ),
        forfeits_as_played=_flag(
            origin, "forfeits_as_played", data.get("forfeits_as_played", False)
        ),
        time_called_winner=winner,
        time_called_game_counts=_flag(
            origin, "time_called_game_counts", data.get("time_called_game_counts", False)
        ),
    )


def _whole(origin: str, key: str, value: object, minimum: int | None) -> int:
    is_whole = isinstance(value, int) and not isinstance(value, bool)
    if is_whole and isinstance(value, int) and (minimum is None or value >= minimum):
        return value
    if minimum is None:
        raise TournamentError(
            said("{0}: {1} = {2}: must be a whole number", origin, key, shown(value))
        )
    raise TournamentError(
        said(
            "{0}: {1} = {2}: must be a whole number of {3} or more",
            origin,
            key,
            shown(value),
            minimum,
        )
    )


def _fixed_tables(origin: str, value: object) -> tuple[tuple[int, int], ...]:
    """``{"12": 1}`` (entrant id -> table) as sorted pairs; each table for one entrant."""
    if not isinstance(value, Mapping):
        raise TournamentError(
            said("{0}: fixed_tables = {1}: must map entrant ids to tables", origin, shown(value))
        )
    pairs: dict[int, int] = {}
    for key, table in value.items():
        try:
            entrant = int(str(key))
        except ValueError:
            raise TournamentError(
                said("{0}: fixed_tables: {1} is not an entrant id", origin, shown(key))
            ) from None
        pairs[entrant] = _whole(origin, f"fixed_tables[{key}]", table, 1)
    tables = list(pairs.values())
    for table in tables:
        if tables.count(table) > 1:
            raise TournamentError(
                said("{0}: fixed_tables gives table {1} to two entrants", origin, table)
            )
    return tuple(sorted(pairs.items()))


def _flag(origin: str, key: str, value: object) -> bool:
    if isinstance(value, bool):
        return value
    raise TournamentError(said("{0}: {1} = {2}: must be true or false", origin, key, shown(value)))


def _absent_dict(absent: tuple[tuple[int, int], ...]) -> dict[str, list[int]]:
    out: dict[str, list[int]] = {}
    for round_number, entrant in absent:
        out.setdefault(str(round_number), []).append(entrant)
    return out


def _absent(origin: str, value: object) -> tuple[tuple[int, int], ...]:
    """``{"3": [12, 15]}`` (round -> entrant ids away) as sorted (round, entrant) pairs."""
    if not isinstance(value, Mapping):
        raise TournamentError(
            said("{0}: absent = {1}: must map rounds to entrants", origin, shown(value))
        )
    pairs: set[tuple[int, int]] = set()
    for key, ids in value.items():
        try:
            round_number = int(str(key))
        except ValueError:
            raise TournamentError(
                said("{0}: absent: {1} is not a round", origin, shown(key))
            ) from None
        if round_number < 1 or not isinstance(ids, list | tuple):
            raise TournamentError(
                said(
                    "{0}: absent[{1}] = {2}: must list entrant ids of round 1 or later",
                    origin,
                    key,
                    shown(ids),
                )
            )
        pairs.update((round_number, _whole(origin, f"absent[{key}]", e, 1)) for e in ids)
    return tuple(sorted(pairs))
