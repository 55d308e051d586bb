"""A match row's score sheet read inside an open transaction: its rules, its hand log and its
reported result folded by :func:`~gin_scorer.services.queries.sheets.build_sheet`.

A read that the writes (a match's status, a whole match recorded) and the queries (a player's
page, the CSV of hands) share, so it lives among the queries, not in :mod:`.matches`.
"""

from __future__ import annotations

from sqlmodel import Session

from gin_scorer.core.wording import said
from gin_scorer.services.queries.result_log import reported_for
from gin_scorer.services.queries.sheets import build_sheet
from gin_scorer.services.queries.views import hand_log, log_entries, match_view
from gin_scorer.services.support.dto import ScoreSheet
from gin_scorer.services.support.stored_json import rules_from_json
from gin_scorer.store.tables import Match


def sheet_in(session: Session, row: Match, *, validate: bool = True) -> ScoreSheet:
    """The score sheet of a match row, inside an open transaction."""
    assert row.id is not None
    rules = rules_from_json(row.rules_json, said("match {0} rules", row.id))
    log = log_entries(hand_log(session, row.id))
    reported, knobs = reported_for(session, row)
    return build_sheet(
        match_view(session, row), rules, log, validate=validate, reported=reported, knobs=knobs
    )
