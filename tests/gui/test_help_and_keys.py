"""F1 opens the desk's help with every shortcut; no two commands share keys; Alt+N reaches
every tab from the keyboard."""

from __future__ import annotations

from collections import Counter

from PySide6.QtGui import QKeySequence

from gin_scorer.gui.help_window import HelpDialog, help_text
from gin_scorer.gui.main_window import MainWindow
from gin_scorer.gui.settings import GuiSettings
from tests.gui.conftest import settle, swiss_copy

SETTINGS = GuiSettings(station_name="Desk 1")


def _window(qtbot, swiss_db, tmp_path) -> tuple[MainWindow, int]:  # type: ignore[no-untyped-def]
    path, event_id = swiss_copy(swiss_db, tmp_path)
    window = MainWindow(database=str(path), settings=SETTINGS)
    qtbot.addWidget(window)
    window.show()
    settle(qtbot, window)
    return window, event_id


def _all_keys(window: MainWindow) -> list[str]:
    return [
        key.toString()
        for menu in window.menus.by_key.values()
        for action in menu.actions()
        for key in action.shortcuts()
    ]


def test_f1_opens_the_desk_help_with_every_shortcut(qtbot, swiss_db, tmp_path) -> None:  # type: ignore[no-untyped-def]
    window, _event = _window(qtbot, swiss_db, tmp_path)
    f1 = [a for a in window.menus.by_key["help"].actions() if a.shortcut() == QKeySequence("F1")]
    assert len(f1) == 1
    f1[0].trigger()
    dialogs = window.findChildren(HelpDialog)
    assert dialogs and dialogs[-1].isVisible()
    text = dialogs[-1].browser.toPlainText()
    # What a director looks for: the entry line, corrections, slips, the PIN — in their words.
    for words in ("ak7 15", "Ctrl+Delete", "12 a 3-1", "director's PIN", "Alt+1"):
        assert words in text, words
    assert "Start next round" in text and "Ctrl+R" in text  # the table, read from the menus
    assert ">>>" not in text  # not a developer's docstring


def test_the_help_file_ships_with_the_app() -> None:
    text = help_text()
    assert text.startswith("# Gin Scorer at the desk")


def test_no_two_commands_share_a_shortcut(qtbot, swiss_db, tmp_path) -> None:  # type: ignore[no-untyped-def]
    window, _event = _window(qtbot, swiss_db, tmp_path)
    shared = [key for key, count in Counter(_all_keys(window)).items() if count > 1]
    assert shared == []


def test_alt_numbers_reach_every_tab(qtbot, swiss_db, tmp_path) -> None:  # type: ignore[no-untyped-def]
    window, event_id = _window(qtbot, swiss_db, tmp_path)
    keys = {a.shortcut().toString(): a for a in window.menus.by_key["view"].actions()}
    window.state.open_event(event_id)
    settle(qtbot, window)
    keys["Alt+3"].trigger()
    assert window.state.tabs.currentWidget() is window.state.event_views["standings"]
    keys["Alt+4"].trigger()
    assert window.state.tabs.currentWidget() is window.state.event_views["pairings"]
    keys["Alt+1"].trigger()
    assert window.state.tabs.currentWidget() is window.state.scoring
    keys["Alt+6"].trigger()  # a Swiss event has no bracket: said, and nothing moves
    assert window.state.tabs.currentWidget() is window.state.scoring
    assert "no bracket" in window.statusBar().currentMessage()
