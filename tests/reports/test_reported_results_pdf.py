"""Printouts of results reported without hands: a slip's sheet reads as a slip (its game
totals in the game blocks), and the standings mark a differential that leaves a slip out."""

from __future__ import annotations

from pathlib import Path

import pypdf

from gin_scorer.core.hands import Side
from gin_scorer.reports import build, request_for
from gin_scorer.services.support.database import open_database
from gin_scorer.services.support.dto import EntrantSpec, ResultKind
from gin_scorer.services.writes.entrants import add_entrants
from gin_scorer.services.writes.events import create_event
from gin_scorer.services.writes.matches import list_matches
from gin_scorer.services.writes.results import ResultReport, record_result
from gin_scorer.services.writes.rounds import start_round


def text_of(pdf: Path) -> str:
    return "\n".join(page.extract_text() for page in pypdf.PdfReader(pdf).pages)


def test_sheets_and_standings_say_where_results_came_from(tmp_path: Path) -> None:
    db = open_database(tmp_path / "slips.sqlite", station="Desk 1")
    try:
        event = create_event(db, name="Slip Open", format="swiss")
        add_entrants(db, event.id, [EntrantSpec(n) for n in ("Ann", "Bob", "Cy", "Di")])
        start_round(db, event.id)
        first, second = list_matches(db, event.id)
        totals = ((400, 10), (0, 401), (450, 120), (410, 0))  # each game's final (0016)
        slip = ResultReport(ResultKind.SLIP, Side.A, (3, 1), totals)
        record_result(db, first.id, slip, first.version, entered_by="Desk 1")
        bare = ResultReport(ResultKind.SLIP, Side.B, (0, 3))
        record_result(db, second.id, bare, second.version, entered_by="Desk 1")

        sheet = text_of(build(request_for("sheet", match_id=first.id), db, tmp_path / "sheet.pdf"))
        assert f"Slip: {first.a.name} beats {first.b.name if first.b else ''} 3–1" in sheet
        assert "margin 729 (entered by Desk 1)" in sheet
        assert "450" in sheet and "120" in sheet  # game 3's finals, in its block

        standings = text_of(
            build(request_for("standings", event_id=event.id), db, tmp_path / "standings.pdf")
        )
        assert "0*" in standings
        assert "leaves out 1 result" in standings

        assert second.b is not None
        player = text_of(
            build(request_for("player", entrant_id=second.b.id), db, tmp_path / "player.pdf")
        )
        assert "won (slip)" in player and "—" in player and "0*" in player
        assert "reported without its hands" in player
    finally:
        db.close()


def test_the_bracket_marks_scores_that_came_without_hands(tmp_path: Path) -> None:
    from gin_scorer.services.writes.demo import DemoPlan, play_demo

    db = open_database(tmp_path / "knockout.sqlite", station="Desk 1")
    try:
        plan = DemoPlan(
            entrants=8, event_format="single-elim", seed=2, preset="wikipedia-standard", slips=0.7
        )
        event = play_demo(db, plan).event
        text = text_of(
            build(request_for("bracket", event_id=event.id), db, tmp_path / "bracket.pdf")
        )
        assert "A score marked S came from a slip, F from a forfeit" in text
        assert "1S" in text or "1F" in text
    finally:
        db.close()
