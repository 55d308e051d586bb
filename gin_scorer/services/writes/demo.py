"""The demo event: a simulated event played through the services, as a director would enter it.

One demo for every way in: ``gin-scorer demo``, the app's "Try a demo event", the screenshots,
the benchmarks and the tests. It creates an event, adds made-up entrants, pairs each round
with the tournament services and plays every match with the simulation's dealt hands
(:mod:`gin_scorer.simulation`), recording them through the same services as a person at the
desk. Deterministic: the same plan writes the same event.

A plan can leave the last round's last tables part-played (``unfinished_tables``), so the
status board has results missing, and can stop being asked to go on (``cancelled``): the
rounds already played stay, as a director who stops a run expects.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from datetime import date

from gin_scorer.core.ledgers.profiles import profile_of
from gin_scorer.core.rules import RuleSet
from gin_scorer.core.wording import Said, said
from gin_scorer.services.support.dto import EntrantSpec, EventStatus, EventView
from gin_scorer.services.support.entrant_checks import team_size
from gin_scorer.services.support.errors import ServiceError
from gin_scorer.services.writes.demo_results import reported
from gin_scorer.services.writes.matches import get_match
from gin_scorer.services.writes.results import record_result
from gin_scorer.simulation import SimulatedHand
from gin_scorer.store.database import Database

__all__ = [
    "DemoCancelled",
    "DemoPlan",
    "DemoProgress",
    "DemoResult",
    "demo_names",
    "play_demo",
    "round_played_words",
]

# fmt: off
_FIRST = (
    "Ada", "Ben", "Cleo", "Dev", "Elif", "Finn", "Gia", "Hugo", "Iris", "Jon", "Kai", "Lena",
    "Milo", "Nora", "Omar", "Pia", "Quinn", "Rosa", "Sam", "Tara", "Umar", "Vera", "Wes", "Xena",
    "Yuri", "Zoe", "Alba", "Bram", "Cora", "Dara", "Emil", "Faye",
)
_LAST = (
    "Abbott", "Baker", "Castro", "Diaz", "Evans", "Fischer", "Garcia", "Hughes", "Ito", "Jensen",
    "Khan", "Lopez", "Moreau", "Novak", "Okafor", "Patel", "Quist", "Rossi", "Silva", "Tanaka",
    "Usman", "Varga", "Weber", "Xu", "Young", "Zeller",
)
# fmt: on


@dataclass(frozen=True, slots=True)
class DemoPlan:
    """What to play. ``rounds``: Swiss rounds, or club nights (3 when not given); elimination
    plays until there is a champion. ``preset`` None: the default rule set (Hollywood for a
    club). ``finish``: mark the event finished when its last round is played."""

    entrants: int = 16
    rounds: int | None = None
    event_format: str = "swiss"
    preset: str | None = None
    seed: int = 1
    name: str | None = None
    venue: str = "Simulated"
    pin: str | None = None
    finish: bool = True
    unfinished_tables: int = 0
    with_cards: bool = True
    per_hand: bool = False  # hand by hand, as a desk enters them, instead of a sheet at a time
    start_date: date | None = None
    clubs: tuple[str, ...] = ()  # the entrants' clubs in turn (default: Club 1 … Club 6)
    slips: float = 0.0  # the share of matches reported without (all) their hands
    # Who plays, when they are known (a club's members on a season's night); else made-up
    # names, ``entrants`` of them.
    people: tuple[EntrantSpec, ...] = ()


@dataclass(frozen=True, slots=True)
class DemoProgress:
    """After each round: ``rounds_total`` is None while the format cannot know it (elimination).
    ``message`` is a sentence a front end says in the reader's language
    (``presentation.words.say(progress.message)``)."""

    rounds_done: int
    rounds_total: int | None
    hands: int
    message: Said


@dataclass(frozen=True, slots=True)
class DemoResult:
    """What the run wrote, with its timings in seconds and the pairing engine's notes."""

    event: EventView
    rounds: int
    matches: int
    hands: int
    simulate_seconds: float
    record_seconds: float
    pair_seconds: float
    total_seconds: float
    notes: tuple[Said, ...]
    reported: int = 0  # matches reported without (all) their hands (``DemoPlan.slips``)


class DemoCancelled(ServiceError):
    """The run was stopped between two matches; what was played before stays recorded."""

    def __init__(self, event_id: int, rounds: int, hands: int) -> None:
        super().__init__(_stopped_words(event_id, rounds, hands))
        self.event_id = event_id


