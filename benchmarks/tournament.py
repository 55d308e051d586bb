"""Tournament engine figures: Swiss pairing of 500, standings of 500 after 9 rounds, a
simulated 64-entrant event (pure, and through the services into a SQLite file).

Run: .venv/bin/python benchmarks/tournament.py [--preset KEY] [--no-services]
Targets (brief): pairing one Swiss round of 500 <= 1 s; standings of 500 <= 200 ms.
Prints figures only; nothing here passes or fails.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import tempfile
import time

from gin_scorer.tournament.engine import EventState, after_round, event_standings, plan_round
from gin_scorer.tournament.model import Entrant, Format, MatchOutcome
from gin_scorer.tournament.settings import TournamentSettings


def _results(plan, rng):  # type: ignore[no-untyped-def]
    out = []
    for p in plan.matches:
        winner = rng.choice((p.a, p.b))
        loser_games = rng.randint(0, 2)
        ga, gb = (3, loser_games) if winner == p.a else (loser_games, 3)
        margin = rng.randint(1, 700) * (1 if winner == p.a else -1)
        out.append(MatchOutcome(p.a, p.b, winner, ga, gb, margin, plan.round_number, p.slot))
    return out


def swiss_500(rounds: int = 9) -> None:
    rng = random.Random(500)
    people = tuple(Entrant(i, f"P{i}", seed=i) for i in range(1, 501))
    state = EventState(TournamentSettings(Format.SWISS, rounds=rounds + 1), people, ())
    timings = []
    for number in range(1, rounds + 1):
        tick = time.perf_counter()
        plan = plan_round(state, number)
        timings.append(time.perf_counter() - tick)
        state = after_round(state, plan, _results(plan, rng))
    tick = time.perf_counter()
    plan = plan_round(state, rounds + 1)
    last = time.perf_counter() - tick
    print(
        f"Swiss pairing, 500 entrants: round 1 {timings[0] * 1000:.0f} ms, "
        f"rounds 1-{rounds} median {statistics.median(timings) * 1000:.0f} ms, "
        f"round {rounds + 1} (after {rounds} rounds) {last * 1000:.0f} ms  (target <= 1000 ms)"
        + (f"; notes: {plan.notes}" if plan.notes else "")
    )
    runs = []
    for _ in range(5):
        tick = time.perf_counter()
        rows = event_standings(state)
        runs.append(time.perf_counter() - tick)
    print(
        f"Standings, 500 entrants after {rounds} rounds ({len(state.outcomes)} results): "
        f"median {statistics.median(runs) * 1000:.1f} ms  (target <= 200 ms); "
        f"leader {rows[0].entrant.name} {rows[0].record.counts.match_wins} wins"
    )


def pure_event(preset: str, entrants: int = 64) -> None:
    from gin_scorer.presets import load_preset
    from gin_scorer.simulation import simulate_match
    from gin_scorer.tournament.engine import is_complete

    rules = load_preset(preset)
    rng = random.Random(64)
    people = tuple(Entrant(i, f"P{i}", seed=i) for i in range(1, entrants + 1))
    state = EventState(TournamentSettings(Format.SWISS), people, ())
    hands = 0
    tick = time.perf_counter()
    while not is_complete(state):
        plan = plan_round(state, state.paired_rounds + 1)
        results = []
        for p in plan.matches:
            played = simulate_match(rng, rules)
            hands += len(played)
            from gin_scorer.core.hands import score_hand
            from gin_scorer.core.ledgers import play_match

            ledger = play_match([score_hand(h.record, rules) for h in played], rules)
            winner = p.a if ledger.winner is not None and ledger.winner.value == "A" else p.b
            assert p.b is not None
            results.append(
                MatchOutcome(
                    p.a,
                    p.b,
                    winner,
                    ledger.games_won.a,
                    ledger.games_won.b,
                    ledger.margin,
                    plan.round_number,
                )
            )
        state = after_round(state, plan, results)
    took = time.perf_counter() - tick
    print(
        f"Simulated {entrants}-entrant Swiss ({state.paired_rounds} rounds, preset {preset}), "
        f"engine + card play only: {took:.1f} s, {hands} hands "
        f"({took / max(hands, 1) * 1000:.2f} ms a hand)"
    )


def service_event(preset: str, entrants: int = 64) -> None:
    from gin_scorer.services.queries.standings import standings
    from gin_scorer.services.queries.verify import verify_database
    from gin_scorer.services.writes.demo import DemoPlan, play_demo
    from gin_scorer.store.database import open_database

    with tempfile.TemporaryDirectory() as folder:
        os.environ.setdefault("GIN_SCORER_BACKUP_DIR", os.path.join(folder, "backups"))
        db = open_database(os.path.join(folder, "bench.sqlite"), station="bench", backups=False)
        try:
            summary = play_demo(db, DemoPlan(entrants=entrants, seed=1, preset=preset))
            print(
                f"gin-scorer demo, {entrants}-entrant Swiss through the services "
                f"(SQLite, synchronous=FULL, preset {preset}): {summary.total_seconds:.1f} s "
                f"for {summary.rounds} rounds, {summary.matches} matches, {summary.hands} hands"
                f" (card play {summary.simulate_seconds:.1f} s, recording "
                f"{summary.record_seconds:.1f} s, pairing rounds {summary.pair_seconds:.2f} s)"
            )
            from gin_scorer.services.queries.rounds.derived import forget_results

            forget_results(db.derived)  # cold: every match's ledger recomputed from its hands
            tick = time.perf_counter()
            standings(db, summary.event.id)
            cold = time.perf_counter() - tick
            tick = time.perf_counter()
            standings(db, summary.event.id)
            warm = time.perf_counter() - tick
            print(
                f"  standings service on that event: cold {cold * 1000:.0f} ms (every ledger "
                f"recomputed from {summary.hands} hands), warm {warm * 1000:.0f} ms"
            )
            tick = time.perf_counter()
            report = verify_database(db, summary.event.id)
            print(
                f"  verify: {time.perf_counter() - tick:.1f} s, "
                f"{'clean' if report.clean else [str(p) for p in report.problems[:3]]}"
            )
        finally:
            db.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument(
        "--preset",
        default="wikipedia-standard",
        help="rule preset of the simulated events (default wikipedia-standard; "
        "gra-tournament plays best of five games to 250, ~10x the hands)",
    )
    parser.add_argument(
        "--no-services", action="store_true", help="skip the event through the services (database)"
    )
    args = parser.parse_args()
    swiss_500()
    pure_event(args.preset)
    if not args.no_services:
        service_event(args.preset)


if __name__ == "__main__":
    main()
