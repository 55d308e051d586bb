"""The seasons in the room: a night counted in a season links its table from the room page,
``/season`` shows it (names as text), the projector pages through it, and a heavy season read
is shared for a while even when hands land."""

from __future__ import annotations

import asyncio
import html
import math
import re

from gin_scorer.presentation.club_words import season_room_cells
from gin_scorer.services.queries.seasons import season_standing
from gin_scorer.services.writes.season_changes import create_season, set_season_events
from gin_scorer.web.app import room_app
from gin_scorer.web.change_watch import SharedRead

from .conftest import fetch


def _rows(page: str) -> list[list[str]]:
    """The season table's body rows as the page shows them (cells unescaped)."""
    body = page.split("<tbody>", 1)[1].split("</tbody>", 1)[0]
    return [
        [html.unescape(cell) for cell in re.findall(r"<td[^>]*>(.*?)</td>", row)]
        for row in re.findall(r"<tr>(.*?)</tr>", body, re.S)
    ]


def test_a_night_in_a_season_links_its_table_and_shows_it_as_the_desk_counts_it(room_db) -> None:  # type: ignore[no-untyped-def]
    db, event_id = room_db
    season = create_season(db, "Winter <League> & Co")
    set_season_events(db, season.id, add=[event_id])
    app = room_app(db, event_id)
    room = fetch(app, "/").text
    assert '<a href="/season">Season table: Winter &lt;League&gt; &amp; Co</a>' in room
    page = fetch(app, "/season")
    assert page.status_code == 200
    assert "Winter &lt;League&gt; &amp; Co: 1 night;" in page.text
    assert "<League>" not in page.text  # a name is text, never markup
    standing = season_standing(db, season.id)
    assert standing.rows  # the part-played night already counts its finished matches
    assert _rows(page.text) == [season_room_cells(standing, row) for row in standing.rows]
    assert _rows(fetch(app, "/season/live").text) == _rows(page.text)
    projector = fetch(app, "/projector").text
    assert "Winter &lt;League&gt; &amp; Co — season table" in projector
    assert "1 night; 2 a match won" in projector


def test_a_night_outside_any_season_says_so(room_db) -> None:  # type: ignore[no-untyped-def]
    db, event_id = room_db
    app = room_app(db, event_id)
    assert 'href="/season"' not in fetch(app, "/").text
    page = fetch(app, "/season")
    assert page.status_code == 200 and "not counted in any season" in page.text
    assert "season table" not in fetch(app, "/projector").text


class _Watch:
    """What a shared read asks of the change watch: the count of changes seen, and when its
    latest look that found nothing new began (never: it does not look)."""

    version = 0
    looked_at = -math.inf


def test_a_steady_read_is_shared_after_a_change_until_it_is_old() -> None:
    watch = _Watch()
    reads: list[int] = []

    def read() -> int:
        reads.append(watch.version)
        return watch.version

    async def scenario() -> list[int]:
        steady = SharedRead(watch, read, fresh_seconds=0.2, steady_seconds=0.2)  # type: ignore[arg-type]
        plain = SharedRead(watch, read, fresh_seconds=60.0)  # type: ignore[arg-type]
        seen = [await steady.get(), await plain.get()]
        watch.version = 1  # a hand landed
        seen += [await steady.get(), await plain.get()]  # the steady one keeps its reading
        await asyncio.sleep(0.25)
        seen.append(await steady.get())  # … until it is older than its steady time
        return seen

    assert asyncio.run(scenario()) == [0, 0, 0, 1, 1]
    assert reads == [0, 0, 1, 1]
