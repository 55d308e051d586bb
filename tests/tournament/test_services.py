"""Rounds, standings, brackets and the corrections policy through the services, on a real
database; the simulated event end to end; verify catching a tampered hand."""

from __future__ import annotations

import random
from typing import Any

import pytest
from sqlmodel import select

from gin_scorer.core.hands import Declaration, HandRecord, Side
from gin_scorer.presets import load_preset
from gin_scorer.services.queries.standings import bracket, standings
from gin_scorer.services.queries.verify import verify_database
from gin_scorer.services.support.errors import InvalidInput, PinError
from gin_scorer.services.writes import rounds
from gin_scorer.services.writes.demo import DemoPlan, play_demo
from gin_scorer.services.writes.entrants import add_entrant, withdraw_entrant
from gin_scorer.services.writes.events import create_event
from gin_scorer.services.writes.hands import correct_hand, record_hand
from gin_scorer.services.writes.matches import get_score_sheet
from gin_scorer.simulation import simulate_match
from gin_scorer.store.tables import HandEntry
from gin_scorer.tournament.elimination import BracketOutcome

FAST = "wikipedia-standard"  # one game to 100: short matches keep the tests quick


def _event(db: Any, fmt: str, n: int, *, pin: str | None = None) -> int:
    event = create_event(db, name=f"T {fmt}", rules=load_preset(FAST), format=fmt, pin=pin)
    for i in range(n):
        add_entrant(db, event.id, f"Player {i + 1:02d}", seed=i + 1, checked_in=True)
    return event.id


def _play_round(db: Any, event_id: int, view: rounds.RoundView, seed: int = 0) -> None:
    rules = load_preset(FAST)
    for p in view.pairings:
        if p.b is None:
            continue
        hands = simulate_match(random.Random(f"{seed}-{p.match_id}"), rules)
        version = get_score_sheet(db, p.match_id).version
        rounds.record_match_hands(
            db, p.match_id, [(h.record, h.dealer) for h in hands], version, entered_by="t"
        )


def test_swiss_rounds_status_board_and_refusal_while_unfinished(db: Any) -> None:
    event_id = _event(db, "swiss", 5)
    first = rounds.start_round(db, event_id)
    assert [p.table for p in first.pairings] == [1, 2, None]
    assert first.pairings[-1].is_bye and first.pairings[-1].a.name == "Player 05"
    board = rounds.round_status(db, event_id, 1)
    assert [t.state.value for t in board.lines] == ["waiting", "waiting", "bye"]
    assert [t.table for t in board.missing] == [1, 2]
    with pytest.raises(rounds.RoundRefused, match=r"round 1 is not finished: table 1"):
        rounds.start_round(db, event_id)
    _play_round(db, event_id, first)
    assert rounds.round_status(db, event_id, 1).complete
    names = [line.name for line in first.by_name]  # everyone once; a front end sorts them
    seated = [e.name for p in first.pairings for e in p.players]
    assert sorted(names) == sorted(seated) and len(names) == 5
    second = rounds.start_round(db, event_id)
    assert second.number == 2
    assert second.byes and second.byes[0].a.name != "Player 05"  # no second bye
    met = {frozenset((p.a.id, p.b.id)) for p in first.pairings if p.b}
    assert not any(frozenset((p.a.id, p.b.id)) in met for p in second.pairings if p.b)


def test_late_entry_and_withdrawal_mid_swiss(db: Any) -> None:
    event_id = _event(db, "swiss", 4)
    first = rounds.start_round(db, event_id)
    _play_round(db, event_id, first)
    late = add_entrant(db, event_id, "Late Comer", checked_in=True)
    assert late.joined_round == 2
    gone = first.pairings[0].a
    withdraw_entrant(db, gone.id)
    second = rounds.start_round(db, event_id)
    paired = {e.id for p in second.pairings for e in (p.a, p.b) if e is not None}
    assert late.id in paired and gone.id not in paired
    rows = standings(db, event_id)
    assert {r.entrant.id for r in rows} >= {late.id, gone.id}
    assert next(r for r in rows if r.entrant.id == gone.id).withdrawn


