"""Hollywood: several games scored at once (W, P).

The rule that covers every case (rules.md): **a hand's score is entered in every open game in
which that player has already scored, plus the first open game in which they have not yet
scored.** So a player's first win goes to game 1, the second to games 1-2, the third on to all
three; a closed game takes no more scores; a player shut out of a closed game starts in the
next open one. Each game closes with its own game bonus, boxes and shutout. With
``hollywood_open_new_games`` a new game opens whenever one closes (targets repeat in turn).

Hands nobody wins (dead hands, ties without undercut) are entered nowhere.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from gin_scorer.core.hands import HandResult, Side
from gin_scorer.core.ledgers.game import Game, GameLine, close_game
from gin_scorer.core.ledgers.match import Match
from gin_scorer.core.ledgers.per_side import PerSide
from gin_scorer.core.rules import RuleSet


@dataclass(frozen=True, slots=True)
class Hollywood:
    """The Hollywood ledger: its games (each a :class:`Game`, lines = the hands entered in it).

    ``entries`` maps each input hand to the numbers of the games it was entered in (empty for
    a hand nobody won or a hand after every game closed). ``winner`` is the side that won more
    games (on equal games, more final points), once every game has closed. ``margin`` is
    signed for A: A's finals minus B's over all games.
    """

    games: tuple[Game, ...]
    entries: tuple[tuple[int, ...], ...]
    games_won: PerSide
    totals: PerSide
    finished: bool
    winner: Side | None
    margin: int
    extra_hands: tuple[int, ...] = ()

    def as_match(self) -> Match:
        """The summary every format shares (games won, winner, margin)."""
        return Match(
            games=self.games,
            games_won=self.games_won,
            finished=self.finished,
            winner=self.winner,
            margin=self.margin,
            games_to_win=len(self.games) // 2 + 1,
            extra_hands=self.extra_hands,
        )


@dataclass(slots=True)
class _Column:
    """A game being filled in (mutable only inside the fold)."""

    number: int
    target: int
    lines: list[GameLine] = field(default_factory=list)
    points: PerSide = field(default_factory=PerSide)
    winner: Side | None = None
    # A side's figures as plain fields, not values per side: this fold runs once per match
    # for every match of a season (15,000 hands for 30 club nights), and making a value and
    # hashing a side per hand entered was a third of it.
    boxes_a: int = 0
    boxes_b: int = 0
    scored_a: bool = False  # the side has won a hand in this game
    scored_b: bool = False

    def has_scored(self, side: Side) -> bool:
        return self.scored_a if side is Side.A else self.scored_b


def play_hollywood(results: Sequence[HandResult], rules: RuleSet) -> Hollywood:
    """Fold hands into Hollywood games under the entry rule above.

    >>> from gin_scorer.core.hands import Declaration, HandRecord, score_hand
    >>> rules = RuleSet()
    >>> a = score_hand(HandRecord(Declaration.KNOCK, Side.A, ((Side.A, 0), (Side.B, 10))), rules)
    >>> hollywood = play_hollywood([a, a, a], rules)
    >>> hollywood.entries
    ((1,), (1, 2), (1, 2, 3))
    >>> [g.points.a for g in hollywood.games]
    [30, 20, 10]
    """
    targets = rules.hollywood_targets
    columns = [_Column(number=i + 1, target=t) for i, t in enumerate(targets)]
    entries: list[tuple[int, ...]] = []
    extra: list[int] = []
    for hand, result in enumerate(results):
        open_columns = [c for c in columns if c.winner is None]
        if not open_columns:
            extra.append(hand)
            entries.append(())
            continue
        side = result.winner
        if side is None:
            entries.append(())
            continue
        chosen = _columns_entered(open_columns, side)
        for column in chosen:
            _enter(column, hand, result, side)
            if column.winner is not None and rules.hollywood_open_new_games:
                number = len(columns) + 1
                columns.append(_Column(number=number, target=targets[(number - 1) % len(targets)]))
        entries.append(tuple(c.number for c in chosen))
    games = tuple(
        close_game(
            c.number,
            tuple(c.lines),
            c.points,
            PerSide(c.boxes_a, c.boxes_b),
            c.winner,
            rules,
            c.target,
        )
        for c in columns
    )
    return _summed(games, tuple(entries), tuple(extra))


def _columns_entered(open_columns: Sequence[_Column], side: Side) -> list[_Column]:
    """The entry rule: every open game where ``side`` has scored, plus the first where it
    has not, in game order."""
    chosen: list[_Column] = []
    new_one_taken = False
    for column in open_columns:  # already in game order: one pass keeps it
        if column.has_scored(side):
            chosen.append(column)
        elif not new_one_taken:
            chosen.append(column)
            new_one_taken = True
    return chosen


def _enter(column: _Column, hand: int, result: HandResult, side: Side) -> None:
    """The hand's points and boxes into one game; the game is won at its target."""
    before = column.points
    if side is Side.A:
        points = PerSide(before.a + result.points, before.b)
        reached = points.a
        column.boxes_a += result.boxes
        column.scored_a = True
    else:
        points = PerSide(before.a, before.b + result.points)
        reached = points.b
        column.boxes_b += result.boxes
        column.scored_b = True
    column.points = points
    column.lines.append(GameLine(hand, result, points))
    if reached >= column.target:
        column.winner = side


def _summed(
    games: tuple[Game, ...], entries: tuple[tuple[int, ...], ...], extra: tuple[int, ...]
) -> Hollywood:
    """Games won and points over all games; the winner once every game is finished."""
    won = PerSide()
    totals = PerSide()
    for game in games:
        totals = totals + game.final
        if game.winner is not None:
            won = won.plus(game.winner, 1)
    finished = all(g.finished for g in games)
    winner: Side | None = None
    if finished:
        if won.a != won.b:
            winner = Side.A if won.a > won.b else Side.B
        elif totals.a != totals.b:
            winner = Side.A if totals.a > totals.b else Side.B
    return Hollywood(
        games=games,
        entries=entries,
        games_won=won,
        totals=totals,
        finished=finished,
        winner=winner,
        margin=totals.a - totals.b,
        extra_hands=extra,
    )
