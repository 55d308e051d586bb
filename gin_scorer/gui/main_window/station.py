"""The database the window works on: opening it (a file or a server), the other stations'
changes looked for on a worker every few seconds, backups and restores.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QThreadPool
from PySide6.QtWidgets import (
    QFileDialog,
    QInputDialog,
    QMessageBox,
)

from gin_scorer.gui.background import (
    Operation,
    asked_on_ui_thread,
    hear_writes,
    in_background,
    wait_for,
)
from gin_scorer.gui.i18n import translate
from gin_scorer.gui.main_window.pages import WindowPages
from gin_scorer.gui.queries import read_matches, watch_gui_thread
from gin_scorer.gui.screen_fit import remember_window
from gin_scorer.presentation.words import error_text
from gin_scorer.services.dto import ChangeFeed, MatchView, ScoreSheet

if TYPE_CHECKING:  # the store and services load after the window shows (faster start)
    from gin_scorer.services.backups import BackupFile
    from gin_scorer.services.database import Database
    from gin_scorer.services.written import Changes

POLL_MS = 3000  # how often other stations' changes are looked for


_PAGES = ("gin_scorer.gui.match_controller", "gin_scorer.gui.views")
"""The modules of the pages an open database shows (the score sheet, the event's views):
loaded with the database, on the worker, so that the window that makes the pages next does
not stand still while Python reads them (they load after the window first shows, for a
fast start)."""


def _opened(database: str, station: str) -> tuple[Database, int]:
    """The database opened, and the change feed's marker to poll from (on the worker)."""
    from gin_scorer.services.changes import current_marker
    from gin_scorer.services.database import open_database

    for module in _PAGES:
        importlib.import_module(module)
    db = open_database(database, station=station)
    return db, current_marker(db)


class StationSync(WindowPages):
    """Opens the database, follows the other stations, keeps the backups."""

    def open_db(self, database: str) -> bool:
        from gin_scorer.services.errors import StoreError

        self.room.stop()  # it serves the database being closed
        self.close_club()  # so does the club's window
        self._close_db()
        self.database = database
        self.show_database(database)
        self.reads.forget()  # answers about the database being closed
        try:
            station = self.settings.station
            self.db, self.marker = wait_for(lambda: _opened(database, station))
        except (StoreError, OSError) as error:
            from gin_scorer.services.errors import CorruptDatabase

            cannot = translate("StationSync", "Cannot open {0}: {1}")
            if isinstance(error, CorruptDatabase) and error.newest_good_backup is not None:
                cannot = translate(
                    "StationSync",
                    "Cannot open {0}: {1} In the app: File → Restore a backup… and choose the "
                    "newest.",
                )
            self.welcome.show_message(cannot.format(database, error), error=True)
            self.stack.setCurrentWidget(self.welcome)
            return False
        from gin_scorer.services.backup_keeper import keep_backing_up

        self._stop_backups = keep_backing_up(self.db)  # hands entered elsewhere too
        self.backup_status.watch(self.db)
        if os.environ.get("GIN_SCORER_WATCH_GUI_THREAD"):  # a debug hook (the tests use it)
            self.gui_thread_calls = watch_gui_thread(self.db)
        self._stop_hearing = hear_writes(self.show_changes)  # this desk's own writes
        self.refresh_seal()
        self.undo_stack.clear()
        self.event_id = None
        self._make_pages()
        self.refresh_all()
        self.stack.setCurrentWidget(self.welcome)
        self.poll_timer.start()
        return True

    def choose_database(self) -> None:
        path, _ = QFileDialog.getSaveFileName(
            self,
            translate("StationSync", "Open or create a database"),
            str(Path(self.database).parent),
            translate("StationSync", "Gin Scorer database (*.sqlite *.db);;All files (*)"),
            options=QFileDialog.Option.DontConfirmOverwrite,
        )
        if path:
            self.open_db(path)

    def choose_url(self) -> None:
        """A shared PostgreSQL database, for several stations at one event."""
        url, ok = QInputDialog.getText(
            self,
            translate("StationSync", "Open a server database"),
            translate("StationSync", "PostgreSQL URL, e.g. postgresql+psycopg://user@host/gin:"),
            text=self.database if "://" in self.database else "",
        )
        if ok and url.strip():
            self.open_db(url.strip())

    def closeEvent(self, event: object) -> None:
        remember_window(self)
        self.poll_timer.stop()
        self.room.stop()  # the phones' pages go with the desk
        if self._demo is not None and self._demo.running:
            self._demo.stop()  # the run ends after the match being played; it stays recorded
        # A backup, a report or a look at the other stations may still be running on a worker
        # with this database: let it finish before the database is closed under it.
        QThreadPool.globalInstance().waitForDone(30_000)
        self.undo_stack.clear()  # commands hold Python callbacks: drop them while Python runs
        self.navigator_model.empty()  # items hold Python values: release them now, not at exit
        self._close_db()
        super().closeEvent(event)  # type: ignore[arg-type]

    def _close_db(self) -> None:
        """Close the open database (after its backup in flight) and stop following it."""
        if self._stop_backups is not None:
            self._stop_backups()
            self._stop_backups = None
        self.backup_status.watch(None)
        self._stop_hearing()
        if self.gui_thread_calls is not None:
            self.gui_thread_calls.stop()
        if self.db is not None:
            self.db.close()
            self.db = None

    def poll_changes(self) -> Operation[ChangeFeed] | None:
        """Look for other stations' writes on a worker (a slow server never freezes the
        window); refresh what they touched when the answer comes. While one look is out, the
        timer's next tick starts no second one."""
        if self.db is None or (self._poll is not None and self._poll.running):
            return None
        from gin_scorer.services.changes import changes_since

        db, marker = self.db, self.marker
        self._poll = in_background(
            lambda _report: changes_since(db, marker),
            on_done=lambda feed: self._apply_changes(db, feed),
            on_error=self._poll_failed,
            parent=self,
        )
        return self._poll

    def _apply_changes(self, db: Database, feed: ChangeFeed) -> None:
        """Other stations' writes: refresh what they touched (on the UI thread)."""
        from gin_scorer.services.written import changes_in_feed

        if db is not self.db:
            return  # another database was opened meanwhile
        self.marker = feed.marker
        if feed.changes:  # any station's, this one's too (not every write passes _saved)
            self.refresh_seal()
        mine = self.settings.station
        self.show_changes(changes_in_feed(feed, but_station=mine), others=True)

    def show_changes(self, changes: Changes, *, others: bool = False) -> None:
        """What a write changed (this desk's, heard from ``wait_for``, or ``others``'
        stations', from the poll), shown: the tree read again when events, rounds or
        entrants changed, else the lines of the tables it names; the event's views it
        concerns; the open sheet when it names its table — at once for another station's
        write, and for this desk's when the table read back is not the one the sheet shows
        (a hand typed here shows the sheet its write returned: not read twice)."""
        if self.db is None or not changes:
            return
        sheet = self.scoring.sheet if self.scoring else None
        named = sheet is not None and sheet.match.id in changes.matches
        if named and others and sheet is not None:
            self._reread_sheet(self.db, sheet.match.id)
        then = self._sheet_behind if named and not others else None
        if not changes.matches_only:
            self.refresh_all(then, changes)  # new events, rounds or entrants: the tree
        elif changes.matches:
            self._refresh_match_lines(changes.matches, changes, then)  # hands only

    def _sheet_behind(self, read: tuple[MatchView, ...] | None = None) -> None:
        """The open sheet read again when its table, as just read (``read``, or the tables
        of the last read), is not the one the sheet shows."""
        sheet = self.scoring.sheet if self.scoring else None
        if sheet is None or self.db is None:
            return
        tables = read if read is not None else self.matches.get(sheet.match.event_id, ())
        now = next((m for m in tables if m.id == sheet.match.id), None)
        if now is not None and (now != sheet.match or now.version != sheet.version):
            self._reread_sheet(self.db, sheet.match.id)

    def _reread_sheet(self, db: Database, match_id: int) -> None:
        """The sheet on screen read again (another station entered a hand on it); shown if
        it is still the one on screen, and no older than what is shown."""
        from gin_scorer.services.matches import get_score_sheet

        def show(sheet: ScoreSheet) -> None:
            shown = self.scoring.sheet if self.scoring is not None else None
            if shown is None or shown.match.id != match_id or sheet.version < shown.version:
                return  # another sheet is shown now, or a newer one (entered here)
            if sheet == shown:
                return  # shown already (the write was this sheet's own)
            if self.scoring is not None:
                self.scoring.show_sheet(sheet)

        self.read_then("sheet", lambda: get_score_sheet(db, match_id), show)

    def _poll_failed(self, error: Exception) -> None:
        """A look that failed (the server away, the file busy): said in the status bar; the
        next tick tries again."""
        from gin_scorer.services.errors import ServiceError, StoreError

        if not isinstance(error, ServiceError | StoreError):
            raise error  # a fault of ours: the app's fault handler logs it and says so
        self.statusBar().showMessage(
            translate("StationSync", "Other stations' changes not read: {0}").format(
                error_text(error)
            ),
            POLL_MS * 2,
        )

    def _refresh_match_lines(
        self,
        match_ids: frozenset[int],
        changes: Changes,
        then: Callable[[tuple[MatchView, ...]], None] | None = None,
    ) -> None:
        """Relabel the tables other stations changed, read on the worker. Tables asked for
        while a read is out are read with the next one, so none is missed."""
        if self.db is None:
            return
        db = self.db
        self._lines_to_read |= match_ids
        asked = frozenset(self._lines_to_read)

        def show(matches: tuple[MatchView, ...]) -> None:
            self._lines_to_read -= asked
            for match in matches:
                self.navigator_model.update_match(match)
            self.refresh_event_views(changes=changes)
            if then is not None:
                then(matches)

        self.read_then("match lines", lambda: read_matches(db, asked), show)

    def back_up_now(self) -> Operation[BackupFile] | None:
        """A backup now, on a worker (a server database is copied across the network); the
        status bar says where it went. A second click while one runs starts nothing."""
        if self.db is None:
            self.statusBar().showMessage(translate("StationSync", "No database is open"), 4000)
            return None
        if self._backup is not None and self._backup.running:
            return self._backup
        from gin_scorer.services.backups import back_up_now

        db = self.db
        self.statusBar().showMessage(translate("StationSync", "Backing up…"))
        self._backup = in_background(
            lambda _report: back_up_now(db),
            on_done=lambda made: self.statusBar().showMessage(
                translate("StationSync", "Backed up to {0}").format(made.path),
                10000,
            ),
            on_error=self._backup_failed,
            parent=self,
        )
        return self._backup

    def _backup_failed(self, error: Exception) -> None:
        from gin_scorer.services.errors import StoreError

        if not isinstance(error, StoreError | OSError):
            raise error  # a fault of ours: the app's fault handler logs it and says so
        self.statusBar().clearMessage()
        QMessageBox.warning(
            self,
            translate("StationSync", "Back up now"),
            translate("StationSync", "The backup failed: {0}").format(error_text(error)),
        )

    def restore_backup(self) -> bool:
        """Choose a backup (of this database, or any file), then replace the database by it.
        Works on a damaged database too: that is when it is needed most."""
        from gin_scorer.gui.backup_dialog import PinCancelled, ask_database_pin
        from gin_scorer.services.backups import restore_backup
        from gin_scorer.services.errors import StoreError

        chosen = self._chosen_backup()
        if chosen is None:
            return False
        if self.db is not None:  # the file is about to be replaced under it
            self.poll_timer.stop()
            self._close_db()
        try:
            # On a worker: copying, checking and migrating a large file takes its time. The
            # PIN, when the file is guarded, is asked half-way through, on the UI thread.
            ask_pin = asked_on_ui_thread(lambda: ask_database_pin(self))
            result = wait_for(lambda: restore_backup(self.database, chosen, ask_pin=ask_pin))
        except PinCancelled:
            self.open_db(self.database)
            return False
        except (StoreError, OSError) as error:
            text = error_text(error)
            if "nothing was" not in text.lower():
                text = translate("StationSync", "Nothing was restored: {0}").format(text)
            QMessageBox.warning(
                self,
                translate("StationSync", "Restore a backup"),
                text[:1].upper() + text[1:],
            )
            self.open_db(self.database)
            return False
        self.open_db(self.database)
        said = [translate("StationSync", "Restored from {0}.").format(result.restored_from)]
        if result.safety_backup is not None:
            said.append(
                translate("StationSync", "The database as it was is kept in {0}").format(
                    result.safety_backup.path
                )
            )
        if result.damaged_moved_to is not None:
            said.append(
                translate("StationSync", "The damaged database was moved to {0}").format(
                    result.damaged_moved_to
                )
            )
        QMessageBox.information(self, translate("StationSync", "Restore a backup"), "\n".join(said))
        return True

    def _chosen_backup(self) -> Path | None:
        """The backup the director picks (of this database, or any file); None: cancelled."""
        from gin_scorer.gui.backup_dialog import RestoreDialog
        from gin_scorer.services.backups import backups_of
        from gin_scorer.services.errors import StoreError

        try:
            found = backups_of(self.db if self.db is not None else self.database)
        except (StoreError, OSError) as error:
            QMessageBox.warning(
                self, translate("StationSync", "Restore a backup"), error_text(error)
            )
            return None
        dialog = RestoreDialog(self.database, found, self)
        try:
            if dialog.exec() != RestoreDialog.DialogCode.Accepted:
                return None
            return dialog.chosen
        finally:
            dialog.deleteLater()

    def apply_backup_interval(self) -> bool:
        """The open database's automatic backups follow the Settings' interval.

        The schedule is kept in the database itself (so every station shares it); this is the
        service call ``gin-scorer backup --every-minutes`` makes too.
        """
        if self.db is None or not self.db.is_sqlite:
            return False
        from gin_scorer.services.backup_schedule import set_backup_schedule
        from gin_scorer.services.errors import StoreError

        try:
            set_backup_schedule(self.db, every_minutes=self.settings.backup_interval_minutes)
        except StoreError as error:
            self.statusBar().showMessage(
                translate("StationSync", "Backup interval not changed: {0}").format(
                    error_text(error)
                ),
                8000,
            )
            return False
        return True
