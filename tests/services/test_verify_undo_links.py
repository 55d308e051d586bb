"""``verify`` checks the undo links (decision 0029), on SQLite and PostgreSQL, of both logs:
a link edited behind the app's back is named by the seal and, in one line, by what is wrong
with it; the links the services write verify clean."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from sqlalchemy import text

from gin_scorer.services.queries.verify import verify_database
from gin_scorer.services.support.dto import MatchView
from gin_scorer.store.database import Database

from .helpers import english, undone_event

NewMatch = Callable[..., MatchView]

# The event's links, oldest first: hand links 1-4 (of the hands' match), result link 5.
_LINK = "(SELECT {0}(id) FROM undo_link WHERE log = '{1}')"
_FIRST_HAND_LINK = _LINK.format("MIN", "hand")
_LAST_HAND_LINK = _LINK.format("MAX", "hand")
_RESULT_LINK = _LINK.format("MIN", "result")


def _ids(db: Database, query: str) -> list[int]:
    with db.engine.connect() as connection:
        return [int(x) for x in connection.execute(text(query)).scalars()]


@pytest.mark.parametrize(
    ("edit", "words"),
    [
        (
            f"UPDATE undo_link SET undoes_id = 99999 WHERE id = {_RESULT_LINK}",
            "undo link {r} names result entry 99999, which does not exist",
        ),
        (
            f"UPDATE undo_link SET match_id = {{other}} WHERE id = {_FIRST_HAND_LINK}",
            "undo link {h1} names hand entry {h1e}, a row of match {hands}",
        ),
        (
            f"UPDATE undo_link SET entry_id = {{first_hand}} WHERE id = {_FIRST_HAND_LINK}",
            "undo link {h1} says hand entry {first_hand} takes back hand entry {h1u}, but hand "
            "entry {first_hand} is a new entry, not an undo",
        ),
        (
            f"UPDATE undo_link SET undoes_id = {{h1u}} WHERE id = {_LAST_HAND_LINK}",
            "undo links {h1} and {h4} both take back hand entry {h1u}",
        ),
        (
            f"UPDATE undo_link SET undoes_id = {{h4e}} WHERE id = {_FIRST_HAND_LINK}",
            "undo link {h1} points forward in time: hand entry {h1e} takes back hand entry "
            "{h4e}, written after it",
        ),
        (
            f"UPDATE undo_link SET undoes_id = entry_id WHERE id = {_RESULT_LINK}",
            "undo link {r} says result entry {re} takes itself back",
        ),
        (
            f"UPDATE undo_link SET log = 'card' WHERE id = {_RESULT_LINK}",
            "undo link {r} names a log card, which does not exist",
        ),
    ],
)
def test_verify_names_what_is_wrong_with_an_undo_link(
    db: Database, new_match: NewMatch, edit: str, words: str
) -> None:
    event_id, (hands_match, other) = undone_event(db, new_match)
    assert verify_database(db).clean
    links = "SELECT {0} FROM undo_link ORDER BY id"
    ids, entries, undone = (_ids(db, links.format(c)) for c in ("id", "entry_id", "undoes_id"))
    names = {
        "hands": hands_match,
        "other": other,
        "first_hand": min(_ids(db, "SELECT id FROM hand_entry")),
        "h1": ids[0],
        "h1e": entries[0],
        "h1u": undone[0],
        "h4": ids[3],
        "h4e": entries[3],
        "r": ids[4],
        "re": entries[4],
    }
    with db.engine.begin() as connection:  # what someone with the database's tools can do
        connection.execute(text(edit.format(**names)))
    report = verify_database(db)
    match = other if "result" in words or "log card" in words or "{other}" in edit else hands_match
    expected = f"event {event_id} (Test open), match {match}: " + words.format(**names)
    problems = english(report.problems)
    assert expected in problems, problems
    assert [p for p in problems if "undo link" in p] == [expected]
    assert any("undo_link" in p and "outside the app" in p for p in problems), problems
