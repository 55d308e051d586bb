"""The desk's status bar says how old the newest backup is, and a failed backup once
(issue 41, finding 1: the desk's failures were swallowed like the others')."""

from __future__ import annotations

from pathlib import Path

import pytest

from gin_scorer.core.wording import said
from gin_scorer.gui.main_window import MainWindow
from gin_scorer.gui.settings import GuiSettings


@pytest.fixture(autouse=True)
def data_in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))


def test_the_status_bar_shows_the_backups_age_and_a_failure_once(qtbot, tmp_path) -> None:  # type: ignore[no-untyped-def]
    from gin_scorer.services.writes.backups import back_up_now

    window = MainWindow(database=str(tmp_path / "b.sqlite"), settings=GuiSettings())
    qtbot.addWidget(window)
    window.show()
    assert window.state.db is not None
    label = window.state.backup_status
    assert label.isVisible()
    assert label.text() == "no backup yet"
    back_up_now(window.state.db)
    label.refresh()
    assert label.text() == "backed up just now"
    shown: list[str] = []
    label.failed.connect(shown.append)
    window.state.db.backup_news.failed(said("the disk holding the backups is full"))
    qtbot.waitUntil(lambda: "full" in label.text(), timeout=10_000)
    label.refresh()  # looked at again: said once only
    assert shown == ["the automatic backup failed: the disk holding the backups is full"]
    assert "full" in window.statusBar().currentMessage()
    back_up_now(window.state.db)  # a good backup clears it
    label.refresh()
    assert label.text() == "backed up just now"
    window.close()
