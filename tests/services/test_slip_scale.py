"""One scale for points (decision 0016): a slip's totals are its games' finals, stored as such
and used as such by the standings, the sheet, the CSV and the printed slip; a slip stored as
hand points before keeps that meaning and is left out of the differential, marked."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

from pypdf import PdfReader

from gin_scorer.core.hands import Side
from gin_scorer.presentation.result_grammar import reported_result_text
from gin_scorer.presets import load_preset
from gin_scorer.reports import build, request_for
from gin_scorer.services.queries.standings import standings
from gin_scorer.services.queries.verify import verify_database
from gin_scorer.services.support.database import open_database
from gin_scorer.services.support.dto import PointsScale, ResultKind
from gin_scorer.services.writes import entrants, events, matches
from gin_scorer.services.writes.exchange.csv_files import export_results
from gin_scorer.services.writes.exchange.event_export import export_event_json
from gin_scorer.services.writes.exchange.event_import import import_event_json
from gin_scorer.services.writes.results import ResultReport, record_result
from gin_scorer.store.database import Database


def _slip_event(db: Database) -> tuple[int, int]:
    """A GRA event (best of five to 250) with one match reported on a slip of its finals."""
    event = events.create_event(db, name="Open", rules=load_preset("gra-tournament"))
    ann = entrants.add_entrant(db, event.id, "Ann").id
    bob = entrants.add_entrant(db, event.id, "Bob").id
    match = matches.create_match(db, event.id, ann, bob)
    finals = ((700, 0), (380, 120), (60, 420), (410, 455))  # the last: A won it on fewer
    report = ResultReport(
        ResultKind.SLIP, Side.A, (3, 1), finals, game_winners=(None,) * 3 + (Side.A,)
    )
    record_result(db, match.id, report, match.version, entered_by="desk")
    return event.id, match.id


def test_a_slip_of_finals_is_stored_and_used_as_finals(tmp_path: Path) -> None:
    with open_database(tmp_path / "a.sqlite", backups=False) as db:
        event_id, match_id = _slip_event(db)
        sheet = matches.get_score_sheet(db, match_id)
        assert sheet.result is not None and sheet.result.scale is PointsScale.FINALS
        assert sheet.result.game_winners == (Side.A, Side.A, Side.B, Side.A)
        ann, bob = standings(db, event_id)
        margin = 700 + 260 - 360 - 45
        assert (ann.counts.point_differential, bob.counts.point_differential) == (margin, -margin)
        assert ann.counts.points_missing == 0
        (row,) = csv.DictReader(io.StringIO(export_results(db, event_id).lstrip("\ufeff")))
        assert (row["margin"], row["points_a"], row["points_b"]) == (str(margin), "1550", "995")
        pdf = build(request_for("sheet", match_id=match_id), db, tmp_path / "sheet.pdf")
        text = " ".join(page.extract_text() for page in PdfReader(pdf).pages)
        assert "700" in text and "455" in text and "Slip: Ann beats Bob 3–1" in text
        slips = build(
            request_for("slips", event_id=event_id, blank=True), db, tmp_path / "slips.pdf"
        )
        text = " ".join(PdfReader(slips).pages[0].extract_text().split())
        assert "Each game's final, from the foot of the pad: points + boxes + bonuses" in text
        assert "Game A's final B's final 1 2 3 4 5" in text  # a line per game of a best of 5
        assert text.count("Result slip ") == 3  # three slips a page, room to write
        # An event file carries the finals and their winners, and brings them back as such.
        document = json.loads(export_event_json(db, event_id))
        (result,) = document["results"]
        assert result["game_points"] == {
            "scale": "finals",
            "games": [[700, 0, "A"], [380, 120, "A"], [60, 420, "B"], [410, 455, "A"]],
        }
    with open_database(tmp_path / "b.sqlite", backups=False) as other:
        copy = import_event_json(other, document)
        assert [r.counts.point_differential for r in standings(other, copy.id)] == [margin, -margin]


def test_a_slip_stored_as_hand_points_keeps_its_meaning(tmp_path: Path) -> None:
    """A database (or an event file) from before decision 0016 holds a slip's totals as hand
    points, [[251, 0], ...]: its result stands, its totals are said to be hand points, and the
    differential leaves them out, marked, instead of adding a second scale."""
    with open_database(tmp_path / "a.sqlite", backups=False) as db:
        event_id, _ = _slip_event(db)
        document = json.loads(export_event_json(db, event_id))
    document["results"][0]["game_points"] = [[251, 0], [260, 100], [90, 251], [255, 240]]
    with open_database(tmp_path / "old.sqlite", backups=False) as old:
        copy = import_event_json(old, document)
        ann, bob = standings(old, copy.id)
        assert (ann.counts.match_wins, ann.counts.game_wins, ann.counts.game_losses) == (1, 3, 1)
        assert (
            ann.counts.point_differential,
            ann.counts.points_missing,
            bob.counts.points_missing,
        ) == (0, 1, 1)
        (match,) = matches.list_matches(old, copy.id)
        result = matches.get_score_sheet(old, match.id).result
        assert result is not None and result.scale is PointsScale.HAND_POINTS
        said = reported_result_text(result, "Ann", "Bob")
        assert "game totals 251–0, 260–100, 90–251, 255–240 entered as hand points" in said
        assert "not counted in the differential" in said
        (row,) = csv.DictReader(io.StringIO(export_results(old, copy.id).lstrip("\ufeff")))
        assert (row["margin"], row["points_a"]) == ("", "")
        report = verify_database(old)
        assert report.clean, report.problems
