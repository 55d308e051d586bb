"""What a failed exchange with a PostgreSQL server means for the station: try again, or not.

A station at a venue loses its server for seconds at a time: a router drops the connection,
the technician restarts PostgreSQL, a backend is terminated, two writes collide under
serialization. None of that is "the database cannot be opened", and none of it is bad input;
each is worth a retry (issue 41, finding 2). A server that *answers* and says no (a wrong
password, a role or database that does not exist, no permission) is not: retrying cannot help.

:func:`server_trouble` reads the driver's error and says which, as a typed error with its
sentence: :class:`ServerNotAnswering` (retry; ``outcome_unknown`` when the connection broke
while a commit may already have reached the server) or :class:`ServerRefused`.
"""

from __future__ import annotations

import select
from typing import Any

from gin_scorer.core.wording import Said, said
from gin_scorer.store.errors import StoreError

# SQLSTATE classes and codes that mean "not now": connection exceptions (08), the server
# shutting down or starting up (57P01-57P03), and a write that lost a race the server would
# rather retry than decide (40001 serialization failure, 40P01 deadlock).
_AWAY_STATES = ("57P01", "57P02", "57P03")  # besides class 08; a failed connect carries none
_COLLISION_STATES = ("40001", "40P01")
_TRANSIENT_STATES = (*_AWAY_STATES, *_COLLISION_STATES)
# A server that answered and refused: a retry cannot help.
_WANTS_PASSWORD = ("no password supplied", "password authentication failed")
_REFUSALS = (
    "password authentication failed",
    "no password supplied",
    "no pg_hba.conf entry",
    "does not exist",
    "permission denied",
    "authentication failed",
    "too many connections",
)


class ServerNotAnswering(StoreError):
    """The database server did not answer, or broke off: try again in a moment.

    ``outcome_unknown``: the connection broke during a commit, so the change may have been
    saved; a retry with the same key finds it instead of writing it twice."""

    def __init__(self, message: Said | str, *, outcome_unknown: bool = False) -> None:
        super().__init__(message)
        self.outcome_unknown = outcome_unknown


class ServerRefused(StoreError):
    """The server answered and refused the connection (password, role, database, rights);
    ``wants_password``: it asked for a password that was not given, or not this one."""

    def __init__(self, message: Said | str, *, wants_password: bool = False) -> None:
        super().__init__(message)
        self.wants_password = wants_password


def server_trouble(
    error: BaseException, name: str, *, committing: bool = False
) -> StoreError | None:
    """The typed error for a driver error met on the server ``name`` (its URL without the
    password); ``None`` when it is neither trouble with the connection nor a refusal (a
    constraint, a bug of ours: the caller's own sentence says it)."""
    import psycopg

    original = getattr(error, "orig", None) or error
    if not isinstance(original, psycopg.OperationalError):
        return None
    text = _first_line(original)
    state = getattr(original, "sqlstate", None) or ""
    if state in _COLLISION_STATES:
        return ServerNotAnswering(
            said(
                "the server {0} could not complete the change beside another station's ({1}); "
                "nothing was saved",
                name,
                text,
            )
        )
    if not state.startswith("08") and state not in _TRANSIENT_STATES:
        if any(refusal in text for refusal in _REFUSALS):
            return ServerRefused(
                said("the server {0} refused the connection: {1}", name, text),
                wants_password=any(wants in text for wants in _WANTS_PASSWORD),
            )
        if state:
            return None  # the server answered with an error of another kind
    if committing:
        return ServerNotAnswering(
            said(
                "the server {0} stopped answering while the change was being saved ({1}); it "
                "may or may not have been saved",
                name,
                text,
            ),
            outcome_unknown=True,
        )
    return ServerNotAnswering(said("the server {0} is not answering ({1})", name, text))


def _first_line(error: BaseException) -> str:
    """The driver's message in one line, without "connection failed: connection to server at
    … failed:" (the station's own sentence names the server)."""
    lines = [line.strip() for line in str(error).splitlines() if line.strip()]
    text = lines[0] if lines else type(error).__name__
    if " failed: " in text:
        text = text.rsplit(" failed: ", 1)[1]
    return text.removeprefix("FATAL:").strip()


def went_away(error: Any) -> bool:
    """Did the server go away (as opposed to refusing this transaction: a serialization
    failure, a timeout)? ``error``: SQLAlchemy's OperationalError."""
    state = getattr(error.orig, "sqlstate", None)
    if error.connection_invalidated or not state:
        return True
    return str(state).startswith("08") or state in _AWAY_STATES


def hung_up(dbapi_connection: Any) -> bool:
    """Has the server said something on an idle connection? It says nothing unasked, except
    when it goes away: a server shutting down sends each connection its last message and
    closes it, and one that crashed leaves its sockets closed. Either is waiting to be read,
    so a connection from before a restart is never used after it (a look at the socket, not
    a round trip)."""
    try:
        readable, _, _ = select.select([dbapi_connection.fileno()], [], [], 0)
    except (OSError, ValueError, AttributeError):  # no socket any more
        return True
    return bool(readable)
