"""The app's "Import CSV…" reads through the same parser as the command line, and its CSV
exports are the same Excel-ready, formula-free files."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QFileDialog
from pytestqt.qtbot import QtBot

from gin_scorer.gui.entrants_editor import AddEntrantsDialog
from gin_scorer.gui.main_window import MainWindow
from gin_scorer.gui.settings import GuiSettings
from tests.gui.conftest import settle, swiss_copy


def test_import_csv_keeps_a_doubled_quote_name_intact(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    csv_file = tmp_path / "entrants.csv"
    # Excel "CSV UTF-8": BOM, CRLF, a quoted name with doubled quotes and a comma.
    csv_file.write_bytes(
        b'\xef\xbb\xbfname,club,seed\r\n"Ann ""Ace"" Lee","North, East",1\r\n\'=SUM(A1),South,2\r\n'
    )
    monkeypatch.setattr(
        QFileDialog, "getOpenFileName", staticmethod(lambda *args: (str(csv_file), ""))
    )
    dialog = AddEntrantsDialog("Open")
    qtbot.addWidget(dialog)
    dialog.editor.import_button.click()  # the button the director presses
    parsed = dialog.editor.parsed()
    assert parsed.problems == ()
    assert [(s.name, s.club, s.seed) for s in parsed.specs] == [
        ('Ann "Ace" Lee', "North, East", 1),
        ("=SUM(A1)", "South", 2),  # the quote an export put in front is the file's, not hers
    ]
    assert dialog.editor.status.text() == "2 entrants"


def test_window_exports_entrants_as_an_excel_csv(
    qtbot: QtBot, swiss_db: tuple[str, int], tmp_path: Path
) -> None:
    path, event_id = swiss_copy(swiss_db, tmp_path)
    window = MainWindow(database=str(path), settings=GuiSettings(station_name="Desk 1"))
    qtbot.addWidget(window)
    window.state.open_event(event_id)
    settle(qtbot, window)
    for what in ("entrants", "results", "hands"):
        out = window.report_actions.export(what, str(tmp_path / f"{what}.csv"))
        assert out is not None
        data = out.read_bytes()
        assert data.startswith(b"\xef\xbb\xbf") and b"\r\n" in data and b"\r\r\n" not in data
    assert (
        (tmp_path / "entrants.csv")
        .read_bytes()
        .startswith(b"\xef\xbb\xbfname,club,member_number,seed,partner\r\n")
    )
