"""Settings that belong to one database (not to one computer): the ``setting`` table.

Keys in use: ``director_pin`` (a :mod:`gin_scorer.store.pin` hash), ``backup.every_hands``
and ``backup.every_minutes`` (see :mod:`gin_scorer.store.backup`).
"""

from __future__ import annotations

import sqlite3

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


def director_pin_hashes(connection: sqlite3.Connection) -> list[str]:
    """Every PIN that guards a SQLite database: the database's own, then each event's.

    Read on a raw connection because a restore needs it before (or without) opening the
    database through the store.
    """
    hashes: list[str] = []
    for query in (
        "SELECT value FROM setting WHERE key = 'director_pin'",
        "SELECT pin_hash FROM event WHERE pin_hash IS NOT NULL AND pin_hash != ''",
    ):
        try:
            hashes += [str(row[0]) for row in connection.execute(query)]
        except sqlite3.OperationalError:  # an older revision without that table
            continue
    return hashes


def director_pin_hashes_in(session: Session) -> list[str]:
    """:func:`director_pin_hashes` for an open database (any kind), through a session."""
    from sqlalchemy import select
    from sqlmodel import col

    from gin_scorer.store.tables import Event

    hashes = [h for h in [get_setting(session, DIRECTOR_PIN)] if h]
    hashes += [
        h for h in session.execute(select(col(Event.pin_hash))).scalars() if h
    ]
    return hashes
