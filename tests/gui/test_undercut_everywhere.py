"""An undercut is said for the player who scored it wherever the hand is read: the desk's
sheet, the terminal's sheet, the printed sheet and the table's page in the room (issue 35,
finding 6: the desk named the knocker, who lost the hand)."""

from __future__ import annotations

from pathlib import Path

from pypdf import PdfReader
from PySide6.QtCore import Qt

from gin_scorer.core.hands import Outcome, Side
from gin_scorer.gui.score_sheet_model import Column, ScoreSheetModel
from gin_scorer.presentation.entry_grammar import read_entry
from gin_scorer.presentation.sheet_text import render_sheet
from gin_scorer.reports.build import build
from gin_scorer.reports.request import request_for
from gin_scorer.services.writes.entrants import add_entrant
from gin_scorer.services.writes.events import create_event
from gin_scorer.services.writes.hands import record_hand
from gin_scorer.services.writes.matches import create_match, get_score_sheet
from gin_scorer.store.database import open_database
from gin_scorer.web.table_page_view import table_page


def test_an_undercut_names_its_scorer_on_every_sheet(tmp_path: Path) -> None:
    db = open_database(str(tmp_path / "club.sqlite"), station="desk", backups=False)
    try:
        event = create_event(db, name="Club night", format="club")
        xiomara = add_entrant(db, event.id, "Xiomara García Márquez")
        bob = add_entrant(db, event.id, "Bob")
        match = create_match(db, event.id, xiomara.id, bob.id)
        sheet = get_score_sheet(db, match.id)
        knock = read_entry("ak9 4", sheet.rules).record  # Xiomara knocks 9; Bob holds 4
        assert knock is not None
        record_hand(db, match.id, knock, sheet.version, entered_by="td")
        sheet = get_score_sheet(db, match.id)
        (hand,) = sheet.hands
        assert (hand.result.outcome, hand.result.winner) == (Outcome.UNDERCUT, Side.B)
        points = hand.result.points

        model = ScoreSheetModel()
        model.set_sheet(sheet)

        def cell(column: Column) -> str:
            return str(model.data(model.index(0, column), Qt.ItemDataRole.DisplayRole))

        assert cell(Column.OUTCOME) == "Bob: undercut"
        assert cell(Column.DECLARED) == "9 v 4"  # A's v B's, as the points beside it
        assert (cell(Column.POINTS_A), cell(Column.POINTS_B)) == ("", str(points))

        terminal = render_sheet(sheet).splitlines()
        (line,) = [ln for ln in terminal if ln.startswith("  1 ")]
        assert "undercut" in line and f"B +{points}" in line

        pdf = build(request_for("sheet", match_id=match.id), db, tmp_path / "sheet.pdf")
        text = "".join(page.extract_text() for page in PdfReader(pdf).pages)
        assert f"{points} U" in text  # the mark goes after the scorer's points

        page = table_page("code", sheet)
        assert any(f"undercut: Bob scores {points}" in what for _, what, _ in page.lines)
    finally:
        db.close()
