"""Event → Rule set: the rules the event's new matches use (matches already started keep
theirs); the PIN once the event is under way."""

from __future__ import annotations

import html
from collections.abc import Sequence
from functools import partial
from pathlib import Path

from PySide6.QtWidgets import (
    QLabel,
    QVBoxLayout,
    QWidget,
)

from gin_scorer.core.rules import RuleSet
from gin_scorer.gui.dialog_parts import ProblemLabel, dialog_buttons
from gin_scorer.gui.event_edit_parts import EventEditDialog, pin_when_running, save_event
from gin_scorer.gui.i18n import translate
from gin_scorer.services.support.database import Database
from gin_scorer.services.support.dto import EventView


class EventRulesDialog(EventEditDialog):
    """The rules an event's new matches use: its current rule set, or a preset, knob by knob
    (the same editor as the new-event dialog). Matches already created keep their rules."""

    def __init__(
        self,
        event: EventView,
        presets: Sequence[RuleSet],
        parent: QWidget | None = None,
        custom_folder: Path | None = None,
    ) -> None:
        from gin_scorer.gui.event_dialog import RulesEditor

        super().__init__(parent)
        self.event_view = event
        self.setWindowTitle(translate("EventRulesDialog", "Rule set — {0}").format(event.name))
        self.resize(720, 640)
        layout = QVBoxLayout(self)
        note = QLabel(
            translate(
                "EventRulesDialog",
                "<b>{0}</b> plays <b>{1}</b>. A change applies to matches created from now "
                "on; matches already paired keep the rules they started with.",
            ).format(html.escape(event.name), html.escape(event.rules.name))
        )
        note.setWordWrap(True)
        layout.addWidget(note)
        choices = [event.rules, *(p for p in presets if p.key != event.rules.key)]
        self.rules = RulesEditor(tuple(choices), event.rules.key, custom_folder=custom_folder)
        layout.addWidget(self.rules, 1)
        self.pin = pin_when_running(event, layout)
        self.problem = ProblemLabel()
        layout.addWidget(self.problem)
        layout.addWidget(dialog_buttons(self, self._accept_if_valid, save=True))

    def _accept_if_valid(self) -> None:
        if not self.rules.is_valid():
            self.problem.say(self.rules.error.text().lstrip("✖ "))
            return
        self.accept()


def edit_event_rules(
    parent: QWidget | None,
    db: Database,
    event_id: int,
    *,
    custom_folder: Path | None = None,
    actor: str | None = None,
) -> EventView | None:
    """Show the rules dialog until the services accept the rule set or the director cancels."""
    from gin_scorer.gui.background import wait_for
    from gin_scorer.presets import list_presets
    from gin_scorer.services.writes import events
    from gin_scorer.services.writes.custom_presets import list_custom_presets

    custom = list_custom_presets(custom_folder)[0] if custom_folder is not None else ()
    event = wait_for(lambda: events.get_event(db, event_id))
    dialog = EventRulesDialog(event, (*list_presets(), *custom), parent, custom_folder)
    return save_event(
        dialog,
        db,
        event,
        lambda version, pin: partial(
            events.set_event_rules,
            db,
            event_id,
            dialog.rules.current,
            version,
            pin=pin,
            actor=actor,
        ),
    )
