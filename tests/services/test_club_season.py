"""A simulated club season, read back three ways: its season table, its rating list and a
player's page, each checked against a recount made here from the score sheets alone (every
match's sheet, its hands' declared records, the entrants' players), not from the folds."""

from __future__ import annotations

import os
from collections import Counter, defaultdict
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from openskill.models import PlackettLuce

from gin_scorer.core.hands import Declaration, Side
from gin_scorer.services.queries.player_record import player_record
from gin_scorer.services.queries.players import list_players
from gin_scorer.services.queries.ratings import entrant_ratings, rating_rows, ratings_csv
from gin_scorer.services.queries.seasons import season_standing
from gin_scorer.services.support.dto import EntrantSpec, EventStatus, ScoreSheet
from gin_scorer.services.writes.demo_season import SeasonDemoPlan, members_of, play_demo_season
from gin_scorer.services.writes.entrants import add_entrants, list_entrants
from gin_scorer.services.writes.events import create_event, get_event, set_event_status
from gin_scorer.services.writes.matches import get_score_sheet, list_matches
from gin_scorer.services.writes.rating_seeds import seed_by_rating
from gin_scorer.services.writes.results import ResultReport, record_result
from gin_scorer.services.writes.season_changes import set_season_scoring
from gin_scorer.store.database import Database, open_database
from gin_scorer.tournament.results import ResultKind
from gin_scorer.tournament.season import SeasonPoints, SeasonScoring

# A small season by default; GIN_SCORER_SEASON="20x30" runs the same checks on the issue's
# 20 club nights for 30 members (Hollywood, three rounds a night: about a minute to play).
_SIZE = os.environ.get("GIN_SCORER_SEASON", "")
if _SIZE:
    _nights, _members = (int(n) for n in _SIZE.split("x"))
    PLAN = SeasonDemoPlan(nights=_nights, members=_members, seed=4)
else:
    PLAN = SeasonDemoPlan(nights=5, members=9, seed=4, rounds=2, preset="wikipedia-standard")


@pytest.fixture(scope="module")
def season(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Database, int]]:
    path: Path = tmp_path_factory.mktemp("season") / "club.sqlite"
    db = open_database(path, station="desk-1", backups=False)
    played = play_demo_season(db, PLAN)
    try:
        yield db, played.season.id
    finally:
        db.close()


def _sheets(db: Database, event_ids: tuple[int, ...]) -> list[tuple[int, ScoreSheet]]:
    """Every decided match of the events, in played order, with its event."""
    found = []
    for event_id in event_ids:
        for view in list_matches(db, event_id):
            if view.b is not None:
                found.append((event_id, get_score_sheet(db, view.id)))
    return found


def _players(sheet: ScoreSheet) -> dict[Side, int]:
    sides = {Side.A: sheet.match.a, Side.B: sheet.match.b}
    return {side: e.player_id for side, e in sides.items() if e is not None and e.player_id}


def test_the_members_are_one_player_each_across_the_nights(season: tuple[Database, int]) -> None:
    db, season_id = season
    standing = season_standing(db, season_id)
    assert len(standing.nights) == PLAN.nights
    members = {m.name for m in members_of(PLAN)}
    assert set(standing.names.values()) <= members
    # One row a person: nobody who came to several nights is listed twice.
    assert len(standing.rows) == len(set(standing.names.values())) <= PLAN.members


