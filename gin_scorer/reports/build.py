"""The one call the CLI and the GUI's Reports menu make: ``build(kind, db, out_path, ...)``.

This is the only module of :mod:`gin_scorer.reports` that talks to the services: it asks
them for their frozen views (events, matches, score sheets, standings, pairings), turns those
into the plain lines each document prints, and hands them over with the page header —
including the database's seal, asked of ``services.seal`` after the data was read.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from gin_scorer.presentation.paper import Paper
from gin_scorer.reports.template import PageHeader

KINDS = ("standings", "pairings", "sheet", "pad", "slips", "bracket", "player")
"""Every document ``build`` knows, in the order the CLI and the Reports menu list them."""

TITLES = {
    "standings": "Standings",
    "pairings": "Pairings and table assignments",
    "sheet": "Match score sheets",
    "pad": "Hollywood pads",
    "slips": "Result slips",
    "bracket": "Bracket chart",
    "player": "Player sheet",
}
"""A menu label for each kind."""


class ReportError(Exception):
    """A report that cannot be made as asked (unknown event, no such round ...): the message
    says what to change."""


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


def build(kind: str, db: Any, out_path: Path | str, **options: Any) -> Path:
    """Write the ``kind`` report to ``out_path`` and return its path.

    ``db`` is an open :class:`~gin_scorer.store.database.Database` or a SQLite path /
    PostgreSQL URL (opened and closed here). ``options``: ``event_id``, ``round_number``,
    ``match_id``, ``entrant_id``, ``blank`` (bool), ``paper`` ("a4" / "letter"),
    ``blank_count``. Raises :class:`ReportError` with a clear sentence for anything the
    person asking can fix.
    """
    if kind not in KINDS:
        raise ReportError(f"unknown report {kind!r}; choose one of: {', '.join(KINDS)}")
    try:
        paper = Paper.parse(options.pop("paper", Paper.A4) or Paper.A4)
    except ValueError as error:
        raise ReportError(str(error)) from None
    unknown = set(options) - {
        "event_id",
        "round_number",
        "match_id",
        "entrant_id",
        "blank",
        "blank_count",
    }
    if unknown:
        raise ReportError(f"unknown report option(s): {', '.join(sorted(unknown))}")
    opts = Options(paper=paper, **options)
    out = Path(out_path)
    if out.suffix.lower() != ".pdf":
        raise ReportError(f"the output file {str(out)!r} should end in .pdf")
    from gin_scorer.reports import documents

    maker: Callable[[Any, Path, Options], Path] = getattr(documents, f"make_{kind}")
    try:
        with _opened(db) as database:
            return maker(database, out, opts)
    except ReportError:
        raise
    except Exception as error:  # the store's and services' refusals carry good sentences
        if _is_user_error(error):
            raise ReportError(str(error)) from None
        raise


def _is_user_error(error: Exception) -> bool:
    names = {cls.__name__ for cls in type(error).__mro__}
    return bool(
        names & {"ServiceError", "NotFound", "InvalidInput", "TournamentError", "StoreError"}
    )


@contextmanager
def _opened(db: Any) -> Iterator[Any]:
    if db is None or hasattr(db, "transaction"):
        yield db
        return
    from gin_scorer.store.database import open_database

    database = open_database(str(db), backups=False)
    try:
        yield database
    finally:
        database.close()


def service(name: str, *modules: str) -> Callable[..., Any]:
    """A service function by name from the first of ``modules`` that has it."""
    for module_name in modules:
        try:
            module = importlib.import_module(f"gin_scorer.services.{module_name}")
        except ImportError:
            continue
        found = getattr(module, name, None)
        if found is not None:
            return found  # type: ignore[no-any-return]
    raise ReportError(
        f"this version of gin-scorer has no {name} service yet, so this report cannot be made"
    )


def seal_of(db: Any) -> str | None:
    """The database's current seal (``None`` without a database or while nothing is sealed).

    Called by :func:`page_header`, which each ``make_<kind>`` calls after reading its data,
    so the code printed covers everything on the sheet (a save made in between only makes
    the seal newer, never older than what is printed).
    """
    if db is None:
        return None
    from gin_scorer.services.seal import current_seal

    return current_seal(db)


def page_header(db: Any, title: str, event: Any | None, round_label: str = "") -> PageHeader:
    """The header every page of a report carries, from an ``EventView`` (or none)."""
    if event is None:
        return PageHeader(
            title=title, round_label=round_label, seal=seal_of(db), generated_at=datetime.now(UTC)
        )
    start, end = event.start_date, event.end_date
    date_text = ""
    if start is not None:
        date_text = start.isoformat()
        if end is not None and end != start:
            date_text += f" – {end.isoformat()}"
    return PageHeader(
        title=title,
        event_name=event.name,
        venue=event.venue,
        date_text=date_text,
        round_label=round_label,
        seal=seal_of(db),
        generated_at=datetime.now(UTC),
    )
