"""Row numbers a database never hands out twice, across a restore too.

A match's number is in its table's link (decision 0026): a number that comes back would name
another match on an old card. SQLite's AUTOINCREMENT keeps the highest number it ever gave in
``sqlite_sequence``, PostgreSQL in the table's sequence; a restore brings back an older
database, whose counters are behind the numbers handed out since. These move a counter up to
a number known to be used, never down.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from sqlalchemy import text
from sqlalchemy.engine import Connection


def highest_in_file(path: Path, table: str) -> int:
    """The highest number of ``table`` the SQLite file ``path`` ever gave (0: none, or no
    such table)."""
    connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=30)
    queries = (
        ("SELECT seq FROM sqlite_sequence WHERE name = ?", (table,)),
        (f'SELECT max(id) FROM "{table}"', ()),
    )
    found = [0]
    try:
        for sql, values in queries:
            try:
                row = connection.execute(sql, values).fetchone()
            except sqlite3.DatabaseError:  # no AUTOINCREMENT table yet, or no such table
                continue
            found.append(int(row[0] or 0) if row else 0)
    finally:
        connection.close()
    return max(found)


def continue_above(connection: Connection, table: str, highest: int) -> None:
    """The next number of ``table`` (an ``id`` column) is above ``highest`` and above every
    number it holds; the counter never goes back."""
    present = int(connection.execute(text(f'SELECT max(id) FROM "{table}"')).scalar() or 0)
    highest = max(highest, present)
    if connection.dialect.name == "sqlite":
        found = connection.execute(
            text("SELECT seq FROM sqlite_sequence WHERE name = :t"), {"t": table}
        ).scalar()
        if found is None and highest > 0:
            connection.execute(
                text("INSERT INTO sqlite_sequence (name, seq) VALUES (:t, :n)"),
                {"t": table, "n": highest},
            )
        elif found is not None and int(found) < highest:
            connection.execute(
                text("UPDATE sqlite_sequence SET seq = :n WHERE name = :t"),
                {"t": table, "n": highest},
            )
        return
    sequence = connection.execute(
        text("SELECT pg_get_serial_sequence(:t, 'id')"), {"t": f'"{table}"'}
    ).scalar()
    if sequence is None:
        return
    last, called = connection.execute(text(f"SELECT last_value, is_called FROM {sequence}")).one()
    used = max(highest, int(last) if called else int(last) - 1)
    if used > 0:
        connection.execute(text("SELECT setval(:s, :n, true)"), {"s": sequence, "n": used})
    else:
        connection.execute(text("SELECT setval(:s, 1, false)"), {"s": sequence})