def test_the_season_table_is_the_recount_of_the_sheets(season: tuple[Database, int]) -> None:
    db, season_id = season
    standing = season_standing(db, season_id)
    won: Counter[tuple[int, int]] = Counter()
    lost: Counter[tuple[int, int]] = Counter()
    came: set[tuple[int, int]] = set()
    for event_id in standing.season.event_ids:
        for view in list_matches(db, event_id):
            players = [e.player_id for e in (view.a, view.b) if e is not None]
            came.update((p, event_id) for p in players if p)
            if view.b is None:  # a bye is a match won, as the night's standings count it
                won[(view.a.player_id or 0, event_id)] += 1
                continue
            sheet = get_score_sheet(db, view.id)
            assert sheet.finished and sheet.winner is not None
            by_side = _players(sheet)
            won[(by_side[sheet.winner], event_id)] += 1
            lost[(by_side[sheet.winner.other], event_id)] += 1
    scoring = standing.season.scoring
    for row in standing.rows:
        expected = []
        for event_id in standing.season.event_ids:
            key = (row.player, event_id)
            points = won[key] * scoring.per_win + lost[key] * scoring.per_loss + scoring.per_night
            expected.append(points if key in came else None)
        assert list(row.nights) == expected
        assert row.points == sum(p for p in expected if p is not None)
    assert [r.points for r in standing.rows] == sorted(
        (r.points for r in standing.rows), reverse=True
    )


def test_best_nights_and_places_are_recounted_too(season: tuple[Database, int]) -> None:
    db, season_id = season
    scoring = SeasonScoring(SeasonPoints.PLACES, per_night=0, per_place=(5, 3, 1), best_nights=3)
    set_season_scoring(db, season_id, scoring)
    try:
        standing = season_standing(db, season_id)
        for row in standing.rows:
            attended = sorted((p for p in row.nights if p is not None), reverse=True)
            assert row.points == sum(attended[:3])
            assert all(p in (0, 1, 3, 5) for p in attended)
    finally:
        set_season_scoring(db, season_id, SeasonScoring())


MODEL = PlackettLuce(mu=1500.0, sigma=500.0, beta=250.0, tau=5.0, limit_sigma=False)


def _recount(db: Database, event_ids: tuple[int, ...]) -> tuple[dict[int, Any], Counter[int]]:
    """openskill over the events' sheets in order: each player's rating, and matches played."""
    current: dict[int, Any] = {}
    played: Counter[int] = Counter()
    for _, sheet in _sheets(db, event_ids):
        by_side = _players(sheet)
        assert sheet.winner is not None
        a, b = (current.get(by_side[s]) or MODEL.rating() for s in (Side.A, Side.B))
        ranks = [0.0, 1.0] if sheet.winner is Side.A else [1.0, 0.0]
        [[a], [b]] = MODEL.rate([[a], [b]], ranks=ranks)
        current[by_side[Side.A]], current[by_side[Side.B]] = a, b
        played.update(by_side.values())
    return current, played


def test_the_ratings_are_openskill_over_the_sheets_in_order(season: tuple[Database, int]) -> None:
    db, season_id = season
    current, played = _recount(db, season_standing(db, season_id).season.event_ids)
    rows = rating_rows(db)
    assert {r.player_id for r in rows} == set(current)
    for row in rows:
        assert row.rating == round(current[row.player_id].mu)
        assert row.uncertainty == round(current[row.player_id].sigma)
        assert row.matches == played[row.player_id]
        assert row.provisional is (row.matches < 5)
    assert [r.rank for r in rows] == list(range(1, len(rows) + 1))
    header, first = ratings_csv(rows).splitlines()[:2]
    assert header.startswith("rank,player_id,name,club,member_number,rating,uncertainty")
    assert first.startswith(f"1,{rows[0].player_id},")


def test_pairing_lists_show_the_ratings_as_each_night_began(
    season: tuple[Database, int],
) -> None:
    db, season_id = season
    nights = season_standing(db, season_id).season.event_ids
    assert entrant_ratings(db, nights[0]) == {}  # nobody had a rated match before it
    last = nights[-1]
    before, _ = _recount(db, nights[:-1])
    shown = entrant_ratings(db, last)
    people = {e.id: e.player_id for e in list_entrants(db, last)}
    assert set(shown) == set(people)
    for entrant, (rating,) in shown.items():
        expected = before.get(people[entrant]) or MODEL.rating()  # a newcomer's otherwise
        assert round(rating.rating) == round(expected.mu)
        assert round(rating.uncertainty) == round(expected.sigma)


