"""Is a SQLite file sound? ``PRAGMA integrity_check`` / ``quick_check`` without writing to it.

Only real damage counts as damage: a file that is locked by another program or that cannot be
opened (permissions, a missing folder) raises instead, so nobody is told "your database is
corrupt" when it is merely busy.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from urllib.parse import quote

from gin_scorer.core.wording import said, words_of
from gin_scorer.store.errors import DatabaseBusy, StoreError

_DAMAGE = {
    "SQLITE_CORRUPT",
    "SQLITE_NOTADB",
    "SQLITE_CORRUPT_INDEX",
    "SQLITE_CORRUPT_SEQUENCE",
    "SQLITE_CORRUPT_VTAB",
    "SQLITE_IOERR_SHORT_READ",
}


def _raise_unless_damage(path: Path, error: sqlite3.Error) -> str:
    name = getattr(error, "sqlite_errorname", "") or ""
    if name in _DAMAGE or name.startswith("SQLITE_CORRUPT"):
        return str(error)
    if name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")):
        raise DatabaseBusy(said("{0} is locked by another program; try again in a moment", path))
    raise StoreError(said("cannot read {0}: {1}", path, words_of(error))) from error


def integrity_check(path: Path, *, quick: bool = False, wait_seconds: float = 5.0) -> str:
    """ "ok", or what is damaged in the SQLite file ``path`` (read-only; the file is untouched).

    ``quick`` runs ``quick_check`` (no index cross-check: fast enough for every open);
    ``wait_seconds`` is how long a lock held by another program is waited out.
    """
    if not path.is_file():
        return f"{path} does not exist"
    try:
        # Quoted: a '?' or '#' in a file name must not be read as part of the URI.
        connection = sqlite3.connect(
            f"file:{quote(str(path))}?mode=ro", uri=True, timeout=wait_seconds
        )
    except sqlite3.Error as error:
        return _raise_unless_damage(path, error)
    try:
        pragma = "quick_check" if quick else "integrity_check"
        rows = connection.execute(f"PRAGMA {pragma}").fetchall()
    except sqlite3.Error as error:
        return _raise_unless_damage(path, error)
    finally:
        connection.close()
    messages = [str(row[0]) for row in rows]
    return "ok" if messages == ["ok"] else "; ".join(messages[:3])
