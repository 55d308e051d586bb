"""Event → Director's PIN and Finish / reopen: the PIN that guards the event, and its end."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QDialog,
    QFormLayout,
    QLineEdit,
    QWidget,
)

from gin_scorer.gui.background import wait_for
from gin_scorer.gui.dialog_parts import ProblemLabel, dialog_buttons, until_accepted
from gin_scorer.gui.i18n import translate
from gin_scorer.gui.pin_prompt import pin_from_box, with_pin
from gin_scorer.services.support.database import Database
from gin_scorer.services.support.dto import EventStatus, EventView


class EventPinDialog(QDialog):
    """Set, change or clear an event's director PIN (changing or clearing needs the old one)."""

    def __init__(self, event: EventView, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(translate("EventPinDialog", "Director's PIN — {0}").format(event.name))
        form = QFormLayout(self)
        self.old = QLineEdit()
        self.old.setObjectName("oldPin")
        self.new = QLineEdit()
        self.new.setObjectName("newPin")
        self.again = QLineEdit()
        self.again.setObjectName("againPin")
        for edit in (self.old, self.new, self.again):
            edit.setEchoMode(QLineEdit.EchoMode.Password)
        if event.has_pin:
            form.addRow(translate("EventPinDialog", "Current PIN:"), self.old)
        self.new.setPlaceholderText(
            translate("EventPinDialog", "4 or more characters; empty clears the PIN")
        )
        form.addRow(translate("EventPinDialog", "New PIN:"), self.new)
        form.addRow(translate("EventPinDialog", "New PIN again:"), self.again)
        self.problem = ProblemLabel()
        form.addRow(self.problem)
        form.addRow(dialog_buttons(self, self._accept_if_same, save=True))

    def _accept_if_same(self) -> None:
        if self.new.text() != self.again.text():
            self.problem.say(
                translate("EventPinDialog", "the two new PINs differ: type them again")
            )
            self.again.clear()
            self.again.setFocus()
            return
        self.accept()


def change_event_pin(
    parent: QWidget | None, db: Database, event_id: int, *, actor: str | None = None
) -> EventView | None:
    """Show the PIN dialog until the services accept the change or the director cancels."""
    from gin_scorer.services.writes import events

    dialog = EventPinDialog(wait_for(lambda: events.get_event(db, event_id)), parent)

    def set_pin(old: str | None) -> EventView:
        new = dialog.new.text() or None  # the dialog read here, the services on a worker
        return wait_for(lambda: events.set_event_pin(db, event_id, new, old_pin=old, actor=actor))

    return until_accepted(
        dialog, lambda: pin_from_box(dialog, dialog.old, set_pin), dialog.problem.say
    )


def finish_or_reopen_event(
    parent: QWidget | None, db: Database, event_id: int, *, actor: str | None = None
) -> EventView | None:
    """Close an event (no more rounds, entrants or hands), or reopen a closed one — which
    needs the director's PIN when the event has one. Asks first; None when nothing changed."""
    from PySide6.QtWidgets import QMessageBox

    from gin_scorer.services.writes import events

    event = wait_for(lambda: events.get_event(db, event_id))
    if event.status is not EventStatus.FINISHED:
        status, title = EventStatus.FINISHED, translate("EventPinDialog", "Finish the event")
        question = (
            translate(
                "EventPinDialog",
                "Close {0}? Its results stay as they are; no more rounds, entrants or hands "
                "until it is reopened (with the director's PIN).",
            )
            if event.has_pin
            else translate(
                "EventPinDialog",
                "Close {0}? Its results stay as they are; no more rounds, entrants or hands "
                "until it is reopened.",
            )
        ).format(event.name)
    else:
        status, title = EventStatus.RUNNING, translate("EventPinDialog", "Reopen the event")
        question = (
            translate("EventPinDialog", "{0} is finished. Reopen it (with the director's PIN)?")
            if event.has_pin
            else translate("EventPinDialog", "{0} is finished. Reopen it?")
        ).format(event.name)
    if QMessageBox.question(parent, title, question) != QMessageBox.StandardButton.Yes:
        return None
    return with_pin(  # the PIN asked here, each try on a worker
        parent,
        lambda pin: wait_for(
            lambda: events.set_event_status(
                db, event_id, status, event.version, pin=pin, actor=actor
            )
        ),
    )
