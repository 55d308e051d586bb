"""Any mix of result kinds — played, slips with and without totals, forfeits, a double
forfeit, time called, rulings — over a random Swiss, round-robin or elimination event: the
standings are what a plain re-computation from the facts gives, and the event exported and
imported again is the same event with the same standings."""

from __future__ import annotations

import tempfile
from collections import Counter
from dataclasses import replace
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from gin_scorer.services.queries import standings
from gin_scorer.services.queries.verify import verify_database
from gin_scorer.services.support.database import Database, open_database
from gin_scorer.services.support.dto import ResultKind, ScoreSheet
from gin_scorer.services.writes import exchange, matches
from gin_scorer.services.writes.demo import DemoPlan, play_demo
from gin_scorer.services.writes.events import get_event
from gin_scorer.tournament.model import Entrant, MatchOutcome
from gin_scorer.tournament.settings import TournamentSettings
from gin_scorer.tournament.standings import RecordCounts, entrant_records


def _outcome(sheet: ScoreSheet, round_number: int) -> MatchOutcome | None:
    """A finished match's outcome written out from its sheet, the long way round."""
    m = sheet.match
    if m.b is None or not sheet.finished:
        return None
    result = sheet.result
    winner = sheet.winner_entrant
    if result is None:
        margin = getattr(sheet.ledger, "margin", 0)
        kind, known = ResultKind.PLAYED, True
    else:
        margin, kind, known = result.margin, result.kind, result.points_known
    if winner is None and kind is ResultKind.PLAYED:
        return None
    return MatchOutcome(
        m.a.id,
        m.b.id,
        winner.id if winner else None,
        sheet.games_won.a,
        sheet.games_won.b,
        margin,
        round_number=round_number,
        kind=kind,
        points_known=known,
    )


def _recomputed(db: Database, event_id: int) -> dict[int, tuple[int, ...]]:
    event = get_event(db, event_id)
    settings = TournamentSettings.from_dict({**event.settings, "format": event.format})
    games = settings.bye.game_wins
    bye = replace(settings.bye, game_wins=event.rules.games_to_win if games is None else games)
    outcomes = []
    people = set()
    for m in matches.list_matches(db, event_id):
        people.add(m.a.id)
        if m.b is None:
            outcomes.append(MatchOutcome.bye(m.a.id, bye, m.round_number or 0))
            continue
        people.add(m.b.id)
        found = _outcome(matches.get_score_sheet(db, m.id), m.round_number or 0)
        if found is not None:
            outcomes.append(found)
    records = entrant_records(
        [Entrant(i) for i in people],
        outcomes,
        forfeits_as_played=settings.results.forfeits_as_played,
    )
    return {i: _counted(r.counts) for i, r in records.items()}


def _counted(c: RecordCounts) -> tuple[int, ...]:
    """The counts both sides must agree on."""
    return (
        c.played,
        c.game_wins,
        c.game_losses,
        c.point_differential,
        c.forfeits,
        c.points_missing,
    )


def _served(db: Database, event_id: int) -> dict[int, tuple[int, ...]]:
    return {r.entrant.id: _counted(r.counts) for r in standings.standings(db, event_id)}


@settings(max_examples=8, deadline=None)
@given(
    fmt=st.sampled_from(["swiss", "round-robin", "single-elim", "double-elim"]),
    entrants=st.integers(4, 7),
    seed=st.integers(0, 10_000),
    share=st.sampled_from([0.3, 0.6, 1.0]),
    as_played=st.booleans(),
)
def test_any_mix_of_kinds_gives_the_standings_the_facts_give(
    fmt: str, entrants: int, seed: int, share: float, as_played: bool
) -> None:
    folder = Path(tempfile.mkdtemp(prefix="gin-results-property-"))
    db = open_database(folder / "event.sqlite", station="prop", backups=False)
    fresh = open_database(folder / "fresh.sqlite", station="prop", backups=False)
    try:
        plan = DemoPlan(
            entrants=entrants,
            event_format=fmt,
            seed=seed,
            preset="wikipedia-standard",
            slips=share,
            with_cards=False,
        )
        event_id = play_demo(db, plan).event.id
        if as_played:
            from gin_scorer.services.writes.events import set_event_settings

            event = get_event(db, event_id)
            set_event_settings(
                db, event_id, {**event.settings, "forfeits_as_played": True}, event.version
            )
        # Standings from the services = the records written out from each sheet by hand.
        assert _served(db, event_id) == _recomputed(db, event_id)
        report = verify_database(db)
        assert report.clean, report.problems
        kinds = Counter(
            s.result.kind
            for s in (matches.get_score_sheet(db, m.id) for m in matches.list_matches(db, event_id))
            if s.result is not None
        )
        assert sum(report.reported.values()) == sum(kinds.values())
        # Export → import: the same file again, the same standings.
        first = exchange.export_event_json(db, event_id)
        again = exchange.import_event_json(fresh, first)
        assert exchange.export_event_json(fresh, again.id) == first
        ours = [(r.place, r.entrant.name, r.counts.match_wins, r.counts.point_differential)
                for r in standings.standings(db, event_id)]  # fmt: skip
        theirs = [(r.place, r.entrant.name, r.counts.match_wins, r.counts.point_differential)
                  for r in standings.standings(fresh, again.id)]  # fmt: skip
        assert ours == theirs
    finally:
        db.close()
        fresh.close()
