"""A table's take-back is the services' undo (decision 0029): the page offers it when the
undo every front end shares would take back this table's own hand, and the row it writes is
linked to that hand."""

from __future__ import annotations

from gin_scorer.services.support.dto import EntryKind
from gin_scorer.services.writes import hands
from gin_scorer.services.writes.matches import get_score_sheet
from gin_scorer.web.app import room_app

from .conftest import fetch
from .test_table_pages import _form, _path_of, _playing, _post


def test_the_take_back_is_the_shared_undo_and_is_linked(room_db) -> None:  # type: ignore[no-untyped-def]
    db, event_id = room_db
    match = _playing(db, event_id)
    path = _path_of(db, event_id, match.id)
    app = room_app(db, event_id)
    fields = _form(fetch(app, path).text)
    _post(app, f"{path}/hand", {"text": "bk5 20", "step": "record", **fields})
    sent = get_score_sheet(db, match.id)
    table_row = sent.log[-1].id
    # The desk corrects an earlier hand, then undoes its correction: the newest undoable
    # action is the table's hand again, and the page offers to take it back.
    first = sent.hands[0]
    sheet = hands.correct_hand(
        db, first.hand_id, sent.hands[-1].record, sent.version, reason="r", entered_by="Desk 1"
    )
    assert "Take back hand" not in fetch(app, path).text
    sheet = hands.undo(db, match.id, sheet.version, entered_by="Desk 1")
    assert "Take back hand" in fetch(app, path).text
    taken = _post(app, f"{path}/undo", {"version": str(sheet.version)})
    assert taken.status_code == 303
    after = get_score_sheet(db, match.id)
    assert (after.log[-1].kind, after.log[-1].undoes_id) == (EntryKind.VOID, table_row)
    assert len(after.hands) == len(sent.hands) - 1
    # The desk's redo brings the hand back: the page's take-back is an undo like any other.
    again = hands.redo(db, match.id, after.version, entered_by="Desk 1")
    assert len(again.hands) == len(sent.hands)
