"""Small pieces every service shares: finding rows, versions, audit entries, JSON.

Who may change what (the PIN) is decided in :mod:`gin_scorer.services.authority`.

Private to :mod:`gin_scorer.services`: the GUI and the CLI never call these.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, TypeVar

from sqlmodel import Session, SQLModel

from gin_scorer.core.json_input import shown
from gin_scorer.core.rules import RuleSet, RuleSetError
from gin_scorer.core.text_checks import first_control
from gin_scorer.services.errors import ConflictError, InvalidInput, NotFound
from gin_scorer.store import audit
from gin_scorer.store.concurrency import bump_version
from gin_scorer.store.database import Database
from gin_scorer.store.errors import ConflictError as StoreConflict
from gin_scorer.store.tables import Entrant, Event, HandEntry, Match

Row = TypeVar("Row", bound=SQLModel)

_NAMES: dict[type[SQLModel], str] = {
    Event: "event",
    Entrant: "entrant",
    Match: "match",
    HandEntry: "hand entry",
}


def fetch(session: Session, table: type[Row], row_id: int) -> Row:
    """The row ``row_id`` of ``table``, or :class:`NotFound` naming what was looked for."""
    if isinstance(row_id, bool) or not isinstance(row_id, int):
        raise InvalidInput(f"{_NAMES.get(table, table.__name__)} id {row_id!r} is not a number")
    row = session.get(table, row_id)
    if row is None:
        raise NotFound(f"there is no {_NAMES.get(table, table.__name__)} {row_id}")
    return row


def fetch_for_update(session: Session, table: type[Row], row_id: int) -> Row:
    """Like :func:`fetch`, re-read from the database (after a version bump or on PostgreSQL
    after another transaction committed) rather than from the session's identity map."""
    row = fetch(session, table, row_id)
    session.refresh(row)
    return row


def dumps(value: object) -> str:
    """Canonical JSON (sorted keys, no spaces): what the store keeps and exports compare."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def loads_mapping(text: str | None, what: str) -> dict[str, Any]:
    if not text:
        return {}
    value = json.loads(text)
    if not isinstance(value, dict):
        raise InvalidInput(f"{what}: stored value is not a JSON object")
    return value


def rules_from_json(text: str, what: str) -> RuleSet:
    try:
        return RuleSet.from_dict(loads_mapping(text, what), origin=what)
    except RuleSetError as error:
        raise InvalidInput(str(error)) from None


def claim_version(
    session: Session, db: Database, table: type[Match] | type[Event], row_id: int, expected: int
) -> int:
    """Move the row's version on from ``expected`` (``UPDATE ... WHERE version = expected``);
    :class:`ConflictError` when another station got there first. Returns the new version."""
    if isinstance(expected, bool) or not isinstance(expected, int):
        raise InvalidInput(f"expected version {expected!r} is not a number")
    try:
        return bump_version(session, table, row_id, expected, station=db.station)
    except StoreConflict as error:
        raise ConflictError(str(error)) from None


def record_audit(
    session: Session,
    db: Database,
    *,
    actor: str | None,
    action: str,
    subject: str,
    payload: Mapping[str, object],
) -> None:
    audit.append(session, actor or db.station, action, subject, dict(payload))


def clean_text(value: object, field: str, *, required: bool = False, limit: int = 200) -> str:
    """A trimmed one-line text field, or :class:`InvalidInput` naming the field.

    Every control character (C0 including tab and line break, DEL, C1), lone surrogate and
    bidirectional override is refused, naming its position: it would hide in a name, break a
    printed sheet or a terminal, and nobody types one into a name on purpose. Runs of spaces
    become one; ordinary Unicode (accents, CJK, emoji) is kept.
    """
    if value is None:
        value = ""
    if not isinstance(value, str):
        raise InvalidInput(f"{field}: {shown(value)} is not text")
    if len(value) > 4 * limit + 100:  # said before any work: 200 KB of spaces is no name
        raise InvalidInput(f"{field} is too long ({len(value)} characters; at most {limit})")
    index = first_control(value)
    if index is not None:
        raise InvalidInput(
            f"{field}: character {index + 1} is the control character U+{ord(value[index]):04X}; "
            "type the text again without it"
        )
    text = " ".join(value.split())
    if required and not text:
        raise InvalidInput(f"{field} must not be empty")
    if len(text) > limit:
        raise InvalidInput(f"{field} is too long ({len(text)} characters; at most {limit})")
    return text
