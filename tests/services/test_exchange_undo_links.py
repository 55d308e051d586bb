"""An event file carries its undo links (decision 0029, file version 2): an event with an
undo, a redo and a result taken back imports, on SQLite and PostgreSQL, into an event whose
sheets, history words and undo fold are the original's, sealed and verified clean; a
version 1 file (no links) still imports; a bad link in a file is named, nothing written."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from sqlmodel import col, select

from gin_scorer.presentation.sheet_history import history_lines
from gin_scorer.services.queries.verify import verify_database
from gin_scorer.services.support.dto import MatchView
from gin_scorer.services.support.errors import RowsRejected
from gin_scorer.services.support.seal import current_seal
from gin_scorer.services.support.undo_fold import undo_state
from gin_scorer.services.writes import exchange, matches
from gin_scorer.store.database import Database
from gin_scorer.store.tables import SealLink
from gin_scorer.store.undo_links import UndoLink

from .helpers import english, undone_event

NewMatch = Callable[..., MatchView]


def _match_ids(db: Database, event_id: int) -> list[int]:
    return sorted(m.id for m in matches.list_matches(db, event_id))


def _as_read(db: Database, match_id: int) -> dict[str, Any]:
    """What a director reads of a match, and what Undo and Redo would take back (by the
    row's place in the log, since ids differ between the two events)."""
    sheet = matches.get_score_sheet(db, match_id)
    place = {row.id: i for i, row in enumerate(sheet.log)}
    state = undo_state(sheet.log)
    return {
        "hands": [(h.number, h.record, h.totals_after) for h in sheet.hands],
        "totals": sheet.current_totals,
        "history": history_lines(sheet),
        "undoes": [place.get(row.undoes_id) if row.undoes_id else None for row in sheet.log],
        "undo": place[state.undo.id] if state.undo else None,
        "redo": place[state.redo.id] if state.redo else None,
        "result": sheet.result.kind if sheet.result else None,
    }


def _links(db: Database, match_ids: list[int]) -> list[tuple[str, int, int]]:
    """The undo links of the matches as (log, place of the undo row, place of the row it
    takes back) in the match's log, the result log's by their order among links."""
    with db.transaction(write=False) as session:
        links = session.exec(
            select(UndoLink).where(col(UndoLink.match_id).in_(match_ids)).order_by(col(UndoLink.id))
        ).all()
        low = min((link.undoes_id for link in links), default=0)
        return [(link.log, link.entry_id - low, link.undoes_id - low) for link in links]


def test_an_event_file_carries_its_undo_links(db: Database, new_match: NewMatch) -> None:
    event_id, originals = undone_event(db, new_match)
    code = current_seal(db)
    first = exchange.export_event_json(db, event_id)
    document = json.loads(first)
    assert document["version"] == 2
    assert [h.get("undoes") for h in document["hands"]] == [None, None, None, 3, 2, 5, None, 7]
    assert [r.get("undoes") for r in document["results"]] == [None, 1]

    imported = exchange.import_event_json(db, first)  # the same database: ids differ
    copies = _match_ids(db, imported.id)
    assert copies[0] != originals[0]
    for original, copy in zip(originals, copies, strict=True):
        assert _as_read(db, copy) == _as_read(db, original)
    assert _as_read(db, copies[1])["result"] is None  # the forfeit is still taken back
    sheet = matches.get_score_sheet(db, copies[0])
    assert history_lines(sheet) == (
        "† hand 1: a change undone",
        "† hand 2: a change undone",
        "✗ after hand 2, undone: A knocks 7 v 15",
    )
    # The links are the original's, row for row, of the same logs.
    assert len(_links(db, copies)) == 5
    assert [x[0] for x in _links(db, copies)] == [x[0] for x in _links(db, originals)]
    # A file exported again is the file imported (as for every other part of an event).
    assert exchange.export_event_json(db, imported.id) == first
    # The links went in with the import's rows, in its seal link; the seal holds, and the
    # code printed before the import still proves nothing sealed earlier changed.
    with db.transaction(write=False) as session:
        newest = session.exec(select(SealLink).order_by(col(SealLink.id).desc())).first()
        assert newest is not None
        body = json.loads(newest.body_json)
        sealed = {row["t"] for row in body}
        assert {"hand_entry", "result_entry", "undo_link"} <= sealed
        assert sum(1 for row in body if row["t"] == "undo_link") == 5
    report = verify_database(db, seal_code=code)
    assert report.clean, report.problems
    assert report.seal is not None and report.seal.code_matches is True


def test_a_version_1_file_without_links_still_imports(db: Database, new_match: NewMatch) -> None:
    """A file written before version 2 has no links: its undos read as the voids and
    corrections they wrote, as they did before, and nothing else changes."""
    event_id, _ = undone_event(db, new_match)
    document = json.loads(exchange.export_event_json(db, event_id))
    document["version"] = 1
    for part in (*document["hands"], *document["results"]):
        part.pop("undoes", None)
    imported = exchange.import_event_json(db, json.dumps(document))
    copy = _match_ids(db, imported.id)[0]
    sheet = matches.get_score_sheet(db, copy)
    assert _links(db, _match_ids(db, imported.id)) == []
    assert history_lines(sheet)[-1] == "✗ after hand 2, voided: A knocks 7 v 15"
    assert sheet.current_totals == matches.get_score_sheet(db, copy - 2).current_totals
    assert verify_database(db).clean


@pytest.mark.parametrize(
    ("edit", "problem"),
    [
        (
            lambda d: d["hands"][0].update(undoes=1),
            "hands[0].undoes: earlier hand 1 is not in the file",
        ),
        (
            lambda d: d["hands"][1].update(undoes=1),
            "hands[1].undoes: only a correction or a void takes a row back",
        ),
        (
            lambda d: d["hands"][4].update(undoes=9),
            "hands[4].undoes: earlier hand 9 is not in the file",
        ),
        (
            lambda d: d["hands"][7].update(undoes=3),
            "hands[7].undoes: hand 3 is already taken back by an earlier row",
        ),
        (
            lambda d: d["results"][1].update(undoes="1"),
            "results[1].undoes: '1' is not a whole number of 1 or more",
        ),
        (
            lambda d: d["results"].extend(
                [
                    {**d["results"][0], "ref": 3, "match": 1},
                    {**d["results"][1], "ref": 4, "match": 1, "supersedes": 3, "undoes": 1},
                ]
            ),
            "results[3].undoes: result 1 belongs to another match",
        ),
    ],
)
def test_a_bad_undo_link_in_a_file_is_named_and_nothing_written(
    sqlite_db: Database,
    new_match: NewMatch,
    edit: Callable[[dict[str, Any]], None],
    problem: str,
) -> None:
    event_id, _ = undone_event(sqlite_db, new_match)
    document = json.loads(exchange.export_event_json(sqlite_db, event_id))
    edit(document)
    before = len(_match_ids(sqlite_db, event_id))
    with pytest.raises(RowsRejected) as refused:
        exchange.import_event_json(sqlite_db, json.dumps(document))
    assert problem in english(refused.value.problems), refused.value.problems
    assert len(_match_ids(sqlite_db, event_id)) == before


def test_a_file_of_a_later_version_is_refused_in_one_line(sqlite_db: Database) -> None:
    from gin_scorer.services.support.errors import InvalidInput

    later = {"kind": "gin-scorer-event", "version": 3}
    with pytest.raises(InvalidInput) as refused:
        exchange.import_event_json(sqlite_db, json.dumps(later))
    assert str(refused.value) == "event file version 3: this gin-scorer reads versions 1 to 2"
