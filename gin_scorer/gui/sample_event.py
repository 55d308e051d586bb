"""A simulated event written through the services, for screenshots, benchmarks and tests.

Pairs rounds with the tournament services and plays every match with the simulation's dealt
hands (``gin_scorer.simulation``), recording each hand with ``record_hand`` exactly as a
director would. The last round can be left part-played so the status board has tables
missing a result. Deterministic: the same seed writes the same event.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import date

from gin_scorer.core.hands import Side
from gin_scorer.services.database import Database
from gin_scorer.services.dto import EntrantSpec, EventView

FIRST_NAMES = (
    "Ann",
    "Bob",
    "Carla",
    "Dev",
    "Edith",
    "Farid",
    "Grace",
    "Hugo",
    "Ines",
    "Jon",
    "Kemal",
    "Lena",
    "Miko",
    "Nadia",
    "Oscar",
    "Priya",
    "Quinn",
    "Rosa",
    "Sami",
    "Tove",
    "Uma",
    "Viktor",
    "Wen",
    "Ximena",
    "Yusuf",
    "Zoe",
)
LAST_NAMES = (
    "Adler",
    "Brandt",
    "Costa",
    "Duarte",
    "Evans",
    "Fischer",
    "Garcia",
    "Haas",
    "Ito",
    "Jensen",
    "Kowalski",
    "Larsen",
    "Moreau",
    "Novak",
    "Okafor",
    "Petrov",
    "Quist",
    "Rossi",
    "Silva",
    "Tanaka",
    "Ueda",
    "Varga",
    "Weber",
    "Young",
    "Zhou",
)
CLUBS = ("Riverside GC", "Queens Table", "North End", "Harbour Club", "")


@dataclass(frozen=True, slots=True)
class SampleEvent:
    event: EventView
    rounds: int
    hands: int


def entrant_names(count: int, seed: int = 1) -> list[str]:
    """``count`` distinct plausible names."""
    rng = random.Random(seed)
    names: list[str] = []
    seen: set[str] = set()
    while len(names) < count:
        name = f"{rng.choice(FIRST_NAMES)} {rng.choice(LAST_NAMES)}"
        if name in seen:
            name = f"{name} {len(names) + 1}"
        seen.add(name)
        names.append(name)
    return names


def build_sample_event(
    db: Database,
    *,
    name: str = "Autumn Open (demo)",
    entrants: int = 16,
    rounds: int = 3,
    event_format: str = "swiss",
    preset: str = "wikipedia-standard",
    seed: int = 1,
    unfinished_tables: int = 2,
    with_cards: bool = True,
    progress: Callable[[str], None] | None = None,
) -> SampleEvent:
    """Create and play an event; the last round leaves ``unfinished_tables`` tables open."""
    from gin_scorer.presets import load_preset
    from gin_scorer.services.entrants import add_entrants
    from gin_scorer.services.events import create_event, get_event
    from gin_scorer.services.hands import record_hand
    from gin_scorer.services.matches import get_score_sheet
    from gin_scorer.services.rounds import RoundRefused, start_round
    from gin_scorer.simulation import simulate_match

    rules = load_preset(preset)
    rng = random.Random(seed)
    event = create_event(
        db,
        name=name,
        rules=rules,
        format=event_format,
        venue="Riverside Community Hall",
        pin="1234",
        start_date=date(2026, 11, 21),
    )
    specs = [
        EntrantSpec(name=n, club=CLUBS[i % len(CLUBS)], seed=i + 1)
        for i, n in enumerate(entrant_names(entrants, seed))
    ]
    add_entrants(db, event.id, specs)
    hands = 0
    played_rounds = 0
    for number in range(1, rounds + 1):
        try:
            view = start_round(db, event.id)
        except RoundRefused:
            break  # an elimination event that is already decided
        played_rounds = number
        matches = [p for p in view.pairings if not p.is_bye]
        last = number == rounds
        for position, pairing in enumerate(matches):
            leave_open = last and position >= len(matches) - unfinished_tables
            played = simulate_match(rng, rules, Side.A)
            if leave_open:
                played = played[: min(len(played) - 1, position % 3 + 1)]
            version = get_score_sheet(db, pairing.match_id).version
            for hand in played:
                record = hand.record if with_cards else replace(hand.record, cards=None)
                sheet = record_hand(
                    db, pairing.match_id, record, version, entered_by="demo", dealer=hand.dealer
                )
                version = sheet.version
                hands += 1
        if progress is not None:
            progress(f"round {number} of {rounds} played ({hands} hands)")
    return SampleEvent(get_event(db, event.id), played_rounds, hands)
