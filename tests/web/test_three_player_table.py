"""A table of three in the room (decision 0014): its page names the three players, says who
deals (and sits out) and who plays each hand, reads the entry line with the two players'
names, keeps a total for each player and names the winner; it takes no slip and no player's
word (the words are kept for two sides). The round's pages name all three at a table."""

from __future__ import annotations

import html
from collections.abc import Iterator
from pathlib import Path

import pytest

from gin_scorer.presets import load_preset
from gin_scorer.services.support.database import Database, open_database
from gin_scorer.services.writes import entrants, events, rounds
from gin_scorer.services.writes.matches import get_score_sheet
from gin_scorer.services.writes.table_links import table_links
from gin_scorer.web.app import room_app

from .conftest import fetch
from .test_table_pages import _form, _post

NAMES = ("Ann", "Bob", "Cat <Jr>", "Dan", "Eve", "Fay", "Gus")


@pytest.fixture
def threes(tmp_path: Path) -> Iterator[tuple[Database, int, int, str]]:
    """A Swiss event of seven at tables of three, round 1 paired: table 1 is Ann, Cat and Eve
    (the database, the event, table 1's match and its page's path)."""
    db = open_database(str(tmp_path / "threes.sqlite"), station="desk", backups=False)
    event = events.create_event(db, name="Threes", rules=load_preset("pagat-three"), format="swiss")
    for name in NAMES:
        entrants.add_entrant(db, event.id, name)
    match_id = rounds.start_round(db, event.id).pairings[0].match_id
    path = next(link.path for link in table_links(db, event.id) if link.match_id == match_id)
    yield db, event.id, match_id, path
    db.close()


def _page(app, path: str) -> str:  # type: ignore[no-untyped-def]
    return html.unescape(fetch(app, path).text)


def _record(app, path: str, text: str) -> None:  # type: ignore[no-untyped-def]
    """A hand typed at the table, read back, then recorded (as the page without scripts)."""
    fields = _form(fetch(app, path).text)
    checked = _post(app, f"{path}/hand", {"text": text, "step": "check", **fields})
    assert checked.status_code == 200 and "Record it" in checked.text, checked.text
    sent = _post(app, f"{path}/hand", {"text": text, "step": "record", **fields})
    assert sent.status_code == 303, sent.text


def test_a_table_of_three_plays_its_game_on_its_page(threes) -> None:  # type: ignore[no-untyped-def]
    db, event_id, match_id, path = threes
    app = room_app(db, event_id)
    page = fetch(app, path).text
    assert "Cat &lt;Jr&gt;" in page and "<Jr>" not in page  # names stay text
    page = html.unescape(page)
    assert "Ann, Cat <Jr> and Eve" in page  # the three, not "a v b"
    assert "the dealer deals to the other two and sits the hand out" in page
    assert "Next: Hand 1 · Ann deals: Cat <Jr> v Eve" in page
    assert "(a = Cat <Jr>, b = Eve)" in page
    assert "Points: Ann 0 · Cat <Jr> 0 · Eve 0" in page
    assert "Report the result from your own pad" not in page  # its hands decide it
    # Cat's gin, typed as the players say it: Eve had 40 left, 60 points to Cat.
    fields = _form(fetch(app, path).text)
    checked = _post(app, f"{path}/hand", {"text": "ag40", "step": "check", **fields})
    assert "Cat <Jr>" in html.unescape(checked.text) and "Record it" in checked.text
    _record(app, path, "ag40")
    page = _page(app, path)
    assert "Points: Ann 0 · Cat <Jr> 60 · Eve 0" in page
    # Eve lost: she deals the next hand and sits it out; Ann (a) plays Cat (b).
    assert "Next: Hand 2 · Eve deals: Ann v Cat <Jr>" in page
    assert "(a = Ann, b = Cat <Jr>)" in page
    assert "Ann deals: Cat <Jr> v Eve; gin: Cat <Jr> scores 60" in page
    assert '<th scope="col" class="num">Eve</th>' in page  # a total a player
    assert '<td class="num">0</td><td class="num">60</td><td class="num">0</td>' in page
    assert "Take back hand 1" in page
    _record(app, path, "bg40")
    page = _page(app, path)
    assert "Cat <Jr> wins the game · final: Ann 0 · Cat <Jr> 260 · Eve 0" in page
    assert "Eve deals: Ann v Cat <Jr>; gin: Cat <Jr> scores 60" in page
    assert 'id="entry"' not in page and "Next: Hand" not in page
    assert "at a table of three the players do not confirm the result" in page
    assert "I confirm this result" not in page
    sheet = get_score_sheet(db, match_id)
    assert len(sheet.hands) == 2 and sheet.winner_entrant is not None
    assert sheet.winner_entrant.name == "Cat <Jr>"


def test_a_table_of_three_takes_no_slip_and_no_players_word(threes) -> None:  # type: ignore[no-untyped-def]
    db, event_id, match_id, path = threes
    app = room_app(db, event_id)
    version = str(get_score_sheet(db, match_id).version)
    slip = _post(app, f"{path}/result", {"result": "a 1-0", "step": "record", "version": version})
    assert slip.status_code == 409
    assert "a table of three is decided by its hands" in html.unescape(slip.text)
    _record(app, path, "ag40")
    _record(app, path, "bg40")  # Cat wins the game
    version = str(get_score_sheet(db, match_id).version)
    for side in ("a", "b"):
        said = _post(app, f"{path}/confirm", {"side": side, "answer": "agree", "version": version})
        assert said.status_code == 409
        assert "at a table of three the players do not confirm" in html.unescape(said.text)
    assert get_score_sheet(db, match_id).confirmation is not None
    assert not get_score_sheet(db, match_id).confirmation.words  # nothing was written


def test_the_rounds_pages_name_the_three_at_a_table(threes) -> None:  # type: ignore[no-untyped-def]
    db, event_id, _match_id, _path = threes
    app = room_app(db, event_id)
    page = _page(app, "/")
    # By name: both opponents; by table: the three players; the one left over has a bye.
    assert '<td>Eve</td><td class="num">1</td><td>Ann and Cat <Jr></td>' in page
    assert '<td>Gus</td><td class="num">bye</td><td>—</td>' in page
    assert "<td>Ann, Cat <Jr> and Eve</td>" in page
    assert "<td>Bob, Dan and Fay</td>" in page
    wall = _page(app, "/projector")
    assert "Ann and Cat <Jr>" in wall  # find your table: both opponents
