"""Which database the app opens: --db, then GIN_SCORER_DB, then the Settings' data folder."""

from __future__ import annotations

from PySide6.QtCore import QSettings

from gin_scorer.gui.app import gui_database, make_application
from gin_scorer.gui.settings import GuiSettings, save_settings


def test_database_choice_order(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    make_application()
    monkeypatch.delenv("GIN_SCORER_DB", raising=False)
    folder = tmp_path / "club-data"
    save_settings(GuiSettings(data_folder=str(folder)), QSettings())
    assert gui_database(None) == str(folder / "gin-scorer.sqlite")
    assert folder.is_dir()
    monkeypatch.setenv("GIN_SCORER_DB", str(tmp_path / "env.sqlite"))
    assert gui_database(None) == str(tmp_path / "env.sqlite")
    assert gui_database(str(tmp_path / "opt.sqlite")) == str(tmp_path / "opt.sqlite")
