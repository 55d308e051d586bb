"""Small helpers shared by the service tests (kept out of conftest so tests import them
like any module)."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable

from gin_scorer.core.hand_json import record_from_json
from gin_scorer.core.hands import HandRecord
from gin_scorer.core.wording import Said
from gin_scorer.services.support.dto import MatchView
from gin_scorer.store.database import Database


def hand(text: str | dict[str, object]) -> HandRecord:
    """A record from its JSON form (a dict, or a JSON string)."""
    return record_from_json(json.loads(text) if isinstance(text, str) else text)


KNOCK_A = {"knock": "A", "deadwood": {"A": 7, "B": 15}}  # A scores 8
GIN_A = {"gin": "A", "deadwood": {"B": 50}}  # A scores 75
GIN_B = {"gin": "B", "deadwood": {"A": 50}}


def english(sentences: Iterable[Said]) -> tuple[str, ...]:
    """The English of each sentence (problems, labels), to compare with what a test expects."""
    return tuple(str(sentence) for sentence in sentences)


def undone_event(db: Database, new_match: Callable[..., MatchView]) -> tuple[int, list[int]]:
    """An event for the undo links' tests (decision 0029): hands recorded, a correction
    undone, a recording undone and redone, the newest hand undone; a forfeit taken back:
    every kind of undo link. The event and its match ids (the hands', the forfeit's)."""
    from gin_scorer.core.hands import Side
    from gin_scorer.services.support.dto import ResultKind
    from gin_scorer.services.writes import entrants, hands, matches
    from gin_scorer.services.writes.results import ResultReport, record_result, void_result

    match = new_match(db)
    sheet = hands.record_hand(db, match.id, hand(KNOCK_A), match.version, entered_by="T")
    sheet = hands.record_hand(db, match.id, hand(GIN_B), sheet.version, entered_by="T")
    first = sheet.hands[0].hand_id
    sheet = hands.correct_hand(db, first, hand(GIN_A), sheet.version, reason="r", entered_by="T")
    sheet = hands.undo(db, match.id, sheet.version, entered_by="T")  # the correction
    sheet = hands.undo(db, match.id, sheet.version, entered_by="T")  # hand 2's recording
    sheet = hands.redo(db, match.id, sheet.version, entered_by="T")  # hand 2 again
    sheet = hands.record_hand(db, match.id, hand(KNOCK_A), sheet.version, entered_by="T")
    hands.undo(db, match.id, sheet.version, entered_by="T")  # hand 3, so redoable
    cy = entrants.add_entrant(db, match.event_id, "Cy")
    di = entrants.add_entrant(db, match.event_id, "Di")
    other = matches.create_match(db, match.event_id, cy.id, di.id, table_number=2)
    forfeit = ResultReport(ResultKind.FORFEIT, Side.A)
    taken = record_result(db, other.id, forfeit, other.version, entered_by="Desk")
    void_result(db, other.id, taken.version, reason="Di came", entered_by="Desk")
    return match.event_id, [match.id, other.id]