def _stopped_words(event_id: int, rounds: int, hands: int) -> Said:
    """What a stopped run keeps, one whole sentence for each of one and more."""
    if hands == 1 and rounds == 1:
        return said(
            "the demo was stopped: event {0} keeps the 1 hand of 1 round played so far",
            event_id,
            hands,
            rounds,
        )
    if rounds == 1:
        return said(
            "the demo was stopped: event {0} keeps the {1} hands of 1 round played so far",
            event_id,
            hands,
            rounds,
        )
    if hands == 1:
        return said(
            "the demo was stopped: event {0} keeps the 1 hand of {2} rounds played so far",
            event_id,
            hands,
            rounds,
        )
    return said(
        "the demo was stopped: event {0} keeps the {1} hands of {2} rounds played so far",
        event_id,
        hands,
        rounds,
    )


def round_played_words(number: int, tables: int, hands: int) -> Said:
    """The progress line after a round: ``round 3: 4 tables played (120 hands so far)``,
    one whole sentence for each of one table or more, one hand or more."""
    if tables == 1 and hands == 1:
        return said("round {0}: 1 table played (1 hand so far)", number, tables, hands)
    if tables == 1:
        return said("round {0}: 1 table played ({2} hands so far)", number, tables, hands)
    if hands == 1:
        return said("round {0}: {1} tables played (1 hand so far)", number, tables, hands)
    return said("round {0}: {1} tables played ({2} hands so far)", number, tables, hands)


@dataclass(slots=True)
class _Run:
    """The running totals of one demo (mutable while it plays, frozen into DemoResult)."""

    plan: DemoPlan
    rules: RuleSet
    event_id: int
    started: float
    progress: Callable[[DemoProgress], None]
    cancelled: Callable[[], bool]
    entrant_ids: list[int]
    rounds: int = 0
    matches: int = 0
    hands: int = 0
    reported: int = 0  # matches reported without (all) their hands
    simulate_seconds: float = 0.0
    record_seconds: float = 0.0
    pair_seconds: float = 0.0
    notes: list[Said] = field(default_factory=list)


def demo_names(count: int, rng: random.Random) -> list[str]:
    """``count`` distinct, made-up names (deterministic for a given ``rng``)."""
    pool = [f"{first} {last}" for last in _LAST for first in _FIRST]
    rng.shuffle(pool)
    names = pool[:count]
    names.extend(f"Player {extra + 1}" for extra in range(len(names), count))
    return names


def _demo_entrants(
    count: int, rules: RuleSet, clubs: Sequence[str], rng: random.Random
) -> list[EntrantSpec]:
    """Made-up entrants: one player each, or a team of the size the rules play."""
    size = team_size(rules) or 1
    names = demo_names(count * size, rng)
    return [
        EntrantSpec(
            names[i * size],
            club=clubs[i % len(clubs)],
            seed=i + 1,
            partner=names[i * size + 1] if size > 1 else "",
            checked_in=True,
            teammates=tuple(names[i * size + 2 : (i + 1) * size]),
        )
        for i in range(count)
    ]


def play_demo(
    db: Database,
    plan: DemoPlan,
    *,
    progress: Callable[[DemoProgress], None] | None = None,
    cancelled: Callable[[], bool] | None = None,
) -> DemoResult:
    """Create the event of ``plan`` and play it; raises DemoCancelled when ``cancelled()``."""
    from gin_scorer.services.writes.events import get_event, set_event_status

    run = _start(db, plan, progress or (lambda _p: None), cancelled or (lambda: False))
    left_open = _play_rounds(db, run)
    if plan.finish and not left_open:
        current = get_event(db, run.event_id)
        set_event_status(db, run.event_id, EventStatus.FINISHED, current.version, actor="demo")
    return DemoResult(
        get_event(db, run.event_id),
        run.rounds,
        run.matches,
        run.hands,
        run.simulate_seconds,
        run.record_seconds,
        run.pair_seconds,
        time.perf_counter() - run.started,
        tuple(run.notes),
        run.reported,
    )


def _start(
    db: Database,
    plan: DemoPlan,
    progress: Callable[[DemoProgress], None],
    cancelled: Callable[[], bool],
) -> _Run:
    """The event created and its entrants added, checked in."""
    from gin_scorer.presets import DEFAULT_PRESET, load_preset
    from gin_scorer.services.writes.entrants import add_entrants
    from gin_scorer.services.writes.events import create_event

    began = time.perf_counter()
    club = plan.event_format == "club"
    # A club night plays Hollywood (three games at once) unless told otherwise.
    rules = load_preset(plan.preset or ("hollywood" if club else DEFAULT_PRESET))
    settings: dict[str, object] = {}
    if plan.rounds is not None and not club:
        settings["rounds"] = plan.rounds
    event = create_event(
        db,
        name=plan.name or f"Demo {plan.event_format} of {plan.entrants} (seed {plan.seed})",
        rules=rules,
        format=plan.event_format,
        venue=plan.venue,
        settings=settings,
        pin=plan.pin,
        start_date=plan.start_date,
        actor="demo",
    )
    rng = random.Random(f"gin-scorer demo {plan.seed}")
    clubs = plan.clubs or tuple(f"Club {n}" for n in range(1, 7))
    specs = list(plan.people) or _demo_entrants(plan.entrants, rules, clubs, rng)
    added = add_entrants(db, event.id, specs, actor="demo")
    return _Run(plan, rules, event.id, began, progress, cancelled, [e.id for e in added])


