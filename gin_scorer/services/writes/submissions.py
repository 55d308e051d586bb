"""Sends from the tables' phones, recorded once: each form of the room carries a key, and a
hand is recorded in the same transaction as its key. A send repeated after a lost reply
finds the key and records nothing again."""

from __future__ import annotations

import re

from sqlmodel import Session

from gin_scorer.core.wording import said
from gin_scorer.services.support.errors import InvalidInput
from gin_scorer.store.tables import RoomSubmission

_KEY = re.compile(r"[A-Za-z0-9_-]{16,64}")


def checked_key(key: str) -> str:
    """A form's key as the room made it (16 to 64 URL-safe characters), or a refusal."""
    if not _KEY.fullmatch(key):
        raise InvalidInput(
            said("this form is out of date: reload the page and send the hand again")
        )
    return key


def already_submitted(session: Session, key: str, match_id: int) -> bool:
    """Was the hand with this key recorded already (a send repeated after a lost reply)? A
    key belongs to the match whose page made it: the same key sent to another table is
    refused in words, never answered as if its hand were recorded there."""
    row = session.get(RoomSubmission, key)
    if row is None:
        return False
    if row.match_id != match_id:
        raise InvalidInput(
            said(
                "this form belongs to another table's page: nothing was recorded here; "
                "reload this table's page and send the hand again"
            )
        )
    return True


def remember_submission(
    session: Session, key: str, match_id: int, entry_id: int, link: str | None = None
) -> None:
    """Keep ``key`` with the hand it recorded (``link``: the mark of the link that sent it)."""
    session.add(RoomSubmission(key=key, match_id=match_id, hand_entry_id=entry_id, link=link))
