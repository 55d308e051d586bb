"""The printed score sheet keeps the history the app shows: a corrected hand marked †, each
withdrawn hand listed where it stood and why; and matches are named by round and table, never
by the database's own number."""

from __future__ import annotations

from pathlib import Path

import pypdf

from gin_scorer.presentation.entry_grammar import read_entry
from gin_scorer.presets import load_preset
from gin_scorer.reports import build, request_for
from gin_scorer.services.support.database import open_database
from gin_scorer.services.support.dto import EntrantSpec
from gin_scorer.services.writes.entrants import add_entrants
from gin_scorer.services.writes.events import create_event
from gin_scorer.services.writes.hands import correct_hand, record_hand, undo, void_hand
from gin_scorer.services.writes.matches import get_score_sheet, list_matches
from gin_scorer.services.writes.rounds import start_round


def text_of(pdf: Path) -> str:
    return "\n".join(page.extract_text() for page in pypdf.PdfReader(pdf).pages)


def test_a_sheet_marks_corrections_and_lists_withdrawn_hands(tmp_path: Path) -> None:
    rules = load_preset("wikipedia-standard")
    db = open_database(tmp_path / "history.sqlite", station="Desk 1")
    try:
        event = create_event(db, name="History Open", format="swiss", rules=rules)
        add_entrants(db, event.id, [EntrantSpec(n) for n in ("Ann", "Bob", "Cy", "Di")])
        start_round(db, event.id)
        match = list_matches(db, event.id)[1]

        def enter(text: str) -> None:
            sheet = get_score_sheet(db, match.id)
            record = read_entry(text, rules).record
            assert record is not None
            record_hand(db, match.id, record, sheet.version, entered_by="Desk 1")

        for text in ("ak7 15", "bk9 4", "bg22"):
            enter(text)
        sheet = get_score_sheet(db, match.id)
        void_hand(db, sheet.hands[1].hand_id, sheet.version, reason="misdeal", entered_by="D")
        enter("d")
        undo(db, match.id, get_score_sheet(db, match.id).version, entered_by="D")
        sheet = get_score_sheet(db, match.id)
        fixed = read_entry("ak2 15", rules).record
        assert fixed is not None
        correct_hand(
            db, sheet.hands[0].hand_id, fixed, sheet.version, reason="misheard", entered_by="D"
        )

        text = text_of(build(request_for("sheet", match_id=match.id), db, tmp_path / "sheet.pdf"))
        assert "1†" in text
        assert "† hand 1 corrected: misheard" in text
        assert "✗ after hand 1, voided: B knocks 9 v 4 (misdeal)" in text
        assert "✗ after hand 2, undone: dead hand" in text
        # Named by round and table: the database's match number is not printed.
        assert "Match\n" not in text and "Table" in text and "Round" in text
        assert "undo of entry" not in text
    finally:
        db.close()


def test_a_hollywood_pad_marks_corrections_and_lists_voids(tmp_path: Path) -> None:
    rules = load_preset("hollywood")
    db = open_database(tmp_path / "pad.sqlite", station="Desk 1")
    try:
        event = create_event(db, name="Pad night", format="club", rules=rules)
        ann, bob = add_entrants(db, event.id, [EntrantSpec("Ann"), EntrantSpec("Bob")])
        from gin_scorer.services.writes.matches import create_match

        match = create_match(db, event.id, ann.id, bob.id)
        for text in ("ak7 15", "bg22"):
            sheet = get_score_sheet(db, match.id)
            record = read_entry(text, rules).record
            assert record is not None
            record_hand(db, match.id, record, sheet.version, entered_by="Desk 1")
        sheet = get_score_sheet(db, match.id)
        fixed = read_entry("ak3 15", rules).record
        assert fixed is not None
        sheet = correct_hand(
            db, sheet.hands[0].hand_id, fixed, sheet.version, reason="typo", entered_by="D"
        )
        void_hand(db, sheet.hands[1].hand_id, sheet.version, reason="wrong table", entered_by="D")
        text = text_of(build(request_for("pad", match_id=match.id), db, tmp_path / "pad.pdf"))
        assert "1†" in text and "† hand 1 corrected: typo" in text
        assert "✗ after hand 1, voided: B gin v 22 (wrong table)" in text
    finally:
        db.close()
