"""The score sheet on the screens directors have (issue 35, finding 2): at 1366×768 ten hand
rows, every column, both totals and the current game's line without scrolling sideways; at
150 % (1280×720 logical) six rows; the newest hand in sight when a sheet opens; compact dealer
and result cells; the cards panel folded away below 1600 logical pixels until F4 (or typing
cards) opens it; the game lines' split remembered; the zoom kept; Tab from the entry line to
the sheet. Sizes are a maximised window's room on such a screen, title bar and task bar off."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtTest import QTest

from gin_scorer.gui.main_window import MainWindow
from gin_scorer.gui.settings import GuiSettings
from gin_scorer.presentation.entry_grammar import read_entry
from gin_scorer.presets import load_preset
from gin_scorer.services.support.database import open_database
from gin_scorer.services.support.dto import EntrantSpec
from gin_scorer.services.writes import entrants, events, hands, rounds
from gin_scorer.services.writes.matches import get_score_sheet, list_matches
from tests.gui.conftest import settle
from tests.rehearsal import looks
from tests.rehearsal.hands import ENTRANTS

SETTINGS = GuiSettings(station_name="Desk 1")
LAPTOP = (1366, 700)  # 1366×768: less the task bar and the title bar
LAPTOP_150 = (1280, 650)  # 1920×1080 at 150 %: 1280×720 logical, less the same
HANDS = 30  # more than any screen shows: the newest must be scrolled to


@pytest.fixture(scope="module")
def long_match(tmp_path_factory) -> tuple[str, int, int]:  # type: ignore[no-untyped-def]
    """A GRA Swiss event of the rehearsal's 60 entrants, round 1 paired, table 1 thirty hands
    into its best of five; the database file, the event and table 1's match."""
    path = str(tmp_path_factory.mktemp("laptop") / "laptop.sqlite")
    db = open_database(path, station="setup", backups=False)
    try:
        rules = load_preset("gra-tournament")
        event = events.create_event(db, name="Autumn Open", rules=rules, format="swiss")
        entrants.add_entrants(db, event.id, [EntrantSpec(name) for name in ENTRANTS])
        rounds.start_round(db, event.id)
        first = next(m for m in list_matches(db, event.id) if m.table_number == 1)
        for number in range(HANDS):
            line = "a k 3 20" if number % 2 else "b g 12"  # no game reaches 250 in 30
            record = read_entry(line, rules).record
            assert record is not None
            version = get_score_sheet(db, first.id).version
            hands.record_hand(db, first.id, record, version, entered_by="setup")
        return path, event.id, first.id
    finally:
        db.close()


def desk(qtbot, long_match, size: tuple[int, int]) -> MainWindow:  # type: ignore[no-untyped-def]
    path, event_id, match_id = long_match
    window = MainWindow(database=path, settings=SETTINGS)
    qtbot.addWidget(window)
    window.showNormal()
    window.resize(*size)
    settle(qtbot, window)
    window.state.open_event(event_id)
    settle(qtbot, window)
    window.state.open_match(match_id)
    settle(qtbot, window)
    qtbot.waitUntil(
        lambda: window.state.scoring is not None and window.state.scoring.panel.isVisible()
    )
    QTest.qWait(50)  # laid out
    return window


@pytest.mark.parametrize(("size", "rows"), [(LAPTOP, 10), (LAPTOP_150, 6)])
def test_the_sheet_shows_its_rows_and_every_column_without_scrolling_sideways(  # type: ignore[no-untyped-def]
    qtbot, long_match, size, rows
) -> None:
    window = desk(qtbot, long_match, size)
    panel = window.state.scoring.panel
    assert looks.rows_in_sight(panel.table) >= rows
    assert looks.columns_out_of_sight(panel.table) == []
    assert not looks.scrolls_sideways(panel.table)
    shown = looks.shown_columns(panel.table)
    assert any(heading.endswith("total") for heading in shown[:-1])  # both totals, then Game
    assert shown[-1] == "Game"
    games = panel.games_table
    assert looks.row_shown(games, games.model().rowCount() - 1)  # the game being played


def test_the_newest_hand_is_in_sight_when_a_sheet_opens(qtbot, long_match) -> None:  # type: ignore[no-untyped-def]
    window = desk(qtbot, long_match, LAPTOP)
    table = window.state.scoring.panel.table
    assert table.model().rowCount() == HANDS
    assert looks.row_shown(table, HANDS - 1)


