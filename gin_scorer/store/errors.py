"""What can go wrong in the store, each with a sentence a tournament director can act on.

Every store error is a :class:`~gin_scorer.core.wording.SaidError`: ``words`` keeps its
sentence as an English pattern and values, so that a front end says it in the reader's
language; ``str(error)`` is its English.
"""

from __future__ import annotations

from collections.abc import Collection
from pathlib import Path

from gin_scorer.core.wording import Said, SaidError, said


class StoreError(SaidError):
    """Base of every store problem; ``words`` is the sentence to show, ``str(error)`` its
    English."""


class CorruptDatabase(StoreError):
    """The database file is damaged. The file is left untouched; the message names the
    newest good backup and the command that restores it."""

    def __init__(
        self,
        message: Said | str,
        *,
        path: Path | None = None,
        newest_good_backup: Path | None = None,
    ) -> None:
        super().__init__(message)
        self.path = path
        self.newest_good_backup = newest_good_backup


class NewerDatabase(StoreError):
    """The database was written by a newer gin-scorer (an unknown migration revision)."""

    def __init__(self, found: str, known: str) -> None:
        super().__init__(
            said(
                "this database was written by a newer gin-scorer (revision {0}); "
                "this version knows up to {1} — update gin-scorer",
                found,
                known,
            )
        )
        self.found = found
        self.known = known


class ConflictError(StoreError):
    """Another station changed the row since it was read (optimistic concurrency)."""


class PinError(StoreError):
    """A director PIN is missing, wrong, or not acceptable as a new PIN."""


class DatabaseBusy(StoreError):
    """Another program held the database longer than the busy timeout."""


class ServerNotAnswering(StoreError):
    """The database server did not answer (stopped, restarting, or the network is down):
    nothing was done, and the same action may be tried again in a moment."""


def not_ours(name: object, foreign: Collection[str], *, unchanged: bool = False) -> StoreError:
    """The database ``name`` holds tables (``foreign``, the first five named) but is not a
    gin-scorer one; ``unchanged``: the sentence says the file was left as it was."""
    tables = ", ".join(sorted(foreign)[:5])
    if unchanged:
        return StoreError(
            said(
                "{0} is a database, but not a gin-scorer one (it has tables {1}); choose "
                "another file or an empty database (it was not changed)",
                name,
                tables,
            )
        )
    return StoreError(
        said(
            "{0} is a database, but not a gin-scorer one (it has tables {1}); choose "
            "another file or an empty database",
            name,
            tables,
        )
    )
