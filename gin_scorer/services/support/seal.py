"""The seal as the front ends see it: the short code printed on sheets and shown on screen.

:func:`current_seal` is the contract every front end and report uses: the code of the newest
seal link (``<link id>-XXXX-XXXX-XXXX``, see :mod:`gin_scorer.store.seal`), which anchors the
database's facts outside the file — ``gin-scorer verify --seal CODE`` later proves that
nothing sealed up to it has changed — or ``None`` while nothing has been sealed.
"""

from __future__ import annotations

from gin_scorer.store.database import Database
from gin_scorer.store.seal import latest_link, seal_code


def current_seal(db: Database) -> str | None:
    """The current seal's short code (to print on a sheet or show in the status bar)."""
    with db.transaction(write=False) as session:
        latest = latest_link(session)
    return seal_code(*latest) if latest else None
