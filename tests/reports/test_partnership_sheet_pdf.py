"""The printed sheet of a partnership: one block to the target, rows by deal and card table
(1a, 1b, 2a …), who sits where, and the result in team points; a blank one keeps the rows."""

from __future__ import annotations

from pathlib import Path

from gin_scorer.presets import load_preset
from gin_scorer.reports import build, request_for
from gin_scorer.services.support.database import open_database
from gin_scorer.services.writes import entrants, events, hands, matches, rounds
from tests.services.helpers import hand

from .test_sheet_history_pdf import text_of


def test_a_partnership_sheet_prints_seats_and_team_points(tmp_path: Path) -> None:
    db = open_database(tmp_path / "pairs.sqlite", station="Desk 1")
    try:
        event = events.create_event(db, name="Pairs", rules=load_preset("pagat-partnership"))
        for name, partner in (("Ann", "Bob"), ("Eve", "Fay")):
            entrants.add_entrant(db, event.id, name, partner=partner)
        match_id = rounds.start_round(db, event.id, chosen=[(1, 2)]).pairings[0].match_id
        assert match_id is not None
        sheet = matches.get_score_sheet(db, match_id)
        blank = text_of(
            build(request_for("sheet", match_id=match_id, blank=True), db, tmp_path / "blank.pdf")
        )
        assert "Partnership 1" in blank and "11b" in blank and "first team to 125" in blank
        for _ in range(4):  # two deals in which A's team gins at both tables: 4 × 45
            play = {"gin": "A", "deadwood": {"B": 25}}
            sheet = hands.record_hand(db, match_id, hand(play), sheet.version, entered_by="D")
        assert sheet.finished
        text = text_of(build(request_for("sheet", match_id=match_id), db, tmp_path / "sheet.pdf"))
        assert "Odd deals: 1a Ann v Eve, 1b Bob v Fay" in text
        assert "even deals: 1a Ann v Fay, 1b Bob v Eve" in text
        assert "Ann & Bob win 180–0" in text
        assert "2b" in text and "Team total" in text
        # The entrant's player sheet counts the match by the team's points.
        player = text_of(
            build(request_for("player", event_id=event.id, entrant_id=1), db, tmp_path / "p.pdf")
        )
        assert "Ann & Bob" in player and "180" in player
    finally:
        db.close()


def test_a_team_sheet_has_a_row_per_table_and_the_seats(tmp_path: Path) -> None:
    db = open_database(tmp_path / "teams.sqlite", station="Desk 1")
    try:
        event = events.create_event(db, name="Teams", rules=load_preset("tedesco-teams"))
        for team in ("Ann & Bob & Cy", "Dee & Eve & Fay"):
            first, rest = team.split(" & ", 1)
            entrants.add_entrant(db, event.id, first, partner=rest)
        match_id = rounds.start_round(db, event.id, chosen=[(1, 2)]).pairings[0].match_id
        assert match_id is not None
        text = text_of(
            build(request_for("sheet", match_id=match_id, blank=True), db, tmp_path / "t.pdf")
        )
        assert "Team match 1" in text and "7c" in text and "+25 when all of a team win" in text
        # A tent for each card table, with who sits there for the first deal.
        tents = text_of(build(request_for("tents", event_id=event.id), db, tmp_path / "tents.pdf"))
        assert all(f"Table 1{t}" in tents for t in "abc") and "Table 1\n" not in tents
        assert "Ann  v  Dee" in tents and "Cy  v  Fay" in tents
        # Each player signs in and wears a badge, with the team they play for.
        sign_in = text_of(build(request_for("signin", event_id=event.id), db, tmp_path / "in.pdf"))
        assert "6 players." in sign_in and "Cy (Ann & Bob & Cy)" in sign_in
        badges = text_of(build(request_for("badges", event_id=event.id), db, tmp_path / "b.pdf"))
        assert all(name in badges for name in ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay"))
        sheet = matches.get_score_sheet(db, match_id)
        play = {"knock": "B", "deadwood": {"A": 30, "B": 2}, "upcard": "9h"}
        for _ in range(3):
            sheet = hands.record_hand(db, match_id, hand(play), sheet.version, entered_by="D")
        text = text_of(build(request_for("sheet", match_id=match_id), db, tmp_path / "s.pdf"))
        assert "Deal 1: 1a Ann v Dee, 1b Bob v Eve, 1c Cy v Fay" in text
        assert "in play: 0–109 (first to 300)" in text  # 3 x 28 and the sweep's 25
        assert "Sweep bonus (25): deal 1 to B" in text
    finally:
        db.close()
