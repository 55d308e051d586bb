"""Every page of the room, in every state a player meets, checked by tools nobody on the project
wrote: axe-core (no serious or critical violation) at a phone's 360×740 and a screen's
1920×1080, light and dark, and the Nu Html Checker (no error) over every page as it stood —
the table page empty, typed, with a hand waiting offline, after a conflict, at the confirm
step and finished; the room page; the projector; the season page."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from gin_scorer.core.hands import Side
from gin_scorer.presentation.entry_grammar import read_entry
from gin_scorer.services.support.database import open_database
from gin_scorer.services.writes.confirmations import confirm_result
from gin_scorer.services.writes.demo import DemoPlan, play_demo
from gin_scorer.services.writes.hands import record_hand
from gin_scorer.services.writes.matches import get_score_sheet, list_matches
from gin_scorer.services.writes.table_links import table_links
from gin_scorer.web.app import room_app
from gin_scorer.web.table_page_view import table_name

from .browser import needs_chromium, offline, open_browser, screen, shown_text, wait_until
from .conftest import Served
from .page_checks import axe_violations, need_checkers, nu_errors, save_page, serious

pytestmark = needs_chromium
SCREENS = ((360, 740), (1920, 1080))
SHOTS = os.environ.get("GIN_SCORER_SHOTS", "")  # a folder: a screenshot of each state


class Audit:
    """The room under test, one browser, and the pages saved for the Nu checker."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.db = open_database(str(folder / "audit.sqlite"), station="desk", backups=False)
        plan = DemoPlan(
            name="Audit <Open> & Co",
            entrants=12,
            rounds=2,
            seed=11,
            preset="wikipedia-standard",
            unfinished_tables=3,
            with_cards=False,
        )
        self.event_id = play_demo(self.db, plan).event.id
        self.saved: list[Path] = []
        self.problems: list[str] = []  # axe's serious and critical findings, for the test

    def found(self) -> str:
        """What axe found since the last call (each test says only its own pages')."""
        said, self.problems = "\n".join(self.problems), []
        return said

    def matches(self, status: str) -> list[Any]:
        return [
            m
            for m in list_matches(self.db, self.event_id)
            if m.round_number == 2 and m.status.value == status and m.b is not None
        ]

    def path(self, match_id: int) -> str:
        links = table_links(self.db, self.event_id)
        return next(link.path for link in links if link.match_id == match_id)

    def check(self, browser: Any, name: str) -> None:
        """axe on the page as it is, at each screen in each scheme; then the page saved."""
        for width, height in SCREENS:
            for dark in (False, True):
                screen(browser, width, height, dark=dark)
                where = f"{name} at {width}×{height}{' dark' if dark else ''}"
                self.problems += [f"{where}: {said}" for said in serious(axe_violations(browser))]
        screen(browser, *SCREENS[0])
        self.saved.append(save_page(browser, self.folder / "pages", name))
        if SHOTS:  # each state as a phone shows it, for a person to look at
            os.makedirs(SHOTS, exist_ok=True)
            browser.save_screenshot(os.path.join(SHOTS, f"{name}-360x740.png"))


@pytest.fixture(scope="module")
def audit(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Audit, Any, str]]:
    need_checkers()
    checked = Audit(tmp_path_factory.mktemp("audit"))
    with Served(room_app(checked.db, checked.event_id, poll_seconds=0.2)) as room:
        browser = open_browser(360, 740)
        try:
            yield checked, browser, room.url
        finally:
            browser.quit()
            checked.db.close()


def test_the_table_page_empty_typed_waiting_and_after_a_conflict(audit) -> None:  # type: ignore[no-untyped-def]
    checked, browser, url = audit
    match = checked.matches("playing")[0]
    browser.get(url + checked.path(match.id))
    checked.check(browser, "table-empty")
    browser.find_element("id", "text").send_keys("ak7 15")
    wait_until(lambda: browser.find_element("id", "send").text == "Record")
    checked.check(browser, "table-typed")
    offline(browser, True)
    browser.find_element("id", "send").click()
    wait_until(lambda: "not sent yet" in shown_text(browser, "waiting"))
    checked.check(browser, "table-waiting-offline")
    browser.find_element("css selector", "#waiting-list button").click()  # withdrawn
    offline(browser, False)
    sheet = get_score_sheet(checked.db, match.id)  # the other phone records first
    record = read_entry("bg20", sheet.rules).record
    assert record is not None
    record_hand(checked.db, match.id, record, sheet.version, entered_by=table_name(sheet.match))
    browser.find_element("id", "send").click()
    wait_until(lambda: "your line is kept" in shown_text(browser, "main"))
    checked.check(browser, "table-conflict")
    assert not (found := checked.found()), found


def test_the_table_page_at_the_confirm_step_and_finished(audit) -> None:  # type: ignore[no-untyped-def]
    checked, browser, url = audit
    decided = checked.matches("finished")
    browser.get(url + checked.path(decided[0].id))
    assert "I confirm this result" in shown_text(browser, "main")
    checked.check(browser, "table-confirm-step")
    done = decided[1]
    for side in (Side.A, Side.B):
        confirm_result(checked.db, done.id, side, done.version, agrees=True, entered_by="test")
    browser.get(url + checked.path(done.id))
    assert "both players confirmed" in shown_text(browser, "main")
    checked.check(browser, "table-finished")
    assert not (found := checked.found()), found


@pytest.mark.parametrize("page", ["/", "/projector", "/season"])
def test_the_room_the_projector_and_the_season_page(audit, page: str) -> None:  # type: ignore[no-untyped-def]
    checked, browser, url = audit
    browser.get(url + page)
    checked.check(browser, {"/": "room"}.get(page, page.strip("/")))
    assert not (found := checked.found()), found


def test_the_nu_checker_finds_no_error_on_any_page(audit) -> None:  # type: ignore[no-untyped-def]
    checked, _browser, _url = audit
    if not checked.saved:
        pytest.skip("no page was saved (run with the other tests of this file)")
    errors = nu_errors(checked.saved)
    assert not errors, "\n".join(errors)