def test_swiss_correction_needs_pin_once_next_round_is_paired(db: Any) -> None:
    event_id = _event(db, "swiss", 4, pin="4321")
    first = rounds.start_round(db, event_id)
    _play_round(db, event_id, first)
    match_id = first.pairings[0].match_id
    sheet = get_score_sheet(db, match_id)
    hand = sheet.hands[0]
    # Before round 2 is paired, a correction needs no PIN.
    sheet = correct_hand(
        db, hand.hand_id, hand.record, sheet.version, reason="typo", entered_by="t"
    )
    rounds.start_round(db, event_id)
    hand = sheet.hands[0]
    with pytest.raises(PinError, match="round 2 has already been paired"):
        correct_hand(db, hand.hand_id, hand.record, sheet.version, reason="typo", entered_by="t")
    correct_hand(
        db, hand.hand_id, hand.record, sheet.version, reason="typo", entered_by="t", pin="4321"
    )


def test_single_elimination_bracket_and_dependant_policy(db: Any) -> None:
    event_id = _event(db, "single-elim", 5, pin="4321")
    first = rounds.start_round(db, event_id)
    assert [(p.slot, p.b is None) for p in first.pairings] == [
        ("W1-2", False),
        ("W1-1", True),
        ("W1-3", True),
        ("W1-4", True),
    ]
    _play_round(db, event_id, first)
    second = rounds.start_round(db, event_id)
    assert [p.slot for p in second.pairings] == ["W2-1", "W2-2"]
    view = bracket(db, event_id)
    assert view.size == 8 and not view.double
    w12 = next(s for s in view.slots if s.slot == "W1-2")
    assert w12.winner in ("A", "B") and w12.games_a is not None
    # Correcting W1-2 is free until W2-1 (which it feeds) has a hand entered.
    played = first.pairings[0]
    sheet = get_score_sheet(db, played.match_id)
    sheet = correct_hand(
        db,
        sheet.hands[0].hand_id,
        sheet.hands[0].record,
        sheet.version,
        reason="check",
        entered_by="t",
    )
    _play_round(db, event_id, second)
    with pytest.raises(PinError, match="W2-1"):
        correct_hand(
            db,
            sheet.hands[0].hand_id,
            sheet.hands[0].record,
            sheet.version,
            reason="check",
            entered_by="t",
        )
    final = rounds.start_round(db, event_id)
    _play_round(db, event_id, final)
    assert rounds.event_complete(db, event_id)
    rows = standings(db, event_id)
    assert [r.position.outcome for r in rows[:2] if r.position] == [
        BracketOutcome.CHAMPION,
        BracketOutcome.RUNNER_UP,
    ]
    assert rows[2].place_label == "3=" and rows[3].place_range == "3–4"
    assert bracket(db, event_id).champion == rows[0].entrant


def test_club_night_pairs_as_the_director_says(db: Any) -> None:
    event_id = _event(db, "club", 4)
    ids = [r.entrant.id for r in standings(db, event_id)]
    view = rounds.start_round(db, event_id, chosen=[(ids[0], ids[3]), (ids[1], ids[2])])
    assert [(p.table, p.a.id, p.b.id if p.b else None) for p in view.pairings] == [
        (1, ids[0], ids[3]),
        (2, ids[1], ids[2]),
    ]
    with pytest.raises(rounds.RoundRefused, match=r"table 1 \(Player 01 v Player 04\) is still"):
        rounds.start_round(db, event_id, chosen=[(ids[0], ids[1])])
    # Table 2 finishes; its players are paired again while table 1 plays on.
    _play_round(db, event_id, rounds.RoundView(event_id, 1, "paired", None, view.pairings[1:]))
    again = rounds.start_round(db, event_id, chosen=[(ids[2], ids[1])])
    assert [(p.table, p.a.id) for p in again.pairings] == [(2, ids[2])]


