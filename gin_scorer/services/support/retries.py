"""A write retried while the database server is away, for a bounded time (issue 41).

A station loses its server for seconds at a time (a router, a restart, a terminated backend)
and, before this, every write in that window was refused and had to be typed again. Now a
front end wraps the write in :func:`retrying`: a :class:`ServerNotAnswering` or a busy SQLite
file is tried again with backoff for up to :data:`RETRY_SECONDS`, each wait told to the person
(``on_wait``), and then raised as it is. A retry is safe only for a write that carries a key
(``services.entry_keys``): a try whose outcome is unknown (the connection broke during the
commit) is found by its key on the next try instead of being written twice.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeVar

from gin_scorer.store.errors import DatabaseBusy
from gin_scorer.store.server_trouble import ServerNotAnswering

T = TypeVar("T")

RETRY_SECONDS = 15.0
FIRST_WAIT = 0.5
LONGEST_WAIT = 4.0


def retrying(
    attempt: Callable[[], T],
    *,
    on_wait: Callable[[float, ServerNotAnswering | DatabaseBusy], None],
    limit: float | None = None,
    sleep: Callable[[float], None] = time.sleep,
    clock: Callable[[], float] = time.monotonic,
) -> T:
    """``attempt()``, tried again after a transient failure until ``limit`` seconds have
    passed (default :data:`RETRY_SECONDS`); ``on_wait(seconds, error)`` before each wait.
    The last failure is raised, marked ``outcome_unknown`` when any try's outcome was
    unknown."""
    limit = RETRY_SECONDS if limit is None else limit
    began = clock()
    wait = FIRST_WAIT
    unknown = False
    while True:
        try:
            return attempt()
        except (ServerNotAnswering, DatabaseBusy) as error:
            unknown = unknown or getattr(error, "outcome_unknown", False)
            if clock() - began + wait > limit:
                if unknown and isinstance(error, ServerNotAnswering):
                    error.outcome_unknown = True
                raise
            on_wait(wait, error)
            sleep(wait)
            wait = min(wait * 2, LONGEST_WAIT)
