"""The Reports menu (PDFs and exports), locking a result, the settings and the help."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QT_TRANSLATE_NOOP
from PySide6.QtWidgets import (
    QFileDialog,
    QInputDialog,
    QMenu,
    QMessageBox,
)

from gin_scorer import __version__
from gin_scorer.gui.background import Operation, Report, in_background, wait_for
from gin_scorer.gui.i18n import translate
from gin_scorer.gui.main_window.station_sync import StationSync
from gin_scorer.gui.main_window.window_state import WindowState
from gin_scorer.presentation.words import error_text

if TYPE_CHECKING:  # the store and services load after the window shows (faster start)
    from gin_scorer.reports.request import ReportRequest
    from gin_scorer.services.support.database import Database
    from gin_scorer.services.support.dto import ScoreSheet


class ReportActions:
    """The printouts and exports, the lock, the settings and the help, on the window's shared
    state (the settings change the station's backups)."""

    def __init__(self, state: WindowState, station: StationSync) -> None:
        self.state = state
        self.station = station
        self.window = state.window  # the dialogs' parent
        self._report: Operation[Path] | None = None

    def fill_menu(self, menu: QMenu, add: Callable[[str, Callable[[], object]], object]) -> None:
        """The Reports menu, filled when first opened (the report modules load reportlab,
        not needed to start); ``add(text, slot)`` puts a command in it."""
        if menu.actions():
            return
        from gin_scorer.reports import KINDS
        from gin_scorer.reports.build import CLUB_KINDS

        labels = {
            "standings": str(QT_TRANSLATE_NOOP("ReportActions", "&Standings…")),
            "pairings": str(QT_TRANSLATE_NOOP("ReportActions", "&Pairings…")),
            "sheet": str(QT_TRANSLATE_NOOP("ReportActions", "Score s&heet…")),
            "pad": str(QT_TRANSLATE_NOOP("ReportActions", "Blank p&ad…")),
            "slips": str(QT_TRANSLATE_NOOP("ReportActions", "Result s&lips…")),
            "bracket": str(QT_TRANSLATE_NOOP("ReportActions", "&Bracket…")),
            "player": str(QT_TRANSLATE_NOOP("ReportActions", "Pla&yer sheet…")),
            "tents": str(QT_TRANSLATE_NOOP("ReportActions", "&Table tents…")),
            "signin": str(QT_TRANSLATE_NOOP("ReportActions", "S&ign-in sheet…")),
            "badges": str(QT_TRANSLATE_NOOP("ReportActions", "Name ba&dges…")),
        }
        for kind in KINDS:
            if kind in CLUB_KINDS:
                continue  # printed from the club's window (Club → Players, Seasons)
            label = translate("ReportActions", labels.get(kind, kind))
            add(label, self._report_asker(kind))
        menu.addSeparator()
        add(
            translate("ReportActions", "Export event (&JSON)…"),
            lambda: self.ask_export("event"),
        )
        add(
            translate("ReportActions", "Export &entrants (CSV)…"),
            lambda: self.ask_export("entrants"),
        )
        add(
            translate("ReportActions", "Export &results (CSV)…"),
            lambda: self.ask_export("results"),
        )
        add(
            translate("ReportActions", "Export ha&nds (CSV)…"),
            lambda: self.ask_export("hands"),
        )

    def _report_asker(self, kind: str) -> Callable[[], None]:
        return lambda: self.ask_report(kind)

    def ask_report(self, kind: str) -> None:
        if self.state.db is None:
            return
        suggested = str(Path.home() / f"{kind}.pdf")
        path, _ = QFileDialog.getSaveFileName(
            self.window,
            translate("ReportActions", "Save the {0} report").format(kind),
            suggested,
            translate("ReportActions", "PDF (*.pdf)"),
        )
        if path:
            self.make_report(kind, path)

    def report_options(self, kind: str) -> ReportRequest:
        """What the Reports menu asks for: this event, the open match's sheet, a blank pad (the
        kind's own request, taking what it reads of these)."""
        from gin_scorer.reports.request import request_for

        sheet = self.state.scoring.sheet if self.state.scoring else None
        room = self.state.room.server if self.state.room.running else None
        return request_for(
            kind,
            event_id=self.state.event_id,
            match_id=sheet.match.id if kind == "sheet" and sheet is not None else None,
            blank=kind == "pad",
            paper=self.state.settings.paper_size,
            # While the room is open, the table tents carry each table's code for its page.
            room=room.addresses[0]
            if room is not None and room.event_id == self.state.event_id
            else None,
        )

    def make_report(self, kind: str, path: str) -> Operation[Path] | None:
        """Write the PDF on a worker (reportlab takes a while on a big event); the status bar
        says where it went and how long it took. One report at a time."""
        if self._report is not None and self._report.running:
            return None
        from gin_scorer.reports import build

        chosen, db = self.report_options(kind), self.state.db
        started = time.perf_counter()
        self.window.statusBar().showMessage(translate("ReportActions", "Writing {0}…").format(path))

        def write(_report: Report) -> Path:
            return build(chosen, db, path)

        def written(out: Path) -> None:
            seconds = time.perf_counter() - started
            self.window.statusBar().showMessage(
                translate("ReportActions", "Wrote {0} in {1:.1f} s").format(out, seconds),
                8000,
            )

        self._report = in_background(
            write, on_done=written, on_error=self._report_failed, parent=self.window
        )
        return self._report

    def _report_failed(self, error: Exception) -> None:
        from gin_scorer.reports import ReportError

        if not isinstance(error, ReportError | OSError):
            raise error  # a fault of ours: the app's fault handler logs it and says so
        self.window.statusBar().clearMessage()
        QMessageBox.warning(self.window, translate("ReportActions", "Report"), error_text(error))

    def ask_export(self, what: str) -> None:
        if self.state.opened_event() is None:
            return
        suffix = "json" if what == "event" else "csv"
        path, _ = QFileDialog.getSaveFileName(
            self.window,
            translate("ReportActions", "Export {0}").format(what),
            str(Path.home() / f"{what}.{suffix}"),
            translate("ReportActions", "{0} (*.{1})").format(suffix.upper(), suffix),
        )
        if path:
            self.export(what, path)

    def export(self, what: str, path: str) -> Path | None:
        """Write an export through the services (event as JSON; entrants, results and hands
        as CSV)."""
        from gin_scorer.services.support.errors import ServiceError
        from gin_scorer.services.support.spreadsheet_csv import write_csv_file
        from gin_scorer.services.writes import exchange

        if self.state.db is None or self.state.event_id is None:
            return None
        db, event_id = self.state.db, self.state.event_id

        def write() -> Path:
            if what == "event":
                text = exchange.export_event_json(db, event_id)
            elif what == "entrants":
                text = exchange.export_entrants(db, event_id, "csv")
            elif what == "results":
                text = exchange.export_results(db, event_id, "csv")
            else:
                text = exchange.export_hands(db, event_id, "csv")
            out = Path(path)
            if what == "event":
                out.write_text(text, encoding="utf-8")
            else:  # the one CSV writer: BOM and CRLF for Excel, no live formulas
                write_csv_file(out, text)
            return out

        try:
            out = wait_for(write)  # a 100,000-hand export reads for seconds: not on the UI thread
        except (ServiceError, OSError) as error:
            QMessageBox.warning(
                self.window, translate("ReportActions", "Export"), error_text(error)
            )
            return None
        self.window.statusBar().showMessage(
            translate("ReportActions", "Wrote {0}").format(out), 8000
        )
        return out

    def set_locked(self, locked: bool, pin: str | None = None) -> bool:
        """Seal (or unseal) the open match's result with the director's PIN."""
        from gin_scorer.services.writes.matches import set_result_lock

        return self._change_open_match(
            lambda db, sheet, given: set_result_lock(
                db,
                sheet.match.id,
                sheet.version,
                locked=locked,
                pin=given,
                actor=self.state.settings.station,
            ),
            pin=pin,
        )

    def take_back_result(self, reason: str | None = None) -> bool:
        """Take back the open match's reported result (slip, forfeit, time called, ruling):
        it stays in the log, and the match is again what its hands say."""
        sheet = self.state.scoring.sheet if self.state.scoring else None
        if sheet is not None and sheet.result is None and self.state.scoring is not None:
            self.state.scoring.panel.show_error(
                translate("ReportActions", "this match has no reported result to take back")
            )
            return False
        if sheet is not None and reason is None:
            reason, ok = QInputDialog.getText(
                self.window,
                translate("ReportActions", "Take back the result"),
                translate("ReportActions", "Why is the reported result taken back?"),
            )
            if not ok or not reason.strip():
                return False
        from gin_scorer.services.writes.results import void_result

        why = reason or ""
        done = self._change_open_match(
            lambda db, open_sheet, given: wait_for(
                lambda: void_result(
                    db,
                    open_sheet.match.id,
                    open_sheet.version,
                    reason=why,
                    entered_by=self.state.settings.station,
                    pin=given,
                )
            )
        )
        if done:
            message = translate(
                "ReportActions", "Reported result taken back: the hands decide again"
            )
            self.window.statusBar().showMessage(message, 8000)
            self.state.refresh_all()
        return done

    def _change_open_match(
        self,
        change: Callable[[Database, ScoreSheet, str | None], ScoreSheet],
        *,
        pin: str | None = None,
    ) -> bool:
        """``change(db, sheet, pin)`` on the open match, the PIN asked for only when the
        services want one (with their sentence saying why); a refusal shown on the sheet."""
        sheet = self.state.scoring.sheet if self.state.scoring else None
        if self.state.db is None or sheet is None or self.state.scoring is None:
            self.window.statusBar().showMessage(
                translate("ReportActions", "Open a match first"), 4000
            )
            return False
        from gin_scorer.gui.pin_prompt import with_pin
        from gin_scorer.services.support.errors import ServiceError, StoreError

        db = self.state.db
        try:
            fresh = with_pin(self.window, lambda given: change(db, sheet, given), first=pin)
        except (ServiceError, StoreError) as error:
            self.state.scoring.panel.show_error(error_text(error))
            return False
        if fresh is None:
            return False
        self.state.scoring.show_sheet(fresh)
        self.state.saved()
        return True

    def edit_settings(self) -> None:
        from gin_scorer.gui.settings_dialog import SettingsDialog
        from gin_scorer.services.support.name_order import name_order, set_name_order

        db = self.state.db
        order = wait_for(lambda: name_order(db)) if db is not None else None
        dialog = SettingsDialog(self.state.settings, self.window, name_order=order)
        if dialog.exec() == SettingsDialog.DialogCode.Accepted:
            self.state.settings = dialog.saved()
            self.state.station_label.setText(
                translate("ReportActions", "Station: {0}").format(self.state.settings.station)
            )
            self.station.apply_backup_interval()
            chosen = dialog.name_order()
            if db is not None and chosen is not order:
                wait_for(lambda: set_name_order(db, chosen))
                self.state.refresh_all()  # every list of players in the new order

    def about_text(self) -> str:
        title = translate("ReportActions", "Gin Scorer {0}").format(__version__)
        what = translate("ReportActions", "Score keeping for Gin Rummy tournaments and clubs.")
        where = translate("ReportActions", "Database: {0}").format(self.state.database)
        return f"<h3>{title}</h3><p>{what}</p><p>{where}</p>"

    def show_about(self) -> None:
        QMessageBox.about(
            self.window, translate("ReportActions", "About Gin Scorer"), self.about_text()
        )

    def show_help(self, menus: Iterable[QMenu]) -> None:
        """F1: the desk's help, with the shortcuts as ``menus`` have them now."""
        from gin_scorer.gui.help_window import HelpDialog, help_text, shortcuts_table

        actions = [
            (menu.title().replace("&", ""), action)
            for menu in menus
            for action in menu.actions()
            if not action.isSeparator() and action.menu() is None
        ]
        heading = translate("ReportActions", "Every keyboard shortcut")
        markdown = f"{help_text()}\n\n## {heading}\n\n{shortcuts_table(actions)}"
        self._help = HelpDialog(markdown, self.window)
        self._help.show()
