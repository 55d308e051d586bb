"""The projector on the screens directors have (1280×720, 1366×768, 1920×1080), in a real
Chromium: the clock on one line, every row of every page, the footnote and the seal inside the
screen; and nothing moves once the wall is drawn, neither at load nor when a page turns."""

from __future__ import annotations

import os
import time
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest

from gin_scorer.presentation.projector_pages import ClockReading
from gin_scorer.presentation.result_grammar import read_result_line
from gin_scorer.services.support.database import open_database
from gin_scorer.services.writes.demo import DemoPlan, play_demo
from gin_scorer.services.writes.matches import get_score_sheet, list_matches
from gin_scorer.services.writes.results import record_result
from gin_scorer.web.app import room_app
from gin_scorer.web.room_pages import PROJECTOR_ROWS

from .browser import needs_chromium, open_browser
from .conftest import Served

pytestmark = needs_chromium
SHOTS = os.environ.get("GIN_SCORER_SHOTS", "")
CLOCK = ClockReading(2, 47 * 60 + 5, paused=False, mark=(2, 1.0, None))

# Every page of the wall, shown in turn as the projector's script turns them: what of it
# lies outside the screen (the clock's lines, rows, footnotes, the seal).
_OUTSIDE = """
var pages = document.querySelectorAll('.page');
var out = [];
var shown = document.getElementById('pages').getBoundingClientRect();
var inside = function (e) {
  var r = e.getBoundingClientRect();
  return r.bottom <= window.innerHeight + 0.5 && r.right <= window.innerWidth + 0.5;
};
// A page's parts are inside the pages' own box too, which hides what overflows it.
var onPage = function (e) {
  var r = e.getBoundingClientRect();
  return inside(e) && r.bottom <= shown.bottom + 0.5 && r.right <= shown.right + 0.5;
};
for (var i = 0; i < pages.length; i++) {
  for (var j = 0; j < pages.length; j++) {
    pages[j].className = 'page' + (i === j ? ' shown' : '');
  }
  var parts = pages[i].querySelectorAll('tr, p');
  for (var k = 0; k < parts.length; k++) {
    if (!onPage(parts[k])) {
      out.push(pages[i].querySelector('h1').textContent + ': ' + parts[k].textContent);
    }
  }
}
var clock = document.getElementById('clock');
var size = parseFloat(getComputedStyle(clock).fontSize);
var lines = clock.getClientRects().length === 1 && clock.offsetHeight < 2 * size;
if (!lines || !inside(clock)) { out.push('the clock: ' + clock.textContent); }
var seal = document.querySelector('footer p');
if (!seal.textContent || !inside(seal)) { out.push('the seal: ' + seal.textContent); }
return [pages.length, out];
"""

_SHIFTS = """
window.__shifts = 0;
new PerformanceObserver(function (list) {
  list.getEntries().forEach(function (e) {
    if (!e.hadRecentInput) { window.__shifts += e.value; }
  });
}).observe({type: 'layout-shift', buffered: true});
"""


