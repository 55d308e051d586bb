"""Settings that belong to one database (not to one computer): the ``setting`` table.

Keys in use: ``director_pin`` (a :mod:`gin_scorer.store.pin` hash), ``backup.every_hands``
and ``backup.every_minutes`` (see :mod:`gin_scorer.store.backup`).
"""

from __future__ import annotations

import contextlib
import sqlite3
from dataclasses import dataclass

from sqlalchemy.orm import Session

from gin_scorer.store.tables import Setting


def get_setting(session: Session, key: str) -> str | None:
    row = session.get(Setting, key)
    return None if row is None else row.value


def set_setting(session: Session, key: str, value: str | None) -> None:
    """Set ``key`` to ``value``; ``None`` removes it."""
    row = session.get(Setting, key)
    if value is None:
        if row is not None:
            session.delete(row)
    elif row is None:
        session.add(Setting(key=key, value=value))
    else:
        row.value = value
    session.flush()


def get_int_setting(connection: sqlite3.Connection, key: str, default: int) -> int:
    """An integer setting read on a raw sqlite3 connection (used outside any session)."""
    row = connection.execute("SELECT value FROM setting WHERE key = ?", (key,)).fetchone()
    try:
        return int(row[0]) if row else default
    except ValueError:
        return default


DIRECTOR_PIN = "director_pin"


def set_director_pin(session: Session, pin: str | None, *, old_pin: str | None = None) -> None:
    """Set (or with ``None`` remove) the database-wide director PIN, stored as a hash.

    ``old_pin``: the current PIN, already checked by the caller; the seal signs the change
    with its key (a PIN change without it is reported by ``verify``)."""
    from gin_scorer.store.pin import hash_pin
    from gin_scorer.store.seal import DATABASE_GUARD, authorize

    if old_pin is not None:
        authorize(session, DATABASE_GUARD, old_pin)
    set_setting(session, DIRECTOR_PIN, None if pin is None else hash_pin(pin))


@dataclass(frozen=True, slots=True)
class EventGuard:
    """An event that has a director PIN of its own."""

    event_id: int
    name: str
    pin_hash: str


@dataclass(frozen=True, slots=True)
class PinGuards:
    """Every PIN that guards a database: its own (``None``: unset) and each event's.

    The store only reads them; the services decide what they allow
    (:mod:`gin_scorer.services.support.authority`).
    """

    database: str | None
    events: tuple[EventGuard, ...]


_EVENT_PINS = "SELECT id, name, pin_hash FROM event WHERE pin_hash IS NOT NULL AND pin_hash != ''"


def pin_guards(connection: sqlite3.Connection) -> PinGuards:
    """The guards of a SQLite database, read on a raw connection (a restore needs them
    before, or without, opening the database through the store)."""
    database: str | None = None
    events: tuple[EventGuard, ...] = ()
    # An older revision may lack either table: it then has no such PIN.
    with contextlib.suppress(sqlite3.OperationalError):
        row = connection.execute(
            "SELECT value FROM setting WHERE key = ?", (DIRECTOR_PIN,)
        ).fetchone()
        database = str(row[0]) if row and row[0] else None
    with contextlib.suppress(sqlite3.OperationalError):
        events = tuple(
            EventGuard(int(i), str(n), str(h)) for i, n, h in connection.execute(_EVENT_PINS)
        )
    return PinGuards(database, events)


def pin_guards_in(session: Session) -> PinGuards:
    """:func:`pin_guards` for an open database (any kind), through a session."""
    from sqlalchemy import select
    from sqlmodel import col

    from gin_scorer.store.tables import Event

    query = select(col(Event.id), col(Event.name), col(Event.pin_hash)).where(
        col(Event.pin_hash).is_not(None), col(Event.pin_hash) != ""
    )
    events = tuple(
        EventGuard(int(i or 0), str(n), str(h)) for i, n, h in session.execute(query).all()
    )
    return PinGuards(get_setting(session, DIRECTOR_PIN) or None, events)
