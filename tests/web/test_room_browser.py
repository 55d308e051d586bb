"""The room in a real browser: Debian's Chromium, headless, driven by Selenium (no browser is
downloaded at test time), at a phone's size and a projector's."""

from __future__ import annotations

import threading
import time

from gin_scorer.presentation.entry_grammar import read_entry
from gin_scorer.services.writes.hands import record_hand
from gin_scorer.services.writes.matches import get_score_sheet, list_matches
from gin_scorer.web.app import room_app

from .browser import needs_chromium, open_browser
from .conftest import Served

pytestmark = needs_chromium
_browser = open_browser  # the name the three-player test imports


def _visible_names(browser) -> list[str]:  # type: ignore[no-untyped-def]
    """The names the list shows now, read in one go (the live refresh replaces the rows)."""
    return list(
        browser.execute_script(
            "return Array.prototype.filter.call("
            "document.querySelectorAll('#by-name tr[data-name]'),"
            "function (row) { return row.offsetParent !== null; })"
            ".map(function (row) { return row.textContent; });"
        )
    )


def _tables_text(browser) -> str:  # type: ignore[no-untyped-def]
    return str(browser.execute_script("return document.getElementById('tables').textContent;"))


def test_a_phone_finds_its_table_and_sees_a_hand_within_two_seconds(room_db) -> None:  # type: ignore[no-untyped-def]
    db, event_id = room_db
    playing = next(
        m for m in list_matches(db, event_id) if m.round_number == 2 and m.status.value == "playing"
    )
    app = room_app(db, event_id, poll_seconds=0.2)
    with Served(app) as room:
        browser = _browser(360, 740)
        try:
            browser.get(room.url + "/")
            assert len(_visible_names(browser)) == 8
            browser.find_element("id", "find").send_keys(playing.a.name[:5])
            names = _visible_names(browser)
            assert names and all(playing.a.name[:5].lower() in n.lower() for n in names)
            # Nothing sideways on a phone but the standings' own scroll box.
            width = browser.execute_script("return document.documentElement.scrollWidth")
            assert browser.execute_script("return window.innerWidth") == 360
            assert width <= 360
            before = _tables_text(browser)
            sheet = get_score_sheet(db, playing.id)
            record = read_entry("ag40", sheet.rules).record
            assert record is not None

            def hand_at_another_station() -> None:
                record_hand(db, playing.id, record, sheet.version, entered_by="Desk 2")

            landed = time.monotonic()
            threading.Thread(target=hand_at_another_station).start()
            deadline = landed + 2.0
            while time.monotonic() < deadline:
                if _tables_text(browser) != before:
                    break
                time.sleep(0.05)
            took = time.monotonic() - landed
            assert _tables_text(browser) != before, "no update in 2 s"
            assert took < 2.0
            # The find box keeps filtering after the live update.
            assert all(playing.a.name[:5].lower() in n.lower() for n in _visible_names(browser))
        finally:
            browser.quit()


def test_the_projector_shows_one_page_at_a_time(room_db) -> None:  # type: ignore[no-untyped-def]
    db, event_id = room_db
    with Served(room_app(db, event_id)) as room:
        browser = _browser(1920, 1080)
        try:
            browser.get(room.url + "/projector")
            pages = browser.find_elements("css selector", ".page")
            shown = [page for page in pages if page.is_displayed()]
            assert len(pages) > 1 and len(shown) == 1
            assert "Standings" in shown[0].text
        finally:
            browser.quit()