def _play_rounds(db: Database, run: _Run) -> bool:
    """Pair and play rounds until the event is complete; True when tables were left open."""
    from gin_scorer.services.writes.rounds import event_complete, round_status, start_round

    club = run.plan.event_format == "club"
    # A club has no last round: the demo plays a few nights, the director's pairings
    # rotating so that everyone meets someone new each night (the circle method).
    nights = club_nights(run.entrant_ids, three=profile_of(run.rules).seats == 3) if club else []
    night_count = min(run.plan.rounds or 3, len(nights))
    while (run.rounds < night_count) if club else not event_complete(db, run.event_id):
        tick = time.perf_counter()
        chosen = nights[run.rounds] if club else None
        paired = start_round(db, run.event_id, chosen=chosen, actor="demo")
        run.pair_seconds += time.perf_counter() - tick
        run.rounds = paired.number
        run.notes.extend(said("round {0}: {1}", paired.number, n) for n in paired.notes)
        total = night_count if club else round_status(db, run.event_id, paired.number).total_rounds
        leave_open = run.plan.unfinished_tables if paired.number == total else 0
        tables = [p for p in paired.pairings if p.b is not None]
        for position, pairing in enumerate(tables):
            if run.cancelled():
                raise DemoCancelled(run.event_id, run.rounds - 1, run.hands)
            open_from = len(tables) - leave_open
            _play_match(
                db, run, pairing.match_id, pairing.slot or pairing.table, position, open_from
            )
        message = round_played_words(paired.number, len(paired.pairings), run.hands)
        run.progress(DemoProgress(run.rounds, total, run.hands, message))
        if leave_open:
            return True
    return False


def club_nights(entrants: Sequence[int], *, three: bool) -> list[list[tuple[int, ...]]]:
    """Each club night's tables: pairs by the circle method (everyone meets someone new each
    night), or for three-player games the field shuffled afresh each night (the same every
    run) and seated in threes, whoever is left over sitting the night out."""
    from gin_scorer.tournament.round_robin import round_robin_schedule

    if not three:
        schedule = round_robin_schedule(list(entrants))
        return [[(p.a, p.b) for p in night if p.b is not None] for night in schedule]
    nights = []
    for night in range(max(1, len(entrants) - 1)):
        people = list(entrants)
        random.Random(f"gin-scorer demo club night {night}").shuffle(people)
        nights.append([tuple(people[i : i + 3]) for i in range(0, len(people) - 2, 3)])
    return nights


def _play_match(
    db: Database, run: _Run, match_id: int, place: object, position: int, open_from: int
) -> None:
    """Simulate one match and record it (only its first hands when it is left open)."""
    from gin_scorer.simulation import simulate_match

    tick = time.perf_counter()
    match_rng = random.Random(f"gin-scorer demo {run.plan.seed} round {run.rounds} match {place}")
    hands: Sequence[SimulatedHand] = simulate_match(match_rng, run.rules)
    if position >= open_from:  # left part-played: one to three hands, never the deciding one
        hands = hands[: min(len(hands) - 1, position % 3 + 1)]
    if not run.plan.with_cards:
        hands = [replace(h, record=replace(h.record, cards=None)) for h in hands]
    report = None
    slips = run.plan.slips and profile_of(run.rules).slips  # a table of three: hands only
    if slips and position < open_from and match_rng.random() < run.plan.slips:
        knockout = run.plan.event_format in ("single-elim", "double-elim")
        how = reported(match_rng, hands, run.rules, knockout=knockout)
        hands, report = list(how.hands), how.report
    run.simulate_seconds += time.perf_counter() - tick
    tick = time.perf_counter()
    _record(db, run.plan.per_hand, match_id, hands)
    if report is not None:
        version = get_match(db, match_id).version
        record_result(db, match_id, report, version, entered_by="demo", pin=run.plan.pin)
        run.reported += 1
    run.record_seconds += time.perf_counter() - tick
    run.matches += 1
    run.hands += len(hands)


def _record(db: Database, per_hand: bool, match_id: int, hands: Sequence[SimulatedHand]) -> None:
    from gin_scorer.services.writes.hands import record_hand
    from gin_scorer.services.writes.rounds import record_match_hands

    version = get_match(db, match_id).version
    if not per_hand:
        if hands:
            record_match_hands(
                db, match_id, [(h.record, h.dealer) for h in hands], version, entered_by="demo"
            )
        return
    for hand in hands:
        sheet = record_hand(
            db, match_id, hand.record, version, entered_by="demo", dealer=hand.dealer
        )
        version = sheet.version
