"""What the event's edit dialogs share: the PIN box shown only when it will be asked for, and
saving against the event as last read."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import (
    QDialog,
    QFormLayout,
    QLineEdit,
    QVBoxLayout,
)

from gin_scorer.gui.background import wait_for
from gin_scorer.gui.dialog_parts import ProblemLabel, until_accepted
from gin_scorer.gui.i18n import translate
from gin_scorer.gui.pin_prompt import pin_from_box
from gin_scorer.services.support.database import Database
from gin_scorer.services.support.dto import EventStatus, EventView


class EventEditDialog(QDialog):
    """A dialog that edits the event and says a refusal in its problem line."""

    problem: ProblemLabel
    pin: QLineEdit


def pin_when_running(event: EventView, layout: QVBoxLayout) -> QLineEdit:
    """The PIN box, shown only when the services will ask for it (the event is under way and
    has a PIN): a director is not asked for what is not needed."""
    pin = QLineEdit()
    pin.setObjectName("pin")
    pin.setEchoMode(QLineEdit.EchoMode.Password)
    pin.setPlaceholderText(translate("event_edit_parts", "needed: the event is under way"))
    if event.has_pin and event.status is not EventStatus.SETUP:
        row = QFormLayout()
        row.addRow(translate("event_edit_parts", "Director's &PIN:"), pin)
        layout.addLayout(row)
    return pin


def save_event(
    dialog: EventEditDialog,
    db: Database,
    event: EventView,
    save: Callable[[int, str | None], Callable[[], EventView]],
) -> EventView | None:
    """:func:`until_accepted` for an edit of the event: ``save`` gets the version of the event
    as last read, which lets the services refuse a change made meanwhile at another station,
    and the PIN (the dialog's box, or asked for when the services want one); after any
    refusal the event is read again, so the director's next Save goes through.

    ``save`` reads the dialog, here on the GUI thread, and returns the services' call, which
    runs on a worker while the window waits (issue 39); so does the read after a refusal."""
    from gin_scorer.services.writes import events

    seen = [event]

    def refused(text: str) -> None:
        dialog.problem.say(text)
        # Another station may have moved on: the event read again.
        seen[0] = wait_for(lambda: events.get_event(db, event.id))

    def attempt() -> EventView | None:
        version = seen[0].version
        return pin_from_box(dialog, dialog.pin, lambda pin: wait_for(save(version, pin)))

    return until_accepted(dialog, attempt, refused)
