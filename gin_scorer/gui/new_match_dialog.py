"""Event → New match… for club play: both players and the table in one dialog, typed or picked.

Each player box completes as the director types ("ann" → Ann Lee) and lists the active
entrants; the table is optional. The dialog only gathers the choice; the services create
the match (:func:`gin_scorer.services.writes.matches.create_match`) and refuse what they must.

Under three-player rules (decision 0014) the dialog seats three players, and the table is
a club night's table of three: :func:`start_table` seats it through
:func:`gin_scorer.services.writes.rounds.start_round` (``chosen``), which numbers it.
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

from gin_scorer.gui.background import wait_for
from gin_scorer.gui.dialog_parts import ProblemLabel, dialog_buttons
from gin_scorer.gui.i18n import translate
from gin_scorer.services.support.database import Database
from gin_scorer.services.support.dto import EntrantView, MatchView


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
    """Player A, player B and an optional table (or, with ``three``, players A, B and C);
    :meth:`choice` once accepted."""

    def __init__(
        self,
        entrants: Sequence[EntrantView],
        parent: QWidget | None = None,
        *,
        three: bool = False,
    ) -> None:
        super().__init__(parent)
        self.three = three
        self.setWindowTitle(
            translate("NewMatchDialog", "New table of three")
            if three
            else translate("NewMatchDialog", "New match")
        )
        self.setMinimumWidth(380)
        self.entrants = {e.name.casefold(): e for e in entrants}
        names = [e.name for e in entrants]
        self.a = _player_box(names)
        self.a.setObjectName("playerA")
        self.b = _player_box(names)
        self.b.setObjectName("playerB")
        self.c = _player_box(names)
        self.c.setObjectName("playerC")
        self.table = QSpinBox()
        self.table.setRange(0, 999)
        self.table.setSpecialValueText(translate("NewMatchDialog", "none"))
        self.problem = ProblemLabel()
        form = QFormLayout(self)
        form.addRow(translate("NewMatchDialog", "Player &A:"), self.a)
        form.addRow(translate("NewMatchDialog", "Player &B:"), self.b)
        if three:  # the services number a table of three (it is a round of its own)
            form.addRow(translate("NewMatchDialog", "Player &C:"), self.c)
        else:
            form.addRow(translate("NewMatchDialog", "&Table:"), self.table)
        form.addRow(self.problem)
        start = (
            translate("NewMatchDialog", "Seat the table")
            if three
            else translate("NewMatchDialog", "Start the match")
        )
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

    def third(self) -> EntrantView | str:
        """Player C of a table of three, or the sentence saying what is wrong."""
        chosen = self.choice()
        c = self._entrant(self.c, "C")
        if isinstance(chosen, str) or isinstance(c, str):
            return chosen if isinstance(chosen, str) else c
        if c.id in (chosen[0].id, chosen[1].id):
            return translate(
                "NewMatchDialog", "{0} cannot play themself: choose another player C"
            ).format(c.name)
        return c

    def _accept(self) -> None:
        made = self.third() if self.three else self.choice()
        if isinstance(made, str):
            self.problem.say(made)
            return
        self.accept()


def start_table(dialog: NewMatchDialog, db: Database, event_id: int, actor: str) -> MatchView:
    """Start what the dialog chose: a match of two, or a club night's table of three (seated
    by the round services, which refuse a player still at another table)."""
    from gin_scorer.services.support.errors import InvalidInput
    from gin_scorer.services.writes.matches import create_match, get_match
    from gin_scorer.services.writes.rounds import start_round

    chosen = dialog.choice()  # checked before the dialog accepted; checked again here
    third = dialog.third() if dialog.three else None
    if isinstance(chosen, str) or isinstance(third, str):
        raise InvalidInput(chosen if isinstance(chosen, str) else str(third))
    a, b, table = chosen

    def start() -> MatchView:  # on a worker, while the window waits (issue 39)
        if third is None:
            return create_match(db, event_id, a.id, b.id, table_number=table, actor=actor)
        seated = start_round(db, event_id, chosen=[(a.id, b.id, third.id)], actor=actor)
        return get_match(db, next(p for p in seated.pairings if not p.is_bye).match_id)

    return wait_for(start)
