"""What a report is asked for, and how it refuses: the values every report kind reads.

Kept apart from :mod:`.build` (which dispatches to the kinds) so the kinds import these and
``build`` imports the kinds, one way only.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from gin_scorer.core.wording import SaidError, said
from gin_scorer.presentation.paper import Paper
from gin_scorer.services.database import Database


class ReportError(SaidError):
    """A report that cannot be made as asked (unknown event, no such round ...): the message
    says what to change (``words``, for the reader's language; ``str()`` in English)."""


@dataclass(frozen=True)
class Options:
    """What a report is about; each kind reads the fields it needs."""

    event_id: int | None = None
    round_number: int | None = None
    match_id: int | None = None
    entrant_id: int | None = None
    blank: bool = False
    paper: Paper = Paper.A4
    blank_count: int = 1
    room: str | None = None  # the room's address: table cards carry each table's QR code
    season_id: int | None = None
    player_id: int | None = None  # a person of the registry (the player's page)


Maker = Callable[[Database | None, Path, Options], Path]
"""One report kind: read the services (``None``: no database, blank forms only), write the PDF
to the path, return it."""


def need_db(db: Database | None) -> Database:
    """The database, or a refusal for a report that cannot be made without one."""
    if db is None:
        raise ReportError(said("this report needs a database"))
    return db
