"""A Hollywood match as its pad shows it: three games scored at once, a running total only in
the columns each hand went into (rules.md "Hollywood"), and each game's close — every number
read off the core's :class:`Hollywood` ledger.
"""

from __future__ import annotations

from dataclasses import dataclass

from gin_scorer.core.hands import Side
from gin_scorer.core.ledgers import Hollywood
from gin_scorer.core.rules import RuleSet
from gin_scorer.presentation.sheet_fill import winner_letter
from gin_scorer.presentation.words import translate


@dataclass(frozen=True)
class PadShape:
    """How many games and to what targets (Hollywood preset: three games to 100)."""

    targets: tuple[int, ...] = (100, 100, 100)
    game_bonus: int = 100
    box_value: int = 25
    rows: int = 30

    @property
    def games(self) -> int:
        return len(self.targets)


@dataclass(frozen=True)
class PadLine:
    """One hand: who won it and for how much, and the running totals it changed.

    ``a_totals`` / ``b_totals`` hold one entry per game: the side's running total in that game
    after this hand when the hand was entered there, else ``None`` (the cell stays empty).
    """

    hand: int
    winner: str  # "A", "B" or "" (dead hand, tie)
    points: int
    how: str
    a_totals: tuple[int | None, ...]
    b_totals: tuple[int | None, ...]


@dataclass(frozen=True)
class PadGameClose:
    """A game's close on the pad: boxes, game bonus, shutout and the final score."""

    number: int
    a_box_points: int = 0
    b_box_points: int = 0
    a_bonus: int = 0  # game bonus plus what a shutout adds
    b_bonus: int = 0
    shutout: bool = False
    a_final: int | None = None
    b_final: int | None = None
    winner: str = ""


@dataclass(frozen=True)
class PadFill:
    lines: tuple[PadLine, ...]
    closes: tuple[PadGameClose, ...]
    result_line: str = ""
    corrected: frozenset[int] = frozenset()  # hand numbers printed with a †
    history: tuple[str, ...] = ()  # what changed after entry (see sheet_history)


def pad_shape(rules: RuleSet) -> PadShape:
    targets = tuple(rules.hollywood_targets[: rules.hollywood_games]) or (rules.target,) * 3
    return PadShape(targets=targets, game_bonus=rules.game_bonus, box_value=rules.box_value)


def pad_fill(ledger: Hollywood, name_a: str, name_b: str) -> PadFill:
    """The filled Hollywood pad: for each hand, the running totals in the games it entered."""
    games = ledger.games
    # (game number, hand index) -> running totals after that hand in that game
    totals = {(g.number, line.hand): line.totals for g in games for line in g.lines}
    results = {line.hand: line.result for g in games for line in g.lines}
    lines: list[PadLine] = []
    for hand, entered in enumerate(ledger.entries):
        result = results.get(hand)
        a_totals: list[int | None] = []
        b_totals: list[int | None] = []
        for game in games:
            after = totals.get((game.number, hand)) if game.number in entered else None
            winner = result.winner if result else None
            a_totals.append(after.a if after and winner is Side.A else None)
            b_totals.append(after.b if after and winner is Side.B else None)
        if result is None:
            lines.append(PadLine(hand + 1, "", 0, "dead", tuple(a_totals), tuple(b_totals)))
            continue
        lines.append(
            PadLine(
                hand + 1,
                winner_letter(result.winner),
                result.points,
                result.outcome.value,
                tuple(a_totals),
                tuple(b_totals),
            )
        )
    closes = tuple(
        PadGameClose(
            number=g.number,
            a_box_points=g.box_bonus.a,
            b_box_points=g.box_bonus.b,
            a_bonus=(g.game_bonus + g.shutout_bonus).a,
            b_bonus=(g.game_bonus + g.shutout_bonus).b,
            shutout=g.shutout,
            a_final=g.final.a if g.finished else None,
            b_final=g.final.b if g.finished else None,
            winner=winner_letter(g.winner),
        )
        for g in games
    )
    names = {Side.A: name_a, Side.B: name_b}
    won = ledger.games_won
    if ledger.finished and ledger.winner is not None:
        said = translate("pad_fill", "{0} wins {1}–{2} in games, margin {3}")
        high, low = max(won.a, won.b), min(won.a, won.b)
        result_line = said.format(names[ledger.winner], high, low, abs(ledger.margin))
    else:
        said = translate("pad_fill", "Games won so far: {0} {1}, {2} {3}")
        result_line = said.format(name_a or "A", won.a, name_b or "B", won.b)
    return PadFill(tuple(lines), closes, result_line)
