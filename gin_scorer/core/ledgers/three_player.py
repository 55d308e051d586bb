"""Three players (P): the dealer sits out; the loser of each hand deals the next.

So each hand after the first is played between the previous hand's winner and its dealer.
Each player keeps a running score; the first to reach the target wins the game, which closes
with boxes and the game bonus as in a two-player game. (With three players the sources give
no shutout rule, so none is applied.) A hand nobody wins (dead, tie) is re-dealt by the same
dealer.

Results are two-player :class:`HandResult` values: ``Side.A`` is the active player who comes
first in seat order after the dealer, ``Side.B`` the other (see :func:`players_of_hand`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from gin_scorer.core.hands import HandResult, Side
from gin_scorer.core.ledgers.match import Match
from gin_scorer.core.ledgers.per_side import PerSide
from gin_scorer.core.rules import RuleSet

SEATS = 3


@dataclass(frozen=True, slots=True)
class ThreePlayerLine:
    """One hand: who dealt (and sat out), who played as A and B, running totals after it."""

    hand: int
    dealer: int
    players: tuple[int, int]
    result: HandResult
    winner: int | None
    totals: tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class ThreePlayerGame:
    lines: tuple[ThreePlayerLine, ...]
    points: tuple[int, int, int]
    boxes: tuple[int, int, int]
    finished: bool
    winner: int | None
    final: tuple[int, int, int]  # points + boxes x box value + game bonus (when finished)
    next_dealer: int
    extra_hands: tuple[int, ...] = ()

    @property
    def next_players(self) -> tuple[int, int]:
        """The seats who play the next hand (as Side A, Side B)."""
        return players_of_hand(self.next_dealer)

    def as_match(self) -> Match:
        """The summary two-sided readers share: finished or not, and the hands after the
        end. No side wins it (three seats are not two sides): the winner is ``winner``."""
        return Match(
            games=(),
            games_won=PerSide(),
            finished=self.finished,
            winner=None,
            margin=0,
            games_to_win=1,
            extra_hands=self.extra_hands,
        )


def players_of_hand(dealer: int) -> tuple[int, int]:
    """The two players of a hand (as Side A, Side B) when seat ``dealer`` deals.

    >>> players_of_hand(0), players_of_hand(2)
    ((1, 2), (0, 1))
    """
    return ((dealer + 1) % SEATS, (dealer + 2) % SEATS)


def play_three_player(
    results: Sequence[HandResult], rules: RuleSet, first_dealer: int = 0
) -> ThreePlayerGame:
    """Fold a three-player game.

    >>> from gin_scorer.core.hands import Declaration, HandRecord, score_hand
    >>> rules = RuleSet()
    >>> a_wins = score_hand(HandRecord(Declaration.GIN, Side.A, ((Side.B, 10),)), rules)
    >>> game = play_three_player([a_wins, a_wins], rules)
    >>> [(line.dealer, line.players, line.winner) for line in game.lines]
    [(0, (1, 2), 1), (2, (0, 1), 0)]
    >>> game.points, game.next_dealer
    ((35, 35, 0), 1)
    """
    if not 0 <= first_dealer < SEATS:
        raise ValueError(f"the first dealer must be seat 0, 1 or 2, not {first_dealer}")
    points = [0, 0, 0]
    boxes = [0, 0, 0]
    dealer = first_dealer
    lines: list[ThreePlayerLine] = []
    winner: int | None = None
    for hand, result in enumerate(results):
        if winner is not None:
            break
        players = players_of_hand(dealer)
        seat: int | None = None
        if result.winner is not None:
            seat = players[0] if result.winner is Side.A else players[1]
            points[seat] += result.points
            boxes[seat] += result.boxes
        lines.append(ThreePlayerLine(hand, dealer, players, result, seat, _three(points)))
        if seat is not None:
            loser = players[1] if seat == players[0] else players[0]
            dealer = loser
            if points[seat] >= rules.target:
                winner = seat
    final = list(points)
    if winner is not None:
        for s in range(SEATS):
            final[s] += boxes[s] * rules.box_value
        final[winner] += rules.game_bonus
    return ThreePlayerGame(
        lines=tuple(lines),
        points=_three(points),
        boxes=_three(boxes),
        finished=winner is not None,
        winner=winner,
        final=_three(final),
        next_dealer=dealer,
        extra_hands=tuple(range(len(lines), len(results))),
    )


def _three(values: list[int]) -> tuple[int, int, int]:
    return (values[0], values[1], values[2])
