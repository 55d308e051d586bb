"""Result slips: one per table of a round, to cut out and collect; or blank slips."""

from __future__ import annotations

from pathlib import Path

from gin_scorer.presentation.words import translate
from gin_scorer.reports.header import page_header
from gin_scorer.reports.reading import event_of, match_heading, round_label, round_matches
from gin_scorer.reports.request import Options, need_db
from gin_scorer.reports.result_slips import SLIPS_PER_PAGE, Slip, render_result_slips
from gin_scorer.services.database import Database


def make_slips(db: Database | None, out: Path, options: Options) -> Path:
    event = event_of(db, options)
    if event is None or options.blank:
        header = page_header(db, translate("reports", "Result slips (blank)"), event)
        count = max(1, options.blank_count) * SLIPS_PER_PAGE
        slips = [Slip(event_name=event.name if event else "")] * count
        return render_result_slips(out, header, slips, paper=options.paper)
    number, matches = round_matches(need_db(db), event, options.round_number)
    slips = [Slip(event.name, match_heading(m)) for m in matches if m.b is not None]
    header = page_header(db, translate("reports", "Result slips"), event, round_label(number))
    return render_result_slips(out, header, slips, paper=options.paper)
