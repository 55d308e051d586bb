"""Qt must not wear Python's None away, and the navigator must not pile up its old lines.

PySide6 6.12.0 drops a reference to None each time Qt hands Python an empty value (an item's
unset role, a model's empty cell). Before Python 3.12 None can be freed, and the desk died
with "Fatal Python error: deallocating None": at once on a club database of 50 events, and
after some 170 refreshes of a 40-player event (docs/decisions/0015). pyproject keeps PySide6
below 6.12 on those Pythons; this test fails on any Qt binding that brings the fault back.

And ``QStandardItemModel.clear()`` kept every old line of the navigator (its Python item and
its Node) alive to the end of the process; the navigator empties itself with ``removeRows``.
"""

from __future__ import annotations

import gc
import sys
from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QStandardItem, QStandardItemModel

from gin_scorer.gui.navigator import NavigatorModel, Node
from gin_scorer.presets import load_preset
from gin_scorer.services.support.database import open_database
from gin_scorer.services.writes import entrants, events, matches, rounds

mortal_none = pytest.mark.skipif(
    sys.version_info >= (3, 12), reason="None is immortal from Python 3.12: it cannot be freed"
)


class _Cells(QAbstractTableModel):
    """A table model as the app writes them: ``None`` for every role it does not answer."""

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 1

    def columnCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 1

    def data(self, index: QModelIndex | QPersistentModelIndex, role: int = 0) -> object:
        return None


@mortal_none
def test_empty_values_from_qt_leave_none_as_it_was(qapp) -> None:  # type: ignore[no-untyped-def]
    model = QStandardItemModel()
    item = QStandardItem("Ann")
    model.appendRow(item)
    cells = _Cells()
    index = model.index(0, 0)
    before = sys.getrefcount(None)
    for _ in range(2000):
        item.data(Qt.ItemDataRole.ForegroundRole)  # a role never set: an empty value
        index.data(Qt.ItemDataRole.ToolTipRole)
        cells.index(0, 0).data(Qt.ItemDataRole.DisplayRole)  # Python's None, through Qt
    assert sys.getrefcount(None) >= before, (
        "the Qt binding frees references to None it does not own"
    )


def _items() -> int:
    gc.collect()
    return sum(1 for o in gc.get_objects() if isinstance(o, QStandardItem))


def test_refilling_the_navigator_keeps_no_old_line(qapp, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    with open_database(str(tmp_path / "nav.sqlite"), station="desk", backups=False) as db:
        event = events.create_event(
            db, name="Open", rules=load_preset("gra-tournament"), format="swiss"
        )
        for name in ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay"):
            entrants.add_entrant(db, event.id, name)
        rounds.start_round(db, event.id)
        listed = events.list_events(db)
        tables = {event.id: matches.list_matches(db, event.id)}
    renamed = tuple(replace(e, name=f"{e.name} (renamed)") for e in listed)
    model = NavigatorModel()
    model.set_events(listed, tables)
    model.find(Node("round", event.id, 1))  # its lines made, as when it is opened
    once = _items()
    before = sys.getrefcount(None)
    for turn in range(20):  # a changed event gets new lines: the old ones must go
        model.set_events(renamed if turn % 2 else listed, tables)
        model.find(Node("round", event.id, 1))
    assert _items() == once  # one event, one round, three tables: five lines, never more
    if sys.version_info < (3, 12):
        assert sys.getrefcount(None) >= before
