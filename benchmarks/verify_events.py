"""The three events benchmarks/verify_speed.py verifies, built once and cached.

Every hand is simulated (``gin_scorer.simulation.simulate_match``, the demo's strategy, each
match seeded by its round and table), so each is a legal hand of real play with its own cards,
and every match is played to its end under the GRA tournament rules. The rows are then bulk
inserted (set-up, not what is measured) and sealed: the ``cards`` and ``plain`` events in one
link (as an import writes an event file), ``sealed`` with one link per hand (as a room makes
them, hand by hand). A cache is keyed by this module's ``BUILD`` and the schema's migrations,
so a change to either builds afresh.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import shutil
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

BUILD = "1"
ENTRANTS = 400  # 200 matches a round
RULES = "gra-tournament"


def _schema_key() -> str:
    import gin_scorer.store as store

    versions = Path(store.__file__).parent / "migrations" / "versions"
    names = sorted(p.name for p in versions.glob("*.py"))
    return hashlib.sha256("\n".join(names).encode()).hexdigest()[:10]


def _simulate_round(number: int) -> list[list[tuple[str, str, str]]]:
    """Round ``number``'s 200 matches: each hand as (JSON with cards, JSON without, dealer)."""
    from dataclasses import replace

    from gin_scorer.core.hand_json import record_to_json
    from gin_scorer.presets import load_preset
    from gin_scorer.services.support.stored_json import dumps
    from gin_scorer.simulation import simulate_match

    rules = load_preset(RULES)
    matches = []
    for table in range(ENTRANTS // 2):
        rng = random.Random(f"verify-speed round {number} table {table}")
        hands = simulate_match(rng, rules)
        matches.append(
            [
                (
                    dumps(record_to_json(h.record)),
                    dumps(record_to_json(replace(h.record, cards=None))),
                    h.dealer.value,
                )
                for h in hands
            ]
        )
    return matches


def simulated_rounds(folder: Path, hands: int) -> list[list[list[tuple[str, str, str]]]]:
    """Rounds of simulated matches until ``hands`` hands are played (cached in ``folder``)."""
    cached = folder / "simulated.json"
    if cached.exists():
        return list(json.loads(cached.read_text()))
    started = time.perf_counter()
    rounds: list[list[list[tuple[str, str, str]]]] = []
    total = 0
    with ProcessPoolExecutor(2) as pool:
        while total < hands:
            # Two rounds at a time (one a core); the last may go a round past the count.
            batch = list(pool.map(_simulate_round, (len(rounds) + 1, len(rounds) + 2)))
            for played in batch:
                if total >= hands:
                    break
                rounds.append(played)
                total += sum(len(m) for m in played)
            print(f"  simulated {total} hands ({time.perf_counter() - started:.0f} s)", flush=True)
    cached.write_text(json.dumps(rounds))
    return rounds


def _insert_event(path: Path, rounds: list[Any], with_cards: bool) -> tuple[Any, int]:
    """The event's rows: created through the services (event, entrants), then the rounds,
    matches and hands bulk inserted. Returns the open database and the event id."""
    from sqlalchemy import insert

    from gin_scorer.presets import load_preset
    from gin_scorer.services.support.dto import EntrantSpec
    from gin_scorer.services.support.stored_json import dumps
    from gin_scorer.services.writes import entrants as entrant_service
    from gin_scorer.services.writes import events
    from gin_scorer.store.database import open_database
    from gin_scorer.store.tables import HandEntry, Match, Round, utcnow

    db = open_database(path, station="bench", backups=False)
    rules = load_preset(RULES)
    event = events.create_event(
        db, name="Verify speed open", rules=rules, format="swiss", settings={"rounds": 20}
    )
    made = entrant_service.add_entrants(
        db, event.id, [EntrantSpec(f"Player {i:03d}", seed=i + 1) for i in range(ENTRANTS)]
    )
    ids = [e.id for e in made]
    rules_json = dumps(rules.to_dict())
    now = utcnow()
    for number, played in enumerate(rounds, start=1):
        order = ids[:]
        random.Random(f"verify-speed pairing {number}").shuffle(order)
        with db.transaction() as session:
            round_row = Round(event_id=event.id, number=number, status="finished", paired_at=now)
            session.add(round_row)  # sealed by the transaction, as the services seal it
            session.flush()
            match_rows = [
                {
                    "event_id": event.id,
                    "round_id": round_row.id,
                    "table_number": table,
                    "entrant_a_id": a,
                    "entrant_b_id": b,
                    "rules_json": rules_json,
                    "status": "finished",
                    "version": 1,
                    "created_at": now,
                }
                for table, (a, b) in enumerate(zip(order[::2], order[1::2], strict=True), 1)
            ]
            result = session.execute(insert(Match).returning(Match.id), match_rows)  # type: ignore[arg-type]
            hand_rows = [
                {
                    "match_id": match_id,
                    "seq": seq,
                    "kind": "entry",
                    "record_json": carded if with_cards else plain,
                    "dealer": dealer,
                    "entered_by": "bench",
                    "station": "bench",
                    "entered_at": now,
                }
                for (match_id,), hands in zip(result, played, strict=True)
                for seq, (carded, plain, dealer) in enumerate(hands, start=1)
            ]
            session.execute(insert(HandEntry), hand_rows)
    return db, event.id


def _seal_in_one_link(db: Any, event_id: int) -> None:
    """One link holding every bulk-inserted match and hand, as an import's transaction."""
    from sqlalchemy import select

    from gin_scorer.store.seal import append_link
    from gin_scorer.store.seal_rows import read_rows
    from gin_scorer.store.tables import HandEntry, Match

    with db.engine.begin() as connection:
        match_ids = list(
            connection.execute(select(Match.id).where(Match.event_id == event_id)).scalars()  # type: ignore[arg-type]
        )
        hand_ids = list(connection.execute(select(HandEntry.id)).scalars())  # type: ignore[arg-type]
        body = [
            {"t": table, "id": pk, "op": "insert", "row": row}
            for table, ids in (("match", match_ids), ("hand_entry", hand_ids))
            for pk, row in read_rows(connection, table, ids).items()
        ]
        append_link(connection, body, "bench")


def build_events(cache: Path, hands: int) -> dict[str, Path]:
    """The three events' files (built now unless cached): name -> path."""
    folder = cache / f"build{BUILD}-{hands}-{_schema_key()}"
    paths = {name: folder / f"{name}.sqlite" for name in ("cards", "plain", "sealed")}
    if all(p.exists() for p in paths.values()) and (folder / "done").exists():
        return paths
    folder.mkdir(parents=True, exist_ok=True)
    os.environ.setdefault("GIN_SCORER_BACKUP_DIR", str(folder / "backups"))
    print(f"building the events in {folder} (once; cached after)", flush=True)
    rounds = simulated_rounds(folder, hands)
    from benchmarks.verify_seal import seal_bulk_rows

    for name, path in paths.items():
        started = time.perf_counter()
        for stale in folder.glob(f"{name}.sqlite*"):
            stale.unlink()
        db, event_id = _insert_event(path, rounds, with_cards=name == "cards")
        if name == "sealed":
            seal_bulk_rows(db, event_id)
        else:
            _seal_in_one_link(db, event_id)
        db.close()
        print(f"  {name}: built in {time.perf_counter() - started:.0f} s", flush=True)
    shutil.rmtree(folder / "backups", ignore_errors=True)
    (folder / "done").write_text("built\n")
    return paths


if __name__ == "__main__":
    print(build_events(Path(sys.argv[1]), int(sys.argv[2])))
