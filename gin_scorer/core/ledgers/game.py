"""One game: hands until a player's total reaches the target, then the end-of-game bonuses.

A pure fold over :class:`~gin_scorer.core.hands.HandResult` values; totals are never stored.
The target counts hand points only: boxes (line bonuses), the game bonus and the shutout are
added when the game ends (rules.md "A game").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from gin_scorer.core.hands import HandResult, Side
from gin_scorer.core.ledgers.per_side import PerSide
from gin_scorer.core.rules import RuleSet, ShutoutRule


@dataclass(frozen=True, slots=True)
class GameLine:
    """One hand of a game: ``hand`` is the result's index in the input sequence."""

    hand: int
    result: HandResult
    totals: PerSide  # running game points after this hand


@dataclass(frozen=True, slots=True)
class Game:
    """A game's ledger. ``final = points + box_bonus + game_bonus + shutout_bonus``.

    ``boxes`` counts boxes earned (one per hand won, plus extra boxes); ``box_bonus`` is
    boxes × box value, ``game_bonus`` the winner's game bonus and ``shutout_bonus`` what the
    shutout rule adds on top (the doubled hand points, the second game bonus, or the doubled
    total) — all zero until the game is finished. ``margin`` is the winner's final minus the
    loser's (0 while unfinished); it settles stakes and breaks tournament ties.
    """

    number: int
    lines: tuple[GameLine, ...]
    points: PerSide
    boxes: PerSide
    finished: bool
    winner: Side | None
    shutout: bool
    box_bonus: PerSide
    game_bonus: PerSide
    shutout_bonus: PerSide
    final: PerSide
    margin: int
    target: int

    @property
    def hands_won(self) -> PerSide:
        """Hands each side won in this game."""
        won = PerSide()
        for line in self.lines:
            if line.result.winner is not None:
                won = won.plus(line.result.winner, 1)
        return won

    @property
    def loser(self) -> Side | None:
        return self.winner.other if self.winner is not None else None


def play_game(
    results: Sequence[HandResult],
    rules: RuleSet,
    number: int = 1,
    *,
    target: int | None = None,
    indices: Sequence[int] | None = None,
) -> Game:
    """Fold hands into a game, stopping at the hand that reaches the target.

    Hands after that one are not part of this game (a match opens the next game with them).
    ``target`` overrides ``rules.target`` (Hollywood games have their own); ``indices`` gives
    the hand number of each result when they are not simply 0, 1, 2 ... (Hollywood).

    >>> from gin_scorer.core.hands import Declaration, HandRecord, score_hand
    >>> rules = RuleSet(target=10)
    >>> knock = score_hand(HandRecord(Declaration.KNOCK, Side.A, ((Side.A, 2), (Side.B, 14))),
    ...                    rules)
    >>> game = play_game([knock], rules)
    >>> # 12 points + 1 box of 25 + game bonus 100 + 12 more: a shutout doubles hand points (W)
    >>> game.finished, game.winner, game.points, game.final
    (True, <Side.A: 'A'>, PerSide(a=12, b=0), PerSide(a=149, b=0))
    """
    goal = rules.target if target is None else target
    numbers = list(range(len(results))) if indices is None else list(indices)
    if len(numbers) != len(results):
        raise ValueError("play_game: one index per result is needed")
    totals = PerSide()
    boxes = PerSide()
    lines: list[GameLine] = []
    winner: Side | None = None
    for hand, result in zip(numbers, results, strict=True):
        if result.winner is not None:
            totals = totals.plus(result.winner, result.points)
            boxes = boxes.plus(result.winner, result.boxes)
        lines.append(GameLine(hand=hand, result=result, totals=totals))
        if result.winner is not None and totals[result.winner] >= goal:
            winner = result.winner
            break
    return close_game(number, tuple(lines), totals, boxes, winner, rules, goal)


def close_game(
    number: int,
    lines: tuple[GameLine, ...],
    points: PerSide,
    boxes: PerSide,
    winner: Side | None,
    rules: RuleSet,
    target: int,
) -> Game:
    """A game from its lines and running figures; ``winner`` set closes it with its bonuses.

    Shared by the ledgers that keep several games at once (Hollywood).
    """
    zero = PerSide()
    if winner is None:
        return Game(
            number=number,
            lines=lines,
            points=points,
            boxes=boxes,
            finished=False,
            winner=None,
            shutout=False,
            box_bonus=zero,
            game_bonus=zero,
            shutout_bonus=zero,
            final=points,
            margin=0,
            target=target,
        )
    loser = winner.other
    # A shutout: the loser won no hand of the game (W: "the winner having won every hand").
    shutout = not any(line.result.winner is loser for line in lines)
    box_bonus = PerSide(boxes.a * rules.box_value, boxes.b * rules.box_value)
    game_bonus = PerSide.of(winner, rules.game_bonus)
    extra = 0
    if shutout:
        if rules.shutout is ShutoutRule.DOUBLE_HAND_POINTS:
            extra = points[winner]
        elif rules.shutout is ShutoutRule.DOUBLE_GAME_BONUS:
            extra = rules.game_bonus
        elif rules.shutout is ShutoutRule.DOUBLE_TOTAL:
            extra = points[winner] + box_bonus[winner] + rules.game_bonus
    shutout_bonus = PerSide.of(winner, extra)
    final = points + box_bonus + game_bonus + shutout_bonus
    return Game(
        number=number,
        lines=lines,
        points=points,
        boxes=boxes,
        finished=True,
        winner=winner,
        shutout=shutout,
        box_bonus=box_bonus,
        game_bonus=game_bonus,
        shutout_bonus=shutout_bonus,
        final=final,
        margin=final[winner] - final[loser],
        target=target,
    )