def test_a_players_page_is_the_recount_of_their_hands(season: tuple[Database, int]) -> None:
    db, season_id = season
    top = rating_rows(db)[0]
    record = player_record(db, top.player_id)
    gins = knocks = knocked_on = hands = wins = 0
    met: defaultdict[int, list[int]] = defaultdict(lambda: [0, 0])
    for _, sheet in _sheets(db, season_standing(db, season_id).season.event_ids):
        by_side = _players(sheet)
        mine = [s for s, p in by_side.items() if p == top.player_id]
        if not mine:
            continue
        side = mine[0]
        wins += sheet.winner is side
        met[by_side[side.other]][0 if sheet.winner is side else 1] += 1
        for row in sheet.hands:
            hands += 1
            rec = row.record
            if rec.declarer is side and rec.declaration is Declaration.GIN:
                gins += 1
            if rec.declarer is side and rec.declaration is Declaration.KNOCK:
                knocks += 1
                knocked_on += rec.declared(side) or 0
    stats = record.statistics
    assert (stats.hands, stats.gins, stats.knocks, stats.knock_deadwood) == (
        hands,
        gins,
        knocks,
        knocked_on,
    )
    assert stats.won == wins == top.wins
    assert {h.opponent_id: [h.won, h.lost] for h in record.head_to_head} == dict(met)
    assert record.rating.matches == top.matches
    assert len(record.events) == sum(1 for e in record.events if e.place is not None)
    assert [p.event_id for p in record.history] == sorted(p.event_id for p in record.history)


def test_a_corrected_result_re_rates_and_re_counts(season: tuple[Database, int]) -> None:
    db, season_id = season
    standing = season_standing(db, season_id)
    last_event = standing.season.event_ids[-1]
    played = [m for m in list_matches(db, last_event) if m.b is not None]
    last_round = max(m.round_number or 0 for m in played)  # nothing was paired from it
    view = next(m for m in played if m.round_number == last_round)
    sheet = get_score_sheet(db, view.id)
    assert sheet.winner is not None
    loser = sheet.match.entrant(sheet.winner.other)
    assert loser is not None and loser.player_id
    before = {r.player_id: r for r in rating_rows(db)}[loser.player_id]
    table_before = {r.player: r.points for r in standing.rows}[loser.player_id]
    event = get_event(db, last_event)
    set_event_status(db, last_event, EventStatus.RUNNING, event.version, actor="director")
    ruling = ResultReport(ResultKind.ADJUDICATED, winner=sheet.winner.other, reason="misscored")
    record_result(db, view.id, ruling, sheet.version, entered_by="director", replace_existing=True)
    after = {r.player_id: r for r in rating_rows(db)}[loser.player_id]
    assert after.wins == before.wins + 1 and after.rating > before.rating
    table_after = {r.player: r.points for r in season_standing(db, season_id).rows}
    assert table_after[loser.player_id] == table_before + SeasonScoring().per_win


def test_seeding_by_rating_puts_the_surest_strength_first(season: tuple[Database, int]) -> None:
    db, _ = season
    rated = rating_rows(db)[:3]
    members = {m.member_number: m for m in members_of(PLAN)}
    by_id = {p.id: p for p in list_players(db)}
    event = create_event(db, name="Next open", format="swiss")
    specs = [
        EntrantSpec(by_id[r.player_id].name, PLAN.club, by_id[r.player_id].member_number)
        for r in reversed(rated)
    ]
    assert all(s.member_number in members for s in specs)
    add_entrants(db, event.id, [*specs, EntrantSpec("New Face", "Elsewhere")])
    seeds = seed_by_rating(db, event.id)
    sure = sorted(rated, key=lambda r: -(r.rating - 3 * r.uncertainty))
    assert [name for name, _ in seeds] == [*(r.name for r in sure), "New Face"]
    assert [seed for _, seed in seeds] == [1, 2, 3, 4]
