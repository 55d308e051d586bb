"""Standings after the latest round (or after round N), with the event's tie-break columns."""

from __future__ import annotations

from pathlib import Path

from gin_scorer.core.wording import said
from gin_scorer.presentation.standings_stage import standings_stage
from gin_scorer.presentation.standings_table import printed_standings
from gin_scorer.presentation.words import translate
from gin_scorer.reports.header import page_header
from gin_scorer.reports.reading import required_event, round_number
from gin_scorer.reports.request import ReportError, StandingsRequest, need_db
from gin_scorer.reports.standings import render_standings
from gin_scorer.services.queries.standings import standings
from gin_scorer.services.support.database import Database
from gin_scorer.services.writes.matches import list_matches


def make_standings(db: Database | None, out: Path, options: StandingsRequest) -> Path:
    event = required_event(db, options)
    database = need_db(db)
    after = options.round_number
    if after is not None:
        round_number(database, event, after)
    rows = standings(database, event.id, after)
    if not rows:
        raise ReportError(said("event {0} ({1}) has no entrants yet", event.id, event.name))
    printed = printed_standings(rows)
    if after is not None:
        label = translate("reports", "After round {0}").format(after)
    else:
        label = standings_stage(list_matches(database, event.id))
    header = page_header(db, translate("reports", "Standings"), event, label)
    return render_standings(
        out,
        header,
        printed.lines,
        printed.tie_break_headings,
        paper=options.paper,
        note=printed.note,
    )
