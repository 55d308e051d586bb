"""How a game is said: the "line" under each game of a pad — points, boxes, bonuses, shutout,
final — as the app's games table shows it and as the command line prints it.

Every figure is read off the core's :class:`~gin_scorer.core.ledgers.Game`; nothing is added
up here. The app's table and the terminal's lines differ in layout (cells with ``a – b`` pairs
against one fixed-width line per side), so each has its own function over the same game.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import IntEnum

from gin_scorer.core.hands import Side
from gin_scorer.core.ledgers import Game, PerSide
from gin_scorer.presentation.hand_words import side_name
from gin_scorer.presentation.words import translate


class GameColumn(IntEnum):
    """The columns of the app's games table, in order."""

    GAME = 0
    POINTS = 1
    BOXES = 2
    BOX_BONUS = 3
    GAME_BONUS = 4
    SHUTOUT = 5
    FINAL = 6
    RESULT = 7


def game_headers(names: Sequence[str]) -> tuple[str, ...]:
    """The games table's headings, in :class:`GameColumn` order (names in the points one).

    >>> game_headers(("Ann", "Bob"))[1]
    'Points\\nAnn – Bob'
    """
    return (
        translate("game_lines", "Game"),
        translate("game_lines", "Points\n{0} – {1}").format(names[0], names[1]),
        translate("game_lines", "Boxes"),
        translate("game_lines", "Box\nbonus"),
        translate("game_lines", "Game\nbonus"),
        translate("game_lines", "Shutout"),
        translate("game_lines", "Final"),
        translate("game_lines", "Result"),
    )


def pair_text(values: PerSide) -> str:
    """Side A's and side B's figure as one cell: ``120 – 45``."""
    return f"{values.a} – {values.b}"


def game_cells(game: Game, names: Sequence[str]) -> tuple[str, ...]:
    """One game as the app's games table shows it, in :class:`GameColumn` order: the close
    (bonuses, shutout, final) stays blank until the game is finished."""
    finished = game.finished
    if not finished or game.winner is None:
        result = translate("game_lines", "playing")
    else:
        result = translate("game_lines", "{0} by {1}").format(
            side_name(game.winner, names), game.margin
        )
    return (
        translate("game_lines", "{0} (to {1})").format(game.number, game.target),
        pair_text(game.points),
        pair_text(game.boxes),
        pair_text(game.box_bonus) if finished else "",
        pair_text(game.game_bonus) if finished else "",
        translate("game_lines", "shutout") if finished and game.shutout else "",
        pair_text(game.final) if finished else "",
        result,
    )


def closed_game_lines(games: Sequence[Game], box_value: int) -> list[str]:
    """Each closed game as the terminal's score sheet prints it under the hands: a heading,
    then the winner's and the loser's line (empty when no game is closed yet)."""
    closed = [g for g in games if g.finished and g.winner is not None]
    if not closed:
        return []
    lines = ["", _closed_headings()]
    for game in closed:
        winner = game.winner
        assert winner is not None  # closed games only
        for side in (winner, winner.other):
            lines.append(_side_line(game, side, first=side is winner, box_value=box_value))
        if game.shutout:
            margin = translate("game_lines", "margin {0}  (shutout)").format(game.margin)
        else:
            margin = translate("game_lines", "margin {0}").format(game.margin)
        lines[-1] += f"   {margin}"
    return lines


def _closed_headings() -> str:
    game = translate("game_lines", "game")
    side = translate("game_lines", "side")
    points = translate("game_lines", "points")
    boxes = translate("game_lines", "boxes")
    bonus = translate("game_lines", "bonus")
    shutout = translate("game_lines", "shutout")
    final = translate("game_lines", "final")
    return f"{game:>4}  {side:<7} {points:>6} {boxes:>12} {bonus:>5} {shutout:>7} {final:>6}"


def _side_line(game: Game, side: Side, *, first: bool, box_value: int) -> str:
    who = translate("game_lines", "{0} won").format(side.value) if first else side.value
    return (
        f"{(game.number if first else ''):>4}  "
        f"{who:<7} {game.points[side]:>6} "
        f"{f'{game.boxes[side]}×{box_value} = {game.box_bonus[side]}':>12} "
        f"{game.game_bonus[side]:>5} {game.shutout_bonus[side] or '':>7} "
        f"{game.final[side]:>6}"
    )
