"""Event → Open the room…: the room starts beside the desk on the same database, says its
address with a QR code that reads back, and stops from the dialog and when the window
closes (the port is free again)."""

from __future__ import annotations

import shutil
import socket
import subprocess

import httpx
import pytest

from tests.gui.conftest import settle


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _listening(port: int) -> bool:
    with socket.socket() as probe:
        return probe.connect_ex(("127.0.0.1", port)) == 0


def test_the_room_opens_from_the_desk_and_closes_with_the_window(qtbot, swiss_db) -> None:  # type: ignore[no-untyped-def]
    from gin_scorer.gui.main_window import MainWindow
    from gin_scorer.gui.room_dialog import RoomDialog
    from gin_scorer.gui.settings import GuiSettings

    path, event_id = swiss_db
    window = MainWindow(path, settings=GuiSettings(station_name="D1"))
    qtbot.addWidget(window)
    window.state.open_event(event_id)
    settle(qtbot, window)
    window.room_actions.open_room()
    dialog = window.room_actions._room_dialog
    assert isinstance(dialog, RoomDialog)
    port = _free_port()
    dialog.only_here.setChecked(True)
    dialog.port.setValue(port)
    dialog.toggle.click()
    assert window.state.room.running, dialog.address.text()
    assert f"http://127.0.0.1:{port}/" in dialog.address.text()
    assert "only this computer" in dialog.address.text()
    assert not dialog.port.isEnabled()  # fixed while it runs
    page = httpx.get(f"http://127.0.0.1:{port}/", timeout=10)
    assert page.status_code == 200 and "Round 2" in page.text
    assert 'id="clock"' not in page.text
    window.state.round_clock.start(30, 2)  # the desk's clock: the room's pages count it down too
    page = httpx.get(f"http://127.0.0.1:{port}/live", timeout=10)
    assert "Round 2 · 30:00 left" in page.text or "Round 2 · 29:59 left" in page.text
    # Table tents printed now carry each table's code for its page in this room.
    assert window.report_actions.report_options("tents").room == f"http://127.0.0.1:{port}/"
    pixmap = dialog.code.pixmap()
    assert pixmap is not None and not pixmap.isNull()
    dialog.toggle.click()  # Close the room
    assert not window.state.room.running and not _listening(port)
    assert "closed" in dialog.address.text()
    assert window.report_actions.report_options("tents").room is None
    dialog.toggle.click()  # open again, then the window closes
    assert window.state.room.running
    window.close()
    assert not _listening(port)


def test_a_taken_port_is_said_in_one_line(qtbot, swiss_db) -> None:  # type: ignore[no-untyped-def]
    from gin_scorer.gui.room_control import RoomControl
    from gin_scorer.gui.room_dialog import RoomDialog
    from gin_scorer.services.support.database import open_database

    path, event_id = swiss_db
    db = open_database(path, station="desk", backups=False)
    try:
        with socket.socket() as taken:
            taken.bind(("127.0.0.1", 0))
            taken.listen()
            control = RoomControl()
            dialog = RoomDialog(control, db, event_id, "Swiss")
            qtbot.addWidget(dialog)
            dialog.only_here.setChecked(True)
            dialog.port.setValue(taken.getsockname()[1])
            dialog.toggle.click()
            assert not control.running
            said = dialog.address.text()
            assert said.startswith("cannot listen on 127.0.0.1:") and "\n" not in said
    finally:
        db.close()


@pytest.mark.skipif(shutil.which("zbarimg") is None, reason="needs zbar-tools")
def test_the_qr_code_reads_back_as_the_address(qtbot, tmp_path) -> None:  # type: ignore[no-untyped-def]
    from gin_scorer.gui.room_dialog import qr_pixmap

    address = "http://192.168.1.20:8080/"
    image = tmp_path / "code.png"
    assert qr_pixmap(address, 300).save(str(image))
    read = subprocess.run(["zbarimg", "--raw", "-q", str(image)], capture_output=True, text=True)
    assert read.stdout.strip() == address


def test_a_result_the_players_dispute_stands_out_on_the_round_status(
    qtbot, swiss_db, tmp_path
) -> None:  # type: ignore[no-untyped-def]
    import shutil as files

    from PySide6.QtCore import Qt

    from gin_scorer.core.hands import Side
    from gin_scorer.gui.main_window import MainWindow
    from gin_scorer.gui.settings import GuiSettings
    from gin_scorer.services.support.database import open_database
    from gin_scorer.services.writes.confirmations import confirm_result
    from gin_scorer.services.writes.matches import list_matches

    source, event_id = swiss_db
    path = str(tmp_path / "disputed.sqlite")
    files.copyfile(source, path)
    db = open_database(path, station="room", backups=False)
    done = next(
        m
        for m in list_matches(db, event_id)
        if m.round_number == 2 and m.status.value == "finished"
    )
    assert done.b is not None
    confirm_result(
        db, done.id, Side.B, done.version, agrees=False, reason="hand 2 was gin", entered_by="t"
    )
    db.close()
    window = MainWindow(path, settings=GuiSettings(station_name="D1"))
    qtbot.addWidget(window)
    window.state.open_event(event_id)
    settle(qtbot, window)
    window.state.show_view("status", round_number=2)
    settle(qtbot, window)
    status = window.state.event_views["status"]
    model = status.table.model()  # type: ignore[attr-defined]
    players = next(
        c
        for c in range(model.columnCount())
        if model.headerData(c, Qt.Orientation.Horizontal) == "Players"
    )
    row = next(
        r for r in range(model.rowCount()) if model.index(r, 0).data() == str(done.table_number)
    )
    said = model.index(row, players).data()
    assert said == f"⚑ disputed: {done.b.name}: hand 2 was gin"
    assert model.index(row, 0).data(Qt.ItemDataRole.FontRole).bold()
    summary = status.summary.text()  # type: ignore[attr-defined]
    assert "1 disputed" in summary
    assert f"the players dispute the result at table {done.table_number}" in summary
    # The match panel says it too, when someone tries to type a hand on the finished match.
    window.state.open_match(done.id)
    settle(qtbot, window)
    panel = window.state.scoring.panel  # type: ignore[union-attr]
    panel.entry.setText("ak3 20")
    assert "says the result is wrong: hand 2 was gin" in panel.preview_label.text()
