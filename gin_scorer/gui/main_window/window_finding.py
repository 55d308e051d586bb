"""Finding a player or a table from the box above the navigator (Ctrl+F): "T3" is table 3, a
name is that player's tables; the one in play now first (the running event's current round,
see :mod:`gin_scorer.presentation.table_search`); ↓ ↑ step through them, Enter opens one. A
part of the window, on its shared state (:mod:`.window_state`).
"""

from __future__ import annotations

from PySide6.QtCore import QModelIndex

from gin_scorer.gui.i18n import translate
from gin_scorer.gui.main_window.window_state import WindowState
from gin_scorer.gui.navigator import Node, round_label
from gin_scorer.presentation.table_search import find_tables


class WindowFinding:
    """The find box's hits, stepped through in the window's navigator."""

    def __init__(self, state: WindowState) -> None:
        self.state = state
        self.window = state.window
        # Nodes, not indexes: the tree is rebuilt after every change at any station.
        self._find_hits: list[Node] = []
        self._find_at = 0

    def focus_find(self) -> None:
        self.state.find_box.setFocus()
        self.state.find_box.selectAll()

    def find_changed(self, text: str) -> None:
        found = find_tables(
            text,
            self.state.events,
            self.state.navigator_model.tables(),
            open_event=self.state.event_id,
        )
        self._find_hits = [Node("match", m.event_id, m.round_number, m.id) for m in found]
        self._find_at = 0
        if not text.strip():
            self.window.statusBar().clearMessage()
        elif not self._find_hits:
            self.window.statusBar().showMessage(
                translate("MainWindow", "No table has {0!r} in its line").format(text.strip()),
                6000,
            )
        self._find_show()

    def find_step(self, step: int) -> None:
        if self._find_hits:
            self._find_at = (self._find_at + step) % len(self._find_hits)
            self._find_show()

    def _find_index(self) -> QModelIndex | None:
        """The current hit's place in the tree as it is now (None if it is gone)."""
        if not self._find_hits:
            return None
        item = self.state.navigator_model.find(self._find_hits[self._find_at])
        return item.index() if item is not None else None

    def _find_show(self) -> None:
        index = self._find_index()
        if index is None:
            return
        parent = index.parent()
        while parent.isValid():
            self.state.navigator.expand(parent)
            parent = parent.parent()
        self.state.navigator.setCurrentIndex(index)
        self.state.navigator.scrollTo(index)
        count = len(self._find_hits)
        hit = self._find_hits[self._find_at]
        event = next((e.name for e in self.state.events if e.id == hit.event_id), "")
        self.window.statusBar().showMessage(
            translate("MainWindow", "{0} of {1}: {2} · {3} · {4}  ·  Enter opens it").format(
                self._find_at + 1, count, event, round_label(hit.round_number), index.data()
            )
            + (translate("MainWindow", "  ·  ↓ ↑ the others") if count > 1 else ""),
            10000,
        )

    def find_open(self) -> None:
        index = self._find_index()
        if index is not None:
            self.state.node_activated(index)
