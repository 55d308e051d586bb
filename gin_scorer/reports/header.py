"""The page header every report carries, with the database's seal read after its data."""

from __future__ import annotations

from datetime import UTC, datetime

from gin_scorer.reports.template import PageHeader
from gin_scorer.services.support.database import Database
from gin_scorer.services.support.dto import EventView
from gin_scorer.services.support.seal import current_seal


def seal_of(db: Database | None) -> str | None:
    """The database's current seal (``None`` without a database or while nothing is sealed).

    Called by :func:`page_header`, which each report kind calls after reading its data, so
    the code printed covers everything on the sheet (a save made in between only makes the
    seal newer, never older than what is printed).
    """
    return None if db is None else current_seal(db)


def page_header(
    db: Database | None, title: str, event: EventView | None, round_label: str = ""
) -> PageHeader:
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
