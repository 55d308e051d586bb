"""The database the window works on: opening it (a file or a server), the other stations'
changes looked for on a worker every few seconds, backups and restores.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QThreadPool, QTimer
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
from gin_scorer.gui.main_window.window_pages import WindowPages, opened_with_pages
from gin_scorer.gui.main_window.window_state import WindowState
from gin_scorer.gui.queries import read_matches, watch_gui_thread
from gin_scorer.presentation.words import error_text
from gin_scorer.services.support.dto import ChangeFeed, MatchView, ScoreSheet

if TYPE_CHECKING:  # the store and services load after the window shows (faster start)
    from gin_scorer.services.support.database import Database
    from gin_scorer.services.support.written import Changes
    from gin_scorer.services.writes.backups import BackupFile

POLL_MS = 3000  # how often other stations' changes are looked for


class StationSync:
    """Opens the database, follows the other stations, keeps the backups: the open database
    in the window's shared state is this part's to change."""

    def __init__(self, state: WindowState, pages: WindowPages) -> None:
        self.state = state
        self.pages = pages
        self.window = state.window  # the dialogs' parent
        self.marker = 0  # the change feed's, polled from
        self._poll: Operation[ChangeFeed] | None = None
        self._backup: Operation[BackupFile] | None = None
        self._stop_backups: Callable[[], None] | None = None
        self._lines_to_read: set[int] = set()  # other stations' tables still to relabel
        self._stop_hearing: Callable[[], None] = lambda: None  # this desk's own writes
        self.poll_timer = QTimer(self.window)
        self.poll_timer.setInterval(POLL_MS)
        self.poll_timer.timeout.connect(self.poll_changes)

    def open_db(self, database: str) -> bool:
        from gin_scorer.services.support.errors import StoreError

        self.state.room.stop()  # it serves the database being closed
        self.state.close_club()  # so does the club's window
        self._close_db()
        self.state.database = database
        self.state.show_database(database)
        self.state.reads.forget()  # answers about the database being closed
        try:
            station = self.state.settings.station
            self.state.db, self.marker = wait_for(lambda: opened_with_pages(database, station))
        except (StoreError, OSError) as error:
            from gin_scorer.services.support.errors import CorruptDatabase

            cannot = translate("StationSync", "Cannot open {0}: {1}")
            if isinstance(error, CorruptDatabase) and error.newest_good_backup is not None:
                cannot = translate(
                    "StationSync",
                    "Cannot open {0}: {1} In the app: File → Restore a backup… and choose the "
                    "newest.",
                )
            self.state.welcome.show_message(cannot.format(database, error), error=True)
            self.state.stack.setCurrentWidget(self.state.welcome)
            return False
        from gin_scorer.services.writes.backup_keeper import keep_backing_up

        self._stop_backups = keep_backing_up(self.state.db)  # hands entered elsewhere too
        self.state.backup_status.watch(self.state.db)
        if os.environ.get("GIN_SCORER_WATCH_GUI_THREAD"):  # a debug hook (the tests use it)
            self.state.gui_thread_calls = watch_gui_thread(self.state.db)
        self._stop_hearing = hear_writes(self.show_changes)  # this desk's own writes
        self.state.refresh_seal()
        self.state.undo_stack.clear()
        self.state.event_id = None
        self.pages.make()
        self.state.refresh_all()
        self.state.stack.setCurrentWidget(self.state.welcome)
        self.poll_timer.start()
        return True

    def choose_database(self) -> None:
        path, _ = QFileDialog.getSaveFileName(
            self.window,
            translate("StationSync", "Open or create a database"),
            str(Path(self.state.database).parent),
            translate("StationSync", "Gin Scorer database (*.sqlite *.db);;All files (*)"),
            options=QFileDialog.Option.DontConfirmOverwrite,
        )
        if path:
            self.open_db(path)

    def choose_url(self) -> None:
        """A shared PostgreSQL database, for several stations at one event."""
        url, ok = QInputDialog.getText(
            self.window,
            translate("StationSync", "Open a server database"),
            translate("StationSync", "PostgreSQL URL, e.g. postgresql+psycopg://user@host/gin:"),
            text=self.state.database if "://" in self.state.database else "",
        )
        if ok and url.strip():
            self.open_db(url.strip())

    def close_down(self) -> None:
        """The window closes: stop following the database, then close it."""
        self.poll_timer.stop()
        self.state.room.stop()  # the phones' pages go with the desk
        if self.state.demo is not None and self.state.demo.running:
            self.state.demo.stop()  # the run ends after the match being played; it stays recorded
        # A backup, a report or a look at the other stations may still be running on a worker
        # with this database: let it finish before the database is closed under it.
        QThreadPool.globalInstance().waitForDone(30_000)
        self.state.undo_stack.clear()  # commands hold Python callbacks: drop them while Python runs
        self.state.navigator_model.empty()  # items hold Python values: release now
        self._close_db()

    def _close_db(self) -> None:
        """Close the open database (after its backup in flight) and stop following it."""
        if self._stop_backups is not None:
            self._stop_backups()
            self._stop_backups = None
        self.state.backup_status.watch(None)
        self._stop_hearing()
        if self.state.gui_thread_calls is not None:
            self.state.gui_thread_calls.stop()
        if self.state.db is not None:
            self.state.db.close()
            self.state.db = None

    def poll_changes(self) -> Operation[ChangeFeed] | None:
        """Look for other stations' writes on a worker (a slow server never freezes the
        window); refresh what they touched when the answer comes. While one look is out, the
        timer's next tick starts no second one."""
        if self.state.db is None or (self._poll is not None and self._poll.running):
            return None
        from gin_scorer.services.support.changes import changes_since

        db, marker = self.state.db, self.marker
        self._poll = in_background(
            lambda _report: changes_since(db, marker),
            on_done=lambda feed: self._apply_changes(db, feed),
            on_error=self._poll_failed,
            parent=self.window,
        )
        return self._poll

    def _apply_changes(self, db: Database, feed: ChangeFeed) -> None:
        """Other stations' writes: refresh what they touched (on the UI thread)."""
        from gin_scorer.services.support.written import changes_in_feed

        if db is not self.state.db:
            return  # another database was opened meanwhile
        self.marker = feed.marker
        if feed.changes:  # any station's, this one's too (not every write passes _saved)
            self.state.refresh_seal()
        mine = self.state.settings.station
        self.show_changes(changes_in_feed(feed, but_station=mine), others=True)

    def show_changes(self, changes: Changes, *, others: bool = False) -> None:
        """What a write changed (this desk's, heard from ``wait_for``, or ``others``'
        stations', from the poll), shown: the tree read again when events, rounds or
        entrants changed, else the lines of the tables it names; the event's views it
        concerns; the open sheet when it names its table — at once for another station's
        write, and for this desk's when the table read back is not the one the sheet shows
        (a hand typed here shows the sheet its write returned: not read twice)."""
        state = self.state
        if state.db is None or not changes:
            return
        sheet = state.scoring.sheet if state.scoring else None
        named = sheet is not None and sheet.match.id in changes.matches
        if named and others and sheet is not None:
            self._reread_sheet(state.db, sheet.match.id)
        then = self._sheet_behind if named and not others else None
        if not changes.matches_only:
            state.refresh_all(then, changes)  # new events, rounds or entrants: the tree
        elif changes.matches:
            self._refresh_match_lines(changes.matches, changes, then)  # hands only

    def _sheet_behind(self, read: tuple[MatchView, ...] | None = None) -> None:
        """The open sheet read again when its table, as just read (``read``, or the tables
        of the last read), is not the one the sheet shows."""
        state = self.state
        sheet = state.scoring.sheet if state.scoring else None
        if sheet is None or state.db is None:
            return
        tables = read if read is not None else state.matches.get(sheet.match.event_id, ())
        now = next((m for m in tables if m.id == sheet.match.id), None)
        if now is not None and (now != sheet.match or now.version != sheet.version):
            self._reread_sheet(state.db, sheet.match.id)

    def _reread_sheet(self, db: Database, match_id: int) -> None:
        """The sheet on screen read again (another station entered a hand on it); shown if
        it is still the one on screen, and no older than what is shown."""
        from gin_scorer.services.writes.matches import get_score_sheet

        def show(sheet: ScoreSheet) -> None:
            shown = self.state.scoring.sheet if self.state.scoring is not None else None
            if shown is None or shown.match.id != match_id or sheet.version < shown.version:
                return  # another sheet is shown now, or a newer one (entered here)
            if sheet == shown:
                return  # shown already (the write was this sheet's own)
            if self.state.scoring is not None:
                self.state.scoring.show_sheet(sheet)

        self.state.read_then("sheet", lambda: get_score_sheet(db, match_id), show)

    def _poll_failed(self, error: Exception) -> None:
        """A look that failed (the server away, the file busy): said in the status bar; the
        next tick tries again."""
        from gin_scorer.services.support.errors import ServiceError, StoreError

        if not isinstance(error, ServiceError | StoreError):
            raise error  # a fault of ours: the app's fault handler logs it and says so
        self.window.statusBar().showMessage(
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
        if self.state.db is None:
            return
        db = self.state.db
        self._lines_to_read |= match_ids
        asked = frozenset(self._lines_to_read)

        def show(matches: tuple[MatchView, ...]) -> None:
            self._lines_to_read -= asked
            for match in matches:
                self.state.navigator_model.update_match(match)
            self.state.refresh_event_views(changes=changes)
            if then is not None:
                then(matches)

        self.state.read_then("match lines", lambda: read_matches(db, asked), show)

    def back_up_now(self) -> Operation[BackupFile] | None:
        """A backup now, on a worker (a server database is copied across the network); the
        status bar says where it went. A second click while one runs starts nothing."""
        if self.state.db is None:
            self.window.statusBar().showMessage(
                translate("StationSync", "No database is open"), 4000
            )
            return None
        if self._backup is not None and self._backup.running:
            return self._backup
        from gin_scorer.services.writes.backups import back_up_now

        db = self.state.db
        self.window.statusBar().showMessage(translate("StationSync", "Backing up…"))
        self._backup = in_background(
            lambda _report: back_up_now(db),
            on_done=lambda made: self.window.statusBar().showMessage(
                translate("StationSync", "Backed up to {0}").format(made.path),
                10000,
            ),
            on_error=self._backup_failed,
            parent=self.window,
        )
        return self._backup

    def _backup_failed(self, error: Exception) -> None:
        from gin_scorer.services.support.errors import StoreError

        if not isinstance(error, StoreError | OSError):
            raise error  # a fault of ours: the app's fault handler logs it and says so
        self.window.statusBar().clearMessage()
        QMessageBox.warning(
            self.window,
            translate("StationSync", "Back up now"),
            translate("StationSync", "The backup failed: {0}").format(error_text(error)),
        )

    def restore_backup(self) -> bool:
        """Choose a backup (of this database, or any file), then replace the database by it.
        Works on a damaged database too: that is when it is needed most."""
        from gin_scorer.gui.backup_dialog import PinCancelled, ask_database_pin
        from gin_scorer.services.support.errors import StoreError
        from gin_scorer.services.writes.backups import restore_backup

        chosen = self._chosen_backup()
        if chosen is None:
            return False
        if self.state.db is not None:  # the file is about to be replaced under it
            self.poll_timer.stop()
            self._close_db()
        try:
            # On a worker: copying, checking and migrating a large file takes its time. The
            # PIN, when the file is guarded, is asked half-way through, on the UI thread.
            ask_pin = asked_on_ui_thread(lambda: ask_database_pin(self.window))
            result = wait_for(lambda: restore_backup(self.state.database, chosen, ask_pin=ask_pin))
        except PinCancelled:
            self.open_db(self.state.database)
            return False
        except (StoreError, OSError) as error:
            text = error_text(error)
            if "nothing was" not in text.lower():
                text = translate("StationSync", "Nothing was restored: {0}").format(text)
            QMessageBox.warning(
                self.window,
                translate("StationSync", "Restore a backup"),
                text[:1].upper() + text[1:],
            )
            self.open_db(self.state.database)
            return False
        self.open_db(self.state.database)
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
        QMessageBox.information(
            self.window, translate("StationSync", "Restore a backup"), "\n".join(said)
        )
        return True

    def _chosen_backup(self) -> Path | None:
        """The backup the director picks (of this database, or any file); None: cancelled."""
        from gin_scorer.gui.backup_dialog import RestoreDialog
        from gin_scorer.services.support.errors import StoreError
        from gin_scorer.services.writes.backups import backups_of

        try:
            found = backups_of(self.state.db if self.state.db is not None else self.state.database)
        except (StoreError, OSError) as error:
            QMessageBox.warning(
                self.window, translate("StationSync", "Restore a backup"), error_text(error)
            )
            return None
        dialog = RestoreDialog(self.state.database, found, self.window)
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
        if self.state.db is None or not self.state.db.is_sqlite:
            return False
        from gin_scorer.services.support.errors import StoreError
        from gin_scorer.services.writes.backup_schedule import set_backup_schedule

        try:
            set_backup_schedule(
                self.state.db, every_minutes=self.state.settings.backup_interval_minutes
            )
        except StoreError as error:
            self.window.statusBar().showMessage(
                translate("StationSync", "Backup interval not changed: {0}").format(
                    error_text(error)
                ),
                8000,
            )
            return False
        return True
