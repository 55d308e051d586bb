"""A player's statistics across matches, folded from the hands and games of each.

Counted from the hand facts as the core scored them, never stored: hands played and won,
gins, big gins, undercuts given (the player, defending, undercut the knocker) and suffered,
knocks (a knock that is not gin) with the average deadwood knocked on, boxes, shutouts given
and suffered, and the longest run of matches won in a row.

>>> from gin_scorer.core.hands import Outcome, Side
>>> stats = player_statistics([PlayedMatch(Side.A, (), (), won=True)] * 3)
>>> stats.matches, stats.won, stats.longest_streak, stats.average_knock_deadwood
(3, 3, 3, None)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from gin_scorer.core.hands import HandResult, Outcome, Side
from gin_scorer.core.ledgers.game import Game

_KNOCKS = (Outcome.KNOCK, Outcome.UNDERCUT, Outcome.TIE)


@dataclass(frozen=True, slots=True)
class PlayedMatch:
    """One match of the player, from the player's ``side``: its counted hands, its games, and
    whether the player won it (None: not decided yet). A slip has no hands and no games."""

    side: Side
    hands: tuple[HandResult, ...]
    games: tuple[Game, ...]
    won: bool | None
    # The player's side hand by hand, where it changes (a table of three: A or B as the
    # dealer sits out); () when it is ``side`` throughout.
    sides: tuple[Side, ...] = ()
    # Boxes the player earned in a match without two-side games (a table of three keeps one
    # count per seat); 0 where the games above count them.
    boxes: int = 0

    def hands_from_side(self) -> list[tuple[Side, HandResult]]:
        """Each hand with the side the player played it from."""
        if self.sides:
            return list(zip(self.sides, self.hands, strict=True))
        return [(self.side, hand) for hand in self.hands]


@dataclass(frozen=True, slots=True)
class PlayerStatistics:
    matches: int = 0
    won: int = 0
    lost: int = 0
    hands: int = 0
    hands_won: int = 0
    gins: int = 0
    big_gins: int = 0
    undercuts_given: int = 0
    undercuts_suffered: int = 0
    knocks: int = 0
    knock_deadwood: int = 0  # the sum, for the average
    boxes: int = 0
    shutouts_given: int = 0
    shutouts_suffered: int = 0
    longest_streak: int = 0

    @property
    def average_knock_deadwood(self) -> float | None:
        """The deadwood the player knocked on, on average (None: never knocked)."""
        return self.knock_deadwood / self.knocks if self.knocks else None


def _streak(results: Sequence[bool]) -> int:
    """The longest run of True in ``results``."""
    longest = run = 0
    for won in results:
        run = run + 1 if won else 0
        longest = max(longest, run)
    return longest


def player_statistics(matches: Sequence[PlayedMatch]) -> PlayerStatistics:
    """The statistics of ``matches``, given in the order they were played."""
    hands = [pair for m in matches for pair in m.hands_from_side()]
    won = [r for side, r in hands if r.winner is side]
    knocked = [
        r.knocker_deadwood for side, r in hands if r.knocker is side and r.outcome in _KNOCKS
    ]
    undercuts = [(side, r) for side, r in hands if r.outcome is Outcome.UNDERCUT]
    games = [(m.side, g) for m in matches for g in m.games]
    shutouts = [(side, g) for side, g in games if g.finished and g.shutout and g.winner]
    decided = [m.won for m in matches if m.won is not None]
    return PlayerStatistics(
        matches=len(decided),
        won=sum(decided),
        lost=len(decided) - sum(decided),
        hands=len(hands),
        hands_won=len(won),
        gins=sum(1 for r in won if r.outcome is Outcome.GIN),
        big_gins=sum(1 for r in won if r.outcome is Outcome.BIG_GIN),
        undercuts_given=sum(1 for side, r in undercuts if r.winner is side),
        undercuts_suffered=sum(1 for side, r in undercuts if r.knocker is side),
        knocks=len(knocked),
        knock_deadwood=sum(knocked),
        boxes=sum(g.boxes[side] for side, g in games) + sum(m.boxes for m in matches),
        shutouts_given=sum(1 for side, g in shutouts if g.winner is side),
        shutouts_suffered=sum(1 for side, g in shutouts if g.winner is not side),
        longest_streak=_streak(decided),
    )
