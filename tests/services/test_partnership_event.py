"""Partnerships as an event format, through the services every front end uses: teams of two
only, hands entered table by table, the sheet's seats and dealers, standings, a slip, verify;
on SQLite and PostgreSQL."""

from __future__ import annotations

import pytest

from gin_scorer.core.hands import Side
from gin_scorer.core.ledgers import PerSide, SeatedMatch
from gin_scorer.presentation.seat_words import entry_names, seat_words, seating_line
from gin_scorer.presentation.sheet_text import render_sheet
from gin_scorer.presets import load_preset
from gin_scorer.services.queries import standings
from gin_scorer.services.queries.verify import verify_database
from gin_scorer.services.support.dto import MatchStatus, ResultKind
from gin_scorer.services.support.errors import InvalidInput, RowsRejected
from gin_scorer.services.writes import entrants, events, hands, matches, rounds
from gin_scorer.services.writes.results import ResultReport, record_result
from gin_scorer.store.database import Database

from .helpers import hand

PAIRS = load_preset("pagat-partnership")


def _pairs_event(db: Database) -> int:
    event = events.create_event(db, name="Pairs night", rules=PAIRS, format="swiss")
    for name, partner in (("Ann", "Bob"), ("Cat", "Dan"), ("Eve", "Fay"), ("Gus", "Hal")):
        entrants.add_entrant(db, event.id, name, partner=partner)
    return event.id


def test_a_partnership_event_takes_teams_of_two_only(db: Database) -> None:
    event_id = _pairs_event(db)
    with pytest.raises(InvalidInput, match="'Ivy' has no partner, and this event plays partn"):
        entrants.add_entrant(db, event_id, "Ivy")
    # An event that began with players alone cannot turn into partnerships under them.
    solo = events.create_event(db, name="Singles", rules=load_preset("pagat"))
    entrants.add_entrant(db, solo.id, "Ivy")
    with pytest.raises(InvalidInput, match="'Ivy' is entered without a partner"):
        events.set_event_rules(db, solo.id, PAIRS, solo.version)


def test_a_batch_names_every_lone_player(db: Database) -> None:
    event_id = _pairs_event(db)
    from gin_scorer.services.support.dto import EntrantSpec

    specs = [EntrantSpec("Ivy"), EntrantSpec("Jo", partner="Kit"), EntrantSpec("Lou")]
    with pytest.raises(RowsRejected) as refused:
        entrants.add_entrants(db, event_id, specs)
    assert [str(p).split(":")[0] for p in refused.value.problems] == ["entrant 1", "entrant 3"]


def test_hands_go_table_by_table_and_the_team_ahead_scores_the_net(db: Database) -> None:
    event_id = _pairs_event(db)
    paired = rounds.start_round(db, event_id)
    match = matches.get_match(db, paired.pairings[0].match_id)  # type: ignore[arg-type]
    a, b = match.a.members, match.b.members  # type: ignore[union-attr]
    sheet = matches.get_score_sheet(db, match.id)
    assert entry_names(sheet) == (a[0], b[0])
    assert seat_words(sheet) == f"Deal 1 · table 1a: {a[0]} v {b[0]}"
    plays = [
        {"knock": "A", "deadwood": {"A": 2, "B": 22}},  # deal 1, 1a: A +20
        {"gin": "B", "deadwood": {"A": 35}},  # 1b: B +55 → B's team nets 35
        {"knock": "B", "deadwood": {"A": 40, "B": 3}},  # deal 2, 1a: B +37
        {"gin": "A", "deadwood": {"B": 100}},  # 1b: A +120 → A's team nets 83
        {"gin": "A", "deadwood": {"B": 30}},  # deal 3: A +50 (waits for table b)
    ]
    for play in plays:
        sheet = hands.record_hand(db, match.id, hand(play), sheet.version, entered_by="T")
    assert isinstance(sheet.ledger, SeatedMatch)
    assert sheet.ledger.totals == PerSide(83, 35) and sheet.ledger.pending == (4,)
    assert [h.totals_after for h in sheet.hands][-2:] == [PerSide(83, 35), PerSide(83, 35)]
    # Each table deals in turn, whoever won the other table's hand.
    assert [h.dealer for h in sheet.hands] == [Side.A, Side.B, Side.B, Side.A, Side.A]
    assert entry_names(sheet) == (a[1], b[1])  # deal 3 seats as deal 1 did
    # A misdeal at that table is dealt again there: the next hand keeps the seat.
    sheet = hands.record_hand(db, match.id, hand({"misdeal": True}), sheet.version, entered_by="T")
    assert seat_words(sheet) == f"Deal 3 · table 1b: {a[1]} v {b[1]}"
    assert seat_words(sheet, 5) == seat_words(sheet) and sheet.ledger.pending == (4,)  # type: ignore[union-attr]
    sheet = hands.record_hand(db, match.id, hand(plays[1]), sheet.version, entered_by="T")
    assert sheet.ledger.totals == PerSide(83, 40)  # type: ignore[union-attr]
    sheet = hands.record_hand(db, match.id, hand(plays[3]), sheet.version, entered_by="T")
    sheet = hands.record_hand(db, match.id, hand(plays[3]), sheet.version, entered_by="T")
    assert sheet.finished and sheet.winner is Side.A and sheet.games_won == PerSide(1, 0)
    assert sheet.match.status is MatchStatus.FINISHED
    text = render_sheet(sheet)
    assert "first team to 125 wins" in text and f"Deal 4 · table 1b: {a[1]} v {b[0]}" in text
    assert seating_line(match, sheet.rules).startswith(
        f"Odd deals: 1a {a[0]} v {b[0]}, 1b {a[1]} v {b[1]}"
    )
    # The standings count the match won 1–0 by the team's lead.
    rows = {row.entrant.id: row for row in standings.standings(db, event_id)}
    winner = rows[match.a.id]
    assert (
        winner.counts.match_wins,
        winner.counts.game_wins,
        winner.counts.point_differential,
    ) == (1, 1, 323 - 40)
    assert verify_database(db, event_id).problems == []


