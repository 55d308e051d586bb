"""A partnership's table page: it says whose hand comes next (deal, card table, the two
players), reads the entry line with their names, and shows the sheet by deal and table."""

from __future__ import annotations

import html
from pathlib import Path

from gin_scorer.presets import load_preset
from gin_scorer.services.support.database import open_database
from gin_scorer.services.writes import entrants, events, rounds
from gin_scorer.services.writes.matches import get_score_sheet
from gin_scorer.services.writes.table_links import table_links
from gin_scorer.web.app import room_app

from .conftest import fetch
from .test_table_pages import _form, _post


def test_the_table_page_names_the_seat_of_each_hand(tmp_path: Path) -> None:
    db = open_database(str(tmp_path / "pairs.sqlite"), station="desk", backups=False)
    try:
        event = events.create_event(db, name="Pairs", rules=load_preset("pagat-partnership"))
        for name, partner in (("Ann", "Bob <Jr>"), ("Eve", "Fay")):
            entrants.add_entrant(db, event.id, name, partner=partner)
        match_id = rounds.start_round(db, event.id, chosen=[(1, 2)]).pairings[0].match_id
        link = next(link for link in table_links(db, event.id) if link.match_id == match_id)
        app = room_app(db, event.id)
        page = html.unescape(fetch(app, link.path).text)
        assert "Next: Deal 1 · table 1a: Ann v Eve" in page and "(a = Ann, b = Eve)" in page
        fields = _form(fetch(app, link.path).text)
        checked = _post(app, f"{link.path}/hand", {"text": "bk3 20", "step": "check", **fields})
        assert "Eve knocks with 3" in html.unescape(checked.text)
        sent = _post(app, f"{link.path}/hand", {"text": "bk3 20", "step": "record", **fields})
        assert sent.status_code == 303
        page = fetch(app, link.path).text
        assert "Bob &lt;Jr&gt;" in page and "<Jr>" not in page  # names stay text
        page = html.unescape(page)
        assert "Next: Deal 1 · table 1b: Bob <Jr> v Fay" in page
        assert '<td class="num">1 · 1a</td>' in page and "Take back hand 1 · 1a" in page
        assert "deal 1: " not in page  # table b is not in yet
        fields = _form(fetch(app, link.path).text)
        sent = _post(app, f"{link.path}/hand", {"text": "bk4 20", "step": "record", **fields})
        assert sent.status_code == 303
        page = html.unescape(fetch(app, link.path).text)
        assert "knock: Fay scores 16; deal 1: 33 to B" in page  # what the deal scored
        assert len(get_score_sheet(db, match_id).hands) == 2
    finally:
        db.close()