def test_demo_event_is_repeatable_and_verifies_clean(db: Any, tmp_path: Any) -> None:
    summary = play_demo(db, DemoPlan(entrants=4, event_format="double-elim", seed=5, preset=FAST))
    assert rounds.event_complete(db, summary.event.id)
    report = verify_database(db, summary.event.id)
    assert report.clean, report.problems
    assert report.hands == summary.hands > 0
    again = play_demo(db, DemoPlan(entrants=4, event_format="double-elim", seed=5, preset=FAST))
    first_rows = [
        (r.place, r.entrant.name, r.counts.game_wins, r.counts.point_differential)
        for r in standings(db, summary.event.id)
    ]
    second_rows = [
        (r.place, r.entrant.name, r.counts.game_wins, r.counts.point_differential)
        for r in standings(db, again.event.id)
    ]
    assert first_rows == second_rows
    assert again.hands == summary.hands


def test_verify_reports_a_tampered_hand(db: Any) -> None:
    summary = play_demo(db, DemoPlan(entrants=2, event_format="single-elim", seed=3, preset=FAST))
    # The log is append-only (the store refuses edits), so the tampering is a row written
    # behind the services' back: a "correction" whose declared count the cards contradict.
    with db.transaction() as session:
        entry = session.exec(select(HandEntry).order_by(HandEntry.id)).first()
        assert entry is not None
        bad = entry.record_json.replace('"deadwood":{"A":', '"deadwood":{"A":9')
        session.add(
            HandEntry(
                match_id=entry.match_id,
                seq=entry.seq,
                kind="correction",
                supersedes_id=entry.id,
                record_json=bad,
                dealer=entry.dealer,
                entered_by="someone",
                station="elsewhere",
            )
        )
    report = verify_database(db, summary.event.id)
    assert not report.clean
    assert any("hand 1" in str(p) for p in report.problems), report.problems


def test_withdrawal_mid_round_is_a_forfeit_win(db: Any) -> None:
    event_id = _event(db, "single-elim", 4)
    first = rounds.start_round(db, event_id)
    quitter = first.pairings[0].b
    assert quitter is not None
    withdraw_entrant(db, quitter.id)
    board = rounds.round_status(db, event_id, 1)
    assert board.lines[0].state.value == "finished" and "forfeit" in str(board.lines[0].score)
    assert [t.table for t in board.missing] == [2]
    # The pairings say what the board says: the quitter's table is decided.
    assert rounds.get_round(db, event_id, 1).pairings[0].status.value == "finished"
    # The forfeit stands: a hand entered on the quitter's table would change nothing.
    sheet = get_score_sheet(db, first.pairings[0].match_id)
    with pytest.raises(InvalidInput, match=f"{quitter.name} has withdrawn"):
        gin = HandRecord(Declaration.GIN, Side.A, ((Side.B, 30),))
        record_hand(db, sheet.match.id, gin, sheet.version, entered_by="T")
    with pytest.raises(InvalidInput, match=f"{quitter.name} has withdrawn"):
        rounds.record_match_hands(
            db, sheet.match.id, [(gin, Side.A)], sheet.version, entered_by="T"
        )
    _play_round(db, event_id, rounds.RoundView(event_id, 1, "paired", None, first.pairings[1:]))
    final = rounds.start_round(db, event_id)
    assert first.pairings[0].a.id in {final.pairings[0].a.id, final.pairings[0].b.id}
    rows = {r.entrant.id: r for r in standings(db, event_id)}
    assert rows[first.pairings[0].a.id].counts.match_wins == 1
    assert rows[quitter.id].withdrawn and rows[quitter.id].counts.match_losses == 1
    assert verify_database(db, event_id).clean


