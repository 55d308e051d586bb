"""Settings come back typed, whatever QSettings stored them as."""

from __future__ import annotations

from PySide6.QtCore import QSettings

from gin_scorer.gui.settings import GuiSettings, load_settings, save_settings
from gin_scorer.presentation.paper import Paper


def test_settings_round_trip_through_an_ini_file(tmp_path) -> None:  # type: ignore[no-untyped-def]
    store = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    wanted = GuiSettings(
        default_preset="pagat",
        station_name="Table desk",
        backup_interval_minutes=5,
        paper_size=Paper.LETTER,
    )
    save_settings(wanted, store)
    again = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    assert load_settings(again) == wanted
    assert load_settings(again).station == "Table desk"


def test_unreadable_values_fall_back_to_defaults(tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "bad.ini"
    path.write_text("[General]\nbackup_interval_minutes=soon\npaper_size=A0\n")
    settings = load_settings(QSettings(str(path), QSettings.Format.IniFormat))
    assert settings.backup_interval_minutes == 10
    assert settings.paper_size is Paper.A4
    assert settings.station  # the computer's name when none is set


def test_a_paper_size_saved_by_an_earlier_version_reads_back(tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "old.ini"
    path.write_text("[General]\npaper_size=Letter\n")  # the label the app used to store
    settings = load_settings(QSettings(str(path), QSettings.Format.IniFormat))
    assert settings.paper_size is Paper.LETTER
