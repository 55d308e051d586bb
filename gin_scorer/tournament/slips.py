"""A slip: a match's result from paper — who won, the games each, and each game's final as
the foot of the pad has it (decision 0016).

A game's **final** is what the score sheet writes under the game: its points with the boxes,
the game bonus and the shutout bonus added — the figure a hand-entered game contributes to the
point differential. A slip's game totals are those finals, so a match reported on a slip and
the same match entered hand by hand stand the same in the standings. The least final a won
game can carry is its target, plus the game bonus and the box of the hand that reached the
target (:attr:`MatchShape.least_final`); the loser's final has no floor but 0, and may even be
the higher of the two (many boxes won against a few big hands), so each game's winner is the
side with the higher final unless the slip marks it (``430-490a``: A won that game).

Databases from before this decision kept a slip's totals as the games' hand points only
(:attr:`PointsScale.HAND_POINTS`). Those stay what they were — checked as they were entered,
shown as hand points — but they are on another scale than every other figure of the
differential, so they count in it as unknown, marked like a slip without totals.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from gin_scorer.core.match_shape import MatchShape
from gin_scorer.core.wording import said
from gin_scorer.tournament.errors import TournamentError
from gin_scorer.tournament.results import Decided, not_a_result


class PointsScale(Enum):
    """What a slip's game totals are: each game's final (now), or its hand points only (a
    slip stored before decision 0016)."""

    FINALS = "finals"
    HAND_POINTS = "hand points"


@dataclass(frozen=True, slots=True)
class GameFinal:
    """One game of a slip: each side's final, and whether side A won it."""

    a: int
    b: int
    a_won: bool


def game_finals(
    totals: Sequence[tuple[int, int]], marked: Sequence[bool | None] = ()
) -> tuple[GameFinal, ...]:
    """Each game's finals with its winner: ``marked`` (True: A, False: B, None: unmarked),
    else the side with the higher final; level finals must be marked.

    >>> game_finals([(375, 50), (430, 490)], [None, True])
    (GameFinal(a=375, b=50, a_won=True), GameFinal(a=430, b=490, a_won=True))
    """
    found = []
    for number, (a, b) in enumerate(totals, start=1):
        mark = marked[number - 1] if number <= len(marked) else None
        if mark is None and a == b:
            raise TournamentError(
                said(
                    "game {0}: {1}–{2} does not say who won it: mark the winner after the "
                    "finals, e.g. {1}-{2}a",
                    number,
                    a,
                    b,
                )
            )
        found.append(GameFinal(a, b, a > b if mark is None else mark))
    return tuple(found)


def slip(
    shape: MatchShape,
    a_won: bool,
    games_a: int,
    games_b: int,
    finals: Sequence[GameFinal] = (),
) -> Decided:
    """A result reported on paper, its games' finals checked against the match's shape; the
    margin is the finals' difference, as a hand-entered match's. Refused, with the rule named,
    when it cannot be a result of this match: a 3–3 in a best of five, a winner with fewer
    games, a game whose winner's final is under the least a won game carries.

    >>> shape = MatchShape(games_to_win=2, best_of=3, target=100, least_final=225)
    >>> slip(shape, True, 2, 0, game_finals([(300, 0), (230, 40)]))
    Decided(a_won=True, games_a=2, games_b=0, margin=490, points_known=True)
    >>> slip(shape, True, 2, 1)
    Decided(a_won=True, games_a=2, games_b=1, margin=0, points_known=False)
    """
    _check_games(shape, a_won, games_a, games_b)
    if not finals:
        return Decided(a_won, games_a, games_b, 0, points_known=False)
    _check_count(len(finals), games_a + games_b)
    least = max(shape.least_final, shape.target)
    for number, game in enumerate(finals, start=1):
        won = game.a if game.a_won else game.b
        if min(game.a, game.b) < 0 or won < least:
            raise TournamentError(
                said(
                    "game {0}: {1}–{2} is not a won game's finals: its winner's final is at "
                    "least {3} (the target {4} with the game bonus and the box of the last hand; "
                    "write each game's final from the foot of the pad, with its boxes and "
                    "bonuses)",
                    number,
                    game.a,
                    game.b,
                    least,
                    shape.target,
                )
            )
    _check_winners(sum(g.a_won for g in finals), sum(not g.a_won for g in finals), games_a, games_b)
    return Decided(a_won, games_a, games_b, sum(g.a - g.b for g in finals))


def slip_in_hand_points(
    shape: MatchShape,
    a_won: bool,
    games_a: int,
    games_b: int,
    points: Sequence[tuple[int, int]] = (),
) -> Decided:
    """A slip stored before decision 0016, its totals the games' hand points: checked as it
    was when entered (each game's winner reached the target, with more than the loser); its
    margin is not on the differential's scale, so it is not known there."""
    _check_games(shape, a_won, games_a, games_b)
    if points:
        _check_count(len(points), games_a + games_b)
        for number, (pa, pb) in enumerate(points, start=1):
            if max(pa, pb) < shape.target or pa == pb or min(pa, pb) < 0:
                raise TournamentError(
                    said(
                        "game {0}: {1}–{2} is not a finished game to {3}: its winner has {3} "
                        "or more, and more than the loser",
                        number,
                        pa,
                        pb,
                        shape.target,
                    )
                )
        won_a = sum(pa > pb for pa, pb in points)
        _check_winners(won_a, len(points) - won_a, games_a, games_b)
    return Decided(a_won, games_a, games_b, 0, points_known=False)


def _check_games(shape: MatchShape, a_won: bool, games_a: int, games_b: int) -> None:
    won, lost = (games_a, games_b) if a_won else (games_b, games_a)
    if won != shape.games_to_win or not 0 <= lost < shape.games_to_win:
        raise TournamentError(not_a_result(shape, games_a, games_b))


def _check_count(given: int, played: int) -> None:
    if given != played:
        raise TournamentError(
            said(
                "{0} game totals for {1} games: give one 'A-B' total per game played",
                given,
                played,
            )
        )


def _check_winners(won_a: int, won_b: int, games_a: int, games_b: int) -> None:
    if (won_a, won_b) != (games_a, games_b):
        raise TournamentError(
            said(
                "the game totals give {0}–{1} in games, not {2}–{3} (a game its loser ended "
                "ahead in, on boxes, is marked with its winner: 430-490a)",
                won_a,
                won_b,
                games_a,
                games_b,
            )
        )
