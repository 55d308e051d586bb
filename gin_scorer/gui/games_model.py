"""The games of a match as a Qt table model: boxes, bonuses, shutouts and finals per game.

Shows the games :func:`gin_scorer.core.ledgers.ledger_games` finds in the ledger the services
put in :attr:`ScoreSheet.ledger` (single game, best of N, Hollywood's three columns, each match
of a multi-match), one row per game, so the pad's "line" is visible.
"""

from __future__ import annotations

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt

from gin_scorer.core.ledgers import Game
from gin_scorer.presentation.game_lines import GameColumn, game_cells, game_headers

_Index = QModelIndex | QPersistentModelIndex


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
        return game_headers(self._names)[section]

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid() or not 0 <= index.row() < len(self._games):
            return None
        if not 0 <= index.column() < len(GameColumn):
            return None
        game = self._games[index.row()]
        column = index.column()
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return int(Qt.AlignmentFlag.AlignCenter)
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        return game_cells(game, self._names)[column]
