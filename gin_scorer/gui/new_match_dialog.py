"""Event → New match… for club play: both players and the table in one dialog, typed or picked.

Each player box completes as the director types ("ann" → Ann Lee) and lists the active
entrants; the table is optional. The dialog only gathers the choice; the services create
the match (:func:`gin_scorer.services.matches.create_match`) and refuse what they must.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QCompleter,
    QDialog,
    QFormLayout,
    QSpinBox,
    QWidget,
)

from gin_scorer.gui.dialog_parts import ProblemLabel, dialog_buttons
from gin_scorer.gui.i18n import translate
from gin_scorer.services.dto import EntrantView


def _player_box(names: Sequence[str]) -> QComboBox:
    box = QComboBox()
    box.setEditable(True)
    box.addItems(list(names))
    box.setCurrentIndex(-1)
    box.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
    completer = QCompleter(list(names), box)
    completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
    completer.setFilterMode(Qt.MatchFlag.MatchContains)
    box.setCompleter(completer)
    return box


class NewMatchDialog(QDialog):
    """Player A, player B and an optional table; :meth:`choice` once accepted."""

    def __init__(self, entrants: Sequence[EntrantView], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(translate("NewMatchDialog", "New match"))
        self.setMinimumWidth(380)
        self.entrants = {e.name.casefold(): e for e in entrants}
        names = [e.name for e in entrants]
        self.a = _player_box(names)
        self.a.setObjectName("playerA")
        self.b = _player_box(names)
        self.b.setObjectName("playerB")
        self.table = QSpinBox()
        self.table.setRange(0, 999)
        self.table.setSpecialValueText(translate("NewMatchDialog", "none"))
        self.problem = ProblemLabel()
        form = QFormLayout(self)
        form.addRow(translate("NewMatchDialog", "Player &A:"), self.a)
        form.addRow(translate("NewMatchDialog", "Player &B:"), self.b)
        form.addRow(translate("NewMatchDialog", "&Table:"), self.table)
        form.addRow(self.problem)
        start = translate("NewMatchDialog", "Start the match")
        form.addRow(dialog_buttons(self, self._accept, start))
        self.a.setFocus()

    def _entrant(self, box: QComboBox, which: str) -> EntrantView | str:
        text = box.currentText().strip()
        if not text:
            return translate("NewMatchDialog", "choose player {0}").format(which)
        found = self.entrants.get(text.casefold())
        if found is None:
            return translate(
                "NewMatchDialog", "player {0}: no active entrant is called {1}"
            ).format(which, repr(text))
        return found

    def choice(self) -> tuple[EntrantView, EntrantView, int | None] | str:
        """(A, B, table or None), or the sentence saying what is missing."""
        a = self._entrant(self.a, "A")
        if isinstance(a, str):
            return a
        b = self._entrant(self.b, "B")
        if isinstance(b, str):
            return b
        if a.id == b.id:
            return translate(
                "NewMatchDialog", "{0} cannot play themself: choose another player B"
            ).format(a.name)
        return a, b, self.table.value() or None

    def _accept(self) -> None:
        made = self.choice()
        if isinstance(made, str):
            self.problem.say(made)
            return
        self.accept()