def test_dealer_and_result_cells_name_a_player_once_and_briefly(qtbot, long_match) -> None:  # type: ignore[no-untyped-def]
    window = desk(qtbot, long_match, LAPTOP)
    panel = window.state.scoring.panel
    sheet = panel.sheet
    assert sheet is not None
    a, b = sheet.match.a.name, sheet.match.b.name
    model = panel.model
    dealer = model.index(0, 1).data()
    result = model.index(0, 2).data()
    assert dealer in (a.split()[0], b.split()[0])  # a first name, not "Ann Marie Lee"
    assert result.endswith(": gin") and len(result) < len(b) + 6
    heading = model.headerData(4, Qt.Orientation.Horizontal)
    assert heading == a.split()[0]
    assert model.headerData(4, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole) == a


def test_the_cards_panel_is_folded_away_on_a_laptop_until_f4_or_typing_cards(  # type: ignore[no-untyped-def]
    qtbot, long_match
) -> None:
    window = desk(qtbot, long_match, LAPTOP)
    scoring = window.state.scoring
    assert not scoring.cards.isVisible()  # below 1600 logical pixels: the sheet has the room
    assert not window.menus.cards_action.isChecked()
    QTest.keyClick(window, Qt.Key.Key_F4)
    assert scoring.cards.isVisible()
    QTest.keyClick(window, Qt.Key.Key_F4)
    assert not scoring.cards.isVisible()
    shift_ctrl = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
    QTest.keyClick(window, Qt.Key.Key_C, shift_ctrl)  # Scoring → Type the cards
    assert scoring.cards.isVisible()
    assert window.focusWidget() is scoring.cards.knocker_edit


def test_the_game_lines_split_is_remembered(qtbot, long_match) -> None:  # type: ignore[no-untyped-def]
    window = desk(qtbot, long_match, LAPTOP)
    pad = window.state.scoring.panel.pad
    top, bottom = pad.sizes()
    pad.moveSplitter(top - 60, 1)  # the director drags the handle up: more game lines
    moved = pad.sizes()
    assert moved[1] > bottom
    assert QSettings().value("layout/pad") is not None
    again = desk(qtbot, long_match, LAPTOP)
    assert again.state.scoring.panel.pad.sizes()[1] == moved[1]


def test_zoom_keeps_every_column_in_sight(qtbot, long_match) -> None:  # type: ignore[no-untyped-def]
    window = desk(qtbot, long_match, LAPTOP)
    table = window.state.scoring.panel.table
    height = looks.row_height(table)
    window.menus.zoom_by(1)
    window.menus.zoom_by(1)  # 125 %
    QTest.qWait(50)
    assert looks.row_height(table) > height
    assert looks.columns_out_of_sight(table) == []
    assert looks.rows_in_sight(table) >= 8


def test_tab_from_the_entry_line_goes_to_the_sheet_and_back(qtbot, long_match) -> None:  # type: ignore[no-untyped-def]
    window = desk(qtbot, long_match, LAPTOP)
    panel = window.state.scoring.panel
    panel.entry.setFocus()
    QTest.keyClick(panel.entry, Qt.Key.Key_Tab)
    assert window.focusWidget() is panel.table  # to choose a hand for F2 or Ctrl+Delete
    QTest.keyClick(panel.table, Qt.Key.Key_Backtab, Qt.KeyboardModifier.ShiftModifier)
    assert window.focusWidget() is panel.entry


def test_the_window_is_maximised_on_a_screen_smaller_than_its_default_size() -> None:
    from gin_scorer.gui.screen_fit import wants_maximised

    assert wants_maximised(1366, 768 - 40)
    assert wants_maximised(1280, 720 - 48)  # 1920×1080 at 150 %
    assert wants_maximised(1280, 800 - 40)
    assert not wants_maximised(1920, 1040)


def test_the_cards_panel_shows_by_default_on_a_wide_screen_only() -> None:
    from gin_scorer.gui.screen_fit import cards_shown_by_default

    assert not cards_shown_by_default(1366)
    assert not cards_shown_by_default(1280)
    assert cards_shown_by_default(1920)