def test_a_slip_gives_a_partnership_as_one_game_to_its_target(db: Database) -> None:
    event_id = _pairs_event(db)
    paired = rounds.start_round(db, event_id)
    match = matches.get_match(db, paired.pairings[1].match_id)  # type: ignore[arg-type]
    report = ResultReport(ResultKind.SLIP, Side.B, (0, 1), ((90, 131),))
    sheet = record_result(db, match.id, report, match.version, entered_by="Desk")
    assert sheet.finished and sheet.winner is Side.B and sheet.result is not None
    assert sheet.result.margin == -41
    too_short = ResultReport(ResultKind.SLIP, Side.A, (1, 0), ((100, 90),))
    other = matches.get_match(db, paired.pairings[0].match_id)  # type: ignore[arg-type]
    with pytest.raises(InvalidInput, match="125"):
        record_result(db, other.id, too_short, other.version, entered_by="Desk")


def test_the_demo_plays_a_partnership_event_with_real_deals(sqlite_db: Database) -> None:
    from gin_scorer.services.writes.demo import DemoPlan, play_demo

    played = play_demo(sqlite_db, DemoPlan(entrants=6, rounds=2, seed=3, preset=PAIRS.key))
    event_id = played.event.id
    assert all(len(e.members) == 2 for e in entrants.list_entrants(sqlite_db, event_id))
    report = verify_database(sqlite_db, event_id)
    assert report.problems == [] and report.hands > 0
    for view in matches.list_matches(sqlite_db, event_id):
        sheet = matches.get_score_sheet(sqlite_db, view.id)
        assert sheet.finished and isinstance(sheet.ledger, SeatedMatch)
        assert not sheet.ledger.pending and not sheet.ledger.extra_hands
        # Each table dealt in turn, as the seats say.
        assert [h.dealer for h in sheet.hands][:4] == [Side.A, Side.B, Side.B, Side.A]


def test_teams_typed_one_a_line_are_two_people_each(db: Database) -> None:
    from gin_scorer.services.support.entrant_rows import parse_entrants_text

    typed = parse_entrants_text("Ann Lee & Bob Roe\nAl & Bo & Cy\nCat Day & Dan Eel\n")
    assert [(s.name, s.partner, s.teammates) for s in typed.specs] == [
        ("Ann Lee", "Bob Roe", ()),
        ("Al", "Bo", ("Cy",)),  # a team of three
        ("Cat Day", "Dan Eel", ()),
    ]
    with pytest.raises(
        RowsRejected, match="line 2: 'Al & Bo & Cy' is 3 players, and this event plays teams of 2"
    ):
        events.create_event(
            db, name="Typed", rules=PAIRS, entrants=typed.specs, entrant_labels=typed.labels
        )
    specs, labels = (typed.specs[0], typed.specs[2]), (typed.labels[0], typed.labels[2])
    event = events.create_event(
        db, name="Typed pairs", rules=PAIRS, entrants=specs, entrant_labels=labels
    )
    shown = entrants.list_entrants(db, event.id)
    assert [(e.name, e.members) for e in shown] == [
        ("Ann Lee & Bob Roe", ("Ann Lee", "Bob Roe")),
        ("Cat Day & Dan Eel", ("Cat Day", "Dan Eel")),
    ]
