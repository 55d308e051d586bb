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

from gin_scorer.gui.i18n import translate
from gin_scorer.gui.main_window.station import StationSync
from gin_scorer.presentation.words import error_text, say
from gin_scorer.services.dto import MatchView

if TYPE_CHECKING:  # the store and services load after the window shows (faster start)
    from gin_scorer.gui.event_dialog import NewEvent


class EventActions(StationSync):
    """What a director does to an event, each through the services."""

    def new_event(self) -> None:
        from gin_scorer.gui.event_dialog import NewEventDialog
        from gin_scorer.presets import list_presets
        from gin_scorer.services import custom_presets as saved

        folder = saved.custom_presets_dir(self.settings.data_folder)
        custom, unreadable = saved.list_custom_presets(folder)
        for problem in unreadable:
            self.statusBar().showMessage(
                translate("EventActions", "Custom preset skipped: {0}").format(say(problem)),
                8000,
            )
        dialog = NewEventDialog(
            list_presets() + custom, self.settings.default_preset, self, custom_folder=folder
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
        if self.db is None:
            return None
        from gin_scorer.services.errors import ServiceError
        from gin_scorer.services.events import create_event

        try:
            event = create_event(
                self.db,
                name=values.name,
                rules=values.rules,
                format=values.format,
                venue=values.venue,
                start_date=values.start_date,
                pin=values.pin,
                entrants=values.entrants,
                entrant_labels=values.entrant_labels or None,
                actor=self.settings.station,
            )
        except ServiceError as error:
            if on_problem is None:
                QMessageBox.warning(self, translate("EventActions", "New event"), error_text(error))
            else:
                on_problem(error_text(error))
            return None
        self._saved()
        self.open_event(event.id)
        return event.id

    def import_event_file(self, path: Path | None = None) -> int | None:
        """File → Import an event file…: an event exported (Reports → Export event) on
        another laptop becomes a new event here, hands and corrections included, or nothing
        is imported and every problem is listed. Returns the new event's id."""
        if self.db is None:
            self.statusBar().showMessage(translate("EventActions", "No database is open"), 4000)
            return None
        if path is None:
            name, _ = QFileDialog.getOpenFileName(
                self,
                translate("EventActions", "Import an event file"),
                "",
                translate("EventActions", "Event files (*.json);;All files (*)"),
            )
            if not name:
                return None
            path = Path(name)
        from gin_scorer.services import exchange
        from gin_scorer.services.errors import ServiceError

        try:
            text = path.read_text(encoding="utf-8-sig")
            event = exchange.import_event_json(self.db, text, actor=self.settings.station)
        except (OSError, UnicodeDecodeError) as error:
            QMessageBox.warning(
                self,
                translate("EventActions", "Import an event file"),
                translate("EventActions", "{0} cannot be read: {1}").format(
                    path.name, getattr(error, "strerror", None) or error
                ),
            )
            return None
        except ServiceError as error:
            QMessageBox.warning(
                self,
                translate("EventActions", "Import an event file"),
                translate("EventActions", "{0}: {1}").format(path.name, error),
            )
            return None
        self._saved()
        self.open_event(event.id)
        self.statusBar().showMessage(
            translate("EventActions", "Imported {0} ({1} entrants) from {2}").format(
                event.name, event.entrant_count, path.name
            ),
            8000,
        )
        return event.id

    def import_entrants(self) -> None:
        """Event → Import entrants from CSV…: the file opens in the add-entrants dialog, to
        read (and fix) before anything is saved."""
        if self._open_event() is None:
            return
        from gin_scorer.gui.entrants_editor import choose_entrants_file

        path = choose_entrants_file(self)
        if path is not None:
            self.add_entrants(path)

    def add_entrants(self, csv_file: Path | None = None) -> int:
        """Entrants typed, pasted or imported into the open event (late entries too); returns
        how many were added. A refusal keeps the dialog open with the list as it was."""
        opened = self._open_event()
        if opened is None:
            return 0
        db, event_id = opened
        from gin_scorer.gui.dialog_parts import until_accepted
        from gin_scorer.gui.entrants_editor import AddEntrantsDialog
        from gin_scorer.gui.near_players_prompt import confirm_people
        from gin_scorer.services.entrants import add_entrants
        from gin_scorer.services.events import get_event

        dialog = AddEntrantsDialog(get_event(db, event_id).name, self)
        if csv_file is not None:
            dialog.editor.load_file(csv_file)

        def add() -> int:
            parsed = dialog.editor.parsed()
            # A near miss of a known player is asked about, never linked by itself.
            specs = confirm_people(dialog, db, parsed.specs, event_id=event_id)
            return len(
                add_entrants(db, event_id, specs, labels=parsed.labels, actor=self.settings.station)
            )

        added = until_accepted(dialog, add, dialog.editor.show_problem)
        if not added:
            return 0
        self._changed(
            translate("EventActions", "1 entrant added")
            if added == 1
            else translate("EventActions", "{0} entrants added").format(added)
        )
        return added

    def edit_format_settings(self) -> None:
        opened = self._open_event()
        if opened is None:
            return
        db, event_id = opened
        from gin_scorer.gui.event_settings_dialog import edit_event_settings

        if edit_event_settings(self, db, event_id, actor=self.settings.station):
            self._changed(translate("EventActions", "Format settings saved"))

    def edit_event_rules(self) -> None:
        opened = self._open_event()
        if opened is None:
            return
        db, event_id = opened
        from gin_scorer.gui.event_rules_dialog import edit_event_rules
        from gin_scorer.services.custom_presets import custom_presets_dir

        folder = custom_presets_dir(self.settings.data_folder)
        if edit_event_rules(self, db, event_id, custom_folder=folder, actor=self.settings.station):
            self._changed(translate("EventActions", "Rule set saved: new matches use it"))

    def change_pin(self) -> None:
        opened = self._open_event()
        if opened is None:
            return
        db, event_id = opened
        from gin_scorer.gui.event_pin_dialog import change_event_pin

        event = change_event_pin(self, db, event_id, actor=self.settings.station)
        if event is not None:
            self._changed(
                translate("EventActions", "Director's PIN set")
                if event.has_pin
                else translate("EventActions", "Director's PIN cleared")
            )

    def finish_or_reopen(self) -> None:
        opened = self._open_event()
        if opened is None:
            return
        db, event_id = opened
        from gin_scorer.gui.event_pin_dialog import finish_or_reopen_event
        from gin_scorer.services.dto import EventStatus
        from gin_scorer.services.errors import ServiceError

        try:
            event = finish_or_reopen_event(self, db, event_id, actor=self.settings.station)
        except ServiceError as error:
            self.statusBar().showMessage(
                translate("EventActions", "✖ {0}").format(error_text(error)), 8000
            )
            return
        if event is not None:
            finished = event.status is EventStatus.FINISHED
            self._changed(
                translate("EventActions", "{0} is finished").format(event.name)
                if finished
                else translate("EventActions", "{0} is open again").format(event.name)
            )

    def new_match(self) -> None:
        """Club play: the director names both players (and a table if they like)."""
        opened = self._open_event()
        if opened is None:
            return
        db, event_id = opened
        from gin_scorer.gui.dialog_parts import until_accepted
        from gin_scorer.gui.new_match_dialog import NewMatchDialog, start_table
        from gin_scorer.services.entrants import list_entrants
        from gin_scorer.services.events import get_event
        from gin_scorer.services.match_seats import is_three_player

        entrants = [e for e in list_entrants(db, event_id) if e.active]
        if len(entrants) < 2:
            QMessageBox.information(
                self,
                translate("EventActions", "New match"),
                translate("EventActions", "The event needs two entrants first."),
            )
            return
        three = is_three_player(get_event(db, event_id).rules)  # a club night's table of three
        dialog = NewMatchDialog(entrants, self, three=three)

        def start() -> MatchView:
            return start_table(dialog, db, event_id, self.settings.station)

        match = until_accepted(dialog, start, dialog.problem.say)
        if match is not None:
            self._saved()
            self.refresh_all()
            self.open_match(match.id)

    def start_round(self) -> None:
        from gin_scorer.gui.round_dialogs import pair_next_round

        if self._round_action(pair_next_round, translate("EventActions", "Start next round")):
            self.show_view("pairings")

    def enter_results(self) -> None:
        """The results mode for the latest round: slips, forfeits, time called, rulings."""
        from gin_scorer.gui.results_dialog import enter_results
        from gin_scorer.services.rounds import list_rounds

        opened = self._open_event()
        if opened is None:
            return
        db, event_id = opened
        rounds = list_rounds(db, event_id)
        if not rounds:
            self.statusBar().showMessage(
                translate("EventActions", "✖ No round is paired yet: start a round first"),
                8000,
            )
            return
        number = rounds[-1].number
        entered = enter_results(
            self, db, event_id, number, entered_by=self.settings.station, recorded=self.show_result
        )
        if entered:
            if entered == 1:
                said = translate("EventActions", "1 result entered for round {0}").format(number)
            else:
                said = translate("EventActions", "{0} results entered for round {1}").format(
                    entered, number
                )
            self.statusBar().showMessage(said, 8000)
            self._saved()
            self.refresh_all()
            self.reload_sheet()  # the table open behind the window may have got its slip

    def take_back_round(self) -> None:
        from gin_scorer.gui.round_dialogs import take_back_round

        self._round_action(take_back_round, translate("EventActions", "Take back a round"))

    def _round_action(self, action: Callable[..., object], title: str) -> bool:
        """Run a round dialog on the open event: its sentence goes to the status bar, a
        refusal to a message box (the status bar cut it off mid-name) offering the step it
        names. True when the round changed."""
        from gin_scorer.gui.round_dialogs import NEW_MATCH, SLIPS, Refused, show_refusal

        opened = self._open_event()
        if opened is None:
            return False
        message = action(self, *opened, actor=self.settings.station)
        if isinstance(message, Refused):
            step = show_refusal(self, title, message)
            {SLIPS: self.enter_results, NEW_MATCH: self.new_match}.get(step, lambda: None)()
            return False
        if not isinstance(message, str):
            return False
        self.statusBar().showMessage(message, 8000)
        self._saved()
        self.refresh_all()
        return True

    def projector(self) -> None:
        opened = self._open_event()
        if opened is None:
            return
        db, event_id = opened
        from gin_scorer.gui.projector_screen import choose_screen
        from gin_scorer.gui.views import ProjectorWindow

        screen = choose_screen(self)
        if screen is None:
            return
        self._projector = ProjectorWindow(
            db, event_id, self.settings.projector_seconds, clock=self.round_clock
        )
        self._projector.setScreen(screen)
        self._projector.setGeometry(screen.geometry())
        self._projector.showFullScreen()

    def show_round_clock(self) -> None:
        """Event → Round clock: set its length, start, pause, reset (for the latest round)."""
        from gin_scorer.gui.round_clock_dialog import RoundClockDialog

        latest = (
            self.round_numbers[-1] if self.event_id is not None and self.round_numbers else None
        )
        self._clock_dialog = RoundClockDialog(self.round_clock, latest, self)
        self._clock_dialog.show()

    def open_room(self) -> None:
        """Event → Open the room…: serve the event's room from this computer (address, QR
        code, who can reach it); it closes with the app."""
        opened = self._open_event()
        if opened is None:
            return
        db, event_id = opened
        from gin_scorer.gui.room_dialog import RoomDialog
        from gin_scorer.services.events import get_event

        self._room_dialog = RoomDialog(self.room, db, event_id, get_event(db, event_id).name, self)
        self._room_dialog.show()

    def try_demo(self) -> None:
        """Play a simulated 16-player Swiss event into this database, on a worker, with a
        progress dialog that can stop it between two matches (what was played stays)."""
        from gin_scorer.gui.demo_play import DemoPlay

        if self.db is None or (self._demo is not None and self._demo.running):
            return
        self.welcome.demo_button.setEnabled(False)
        self.welcome.show_message(
            translate("EventActions", "Playing a simulated 16-player Swiss event…")
        )
        self._demo = DemoPlay(self.db, self, on_finished=self._demo_finished)

    def _demo_finished(self, ok: bool, message: str) -> None:
        self.welcome.demo_button.setEnabled(True)
        self.welcome.show_message(message, error=not ok)
        self.refresh_all(then=self._open_newest_event)

    def _open_newest_event(self) -> None:
        """The event the demo just played (the newest), once the tables are read."""
        if self.events:
            self.open_event(max(e.id for e in self.events))
