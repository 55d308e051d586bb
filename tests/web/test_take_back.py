"""The take-back attack, on SQLite and PostgreSQL: a round is taken back, a late entrant
added and the round paired again. Every link of the old round then refuses (in words, for
good), a page opened before the take-back records nothing anywhere, and no match number is
handed out twice."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator

import pytest

from gin_scorer.presets import load_preset
from gin_scorer.services.queries.verify import verify_database
from gin_scorer.services.support.database import Database, open_database
from gin_scorer.services.support.dto import EntrantSpec
from gin_scorer.services.writes import entrants, events, rounds
from gin_scorer.services.writes.matches import get_score_sheet, list_matches
from gin_scorer.services.writes.table_links import table_links
from gin_scorer.web.app import room_app

from .conftest import fetch
from .test_table_pages import _post

TAKEN_BACK = "this round was taken back: ask the desk for your new table"


@pytest.fixture
def paired(db_url: str) -> Iterator[tuple[Database, int]]:
    db = open_database(db_url, station="desk", backups=False)
    event = events.create_event(
        db, name="Take-back Open", format="swiss", rules=load_preset("wikipedia-standard")
    )
    entrants.add_entrants(db, event.id, [EntrantSpec(f"Player {n}") for n in range(1, 17)])
    rounds.start_round(db, event.id)
    try:
        yield db, event.id
    finally:
        db.close()


def _hands(db: Database, event_id: int) -> int:
    return sum(len(get_score_sheet(db, m.id).hands) for m in list_matches(db, event_id))


def test_links_of_a_round_taken_back_refuse_for_good(paired: tuple[Database, int]) -> None:
    db, event_id = paired
    old = [link for link in table_links(db, event_id)]
    app = room_app(db, event_id)
    page = fetch(app, old[0].path).text  # a page a player opened before the take-back
    fields = dict(re.findall(r'name="(key|version)" value="([^"]*)"', page))
    old_ids = {link.match_id for link in old}

    rounds.cancel_round(db, event_id)
    entrants.add_entrant(db, event_id, "Late Arrival")
    rounds.start_round(db, event_id)

    now = {m.id for m in list_matches(db, event_id)}
    assert not old_ids & now, "a match number was handed out twice"
    for link in old:
        refused = fetch(app, link.path)
        assert refused.status_code == 410, link.path
        said = html.unescape(refused.text)
        assert TAKEN_BACK in said and "Late Arrival" not in said
        state = fetch(app, f"{link.path}/state")
        assert state.status_code == 410 and state.json()["message"] == TAKEN_BACK
    send = {"text": "ag60", "step": "record", **fields}
    posted = _post(app, f"{old[0].path}/hand", send)
    assert posted.status_code == 410 and TAKEN_BACK in html.unescape(posted.text)
    assert _hands(db, event_id) == 0  # recorded nowhere
    for link in table_links(db, event_id):  # the new round's links open their tables
        assert fetch(app, link.path).status_code == 200
    report = verify_database(db, event_id)
    assert report.clean, report.problems


def test_a_link_opens_only_the_match_it_was_made_for(paired: tuple[Database, int]) -> None:
    """A code covers the match's identity, not only its number: the same number and code
    with the match changed under it (as a round made again in its place would be) opens
    nothing."""
    db, event_id = paired
    link = table_links(db, event_id)[0]
    app = room_app(db, event_id)
    assert fetch(app, link.path).status_code == 200
    with db.transaction() as session:  # behind the app's back: the seal would say so too
        session.connection().exec_driver_sql(
            'UPDATE "match" SET entrant_a_id = entrant_b_id, entrant_b_id = entrant_a_id '
            f"WHERE id = {link.match_id}"
        )
    assert fetch(room_app(db, event_id), link.path).status_code == 404


def test_a_restore_never_brings_a_match_number_back(db_url: str) -> None:
    """A backup from before a round was paired, restored: the round paired again gets new
    numbers, never those the cards printed after the backup carry."""
    from gin_scorer.services.writes.backups import back_up_now, restore_backup

    db = open_database(db_url, station="desk", backups=False)
    try:
        event = events.create_event(
            db, name="Restored Open", format="swiss", rules=load_preset("wikipedia-standard")
        )
        entrants.add_entrants(db, event.id, [EntrantSpec(f"Player {n}") for n in range(8)])
        backup = back_up_now(db)
        rounds.start_round(db, event.id)
        printed = {link.match_id for link in table_links(db, event.id)}
    finally:
        db.close()
    restore_backup(db_url, backup.path)
    db = open_database(db_url, station="desk", backups=False)
    try:
        rounds.start_round(db, event.id)
        again = {m.id for m in list_matches(db, event.id)}
        assert again and min(again) > max(printed)
    finally:
        db.close()


def test_verify_names_a_hand_sent_through_another_matchs_link(paired: tuple[Database, int]) -> None:
    """Each hand a phone records keeps the mark of the link that sent it; verify compares it
    with its match's links (here the bookkeeping is changed behind the app's back)."""
    db, event_id = paired
    link = table_links(db, event_id)[0]
    app = room_app(db, event_id)
    fields = dict(re.findall(r'name="(key|version)" value="([^"]*)"', fetch(app, link.path).text))
    sent = _post(app, f"{link.path}/hand", {"text": "ak7 15", "step": "record", **fields})
    assert sent.status_code == 303
    assert verify_database(db, event_id).clean
    with db.transaction() as session:
        session.connection().exec_driver_sql("UPDATE room_submission SET link = 'another'")
    report = verify_database(db, event_id)
    assert [str(p) for p in report.problems] == [
        f"match {link.match_id}, hand 1: sent from a table's link that does not belong to "
        "this match"
    ]
