"""Result slips: one per table of a round, to cut out and collect; or blank slips."""

from __future__ import annotations

from pathlib import Path

from gin_scorer.core.ledgers.profiles import profile_of
from gin_scorer.core.rules import RuleSet
from gin_scorer.core.wording import said
from gin_scorer.presentation.words import translate
from gin_scorer.reports.header import page_header
from gin_scorer.reports.reading import event_of, match_heading, round_label, round_matches
from gin_scorer.reports.request import ReportError, SlipsRequest, need_db
from gin_scorer.reports.result_slips import Slip, render_result_slips, slips_per_page
from gin_scorer.services.support.database import Database
from gin_scorer.services.support.result_values import shape_of


def slip_games(rules: RuleSet) -> int:
    """How many games' finals a slip of a match under ``rules`` may carry (0: a slip cannot
    describe it, Hollywood or multi-match)."""
    shape = shape_of(rules)
    return shape.best_of if shape is not None else 0


def make_slips(db: Database | None, out: Path, options: SlipsRequest) -> Path:
    event = event_of(db, options)
    if event is not None and not profile_of(event.rules).slips:
        # A slip reports a result without its hands; a table of three is decided by its
        # hands only (the services refuse a slip for it), so a slip could not be entered.
        raise ReportError(
            said(
                "{0} seats three players at a table: a table's result comes from its hands, "
                "so it has no result slip; print the tables' score sheets (`report sheet`), "
                "which the three players sign and hand in",
                event.name,
            )
        )
    games = slip_games(event.rules) if event is not None else 5
    if event is None or options.blank:
        header = page_header(db, translate("reports", "Result slips (blank)"), event)
        count = max(1, options.blank_count) * slips_per_page(games)
        slips = [Slip(event_name=event.name if event else "", games=games)] * count
        return render_result_slips(out, header, slips, paper=options.paper)
    number, matches = round_matches(need_db(db), event, options.round_number)
    slips = [Slip(event.name, match_heading(m), games) for m in matches if m.b is not None]
    header = page_header(db, translate("reports", "Result slips"), event, round_label(number))
    return render_result_slips(out, header, slips, paper=options.paper)
