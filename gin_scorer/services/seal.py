"""The seal as the front ends see it: the short code printed on sheets and shown on screen.

Being built (issue 13). :func:`current_seal` is the contract every front end and report uses:
the code that anchors the database's facts outside the file, or ``None`` while nothing has
been sealed.
"""

from __future__ import annotations

from gin_scorer.store import audit
from gin_scorer.store.database import Database


def current_seal(db: Database) -> str | None:
    """The current seal's short code (to print on a sheet or show in the status bar)."""
    with db.transaction(write=False) as session:
        latest = audit.latest_hash(session)
    return audit.short_code(latest) if latest else None
