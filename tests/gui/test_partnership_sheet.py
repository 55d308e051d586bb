"""A partnership's sheet at the desk: rows by deal and card table, each hand in the names of
the two players who played it, and the entry line's a and b are the next table's players."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt

from gin_scorer.gui.cards_panel import CardsPanel
from gin_scorer.gui.match_panel import MatchPanel
from gin_scorer.gui.score_sheet_model import Column, ScoreSheetModel
from gin_scorer.presets import load_preset
from gin_scorer.services.support.database import open_database
from gin_scorer.services.support.dto import ScoreSheet
from gin_scorer.services.writes import entrants, events, hands, matches, rounds
from tests.services.helpers import hand


def _sheet(
    tmp_path: Path,
    plays: list[dict[str, object]],
    preset: str = "pagat-partnership",
    teams: tuple[tuple[str, str], ...] = (("Ann", "Bob"), ("Eve", "Fay")),
) -> ScoreSheet:
    db = open_database(str(tmp_path / "pairs.sqlite"), station="desk", backups=False)
    try:
        event = events.create_event(db, name="Pairs", rules=load_preset(preset))
        for name, partner in teams:
            entrants.add_entrant(db, event.id, name, partner=partner)
        match_id = rounds.start_round(db, event.id, chosen=[(1, 2)]).pairings[0].match_id
        assert match_id is not None
        sheet = matches.get_score_sheet(db, match_id)
        for play in plays:
            sheet = hands.record_hand(db, match_id, hand(play), sheet.version, entered_by="T")
        return sheet
    finally:
        db.close()


def _text(model: ScoreSheetModel, row: int, column: Column) -> object:
    return model.data(model.index(row, column), Qt.ItemDataRole.DisplayRole)


def test_rows_are_seats_and_name_the_players_at_them(tmp_path: Path) -> None:
    knock_b = {"knock": "B", "deadwood": {"A": 40, "B": 3}}
    gin_a = {"gin": "A", "deadwood": {"B": 30}}
    model = ScoreSheetModel()
    model.set_sheet(_sheet(tmp_path, [knock_b, gin_a, gin_a]))
    assert model.headerData(Column.HAND, Qt.Orientation.Horizontal) == "Deal · table"
    assert model.headerData(Column.POINTS_A, Qt.Orientation.Horizontal) == "Ann & Bob"
    assert [_text(model, row, Column.HAND) for row in range(3)] == ["1 · 1a", "1 · 1b", "2 · 1a"]
    assert _text(model, 0, Column.OUTCOME) == "Eve: knock"
    assert _text(model, 1, Column.OUTCOME) == "Bob: gin"
    assert _text(model, 2, Column.OUTCOME) == "Ann: gin"  # deal 2: Ann now plays Fay
    assert _text(model, 0, Column.DEALER) == "Ann" and _text(model, 1, Column.DEALER) == "Fay"
    assert str(_text(model, 2, Column.NOTES)).startswith("Deal 2 · table 1a: Ann v Fay")
    # Deal 1 counts (Eve's 37 against Bob's 50: Ann & Bob net 13); deal 2's first hand waits.
    assert [_text(model, row, Column.TOTAL_A) for row in range(3)] == ["13", "13", "13"]


def test_the_entry_line_speaks_of_the_next_tables_players(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    panel = MatchPanel()
    qtbot.addWidget(panel)
    panel.set_sheet(_sheet(tmp_path, [{"knock": "A", "deadwood": {"A": 2, "B": 22}}]))
    assert panel.names() == ("Bob", "Fay")
    assert "next: Deal 1 · table 1b: Bob v Fay" in panel.hint.text()
    assert not panel.first_dealer.isVisible()  # the seats decide who deals
    assert panel.table.isColumnHidden(panel.model.column_of(Column.GAME))  # one game only
    qtbot.keyClicks(panel.entry, "bk4 20")
    assert panel.preview.record is not None
    cards = CardsPanel()
    qtbot.addWidget(cards)
    assert panel.sheet is not None
    cards.set_declared(panel.preview.record, panel.sheet.rules, ("Ann & Bob", "Eve & Fay"))
    assert cards.knocker_label.text() == "Eve && Fay’s cards (knocker):"  # shows one "&"


def test_a_team_of_three_sits_at_three_tables(tmp_path: Path) -> None:
    knock = {"knock": "B", "deadwood": {"A": 30, "B": 2}, "upcard": "9h"}
    teams = (("Ann", "Bob & Cy"), ("Dee", "Eve & Fay"))
    model = ScoreSheetModel()
    model.set_sheet(_sheet(tmp_path, [knock] * 4, "tedesco-teams", teams))
    labels = [_text(model, row, Column.HAND) for row in range(4)]
    assert labels == ["1 · 1a", "1 · 1b", "1 · 1c", "2 · 1a"]
    assert [_text(model, row, Column.OUTCOME) for row in range(4)] == [
        "Dee: knock",
        "Eve: knock",
        "Fay: knock",
        "Eve: knock",  # deal 2: Ann meets Eve
    ]
    # A team of three is headed by its first player and how many more (a narrow column).
    assert model.headerData(Column.POINTS_A, Qt.Orientation.Horizontal) == "Ann +2"
