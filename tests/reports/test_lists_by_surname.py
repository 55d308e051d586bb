"""Printouts list players by surname, or as typed when the director says so (issue 35,
finding 9; decision 0024): the pairings' "find your table" page and the sign-in sheet."""

from __future__ import annotations

from pathlib import Path

from pypdf import PdfReader

from gin_scorer.reports.build import build
from gin_scorer.reports.request import request_for
from gin_scorer.services.support.database import open_database
from gin_scorer.services.support.dto import NameOrder
from gin_scorer.services.support.name_order import set_name_order
from tests.name_field import AS_TYPED, BY_SURNAME, paired_field


def _rows(text: str, names: list[str]) -> list[str]:
    """The players in the order of their rows: on the list by name a row is the name, then
    its table (a number on the next line); on the sign-in sheet, a line that starts with it."""
    lines = [line.strip() for line in text.splitlines()]
    if any(line.isdigit() for line in lines):
        rows = [lines[i] for i in range(len(lines) - 1) if lines[i + 1].isdigit()]
    else:
        rows = [next((n for n in names if line.startswith(n)), "") for line in lines]
    return [row for row in rows if row in names]


def test_the_pairings_and_the_sign_in_sheet_list_by_surname(tmp_path: Path) -> None:
    db = open_database(str(tmp_path / "names.sqlite"), station="desk", backups=False)
    try:
        event_id = paired_field(db)

        def printed(kind: str) -> str:
            out = build(request_for(kind, event_id=event_id), db, tmp_path / f"{kind}.pdf")
            pages = PdfReader(out).pages
            return "\n".join(page.extract_text() for page in pages[-1:])  # by name: the last

        assert _rows(printed("pairings"), BY_SURNAME) == BY_SURNAME
        assert _rows(printed("signin"), BY_SURNAME) == BY_SURNAME
        set_name_order(db, NameOrder.AS_TYPED)
        assert _rows(printed("pairings"), BY_SURNAME) == AS_TYPED
    finally:
        db.close()
