"""Small questions a front end asks by id before it calls a service (which match holds a hand)."""

from __future__ import annotations

from gin_scorer.services.rows import fetch
from gin_scorer.store.database import Database
from gin_scorer.store.tables import HandEntry

__all__ = ["match_of_hand"]


def match_of_hand(db: Database, hand_id: int) -> int:
    """The id of the match that hand entry ``hand_id`` belongs to (NotFound names the hand)."""
    with db.transaction(write=False) as session:
        return fetch(session, HandEntry, hand_id).match_id
