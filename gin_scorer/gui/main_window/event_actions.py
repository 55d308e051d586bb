"""The Event menu and the welcome page: new events and imports, entrants, format, rules, PIN,
rounds, matches, the projector and the demo.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtWidgets import (
    QFileDialog,
    QMessageBox,
)

from gin_scorer.gui.background import wait_for
from gin_scorer.gui.i18n import translate
from gin_scorer.gui.main_window.window_state import WindowState
from gin_scorer.presentation.words import error_text, say
from gin_scorer.services.support.dto import EventView, MatchView

if TYPE_CHECKING:  # the store and services load after the window shows (faster start)
    from gin_scorer.gui.event_dialog import NewEvent


class EventActions:
    """What a director does to an event, each through the services, on the window's shared
    state."""

    def __init__(self, state: WindowState) -> None:
        self.state = state
        self.window = state.window  # the dialogs' parent

    def new_event(self) -> None:
        from gin_scorer.gui.event_dialog import NewEventDialog
        from gin_scorer.presets import list_presets
        from gin_scorer.services.writes import custom_presets as saved

        folder = saved.custom_presets_dir(self.state.settings.data_folder)
        custom, unreadable = saved.list_custom_presets(folder)
        for problem in unreadable:
            self.window.statusBar().showMessage(
                translate("EventActions", "Custom preset skipped: {0}").format(say(problem)),
                8000,
            )
        dialog = NewEventDialog(
            list_presets() + custom,
            self.state.settings.default_preset,
            self.window,
            custom_folder=folder,
        )
        try:
            # A refusal (a name entered twice, a bad PIN ...) reopens the dialog as it was.
            while dialog.exec() == NewEventDialog.DialogCode.Accepted:
                if self.create_event(dialog.values(), on_problem=dialog.problem.say):
                    break
        finally:
            dialog.deleteLater()

    def create_event(
        self, values: NewEvent, *, on_problem: Callable[[str], None] | None = None
    ) -> int | None:
        """Create the event with its entrants, in one transaction, through the services;
        returns its id. A refusal goes to ``on_problem`` (else a message box): nothing made."""
        if self.state.db is None:
            return None
        from gin_scorer.services.support.errors import ServiceError
        from gin_scorer.services.writes.events import create_event

        db, station = self.state.db, self.state.settings.station
        try:
            event = wait_for(
                lambda: create_event(
                    db,
                    name=values.name,
                    rules=values.rules,
                    format=values.format,
                    venue=values.venue,
                    start_date=values.start_date,
                    pin=values.pin,
                    entrants=values.entrants,
                    entrant_labels=values.entrant_labels or None,
                    actor=station,
                )
            )
        except ServiceError as error:
            if on_problem is None:
                QMessageBox.warning(
                    self.window, translate("EventActions", "New event"), error_text(error)
                )
            else:
                on_problem(error_text(error))
            return None
        self.state.saved()
        self.state.open_event(event.id)
        return event.id

    def import_event_file(self, path: Path | None = None) -> int | None:
        """File → Import an event file…: an event exported (Reports → Export event) on
        another laptop becomes a new event here, hands and corrections included, or nothing
        is imported and every problem is listed. Returns the new event's id."""
        if self.state.db is None:
            self.window.statusBar().showMessage(
                translate("EventActions", "No database is open"), 4000
            )
            return None
        if path is None:
            name, _ = QFileDialog.getOpenFileName(
                self.window,
                translate("EventActions", "Import an event file"),
                "",
                translate("EventActions", "Event files (*.json);;All files (*)"),
            )
            if not name:
                return None
            path = Path(name)
        from gin_scorer.services.support.errors import ServiceError
        from gin_scorer.services.writes import exchange

        db, station, chosen = self.state.db, self.state.settings.station, path

        def read_and_import() -> EventView:  # the file read and every row written, on a worker
            text = chosen.read_text(encoding="utf-8-sig")
            return exchange.import_event_json(db, text, actor=station)

        try:
            event = wait_for(read_and_import)
        except (OSError, UnicodeDecodeError) as error:
            QMessageBox.warning(
                self.window,
                translate("EventActions", "Import an event file"),
                translate("EventActions", "{0} cannot be read: {1}").format(
                    path.name, getattr(error, "strerror", None) or error
                ),
            )
            return None
        except ServiceError as error:
            QMessageBox.warning(
                self.window,
                translate("EventActions", "Import an event file"),
                translate("EventActions", "{0}: {1}").format(path.name, error),
            )
            return None
        self.state.saved()
        self.state.open_event(event.id)
        self.window.statusBar().showMessage(
            translate("EventActions", "Imported {0} ({1} entrants) from {2}").format(
                event.name, event.entrant_count, path.name
            ),
            8000,
        )
        return event.id

    def import_entrants(self) -> None:
        """Event → Import entrants from CSV…: the file opens in the add-entrants dialog, to
        read (and fix) before anything is saved."""
        if self.state.opened_event() is None:
            return
        from gin_scorer.gui.entrants_editor import choose_entrants_file

        path = choose_entrants_file(self.window)
        if path is not None:
            self.add_entrants(path)

    def add_entrants(self, csv_file: Path | None = None) -> int:
        """Entrants typed, pasted or imported into the open event (late entries too); returns
        how many were added. A refusal keeps the dialog open with the list as it was."""
        opened = self.state.opened_event()
        if opened is None:
            return 0
        db, event_id = opened
        from gin_scorer.gui.dialog_parts import until_accepted
        from gin_scorer.gui.entrants_editor import AddEntrantsDialog
        from gin_scorer.gui.near_players_prompt import confirm_people
        from gin_scorer.services.writes.entrants import add_entrants
        from gin_scorer.services.writes.events import get_event

        dialog = AddEntrantsDialog(wait_for(lambda: get_event(db, event_id)).name, self.window)
        if csv_file is not None:
            dialog.editor.load_file(csv_file)

        def add() -> int:
            parsed = dialog.editor.parsed()
            # A near miss of a known player is asked about, never linked by itself.
            specs = confirm_people(dialog, db, parsed.specs, event_id=event_id)
            station = self.state.settings.station
            return len(
                wait_for(
                    lambda: add_entrants(db, event_id, specs, labels=parsed.labels, actor=station)
                )
            )

        added = until_accepted(dialog, add, dialog.editor.show_problem)
        if not added:
            return 0
        self.state.changed(
            translate("EventActions", "1 entrant added")
            if added == 1
            else translate("EventActions", "{0} entrants added").format(added)
        )
        return added

    def edit_format_settings(self) -> None:
        opened = self.state.opened_event()
        if opened is None:
            return
        db, event_id = opened
        from gin_scorer.gui.event_settings_dialog import edit_event_settings

        if edit_event_settings(self.window, db, event_id, actor=self.state.settings.station):
            self.state.changed(translate("EventActions", "Format settings saved"))

    def edit_event_rules(self) -> None:
        opened = self.state.opened_event()
        if opened is None:
            return
        db, event_id = opened
        from gin_scorer.gui.event_rules_dialog import edit_event_rules
        from gin_scorer.services.writes.custom_presets import custom_presets_dir

        folder = custom_presets_dir(self.state.settings.data_folder)
        if edit_event_rules(
            self.window, db, event_id, custom_folder=folder, actor=self.state.settings.station
        ):
            self.state.changed(translate("EventActions", "Rule set saved: new matches use it"))

    def change_pin(self) -> None:
        opened = self.state.opened_event()
        if opened is None:
            return
        db, event_id = opened
        from gin_scorer.gui.event_pin_dialog import change_event_pin

        event = change_event_pin(self.window, db, event_id, actor=self.state.settings.station)
        if event is not None:
            self.state.changed(
                translate("EventActions", "Director's PIN set")
                if event.has_pin
                else translate("EventActions", "Director's PIN cleared")
            )

    def finish_or_reopen(self) -> None:
        opened = self.state.opened_event()
        if opened is None:
            return
        db, event_id = opened
        from gin_scorer.gui.event_pin_dialog import finish_or_reopen_event
        from gin_scorer.services.support.dto import EventStatus
        from gin_scorer.services.support.errors import ServiceError

        try:
            event = finish_or_reopen_event(
                self.window, db, event_id, actor=self.state.settings.station
            )
        except ServiceError as error:
            self.window.statusBar().showMessage(
                translate("EventActions", "✖ {0}").format(error_text(error)), 8000
            )
            return
        if event is not None:
            finished = event.status is EventStatus.FINISHED
            self.state.changed(
                translate("EventActions", "{0} is finished").format(event.name)
                if finished
                else translate("EventActions", "{0} is open again").format(event.name)
            )

    def new_match(self) -> None:
        """Club play: the director names both players (and a table if they like)."""
        opened = self.state.opened_event()
        if opened is None:
            return
        db, event_id = opened
        from gin_scorer.core.ledgers.profiles import profile_of
        from gin_scorer.gui.dialog_parts import until_accepted
        from gin_scorer.gui.new_match_dialog import NewMatchDialog, start_table
        from gin_scorer.services.writes.entrants import list_entrants
        from gin_scorer.services.writes.events import get_event

        listed, event = wait_for(lambda: (list_entrants(db, event_id), get_event(db, event_id)))
        entrants = [e for e in listed if e.active]
        if len(entrants) < 2:
            QMessageBox.information(
                self.window,
                translate("EventActions", "New match"),
                translate("EventActions", "The event needs two entrants first."),
            )
            return
        seats = profile_of(event.rules).seats  # a club night's table of three
        three = seats == 3
        dialog = NewMatchDialog(entrants, self.window, three=three)

        def start() -> MatchView:
            return start_table(dialog, db, event_id, self.state.settings.station)

        match = until_accepted(dialog, start, dialog.problem.say)
        if match is not None:
            self.state.saved()
            self.state.refresh_all()
            self.state.open_match(match.id)

    def start_round(self) -> None:
        from gin_scorer.gui.round_dialogs import pair_next_round

        if self._round_action(pair_next_round, translate("EventActions", "Start next round")):
            self.state.show_view("pairings")

    def enter_results(self) -> None:
        """The results mode for the latest round: slips, forfeits, time called, rulings."""
        from gin_scorer.gui.results_dialog import enter_results
        from gin_scorer.services.writes.rounds import list_rounds

        opened = self.state.opened_event()
        if opened is None:
            return
        db, event_id = opened
        rounds = wait_for(lambda: list_rounds(db, event_id))
        if not rounds:
            self.window.statusBar().showMessage(
                translate("EventActions", "✖ No round is paired yet: start a round first"),
                8000,
            )
            return
        number = rounds[-1].number
        entered = enter_results(
            self.window,
            db,
            event_id,
            number,
            entered_by=self.state.settings.station,
            recorded=self.state.show_result,
        )
        if entered:
            if entered == 1:
                said = translate("EventActions", "1 result entered for round {0}").format(number)
            else:
                said = translate("EventActions", "{0} results entered for round {1}").format(
                    entered, number
                )
            self.window.statusBar().showMessage(said, 8000)
            self.state.saved()
            self.state.refresh_all()
            self.state.reload_sheet()  # the table open behind the window may have got its slip

    def take_back_round(self) -> None:
        from gin_scorer.gui.round_dialogs import take_back_round

        self._round_action(take_back_round, translate("EventActions", "Take back a round"))

    def _round_action(self, action: Callable[..., object], title: str) -> bool:
        """Run a round dialog on the open event: its sentence goes to the status bar, a
        refusal to a message box (the status bar cut it off mid-name) offering the step it
        names. True when the round changed."""
        from gin_scorer.gui.round_dialogs import NEW_MATCH, SLIPS, Refused, show_refusal

        opened = self.state.opened_event()
        if opened is None:
            return False
        message = action(self.window, *opened, actor=self.state.settings.station)
        if isinstance(message, Refused):
            step = show_refusal(self.window, title, message)
            {SLIPS: self.enter_results, NEW_MATCH: self.new_match}.get(step, lambda: None)()
            return False
        if not isinstance(message, str):
            return False
        self.window.statusBar().showMessage(message, 8000)
        self.state.saved()
        self.state.refresh_all()
        return True

    def try_demo(self) -> None:
        """Play a simulated 16-player Swiss event into this database, on a worker, with a
        progress dialog that can stop it between two matches (what was played stays)."""
        from gin_scorer.gui.demo_play import DemoPlay

        if self.state.db is None or (self.state.demo is not None and self.state.demo.running):
            return
        self.state.welcome.demo_button.setEnabled(False)
        self.state.welcome.show_message(
            translate("EventActions", "Playing a simulated 16-player Swiss event…")
        )
        self.state.demo = DemoPlay(self.state.db, self.window, on_finished=self._demo_finished)

    def _demo_finished(self, ok: bool, message: str) -> None:
        self.state.welcome.demo_button.setEnabled(True)
        self.state.welcome.show_message(message, error=not ok)
        self.state.refresh_all(then=self._open_newest_event)

    def _open_newest_event(self) -> None:
        """The event the demo just played (the newest), once the tables are read."""
        if self.state.events:
            self.state.open_event(max(e.id for e in self.state.events))
