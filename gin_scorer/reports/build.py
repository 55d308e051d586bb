"""The one call the CLI and the GUI's Reports menu make: ``build(request, db, out_path)``.

Each kind is one function in :mod:`gin_scorer.reports.kinds` that asks the services for their
frozen views, takes what a person reads from :mod:`gin_scorer.presentation`, and lays it out
with the page header — including the database's seal, read after the data
(:mod:`.header`). :data:`MAKERS` maps each kind to its function, which reads the kind's own
request (:mod:`.request`): adding a kind is a request and one entry.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from gin_scorer.core.wording import said, words_of
from gin_scorer.reports.kinds.bracket import make_bracket
from gin_scorer.reports.kinds.club import make_player_page, make_season
from gin_scorer.reports.kinds.handouts import make_badges, make_sign_in, make_tents
from gin_scorer.reports.kinds.pairings import make_pairings
from gin_scorer.reports.kinds.player import make_player
from gin_scorer.reports.kinds.sheets import make_pad, make_sheet
from gin_scorer.reports.kinds.slips import make_slips
from gin_scorer.reports.kinds.standings import make_standings
from gin_scorer.reports.request import Maker, ReportError, ReportRequest
from gin_scorer.services.support.database import Database, open_database
from gin_scorer.services.support.errors import ServiceError, StoreError
from gin_scorer.tournament.errors import TournamentError

MAKERS: dict[str, Maker] = {
    "standings": make_standings,
    "pairings": make_pairings,
    "sheet": make_sheet,
    "pad": make_pad,
    "slips": make_slips,
    "bracket": make_bracket,
    "player": make_player,
    "tents": make_tents,
    "signin": make_sign_in,
    "badges": make_badges,
    "season": make_season,
    "player-page": make_player_page,
}
"""Every report kind and the function that makes it."""

KINDS = tuple(MAKERS)
"""Every document ``build`` knows, in the order the CLI and the Reports menu list them."""
CLUB_KINDS = frozenset({"season", "player-page"})
"""Kinds about the club rather than one event (the app prints them from its Club window)."""


def build(request: ReportRequest, db: Database | Path | str | None, out_path: Path | str) -> Path:
    """Write the report ``request`` asks for to ``out_path`` and return its path.

    ``db`` is an open database, a SQLite path or PostgreSQL URL (opened and closed here), or
    ``None`` for blank forms. Raises :class:`ReportError` with a clear sentence for anything
    the person asking can fix (:func:`~.request.request_for` makes a request from a kind's
    name and flat options, refusing an unknown kind or paper).
    """
    maker = MAKERS[request.kind]
    out = Path(out_path)
    if out.suffix.lower() != ".pdf":
        raise ReportError(said("the output file {0} should end in .pdf", repr(str(out))))
    try:
        with _opened(db) as database:
            return maker(database, out, request)
    except (ServiceError, TournamentError, StoreError) as error:
        # The services' and the engine's refusals carry good sentences; the store's name a
        # busy or damaged database.
        raise ReportError(words_of(error)) from None


@contextmanager
def _opened(db: Database | Path | str | None) -> Iterator[Database | None]:
    if db is None or isinstance(db, Database):
        yield db
        return
    database = open_database(str(db), backups=False)
    try:
        yield database
    finally:
        database.close()