def test_round_state_follows_the_hands(db: Any) -> None:
    event_id = _event(db, "round-robin", 4)
    first = rounds.start_round(db, event_id)
    assert first.status == "paired"
    _play_round(db, event_id, rounds.RoundView(event_id, 1, "paired", None, first.pairings[:1]))
    assert rounds.get_round(db, event_id, 1).status == "playing"
    _play_round(db, event_id, rounds.RoundView(event_id, 1, "paired", None, first.pairings[1:]))
    assert [r.status for r in rounds.list_rounds(db, event_id)] == ["finished"]


def test_two_stations_pairing_at_once_make_one_round(db: Any) -> None:
    import threading

    from gin_scorer.services.support.errors import ConflictError
    from gin_scorer.store.database import open_database

    event_id = _event(db, "swiss", 8)
    outcomes: list[str] = []
    barrier = threading.Barrier(2)

    def station(name: str) -> None:
        other = open_database(db.url, station=name, backups=False)
        try:
            barrier.wait()
            rounds.start_round(other, event_id)
            outcomes.append("paired")
        except (ConflictError, rounds.RoundRefused) as error:
            outcomes.append(type(error).__name__)
        finally:
            other.close()

    threads = [threading.Thread(target=station, args=(f"desk{i}",)) for i in (1, 2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(outcomes)[-1] == "paired" and outcomes.count("paired") == 1, outcomes
    assert [r.number for r in rounds.list_rounds(db, event_id)] == [1]
    assert len(rounds.get_round(db, event_id, 1).pairings) == 4


def test_a_round_can_be_taken_back_before_any_hand(db: Any) -> None:
    event_id = _event(db, "swiss", 4)
    first = rounds.start_round(db, event_id)
    late = add_entrant(db, event_id, "Just Arrived", checked_in=True)
    assert late.joined_round == 2  # entered after round 1 was paired
    assert rounds.cancel_round(db, event_id) == 1
    assert rounds.list_rounds(db, event_id) == ()
    again = rounds.start_round(db, event_id)
    assert again.number == 1 and len(again.pairings) == len(first.pairings) + 1
    assert late.id in {e.id for p in again.pairings for e in (p.a, p.b) if e is not None}
    _play_round(db, event_id, rounds.RoundView(event_id, 1, "paired", None, again.pairings[:1]))
    with pytest.raises(rounds.RoundRefused, match="already has hands entered"):
        rounds.cancel_round(db, event_id)


def test_verify_notices_a_bracket_left_behind_by_a_correction(db: Any) -> None:
    from gin_scorer.core.hands import Declaration, HandRecord, Side

    event_id = _event(db, "single-elim", 4)  # no PIN: the policy cannot stop the correction
    first = rounds.start_round(db, event_id)
    win_a = HandRecord(Declaration.GIN, Side.A, ((Side.B, 100),))
    for p in first.pairings:
        sheet = get_score_sheet(db, p.match_id)
        rounds.record_match_hands(db, p.match_id, [(win_a, Side.A)], sheet.version, entered_by="t")
    rounds.start_round(db, event_id)
    assert verify_database(db, event_id).clean
    sheet = get_score_sheet(db, first.pairings[0].match_id)
    win_b = HandRecord(Declaration.GIN, Side.B, ((Side.A, 100),))
    correct_hand(
        db, sheet.hands[0].hand_id, win_b, sheet.version, reason="wrong side", entered_by="t"
    )
    problems = verify_database(db, event_id).problems
    assert len(problems) == 1 and "W2-1 is played by" in str(problems[0]), problems


def test_preview_shows_the_pairings_start_round_makes(db: Any) -> None:
    event_id = _event(db, "swiss", 7)
    preview = rounds.preview_round(db, event_id)
    assert rounds.list_rounds(db, event_id) == ()  # nothing written
    made = rounds.start_round(db, event_id)
    assert [(p.table, p.a.id, p.b.id if p.b else None) for p in preview.pairings] == [
        (p.table, p.a.id, p.b.id if p.b else None) for p in made.pairings
    ]
