"""File → Back up now and File → Restore a backup… on a real SQLite file: the chosen backup
comes back, the database as it was is kept, and a PIN-guarded database asks for the PIN."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtWidgets import QDialog, QInputDialog, QMessageBox

from gin_scorer.gui.backup_dialog import RestoreDialog
from gin_scorer.gui.main_window import MainWindow
from gin_scorer.gui.settings import GuiSettings
from gin_scorer.services.writes.backups import backups_of
from gin_scorer.services.writes.events import create_event, list_events
from tests.gui.conftest import settle


def _back_up(window) -> None:  # type: ignore[no-untyped-def]
    """File → Back up now, waiting for the worker it runs on."""
    from PySide6.QtCore import QCoreApplication

    backup = window.station.back_up_now()
    assert backup is not None
    while backup.running:
        QCoreApplication.processEvents()


@pytest.fixture
def window(qtbot, tmp_path) -> Iterator[MainWindow]:  # type: ignore[no-untyped-def]
    main = MainWindow(
        database=str(tmp_path / "club.sqlite"), settings=GuiSettings(station_name="Desk 1")
    )
    qtbot.addWidget(main)
    main.show()
    yield main
    main.close()


@pytest.fixture
def messages(monkeypatch) -> list[str]:  # type: ignore[no-untyped-def]
    said: list[str] = []
    for kind in ("information", "warning"):
        monkeypatch.setattr(
            QMessageBox, kind, lambda _parent, _title, text, *a, **k: said.append(text)
        )
    return said


def _choose_manual_backup(monkeypatch) -> list[int]:  # type: ignore[no-untyped-def]
    """The number of backups each restore dialog listed (read while it is shown: the window
    deletes the dialog once the restore is done)."""
    seen: list[int] = []

    def run(self: RestoreDialog) -> int:
        seen.append(self.table.rowCount())
        reasons = [self.table.item(r, 1).text() for r in range(self.table.rowCount())]
        self.table.selectRow(reasons.index("made by hand (Back up now)"))
        self._restore_selected()
        return int(QDialog.DialogCode.Accepted)

    monkeypatch.setattr(RestoreDialog, "exec", run)
    return seen


def test_back_up_now_then_restore_brings_that_moment_back(  # type: ignore[no-untyped-def]
    qtbot, window, monkeypatch, messages
) -> None:
    assert window.state.db is not None
    create_event(window.state.db, name="Kept")
    _back_up(window)
    assert window.statusBar().currentMessage().startswith("Backed up to ")
    create_event(window.state.db, name="Made after the backup")
    seen = _choose_manual_backup(monkeypatch)
    assert window.station.restore_backup()
    assert seen[0] >= 1
    assert [e.name for e in list_events(window.state.db)] == ["Kept"]
    assert messages[-1].startswith("Restored from ")
    assert "The database as it was is kept in " in messages[-1]
    # ... and that copy holds the event made after the backup: the restore is undoable.
    kept = [b for b in backups_of(window.state.db) if b.reason == "before-restore"]
    assert len(kept) == 1
    settle(qtbot, window)
    assert window.state.navigator_model.rowCount() == 1  # the views were reloaded


def test_a_guarded_database_asks_for_the_pin_and_a_wrong_one_restores_nothing(  # type: ignore[no-untyped-def]
    window, monkeypatch, messages
) -> None:
    assert window.state.db is not None
    create_event(window.state.db, name="Open", pin="2468")
    _back_up(window)
    create_event(window.state.db, name="Second")
    _choose_manual_backup(monkeypatch)
    answers = iter([("1111", True), ("2468", True)])
    monkeypatch.setattr(QInputDialog, "getText", lambda *a, **k: next(answers))
    assert not window.station.restore_backup()
    assert messages[-1] == (
        "Nothing was changed: to restore or replace the database the PIN of every event "
        "that has one is needed; still guarded: 'Open' (event 1)"
    )
    assert window.state.db is not None  # reopened, as it was
    assert sorted(e.name for e in list_events(window.state.db)) == ["Open", "Second"]
    assert window.station.restore_backup()
    assert [e.name for e in list_events(window.state.db)] == ["Open"]


def test_restore_with_no_backups_offers_another_file(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    dialog = RestoreDialog(window.state.database, [], window)
    qtbot.addWidget(dialog)
    assert dialog.table.rowCount() == 0
    restore = next(b for b in dialog.buttons.buttons() if b.text() == "&Restore")
    assert not restore.isEnabled()


def test_a_damaged_database_points_to_the_restore_and_the_restore_mends_it(  # type: ignore[no-untyped-def]
    qtbot, tmp_path, monkeypatch, messages
) -> None:
    from gin_scorer.services.writes.backups import back_up_now
    from gin_scorer.store.database import open_database

    path = tmp_path / "damaged.sqlite"
    with open_database(str(path)) as db:
        create_event(db, name="Saved before the damage")
        back_up_now(db)
    path.write_bytes(b"\0garbage" * 1000)
    main = MainWindow(database=str(path), settings=GuiSettings(station_name="Desk 1"))
    qtbot.addWidget(main)
    assert main.state.db is None
    shown = main.state.welcome.message.text()
    assert "is damaged" in shown and "File → Restore a backup…" in shown
    _choose_manual_backup(monkeypatch)
    assert main.station.restore_backup()
    assert main.state.db is not None
    assert [e.name for e in list_events(main.state.db)] == ["Saved before the damage"]
    assert "The damaged database was moved to " in messages[-1]
    main.close()


def test_the_restore_list_shows_each_backups_seal(window) -> None:  # type: ignore[no-untyped-def]
    from gin_scorer.services.support.seal import current_seal

    assert window.state.db is not None
    create_event(window.state.db, name="First")
    _back_up(window)
    first_seal = current_seal(window.state.db)
    create_event(window.state.db, name="Second")
    _back_up(window)
    second_seal = current_seal(window.state.db)
    assert first_seal and second_seal and first_seal != second_seal
    dialog = RestoreDialog(window.state.database, backups_of(window.state.db), window)
    header = [dialog.table.horizontalHeaderItem(c).text() for c in range(4)]
    assert header == ["Taken", "Why", "Seal", "Size"]
    by_reason = {}
    for row in range(dialog.table.rowCount()):
        if dialog.table.item(row, 1).text() == "made by hand (Back up now)":
            by_reason.setdefault("manual", []).append(dialog.table.item(row, 2).text())
    assert by_reason["manual"] == [second_seal, first_seal]  # newest first
    assert f"Seal {second_seal}" in dialog.table.item(0, 2).toolTip()
    dialog.deleteLater()
