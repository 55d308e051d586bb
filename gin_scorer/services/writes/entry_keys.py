"""Keys that make a write from the desk or the command line safe to send twice (issue 41).

The tables' phones send each hand with a key, and a hand is recorded in the same transaction
as its key (``services.submissions``, the ``room_submission`` table): a send repeated after a
lost reply finds the key and records nothing again. The desk and the command line now do the
same: the desk makes a key per entry, the command line takes ``--key`` or derives one from
what it was asked (:func:`derived_key`: the match, the line, who enters it and the match
version it expects). Before it writes, and again after a failure whose outcome is unknown, a
front end looks its key up (:func:`saved_with_key`) and says "saved (hand 12)" instead of
writing the hand twice.

The keys share the room's table, whose rows name the hand-log row a key wrote: a hand, a
correction, a void or an undo alike. Bookkeeping, not a fact: neither sealed nor in the change
feed.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass

from sqlmodel import select

from gin_scorer.services.support.database import Database
from gin_scorer.services.writes.matches import get_score_sheet
from gin_scorer.services.writes.submissions import checked_key
from gin_scorer.store.tables import HandEntry, RoomSubmission

KEY_CHARACTERS = 40


def new_key() -> str:
    """A fresh key for one entry (the desk's, one per hand typed)."""
    return secrets.token_urlsafe(30)[:KEY_CHARACTERS]


def derived_key(*parts: object) -> str:
    """The same key for the same request: the command line's, from the match, the line, who
    enters it and the match version it expects (the station too, so two stations typing the
    same hand into the same version do not share a key)."""
    text = "\x1f".join(str(part) for part in parts)
    return "cli-" + hashlib.sha256(text.encode()).hexdigest()[: KEY_CHARACTERS - 4]


@dataclass(frozen=True, slots=True)
class SavedEntry:
    """What a key wrote: the match, the hand-log row, the hand's number on the sheet."""

    match_id: int
    entry_id: int
    number: int
    newest: bool  # the match's newest log row: nothing was written into it since


def saved_with_key(db: Database, key: str) -> SavedEntry | None:
    """The entry a key wrote, or ``None`` when nothing was saved with it."""
    checked = checked_key(key)
    with db.transaction(write=False) as session:
        found = session.get(RoomSubmission, checked)
        if found is None:
            return None
        entry = session.get(HandEntry, found.hand_entry_id)
        newest = session.exec(
            select(HandEntry.id)
            .where(HandEntry.match_id == found.match_id)
            .order_by(HandEntry.id.desc())  # type: ignore[union-attr]
        ).first()
    assert entry is not None and entry.id is not None
    sheet = get_score_sheet(db, found.match_id)
    shown = [row.number for row in sheet.hands if row.hand_id == entry.id]
    return SavedEntry(
        found.match_id, entry.id, shown[0] if shown else entry.seq, newest == entry.id
    )
