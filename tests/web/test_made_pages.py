"""A room page is made once per reading for every phone that asks for the same thing: after a
change two hundred phones reload, and the server makes the page once, not two hundred times.
A different search, language, reading or second of the clock is a page of its own."""

from __future__ import annotations

import asyncio

import httpx
import pytest

from gin_scorer.presentation.projector_pages import ClockReading
from gin_scorer.web import room_pages as room_pages_module
from gin_scorer.web.app import room_app
from gin_scorer.web.made_pages import MadePages, clock_key


@pytest.fixture
def made(monkeypatch: pytest.MonkeyPatch) -> list[MadePages]:
    """Every MadePages the app makes (the room's, then the wall's)."""
    kept: list[MadePages] = []

    def counted() -> MadePages:
        kept.append(MadePages())
        return kept[-1]

    monkeypatch.setattr(room_pages_module, "MadePages", counted)
    return kept


def _gets(app, paths: list[tuple[str, dict[str, str]]], pause: float = 0.0) -> list[str]:  # type: ignore[no-untyped-def]
    async def run() -> list[str]:
        transport = httpx.ASGITransport(app=app)
        out = []
        async with httpx.AsyncClient(transport=transport, base_url="http://room") as client:
            for path, headers in paths:
                out.append((await client.get(path, headers=headers)).text)
                await asyncio.sleep(pause)
        return out

    return asyncio.run(run())


def test_phones_asking_for_the_same_page_share_one_made_page(room_db, made) -> None:  # type: ignore[no-untyped-def]
    db, event_id = room_db
    app = room_app(db, event_id, poll_seconds=60)
    english: dict[str, str] = {}
    pages = _gets(app, [("/live", english)] * 20 + [("/", english)] * 5)
    room, _wall = made
    assert room.made == 2  # the main part and the whole page, each once
    assert len(set(pages[:20])) == 1 and "where you sit" in pages[0]


def test_a_search_or_a_language_is_a_page_of_its_own(room_db, made, tmp_path) -> None:  # type: ignore[no-untyped-def]
    from .test_room_language import _languages

    db, event_id = room_db
    app = room_app(db, event_id, poll_seconds=60, languages=_languages(tmp_path))
    french = {"accept-language": "fr"}
    found = _gets(
        app, [("/live", {}), ("/live?find=zzz", {}), ("/live?find=zzz", {}), ("/live", french)]
    )
    room, _wall = made
    assert room.made == 3
    assert found[1] == found[2] and found[0] != found[1]
    assert "Classement" in found[3] and "Classement" not in found[0]


def test_a_new_reading_makes_the_pages_anew(room_db, made) -> None:  # type: ignore[no-untyped-def]
    db, event_id = room_db
    app = room_app(db, event_id, poll_seconds=0.05)  # a reading older than that is read again
    _gets(app, [("/live", {})] * 3, pause=0.1)
    room, _wall = made
    assert room.made == 3


def test_the_projector_shares_its_page_too(room_db, made) -> None:  # type: ignore[no-untyped-def]
    db, event_id = room_db
    app = room_app(db, event_id, poll_seconds=60)
    walls = _gets(app, [("/projector", {})] * 4)
    _room, wall = made
    assert wall.made == 1 and len(set(walls)) == 1


def test_the_clock_makes_a_new_page_each_second_it_shows() -> None:
    mark = (2, 1000.0, None)
    assert clock_key(None) is None
    assert clock_key(ClockReading(2, 600.9, False, mark)) == clock_key(
        ClockReading(2, 600.1, False, mark)
    )  # both show 10:01
    assert clock_key(ClockReading(2, 600.1, False, mark)) != clock_key(
        ClockReading(2, 599.9, False, mark)
    )
    assert clock_key(ClockReading(2, 600, False, mark)) != clock_key(
        ClockReading(2, 600, True, mark)
    )


def test_pages_kept_for_one_reading_are_bounded() -> None:
    pages = MadePages(most=3)
    reading = (object(),)
    for n in range(10):
        pages.page(reading, n, lambda n=n: str(n))  # type: ignore[misc]
    assert pages.made == 10
    assert pages.page(reading, 9, lambda: "again").text == "9"  # the newest are kept
    assert pages.page(reading, 0, lambda: "again").text == "again"  # the oldest went
