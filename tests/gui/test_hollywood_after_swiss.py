"""A Hollywood sheet shown after another match's (issue 35, finding 3): its columns are its
own — every game's running score in sight, no column left hidden by the sheet before — and
its heading, like the command line's sheet, names the game being played (game 1), not the
last of the three."""

from __future__ import annotations

from PySide6.QtCore import Qt

from gin_scorer.gui.main_window import MainWindow
from gin_scorer.gui.score_sheet_model import Column
from gin_scorer.gui.settings import GuiSettings
from gin_scorer.presentation.entry_grammar import read_entry
from gin_scorer.presentation.sheet_text import render_sheet
from gin_scorer.presets import load_preset
from gin_scorer.services.support.database import open_database
from gin_scorer.services.support.dto import EntrantSpec
from gin_scorer.services.writes import entrants, events, hands, matches
from tests.gui.conftest import settle

SETTINGS = GuiSettings(station_name="Desk 1")


def two_nights(path: str) -> tuple[int, int, int, int]:
    """A Swiss match one hand in (no notes: its sheet hides that column) and a Hollywood club
    match one hand in: (Swiss event, its match, club event, the Hollywood match)."""
    db = open_database(path, station="setup", backups=False)
    try:
        plain = load_preset("wikipedia-standard")
        swiss = events.create_event(db, name="Open", rules=plain, format="swiss")
        people = [EntrantSpec("Ann Lee"), EntrantSpec("Bob Roe")]
        ann, bob = entrants.add_entrants(db, swiss.id, people)
        first = matches.create_match(db, swiss.id, ann.id, bob.id, table_number=1)
        record = read_entry("ak7 15", plain).record
        hands.record_hand(db, first.id, record, first.version, entered_by="setup")
        hollywood = load_preset("hollywood")
        club = events.create_event(db, name="Club night", rules=hollywood, format="club")
        people = [EntrantSpec("Cy Dunn"), EntrantSpec("Dee Ray")]
        cy, dee = entrants.add_entrants(db, club.id, people)
        night = matches.create_match(db, club.id, cy.id, dee.id)
        won = read_entry("ag20", hollywood).record
        hands.record_hand(db, night.id, won, night.version, entered_by="setup")
        return swiss.id, first.id, club.id, night.id
    finally:
        db.close()


def test_a_hollywood_sheet_after_a_swiss_one_shows_every_game_column(qtbot, tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = str(tmp_path / "nights.sqlite")
    swiss, first, club, night = two_nights(path)
    window = MainWindow(database=path, settings=SETTINGS)
    qtbot.addWidget(window)
    window.show()
    settle(qtbot, window)
    window.state.open_event(swiss)
    settle(qtbot, window)
    window.state.open_match(first)
    settle(qtbot, window)
    panel = window.state.scoring.panel
    table, model = panel.table, panel.model
    assert table.isColumnHidden(model.column_of(Column.NOTES))  # no notes: no room taken
    window.state.open_event(club)
    settle(qtbot, window)
    window.state.open_match(night)
    settle(qtbot, window)
    headings = {
        model.headerData(c, Qt.Orientation.Horizontal): table.isColumnHidden(c)
        for c in range(model.columnCount())
    }
    for game in (1, 2, 3):
        assert headings[f"Game {game}\nA – B"] is False, headings
    assert headings["Game"] is True  # one pair of totals would repeat game 1
    assert "Game 1:" in panel.scoreboard.text()
    assert "Game 3:" not in panel.scoreboard.text()
    window.state.open_event(swiss)
    window.state.open_match(first)  # and back: the Swiss sheet's own columns again
    assert not table.isColumnHidden(model.column_of(Column.TOTAL_A))  # A total


def test_the_command_line_sheet_names_the_game_being_played(tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = str(tmp_path / "nights.sqlite")
    *_, night = two_nights(path)
    db = open_database(path, station="desk", backups=False)
    try:
        text = render_sheet(matches.get_score_sheet(db, night))
    finally:
        db.close()
    assert "game 1: A 45, B 0" in text and "game 3" not in text
