"""Tournament commands: ``demo``, ``verify``, ``round``, ``standings``, ``bracket``.

- ``gin-scorer demo --entrants 16 --format swiss --seed 1`` creates an event and plays it to
  the end through the services: every hand really shuffled, dealt and played, with its cards.
- ``gin-scorer verify [--event ID]`` re-checks every recorded hand through the core and every
  match's status against its ledger; exit status 1 if anything is wrong.
- ``gin-scorer round start|show|status --event ID``, ``gin-scorer standings --event ID``,
  ``gin-scorer bracket --event ID``: run an event from a terminal.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from gin_scorer.commands._arguments import any_whole, positive, quoted
from gin_scorer.commands._seal import seal_of, seal_text

if TYPE_CHECKING:
    from gin_scorer.store.database import Database

HELP_ORDER = 45

FORMATS = ("swiss", "round-robin", "single-elim", "double-elim", "club")

_FIRST = [
    "Ada",
    "Ben",
    "Cleo",
    "Dev",
    "Elif",
    "Finn",
    "Gia",
    "Hugo",
    "Iris",
    "Jon",
    "Kai",
    "Lena",
    "Milo",
    "Nora",
    "Omar",
    "Pia",
    "Quinn",
    "Rosa",
    "Sam",
    "Tara",
    "Umar",
    "Vera",
    "Wes",
    "Xena",
    "Yuri",
    "Zoe",
    "Alba",
    "Bram",
    "Cora",
    "Dara",
    "Emil",
    "Faye",
]
_LAST = [
    "Abbott",
    "Baker",
    "Castro",
    "Diaz",
    "Evans",
    "Fischer",
    "Garcia",
    "Hughes",
    "Ito",
    "Jensen",
    "Khan",
    "Lopez",
    "Moreau",
    "Novak",
    "Okafor",
    "Patel",
    "Quist",
    "Rossi",
    "Silva",
    "Tanaka",
    "Usman",
    "Varga",
    "Weber",
    "Xu",
    "Young",
    "Zeller",
]


def _whole(text: str) -> int:
    return any_whole(text)


def register(subparsers: Any) -> None:
    demo = subparsers.add_parser(
        "demo",
        help="create a simulated event and play it to the end (real deals, real cards)",
        description="Create an event with N entrants and play every round of it through the "
        "services: each hand is shuffled, dealt and played by a simple legal strategy, with "
        "its cards. The same seed plays the same event.",
    )
    demo.add_argument(
        "--entrants",
        type=positive,
        default=16,
        metavar="N",
        help="how many entrants (default 16; 2 to 256 for brackets)",
    )
    demo.add_argument(
        "--format", choices=FORMATS, default="swiss", help="event format (default swiss)"
    )
    demo.add_argument(
        "--seed",
        type=_whole,
        default=1,
        metavar="S",
        help="random seed: the same seed plays the same event (default 1)",
    )
    demo.add_argument(
        "--preset",
        default=None,
        metavar="KEY",
        help="rule preset for the matches (default gra-tournament: best of "
        "five games to 250; a club night plays hollywood; wikipedia-standard plays one game "
        "to 100, faster)",
    )
    demo.add_argument(
        "--rounds",
        type=positive,
        default=None,
        metavar="N",
        help="Swiss rounds (default ceil(log2 N)); club nights to play (default 3)",
    )
    demo.add_argument("--name", default=None, help="the event's name")
    demo.add_argument(
        "--per-hand",
        action="store_true",
        help="enter hands one at a time through record_hand (as a scorekeeper "
        "would; much slower) instead of one batch per match",
    )
    demo.add_argument("--quiet", action="store_true", help="print only the final standings")
    demo.set_defaults(func=run_demo_command)

    verify = subparsers.add_parser(
        "verify",
        help="re-check every recorded hand and result through the scoring core",
        description="Re-check every recorded hand (cards against declarations, scores "
        "against the ledgers), every match's status, each round's pairings, the audit "
        "chain and the seal (no fact changed, inserted or deleted outside the app; director "
        "actions signed with the director's PIN). Prints a report; exit status 1 if "
        "anything is wrong.",
    )
    verify.add_argument(
        "--event", type=positive, metavar="ID", help="only this event (default: every event)"
    )
    verify.add_argument(
        "--seal",
        metavar="CODE",
        help="a seal code printed earlier (e.g. on a result sheet): also prove that nothing "
        "sealed before it has changed since",
    )
    verify.set_defaults(func=run_verify_command)

    rnd = subparsers.add_parser("round", help="pair the next round; show pairings or status")
    actions = rnd.add_subparsers(dest="round_action", metavar="ACTION", required=True)
    start = actions.add_parser("start", help="pair the next round (tables assigned)")
    start.add_argument("--event", type=positive, required=True, metavar="ID")
    start.add_argument(
        "--pair",
        action="append",
        default=[],
        metavar="A,B",
        help="club nights: a pairing by entrant ids (repeat for each table)",
    )
    start.set_defaults(func=run_round_command)
    preview = actions.add_parser("preview", help="the pairings 'start' would make (writes nothing)")
    preview.add_argument("--event", type=positive, required=True, metavar="ID")
    preview.add_argument(
        "--pair",
        action="append",
        default=[],
        metavar="A,B",
        help="club nights: a pairing by entrant ids",
    )
    preview.set_defaults(func=run_round_command)
    cancel = actions.add_parser(
        "cancel", help="take back the latest round's pairings (only before any hand is entered)"
    )
    cancel.add_argument("--event", type=positive, required=True, metavar="ID")
    cancel.set_defaults(func=run_round_command)
    show = actions.add_parser("show", help="a round's pairings by table (or --by-name)")
    show.add_argument("--event", type=positive, required=True, metavar="ID")
    show.add_argument("--round", type=positive, metavar="N", help="default: the latest")
    show.add_argument("--by-name", action="store_true", help="list entrants alphabetically")
    show.set_defaults(func=run_round_command)
    status = actions.add_parser("status", help="which tables are playing, finished, missing")
    status.add_argument("--event", type=positive, required=True, metavar="ID")
    status.add_argument("--round", type=positive, metavar="N", help="default: the latest")
    status.set_defaults(func=run_round_command)

    standings = subparsers.add_parser("standings", help="an event's standings")
    standings.add_argument("--event", type=positive, required=True, metavar="ID")
    standings.add_argument(
        "--after-round", type=_whole, metavar="N", help="as they stood after round N"
    )
    standings.add_argument("--json", action="store_true", help="machine-readable output")
    standings.set_defaults(func=run_standings_command)

    bracket = subparsers.add_parser("bracket", help="an elimination event's bracket")
    bracket.add_argument("--event", type=positive, required=True, metavar="ID")
    bracket.set_defaults(func=run_bracket_command)


# ---------------------------------------------------------------------------------------------
# Opening the database, turning service refusals into one clear line


def _open(args: argparse.Namespace) -> Database:
    from gin_scorer.commands._errors import UserError
    from gin_scorer.paths import chosen_database
    from gin_scorer.store.database import open_database
    from gin_scorer.store.errors import StoreError

    try:
        return open_database(chosen_database(args.db))
    except StoreError as error:
        raise UserError(str(error)) from None


def _guarded(work: Callable[[Database], int], args: argparse.Namespace) -> int:
    from gin_scorer.commands._errors import UserError
    from gin_scorer.services.errors import ServiceError
    from gin_scorer.store.errors import StoreError
    from gin_scorer.tournament.errors import TournamentError

    db = _open(args)
    try:
        return work(db)
    except (ServiceError, StoreError, TournamentError) as error:
        raise UserError(str(error)) from None
    finally:
        db.close()


# ---------------------------------------------------------------------------------------------
# demo


@dataclass
class DemoSummary:
    """What a demo run did, with its timings (seconds)."""

    event_id: int
    rounds: int = 0
    matches: int = 0
    hands: int = 0
    simulate_seconds: float = 0.0
    record_seconds: float = 0.0
    pair_seconds: float = 0.0
    total_seconds: float = 0.0
    notes: list[str] = field(default_factory=list)


def demo_names(count: int, rng: random.Random) -> list[str]:
    """``count`` distinct, made-up names (deterministic for a given ``rng``)."""
    pool = [f"{first} {last}" for last in _LAST for first in _FIRST]
    rng.shuffle(pool)
    names = pool[:count]
    for extra in range(len(names), count):
        names.append(f"Player {extra + 1}")
    return names


def play_demo(
    db: Database,
    *,
    entrants: int,
    event_format: str,
    seed: int,
    preset: str | None = None,
    rounds: int | None = None,
    name: str | None = None,
    per_hand: bool = False,
    progress: Callable[[str], None] | None = None,
) -> DemoSummary:
    """Create a simulated event and play it to the end through the services."""
    from gin_scorer.presets import DEFAULT_PRESET, load_preset
    from gin_scorer.services.dto import EntrantSpec, EventStatus
    from gin_scorer.services.entrants import add_entrants
    from gin_scorer.services.events import create_event, get_event, set_event_status
    from gin_scorer.services.hands import record_hand
    from gin_scorer.services.rounds import event_complete, record_match_hands, start_round
    from gin_scorer.simulation import simulate_match
    from gin_scorer.tournament.round_robin import round_robin_schedule

    say = progress or (lambda _text: None)
    began = time.perf_counter()
    club = event_format == "club"
    # A club night plays Hollywood (three games at once) unless told otherwise.
    rules = load_preset(preset or ("hollywood" if club else DEFAULT_PRESET))
    rng = random.Random(f"gin-scorer demo {seed}")
    settings: dict[str, object] = {}
    if rounds is not None and not club:
        settings["rounds"] = rounds
    event = create_event(
        db,
        name=name or f"Demo {event_format} of {entrants} (seed {seed})",
        rules=rules,
        format=event_format,
        venue="Simulated",
        settings=settings,
        actor="demo",
    )
    specs = [
        EntrantSpec(person, club=f"Club {1 + i % 6}", seed=i + 1, checked_in=True)
        for i, person in enumerate(demo_names(entrants, rng))
    ]
    added = add_entrants(db, event.id, specs, actor="demo")
    summary = DemoSummary(event.id)
    # A club has no last round: the demo plays a few nights, the director's pairings
    # rotating so that everyone meets someone new each night (the circle method).
    nights = round_robin_schedule([e.id for e in added]) if club else []
    night_count = min(rounds or 3, len(nights))
    while (summary.rounds < night_count) if club else not event_complete(db, event.id):
        tick = time.perf_counter()
        chosen = None
        if club:
            chosen = [(p.a, p.b) for p in nights[summary.rounds] if p.b is not None]
        paired = start_round(db, event.id, chosen=chosen, actor="demo")
        summary.pair_seconds += time.perf_counter() - tick
        summary.rounds = paired.number
        summary.notes.extend(f"round {paired.number}: {n}" for n in paired.notes)
        for p in paired.pairings:
            if p.b is None:
                continue
            tick = time.perf_counter()
            match_rng = random.Random(
                f"gin-scorer demo {seed} round {paired.number} match {p.slot or p.table}"
            )
            hands = simulate_match(match_rng, rules)
            summary.simulate_seconds += time.perf_counter() - tick
            tick = time.perf_counter()
            if per_hand:
                version = p_version = _match_version(db, p.match_id)
                for hand in hands:
                    sheet = record_hand(
                        db, p.match_id, hand.record, version, entered_by="demo", dealer=hand.dealer
                    )
                    version = sheet.version
                del p_version
            else:
                record_match_hands(
                    db,
                    p.match_id,
                    [(h.record, h.dealer) for h in hands],
                    _match_version(db, p.match_id),
                    entered_by="demo",
                )
            summary.record_seconds += time.perf_counter() - tick
            summary.matches += 1
            summary.hands += len(hands)
        say(
            f"round {paired.number}: {len(paired.pairings)} tables played "
            f"({summary.hands} hands so far)"
        )
    current = get_event(db, event.id)
    set_event_status(db, event.id, EventStatus.FINISHED, current.version, actor="demo")
    summary.total_seconds = time.perf_counter() - began
    return summary


def _match_version(db: Database, match_id: int) -> int:
    from gin_scorer.services.matches import get_match

    return get_match(db, match_id).version


_DEMO_MOST_ENTRANTS = 1024
_DEMO_MOST_ROUNDS = 64


def run_demo_command(args: argparse.Namespace) -> int:
    from gin_scorer.commands._errors import UserError

    if args.format in ("single-elim", "double-elim") and not 2 <= args.entrants <= 256:
        raise UserError(f"an elimination demo takes 2 to 256 entrants, not {args.entrants}")
    if args.entrants < 2:
        raise UserError("a demo event needs at least 2 entrants")
    # Checked before the event is created: a billion entrants or rounds would create the
    # event, then run for ever.
    if args.entrants > _DEMO_MOST_ENTRANTS:
        raise UserError(
            f"a demo event takes at most {_DEMO_MOST_ENTRANTS} entrants, not {args.entrants}"
        )
    if args.rounds is not None and args.rounds > _DEMO_MOST_ROUNDS:
        raise UserError(f"a demo plays at most {_DEMO_MOST_ROUNDS} rounds, not {args.rounds}")

    def work(db: Database) -> int:
        from gin_scorer.presets import load_preset

        if args.preset is not None:
            try:
                load_preset(args.preset)
            except (KeyError, ValueError) as error:
                raise UserError(str(error).strip("'\"")) from None
        summary = play_demo(
            db,
            entrants=args.entrants,
            event_format=args.format,
            seed=args.seed,
            preset=args.preset,
            rounds=args.rounds,
            name=args.name,
            per_hand=args.per_hand,
            progress=None if args.quiet else print,
        )
        from gin_scorer.services.standings import standings

        rows = standings(db, summary.event_id)
        if not args.quiet:
            for note in summary.notes:
                print(f"note: {note}")
        print(
            f"event {summary.event_id}: {summary.rounds} rounds, {summary.matches} matches, "
            f"{summary.hands} hands in {summary.total_seconds:.1f} s "
            f"(simulating {summary.simulate_seconds:.1f} s, recording "
            f"{summary.record_seconds:.1f} s, pairing {summary.pair_seconds:.2f} s)"
        )
        _print_standings(rows[: 8 if args.quiet else 16])
        if len(rows) > 16 and not args.quiet:
            print(f"... and {len(rows) - 16} more: gin-scorer standings --event {summary.event_id}")
        print(f"database: {db.url}")
        return 0

    return _guarded(work, args)


# ---------------------------------------------------------------------------------------------
# verify


def run_verify_command(args: argparse.Namespace) -> int:
    from gin_scorer.services.verify import verify_database

    def work(db: Database) -> int:
        report = verify_database(db, args.event, seal_code=args.seal)
        for note in report.notes:
            print(f"note: {note}")
        for problem in report.problems:
            print(f"PROBLEM: {problem}")
        verdict = "all clean" if report.clean else f"{len(report.problems)} problem(s)"
        print(
            f"checked {report.events} event(s), {report.matches} match(es), "
            f"{report.hands} hand(s): {verdict}"
            + (f"; {report.overridden} accepted by override" if report.overridden else "")
        )
        seal = report.seal
        if seal is not None and report.clean:
            if args.seal is not None:
                print(
                    f"the seal {args.seal.strip().upper()} matches: nothing sealed before "
                    f"it has changed ({seal.links_after_code} link(s) sealed since)"
                )
            print(f"sealed: {seal.links} links, seal {seal.latest_code or '(none yet)'}")
        return 0 if report.clean else 1

    return _guarded(work, args)


# ---------------------------------------------------------------------------------------------
# round, standings, bracket


def _latest_round(db: Database, event_id: int) -> int:
    from gin_scorer.commands._errors import UserError
    from gin_scorer.services.rounds import list_rounds

    found = list_rounds(db, event_id)
    if not found:
        raise UserError(
            f"event {event_id} has no round yet: gin-scorer round start --event {event_id}"
        )
    return found[-1].number


def _parse_pairs(texts: Sequence[str]) -> list[tuple[int, int]] | None:
    from gin_scorer.commands._errors import UserError

    if not texts:
        return None
    pairs = []
    for text in texts:
        parts = text.replace(" ", "").split(",")
        try:
            if len(parts) != 2:
                raise argparse.ArgumentTypeError("not two ids")
            pairs.append((positive(parts[0]), positive(parts[1])))
        except argparse.ArgumentTypeError:
            raise UserError(
                f"--pair {quoted(text)}: write two entrant ids, like --pair 3,7"
            ) from None
    return pairs


def _print_pairings(view: Any) -> None:
    print(f"Round {view.number} ({view.status})")
    for p in view.pairings:
        table = f"table {p.table:>3}" if p.table is not None else "   bye   "
        slot = f"  [{p.slot}]" if p.slot else ""
        if p.b is None:
            print(f"  {table}  {p.a.name} has a bye{slot}")
        else:
            games = f"  {p.games_a}–{p.games_b}" if p.hands else ""
            print(f"  {table}  {p.a.name} v {p.b.name}{games}{slot}")
    for note in view.notes:
        print(f"  note: {note}")


def run_round_command(args: argparse.Namespace) -> int:
    def work(db: Database) -> int:
        from gin_scorer.services import rounds

        if args.round_action == "start":
            view = rounds.start_round(db, args.event, chosen=_parse_pairs(args.pair))
            _print_pairings(view)
            return 0
        if args.round_action == "preview":
            planned = rounds.preview_round(db, args.event, chosen=_parse_pairs(args.pair))
            print(f"Round {planned.number} would be (nothing written yet):")
            for p in planned.pairings:
                table = f"table {p.table:>3}" if p.table is not None else "   bye   "
                slot = f"  [{p.slot}]" if p.slot else ""
                against = f"v {p.b.name}" if p.b is not None else "has a bye"
                print(f"  {table}  {p.a.name} {against}{slot}")
            for note in planned.notes:
                print(f"  note: {note}")
            return 0
        if args.round_action == "cancel":
            taken_back = rounds.cancel_round(db, args.event)
            print(
                f"round {taken_back} taken back: pair it again with gin-scorer round start "
                f"--event {args.event}"
            )
            return 0
        number = args.round or _latest_round(db, args.event)
        if args.round_action == "show":
            view = rounds.get_round(db, args.event, number)
            if args.by_name:
                for line in view.by_name:
                    where = f"table {line.table}" if line.table is not None else "bye"
                    against = f"v {line.opponent}" if line.opponent else ""
                    print(f"  {line.name:<28} {where:<10} {against}")
            else:
                _print_pairings(view)
            return 0
        board = rounds.round_status(db, args.event, number)
        print(
            board.summary() + (f" (of {board.total_rounds} rounds)" if board.total_rounds else "")
        )
        for tl in board.lines:
            table = f"table {tl.table:>3}" if tl.table is not None else "   bye   "
            who = f"{tl.a} v {tl.b}" if tl.b else f"{tl.a} (bye)"
            plural = "hand" if tl.hands == 1 else "hands"
            extra = f"  {tl.score} after {tl.hands} {plural}" if tl.hands else ""
            mark = "  <- result missing" if tl.state.missing_result else ""
            print(f"  {table}  {tl.state.value:<8}  {who}{extra}{mark}")
        if board.event_complete:
            print("the event is complete")
        print(seal_text(seal_of(db)))
        return 0

    return _guarded(work, args)


def _print_standings(rows: Sequence[Any]) -> None:
    print(f"{'place':>6}  {'entrant':<26} {'W-L':>6} {'games':>7} {'points':>7}  position")
    for r in rows:
        flag = " (withdrawn)" if r.withdrawn else ""
        print(
            f"{r.place_label:>6}  {r.entrant.name:<26} {r.match_wins:>2}-{r.match_losses:<3} "
            f"{r.game_wins:>3}-{r.game_losses:<3} {r.point_differential:>+7}  "
            f"{r.position}{flag}"
        )


def run_standings_command(args: argparse.Namespace) -> int:
    def work(db: Database) -> int:
        from gin_scorer.services.standings import standings

        rows = standings(db, args.event, args.after_round)
        seal = seal_of(db)
        if args.json:
            lines = [
                {
                    "place": r.place,
                    "place_to": r.place_to,
                    "label": r.place_label,
                    "entrant_id": r.entrant.id,
                    "name": r.entrant.name,
                    "match_wins": r.match_wins,
                    "match_losses": r.match_losses,
                    "game_wins": r.game_wins,
                    "game_losses": r.game_losses,
                    "point_differential": r.point_differential,
                    "byes": r.byes,
                    "buchholz": r.buchholz,
                    "tie_breaks": {t.value: v for t, v in r.tie_breaks},
                    "position": r.position,
                    "withdrawn": r.withdrawn,
                }
                for r in rows
            ]
            # An object, not a bare list, so the seal travels with the figures it covers.
            json.dump({"seal": seal, "standings": lines}, sys.stdout, indent=1, ensure_ascii=False)
            print()
        else:
            _print_standings(rows)
            print(seal_text(seal))
        return 0

    return _guarded(work, args)


def run_bracket_command(args: argparse.Namespace) -> int:
    def work(db: Database) -> int:
        from gin_scorer.services.standings import bracket

        view = bracket(db, args.event)
        kind = "Double" if view.double else "Single"
        print(
            f"{kind} elimination, {view.size}-line bracket"
            + (", bracket reset" if view.bracket_reset else "")
        )
        for s in view.slots:
            if not s.needed:
                print(f"  {s.slot:<6} {s.label}: not needed")
                continue
            score = f"  {s.games_a}–{s.games_b}" if s.games_a is not None else ""
            win = {"A": f"  -> {s.a_text}", "B": f"  -> {s.b_text}"}.get(s.winner, "")
            print(f"  {s.slot:<6} {s.label}: {s.a_text} v {s.b_text}{score}{win}")
        if view.champion is not None:
            print(f"champion: {view.champion.name}")
        return 0

    return _guarded(work, args)
