"""The games of a match as a Qt table model: boxes, bonuses, shutouts and finals per game.

Shows the games :func:`gin_scorer.core.ledgers.ledger_games` finds in the ledger the services
put in :attr:`ScoreSheet.ledger` (single game, best of N, Hollywood's three columns, each match
of a multi-match), one row per game, so the pad's "line" is visible.
"""

from __future__ import annotations

from enum import IntEnum

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt

from gin_scorer.core.hands import Side
from gin_scorer.core.ledgers import Game

_Index = QModelIndex | QPersistentModelIndex


class GameColumn(IntEnum):
    GAME = 0
    POINTS = 1
    BOXES = 2
    BOX_BONUS = 3
    GAME_BONUS = 4
    SHUTOUT = 5
    FINAL = 6
    RESULT = 7


def _pair(values: object) -> str:
    a = getattr(values, "a", 0)
    b = getattr(values, "b", 0)
    return f"{a} – {b}"


class GamesModel(QAbstractTableModel):
    def __init__(self, parent: object | None = None) -> None:
        super().__init__(parent)  # type: ignore[arg-type]
        self._games: tuple[Game, ...] = ()
        self._names = ("A", "B")

    def set_games(self, games: tuple[Game, ...], names: tuple[str, str]) -> None:
        self.beginResetModel()
        self._games = games
        self._names = names
        self.endResetModel()

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008 - Qt's signature
        return 0 if parent.isValid() else len(self._games)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(GameColumn)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> object:
        if role != Qt.ItemDataRole.DisplayRole or orientation != Qt.Orientation.Horizontal:
            return None
        if not 0 <= section < len(GameColumn):
            return None
        a, b = self._names
        return {
            GameColumn.GAME: "Game",
            GameColumn.POINTS: f"Points\n{a} – {b}",
            GameColumn.BOXES: "Boxes",
            GameColumn.BOX_BONUS: "Box\nbonus",
            GameColumn.GAME_BONUS: "Game\nbonus",
            GameColumn.SHUTOUT: "Shutout",
            GameColumn.FINAL: "Final",
            GameColumn.RESULT: "Result",
        }[GameColumn(section)]

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid() or not 0 <= index.row() < len(self._games):
            return None
        if not 0 <= index.column() < len(GameColumn):
            return None
        game = self._games[index.row()]
        column = GameColumn(index.column())
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return int(Qt.AlignmentFlag.AlignCenter)
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        if column == GameColumn.GAME:
            return f"{game.number} (to {game.target})"
        if column == GameColumn.POINTS:
            return _pair(game.points)
        if column == GameColumn.BOXES:
            return _pair(game.boxes)
        if column == GameColumn.BOX_BONUS:
            return _pair(game.box_bonus) if game.finished else ""
        if column == GameColumn.GAME_BONUS:
            return _pair(game.game_bonus) if game.finished else ""
        if column == GameColumn.SHUTOUT:
            return "shutout" if game.finished and game.shutout else ""
        if column == GameColumn.FINAL:
            return _pair(game.final) if game.finished else ""
        if not game.finished or game.winner is None:
            return "playing"
        name = self._names[0] if game.winner is Side.A else self._names[1]
        return f"{name} by {game.margin}"
