"""A player who withdraws from a match still to be played: the standings count it as a
forfeit at once, so the desk says so everywhere it shows the match (the navigator marks it
done, the scoreboard names who left) and refuses a new hand in words as soon as the director
types, before the services would; reinstating the player opens it again."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt

from gin_scorer.gui.main_window import MainWindow
from gin_scorer.gui.navigator import match_label, round_text
from gin_scorer.gui.settings import GuiSettings
from gin_scorer.presets import load_preset
from gin_scorer.services.support.database import open_database
from gin_scorer.services.writes import entrants, events, matches, rounds
from tests.gui.conftest import settle

NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal")


def test_a_withdrawal_decides_the_match_on_every_desk_surface(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "open.sqlite"
    with open_database(str(path), station="desk", backups=False) as db:
        event = events.create_event(
            db, name="Open", rules=load_preset("gra-tournament"), format="swiss"
        )
        for name in NAMES:
            entrants.add_entrant(db, event.id, name)
        table = rounds.start_round(db, event.id).pairings[0]
        entrants.withdraw_entrant(db, table.a.id)
        match = matches.get_match(db, table.match_id)
        round_matches = matches.list_matches(db, event.id)
    leaver, stayer = table.a.name, table.b.name if table.b else ""
    assert match_label(match) == f"T1 ● {leaver} v {stayer}"
    assert round_text(1, round_matches) == "Round 1  (1/4 done)"

    window = MainWindow(database=str(path), settings=GuiSettings(station_name="Desk 1"))
    qtbot.addWidget(window)
    window.show()
    window.state.open_event(event.id)
    settle(qtbot, window)
    window.state.open_match(table.match_id)
    settle(qtbot, window)
    panel = window.state.scoring.panel
    assert f"<b>forfeit: {leaver} has withdrawn</b>" in panel.scoreboard.text()
    qtbot.keyClicks(panel.entry, "ag 20")
    said = f"Round 1 · Table 1 counts as a forfeit: {leaver} has withdrawn (reinstate {leaver}"
    assert said in panel.preview_label.text()
    qtbot.keyClick(panel.entry, Qt.Key.Key_Return)
    assert said in panel.preview_label.text() and panel.entry.text() == "ag 20"
    assert panel.model.rowCount() == 0