def test_a_table_enters_a_hand_from_its_phone(room_db) -> None:  # type: ignore[no-untyped-def]
    from gin_scorer.services.writes.table_links import table_links

    db, event_id = room_db
    playing = next(
        m for m in list_matches(db, event_id) if m.round_number == 2 and m.status.value == "playing"
    )
    path = next(link.path for link in table_links(db, event_id) if link.match_id == playing.id)
    before = len(get_score_sheet(db, playing.id).hands)
    with Served(room_app(db, event_id)) as room:
        browser = _browser(360, 740)
        try:
            browser.get(room.url + path)
            browser.find_element("id", "text").send_keys("ak7 15")
            deadline = time.monotonic() + 3
            while time.monotonic() < deadline:  # the line is read back as it is typed
                if "knocks with 7" in browser.find_element("id", "reading").text:
                    break
                time.sleep(0.05)
            assert "knocks with 7" in browser.find_element("id", "reading").text
            assert browser.find_element("id", "send").text == "Record"
            browser.find_element("id", "send").click()
            deadline = time.monotonic() + 5
            while time.monotonic() < deadline and "Take back hand" not in browser.page_source:
                time.sleep(0.05)
            assert "Take back hand" in browser.page_source
        finally:
            browser.quit()
    sheet = get_score_sheet(db, playing.id)
    assert len(sheet.hands) == before + 1
    assert sheet.hands[-1].entered_by == f"table {playing.table_number} (room)"


def _wait_for(browser, text: str, seconds: float = 5.0) -> None:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and text not in browser.page_source:
        time.sleep(0.05)
    assert text in browser.page_source, f"no {text!r} in {seconds} s"


def _record(phone, line: str) -> None:  # type: ignore[no-untyped-def]
    """Type a hand and press Record once the page has read it back. The page reloads itself
    when the room changes (the last hand's own echo among them) while nothing is typed: then
    start again on the new page."""
    from selenium.common.exceptions import WebDriverException

    for _attempt in range(5):
        try:
            phone.find_element("id", "text").send_keys(line)
            send = phone.find_element("id", "send")
            deadline = time.monotonic() + 3
            while send.text != "Record" and time.monotonic() < deadline:
                time.sleep(0.05)
            send.click()
            return
        except WebDriverException:  # the page was replaced under the finger
            time.sleep(0.2)
    raise AssertionError(f"could not send {line!r}")


def test_a_whole_best_of_five_match_from_a_phone_then_both_confirm(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Best of five games to 250 entered hand by hand on a phone (360×740), both players
    confirm (the second on their own phone), the page then takes nothing, and the room page
    open on a third phone shows the table finished without being reloaded."""
    from gin_scorer.presets import load_preset
    from gin_scorer.services.support.database import open_database
    from gin_scorer.services.writes import entrants, events, rounds
    from gin_scorer.services.writes.table_links import table_links

    db = open_database(str(tmp_path / "match.sqlite"), station="desk", backups=False)
    try:
        event = events.create_event(
            db, name="Phone Open", format="swiss", rules=load_preset("gra-tournament")
        )
        entrants.add_entrant(db, event.id, "Ann Archer")
        entrants.add_entrant(db, event.id, "Bob Baker")
        rounds.start_round(db, event.id)
        link = table_links(db, event.id)[0]
        with Served(room_app(db, event.id, poll_seconds=0.2)) as room:
            phone, other, wall = _browser(360, 740), _browser(360, 740), _browser(360, 740)
            try:
                wall.get(room.url + "/")
                phone.get(room.url + link.path)
                hands = 0
                while 'id="entry"' in phone.page_source and hands < 40:
                    line = "ag40" if hands % 4 != 3 else "bk3 20"  # Ann wins, Bob now and then
                    _record(phone, line)
                    hands += 1
                    _wait_for(phone, f'<td class="num">{hands}</td>')
                sheet = get_score_sheet(db, link.match_id)
                assert sheet.finished and sheet.games_won.a == 3 and len(sheet.hands) == hands
                assert sheet.rules.best_of == 5 and sheet.rules.target == 250
                _wait_for(phone, "The result")
                phone.find_element("id", "agree-a").click()
                _wait_for(phone, "Ann Archer confirmed the result")
                other.get(room.url + link.path)  # Bob, on his own phone
                assert "agree-a" not in other.page_source
                other.find_element("id", "agree-b").click()
                _wait_for(other, "both players confirmed the result")
                phone.refresh()
                assert "both players confirmed the result" in phone.page_source
                assert "I confirm" not in phone.page_source and "Take back" not in phone.page_source
                _wait_for(wall, "finished")  # the room page followed without a reload
            finally:
                for browser in (phone, other, wall):
                    browser.quit()
        said = get_score_sheet(db, link.match_id).confirmation
        assert said is not None and said.agreement.value == "confirmed"
    finally:
        db.close()