@pytest.fixture(scope="module")
def wall(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """A round of 26 (three pages of standings), one result a slip without points (the
    standings' * and its footnote), the desk's round clock running."""
    folder = tmp_path_factory.mktemp("wall")
    db = open_database(str(Path(folder) / "wall.sqlite"), station="desk", backups=False)
    plan = DemoPlan(
        name="Midsummer Gin Rummy Open — Club Championship",
        entrants=26,
        rounds=2,
        seed=3,
        preset="wikipedia-standard",
        unfinished_tables=4,
        with_cards=False,
    )
    event_id = play_demo(db, plan).event.id
    playing = next(
        m for m in list_matches(db, event_id) if m.round_number == 2 and m.status.value == "playing"
    )
    report = read_result_line("a 1-0", with_table=False).report
    assert report is not None
    version = get_score_sheet(db, playing.id).version
    record_result(db, playing.id, report, version, entered_by="Desk 1", replace_existing=True)
    yield db, event_id
    db.close()


@pytest.mark.parametrize("size", [(1280, 720), (1366, 768), (1920, 1080)])
def test_every_page_of_the_wall_fits_the_screen_and_nothing_moves(wall, size) -> None:  # type: ignore[no-untyped-def]
    db, event_id = wall
    width, height = size
    with Served(room_app(db, event_id, clock=lambda: CLOCK)) as room:
        browser = open_browser(width, height)
        try:
            browser.execute_cdp_cmd(
                "Emulation.setDeviceMetricsOverride",
                {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False},
            )
            browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": _SHIFTS})
            browser.get(room.url + "/projector")
            time.sleep(1.5)
            assert "points differential leaves out" in browser.page_source  # the footnote
            if SHOTS:
                os.makedirs(SHOTS, exist_ok=True)
                browser.save_screenshot(os.path.join(SHOTS, f"projector-{width}x{height}.png"))
            loaded = browser.execute_script("return window.__shifts;")
            # A page turn, as the projector's script makes it every twelve seconds.
            browser.execute_script(
                "var p = document.querySelectorAll('.page');"
                "p[0].className = 'page'; p[1].className = 'page shown';"
            )
            time.sleep(0.5)
            turned = browser.execute_script("return window.__shifts;") - loaded
            pages, outside = browser.execute_script(_OUTSIDE)
        finally:
            browser.quit()
    assert pages >= 3 and PROJECTOR_ROWS == 12
    assert not outside, f"outside {width}×{height}: {outside}"
    assert loaded < 0.01 and turned < 0.01, (loaded, turned)


# The wall's first page of standings: its headings, and each row's cells with whether each is
# bold (the figure that decided the row's place below the row above).
_STANDINGS = """
var page = document.querySelector('.page');
var heads = Array.prototype.map.call(page.querySelectorAll('th'), function (h) {
  return h.textContent;
});
var rows = Array.prototype.slice.call(page.querySelectorAll('tr'), 1).map(function (tr) {
  return Array.prototype.map.call(tr.querySelectorAll('td'), function (td) {
    return [td.textContent, td.querySelector('b') !== null];
  });
});
var notes = Array.prototype.map.call(page.querySelectorAll('p'), function (p) {
  return p.textContent;
});
return [heads, rows, notes];
"""


def test_the_walls_standings_say_which_tie_break_placed_each_row(wall) -> None:  # type: ignore[no-untyped-def]
    """Two players at 2–0 one above the other: the wall shows the tie-break column that put
    one above the other (Opp. wins here, as on the desk's projector), its figure in bold, and
    says how ties are broken, all on a 1280×720 beamer."""
    db, event_id = wall
    with Served(room_app(db, event_id, clock=lambda: CLOCK)) as room:
        browser = open_browser(1280, 720)
        try:
            browser.execute_cdp_cmd(
                "Emulation.setDeviceMetricsOverride",
                {"width": 1280, "height": 720, "deviceScaleFactor": 1, "mobile": False},
            )
            browser.get(room.url + "/projector")
            time.sleep(1.0)
            heads, rows, notes = browser.execute_script(_STANDINGS)
            if SHOTS:
                browser.save_screenshot(os.path.join(SHOTS, "projector-tie-breaks-1280x720.png"))
        finally:
            browser.quit()
    assert heads[:3] == ["Place", "Entrant", "W–L"]
    assert "Opp. wins" in heads and heads[-1] == "Points ±"
    ties = range(3, len(heads))
    decided = 0
    for above, row in pairwise(rows):
        bold = [i for i in ties if row[i][1]]
        if row[0][0] == above[0][0] or row[2][0] != above[2][0]:
            continue  # a shared place, or placed by the record itself
        # Exactly one figure in bold: the first shown tie-break on which the two rows differ.
        assert len(bold) == 1, (above, row)
        first = next(i for i in ties if row[i][0] != above[i][0])
        assert bold == [first], (heads, above, row)
        decided += 1
    assert decided >= 5
    assert any("Ties broken by" in n and "In bold" in n for n in notes), notes
