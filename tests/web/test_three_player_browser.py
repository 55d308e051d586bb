"""A table of three played from a phone in a real browser (Debian's Chromium, headless, at
360×740): each hand names its two players as it is typed, and the game ends with the winner
and the three totals, nothing sideways."""

from __future__ import annotations

from pathlib import Path

from gin_scorer.presets import load_preset
from gin_scorer.services.support.database import open_database
from gin_scorer.services.writes import entrants, events, rounds
from gin_scorer.services.writes.matches import get_score_sheet
from gin_scorer.services.writes.table_links import table_links
from gin_scorer.web.app import room_app

from .conftest import Served
from .test_room_browser import _browser, _record, _wait_for, pytestmark  # noqa: F401


def test_a_table_of_three_plays_its_game_on_a_phone(tmp_path: Path) -> None:
    db = open_database(str(tmp_path / "threes.sqlite"), station="desk", backups=False)
    try:
        event = events.create_event(
            db, name="Threes", format="swiss", rules=load_preset("pagat-three")
        )
        for name in ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus"):
            entrants.add_entrant(db, event.id, name)
        match_id = rounds.start_round(db, event.id).pairings[0].match_id  # Ann, Cat and Eve
        path = next(link.path for link in table_links(db, event.id) if link.match_id == match_id)
        with Served(room_app(db, event.id, poll_seconds=0.2)) as room:
            phone = _browser(360, 740)
            try:
                phone.get(room.url + path)
                assert "Next: Hand 1 · Ann deals: Cat v Eve" in phone.page_source
                _record(phone, "ag40")  # Cat's gin against Eve
                _wait_for(phone, "Next: Hand 2 · Eve deals: Ann v Cat")
                phone.find_element("id", "text").send_keys("bg40")
                _wait_for(phone, "Cat goes gin, Ann has 40")  # read back: the two names
                phone.find_element("id", "send").click()
                _wait_for(phone, "Cat wins the game · final: Ann 0 · Cat 260 · Eve 0")
                width = phone.execute_script("return document.documentElement.scrollWidth")
                assert width <= 360
                assert 'id="entry"' not in phone.page_source
            finally:
                phone.quit()
        assert len(get_score_sheet(db, match_id).hands) == 2
    finally:
        db.close()
