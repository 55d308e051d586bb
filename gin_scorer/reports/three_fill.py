"""A table of three's score sheet, filled (decision 0014): a row per hand with who dealt (and
sat out), who played it, its result and the three running totals; at the end each player's
boxes, the game bonus, the final totals and the winner.

Every number is read off the services' three-player ledger
(:class:`~gin_scorer.core.ledgers.three_player.ThreePlayerGame`); the words are
:mod:`gin_scorer.presentation.three_words`'. :mod:`.three_sheet` lays the values out.
"""

from __future__ import annotations

from dataclasses import dataclass

from gin_scorer.core.ledgers.three_player import ThreePlayerLine
from gin_scorer.presentation.hand_words import outcome_mark, outcome_word
from gin_scorer.presentation.sheet_history import history_lines
from gin_scorer.presentation.three_words import (
    hand_words,
    seat_names,
    table_line,
    three_table,
)
from gin_scorer.presentation.words import translate
from gin_scorer.services.support.dto import ScoreSheet

Three = tuple[int, int, int]


@dataclass(frozen=True)
class ThreeRow:
    """One hand: its number, who dealt (and sat out), the two who played it (``a`` as A),
    what it scored (``score`` ``25 G`` to ``scorer``, or the ``outcome`` in words when
    nobody scored), the totals after it."""

    hand: int
    dealer: str
    a: str
    b: str
    totals: Three
    scorer: int | None = None  # the seat that scored
    scorer_name: str = ""
    score: str = ""  # the points and the mark: "25 G"
    outcome: str = ""  # "dead hand", when nobody scored
    corrected: bool = False  # printed with a † and explained under the game

    @property
    def played(self) -> str:
        """``Cat v Eve``: A first."""
        return translate("reports", "{0} v {1}").format(self.a, self.b)

    @property
    def result(self) -> str:
        """``Cat 25 G``, or ``dead hand``."""
        return f"{self.scorer_name} {self.score}" if self.score else self.outcome


@dataclass(frozen=True)
class ThreeFill:
    """A table of three's sheet, filled: the players in seat order, the hands, the close."""

    names: tuple[str, str, str]
    rows: tuple[ThreeRow, ...]
    boxes: Three = (0, 0, 0)  # hands won, counted once the game is won
    box_points: Three = (0, 0, 0)
    bonus: Three = (0, 0, 0)  # the game bonus, in the winner's place
    final: Three | None = None  # None: the game is not won yet
    winner: int | None = None  # the winner's seat
    result_line: str = ""  # "Cat wins the game · final: Ann 0 · Cat 260 · Eve 0"
    next_line: str = ""  # "Next: Hand 4 · Cat deals: Ann v Eve"
    history: tuple[str, ...] = ()  # what changed after entry (see sheet_history)


def _row(line: ThreePlayerLine, names: tuple[str, str, str], corrected: bool) -> ThreeRow:
    """A hand's row, read off its ledger line (seats named)."""
    result = line.result
    scored = line.winner is not None
    mark = outcome_mark(result.outcome.value)
    return ThreeRow(
        hand=line.hand + 1,
        dealer=names[line.dealer],
        a=names[line.players[0]],
        b=names[line.players[1]],
        totals=line.totals,
        scorer=line.winner,
        scorer_name=names[line.winner] if line.winner is not None else "",
        score=" ".join(p for p in (str(result.points), mark) if p) if scored else "",
        outcome="" if scored else outcome_word(result.outcome),
        corrected=corrected,
    )


def three_fill(sheet: ScoreSheet) -> ThreeFill | None:
    """The filled sheet of a table of three (``None`` for a match of two sides)."""
    game = three_table(sheet)
    if game is None:
        return None
    names = seat_names(sheet)
    corrected = {row.number for row in sheet.hands if row.corrected}
    rows = tuple(_row(line, names, line.hand + 1 in corrected) for line in game.lines)
    boxes = game.boxes if game.finished else (0, 0, 0)
    value, bonus = sheet.rules.box_value, sheet.rules.game_bonus
    next_line = ""
    if not game.finished:
        next_line = translate("reports", "Next: {0}").format(hand_words(sheet))
    return ThreeFill(
        names=names,
        rows=rows,
        boxes=boxes,
        box_points=(boxes[0] * value, boxes[1] * value, boxes[2] * value),
        bonus=(
            bonus if game.winner == 0 else 0,
            bonus if game.winner == 1 else 0,
            bonus if game.winner == 2 else 0,
        ),
        final=game.final if game.finished else None,
        winner=game.winner,
        result_line=table_line(sheet) if sheet.hands else "",
        next_line=next_line,
        history=history_lines(sheet),
    )
