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
