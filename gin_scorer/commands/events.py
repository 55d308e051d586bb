"""``gin-scorer event | entrant | match | hand``: running an event from a terminal.

Everything goes through the same services as the app: one transaction per command, every
change audited, totals recomputed from the hands. A command that writes into a match reads
its current version first (a terminal has no stale screen), so it still refuses cleanly if
another station writes in between.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import date
from typing import TYPE_CHECKING, Any

from gin_scorer.commands._arguments import positive
from gin_scorer.commands._errors import UserError
from gin_scorer.commands._format_options import (
    add_format_options,
    describe_settings,
    settings_from_args,
)
from gin_scorer.commands._pin import add_pin_option, with_pin

if TYPE_CHECKING:
    from gin_scorer.core.hands import HandRecord
    from gin_scorer.core.rules import RuleSet
    from gin_scorer.services.dto import EventView, HandRow, ScoreSheet
    from gin_scorer.store.database import Database

HELP_ORDER = 40


def _day(text: str) -> date:
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a date: write it as 2026-11-22"
        ) from None


def _side(text: str) -> str:
    if text.strip().upper() not in ("A", "B"):
        raise argparse.ArgumentTypeError(f"{text!r} is not a player: write A or B")
    return text.strip().upper()


def register(subparsers: Any) -> None:
    # --- event ---
    event = subparsers.add_parser("event", help="create, list and show events")
    ev = event.add_subparsers(dest="event_command", metavar="ACTION", required=True)
    new = ev.add_parser(
        "new",
        help="create an event",
        description="Create an event. Its rules are frozen from the preset (default: the "
        "GRA tournament rules) or a rule-set file; matches keep the rules they start with.",
    )
    new.add_argument("--name", required=True, help="the event's name")
    rules = new.add_mutually_exclusive_group()
    rules.add_argument("--preset", metavar="KEY", help="rule-set preset (see: gin-scorer presets)")
    rules.add_argument("--rules-file", metavar="FILE", help="a rule-set TOML file")
    new.add_argument(
        "--format",
        default="club",
        help="club (default), swiss, round-robin, single-elim or double-elim",
    )
    new.add_argument("--venue", default="", help="where it is played")
    new.add_argument("--date", type=_day, metavar="YYYY-MM-DD", help="first day")
    new.add_argument("--end-date", type=_day, metavar="YYYY-MM-DD", help="last day")
    new.add_argument(
        "--pin", help="a director PIN (4+ characters) guarding corrections and locked results"
    )
    add_format_options(new)
    new.set_defaults(func=run_event_new)
    listing = ev.add_parser("list", help="list the events in the database")
    listing.set_defaults(func=run_event_list)
    show = ev.add_parser("show", help="an event's rules, entrants and matches")
    show.add_argument("event_id", type=positive, metavar="ID")
    show.set_defaults(func=run_event_show)
    setpin = ev.add_parser(
        "set-pin", help="set, change or clear the director PIN (changing needs the old one)"
    )
    setpin.add_argument("event_id", type=positive, metavar="ID")
    setpin.add_argument("--new", metavar="PIN", help="the new PIN (leave out to clear it)")
    setpin.add_argument("--old", metavar="PIN", help="the current PIN, if one is set")
    setpin.set_defaults(func=run_event_set_pin)
    finish = ev.add_parser("finish", help="close an event (reopening needs the PIN)")
    finish.add_argument("event_id", type=positive, metavar="ID")
    finish.add_argument("--reopen", action="store_true", help="reopen a finished event")
    finish.add_argument("--pin")
    finish.set_defaults(func=run_event_finish)
    settings = ev.add_parser(
        "settings",
        help="show or change how an event is paired and ranked (tie-breaks, byes ...)",
        description="With no option, print the event's format settings. Options change "
        "only what they name; once the event is running a change needs the director PIN.",
    )
    settings.add_argument("event_id", type=positive, metavar="ID")
    settings.add_argument("--pin", help="the director PIN, once the event is running")
    add_format_options(settings)
    settings.set_defaults(func=run_event_settings)
    rules_cmd = ev.add_parser(
        "rules",
        help="show the rules new matches of an event use, or change them",
        description="With no option, print every knob of the event's rule set. --preset or "
        "--rules-file replaces it for matches created from now on (matches already created "
        "keep theirs); once the event is running this needs the director PIN.",
    )
    rules_cmd.add_argument("event_id", type=positive, metavar="ID")
    new_rules = rules_cmd.add_mutually_exclusive_group()
    new_rules.add_argument("--preset", metavar="KEY", help="rule-set preset (gin-scorer presets)")
    new_rules.add_argument("--rules-file", metavar="FILE", help="a rule-set TOML file")
    rules_cmd.add_argument("--pin", help="the director PIN, once the event is running")
    rules_cmd.set_defaults(func=run_event_rules)

    # --- entrant ---
    entrant = subparsers.add_parser("entrant", help="add, list, check in or withdraw entrants")
    en = entrant.add_subparsers(dest="entrant_command", metavar="ACTION", required=True)
    add = en.add_parser("add", help="enter a player (or a team with --partner)")
    add.add_argument("--event", type=positive, required=True, metavar="ID")
    add.add_argument("name", help="the player's name")
    add.add_argument("--club", default="")
    add.add_argument("--member", default="", metavar="NUMBER", help="club member number")
    add.add_argument("--seed", type=positive)
    add.add_argument("--partner", default="", help="partner's name: enters a team of two")
    add.add_argument("--checked-in", action="store_true", help="mark present already")
    add.set_defaults(func=run_entrant_add)
    edit = en.add_parser("edit", help="fix an entrant's name or club, or set the seed")
    edit.add_argument("entrant_id", type=positive, metavar="ID")
    edit.add_argument("--name")
    edit.add_argument("--club")
    edit.add_argument("--seed", type=positive)
    edit.add_argument("--no-seed", action="store_true", help="clear the seed")
    add_pin_option(edit, "the director's PIN, once the event is finished")
    edit.set_defaults(func=run_entrant_edit)
    elist = en.add_parser("list", help="the entrants of an event")
    elist.add_argument("--event", type=positive, required=True, metavar="ID")
    elist.set_defaults(func=run_entrant_list)
    for name, helptext in (
        ("check-in", "mark an entrant present"),
        ("withdraw", "withdraw an entrant (their results stand)"),
        ("reinstate", "bring a withdrawn entrant back from the next round"),
    ):
        action = en.add_parser(name, help=helptext)
        action.add_argument("entrant_id", type=positive, metavar="ID")
        add_pin_option(action, "the director's PIN, once the event is finished")
        action.set_defaults(func=run_entrant_status, entrant_action=name)

    # --- match ---
    match = subparsers.add_parser("match", help="create matches, show score sheets, lock results")
    ma = match.add_subparsers(dest="match_command", metavar="ACTION", required=True)
    mnew = ma.add_parser(
        "new",
        help="a match between two entrants (club play, ad hoc)",
        description="Create a match. In a club event, names not yet entered are entered.",
    )
    mnew.add_argument("--event", type=positive, required=True, metavar="ID")
    mnew.add_argument("--a", required=True, metavar="NAME", help="side A")
    mnew.add_argument("--b", required=True, metavar="NAME", help="side B")
    mnew.add_argument("--table", type=positive, metavar="N")
    mnew.set_defaults(func=run_match_new)
    mlist = ma.add_parser("list", help="the matches of an event")
    mlist.add_argument("--event", type=positive, required=True, metavar="ID")
    mlist.add_argument("--round", type=positive, metavar="N")
    mlist.set_defaults(func=run_match_list)
    sheet = ma.add_parser("sheet", help="the score sheet of a match")
    sheet.add_argument("match_id", type=positive, metavar="ID")
    sheet.add_argument("--log", action="store_true", help="also list every log row")
    sheet.set_defaults(func=run_match_sheet)
    for name, helptext in (
        ("lock", "seal a finished result (needs the director PIN if set)"),
        ("unlock", "lift the seal (needs the director PIN if set)"),
    ):
        action = ma.add_parser(name, help=helptext)
        action.add_argument("match_id", type=positive, metavar="ID")
        action.add_argument("--pin")
        action.set_defaults(func=run_match_lock, lock_action=name)

    # --- hand ---
    hand = subparsers.add_parser("hand", help="record, correct, void or undo hands")
    ha = hand.add_subparsers(dest="hand_command", metavar="ACTION", required=True)
    hadd = ha.add_parser(
        "add",
        help="record the next hand of a match",
        description="Record a hand, written in the hand JSON form, e.g. "
        '\'{"knock": "A", "deadwood": {"A": 7, "B": 15}}\', \'{"gin": "B", "deadwood": '
        '{"A": 22}}\' or \'{"dead": true}\'. A hand with errors is refused unless --override '
        "gives the director's reason.",
    )
    hadd.add_argument("--match", type=positive, required=True, metavar="ID")
    hadd.add_argument("hand", metavar="JSON", help="the hand (or - to read it from stdin)")
    _who(hadd)
    hadd.add_argument("--override", metavar="REASON", help="record despite errors, for REASON")
    hadd.add_argument(
        "--dealer", type=_side, metavar="A|B", help="who dealt (default: by the rules)"
    )
    hadd.add_argument(
        "--pin",
        help="director PIN (a locked result or a finished event refuse "
        "hands: unlock or reopen first)",
    )
    hadd.set_defaults(func=run_hand_add)
    hcor = ha.add_parser("correct", help="replace a recorded hand (HAND_ID from match sheet)")
    hcor.add_argument("hand_id", type=positive, metavar="HAND_ID")
    hcor.add_argument("hand", metavar="JSON", help="the corrected hand")
    hcor.add_argument("--reason", required=True)
    _who(hcor)
    hcor.add_argument("--override", metavar="REASON", help="accept errors in it, for REASON")
    hcor.add_argument("--pin", help="director PIN, when later play relies on the result")
    hcor.set_defaults(func=run_hand_correct)
    hvoid = ha.add_parser("void", help="withdraw a recorded hand (it stays in the log)")
    hvoid.add_argument("hand_id", type=positive, metavar="HAND_ID")
    hvoid.add_argument("--reason", required=True)
    _who(hvoid)
    hvoid.add_argument("--pin")
    hvoid.set_defaults(func=run_hand_void)
    hundo = ha.add_parser("undo", help="take back the newest entry of a match")
    hundo.add_argument("--match", type=positive, required=True, metavar="ID")
    _who(hundo)
    hundo.add_argument("--pin")
    hundo.set_defaults(func=run_hand_undo)


def _who(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--by", default="", metavar="NAME", help="who enters it (default: this station's name)"
    )


# --- shared ----------------------------------------------------------------------------------


@contextmanager
def opened(args: argparse.Namespace) -> Iterator[Database]:
    """The database, with every refusal of the services turned into a one-line UserError."""
    from gin_scorer.core.hands import HandRecordError
    from gin_scorer.core.rules import RuleSetError
    from gin_scorer.paths import chosen_database
    from gin_scorer.services.errors import ServiceError
    from gin_scorer.store.database import open_database
    from gin_scorer.store.errors import StoreError

    try:
        db = open_database(chosen_database(args.db))
    except StoreError as error:
        raise UserError(str(error)) from None
    try:
        yield db
    except (ServiceError, StoreError, HandRecordError, RuleSetError) as error:
        raise UserError(str(error)) from None
    finally:
        db.close()


def _record(text: str) -> HandRecord:
    from gin_scorer.core.hand_json import record_from_json
    from gin_scorer.core.hands import HandRecordError
    from gin_scorer.core.json_input import JsonInputError, read_json

    if text == "-":
        text = sys.stdin.read()
    try:
        data = read_json(text, "the hand", max_chars=_HAND_CHARS)
    except JsonInputError as error:
        raise UserError(
            f'{error}; write it like \'{{"knock": "A", "deadwood": {{"A": 7, "B": 15}}}}\''
        ) from None
    try:
        return record_from_json(data)
    except HandRecordError as error:
        raise UserError(f"hand: {error}") from None


# One hand with all its cards is well under 2 KB; anything far larger is not a hand.
_HAND_CHARS = 64 * 1024


def _by(args: argparse.Namespace, db: Database) -> str:
    return str(args.by or db.station)


# --- event -----------------------------------------------------------------------------------


def _chosen_rules(args: argparse.Namespace) -> RuleSet | None:
    """The rule set of --preset or --rules-file (None when neither is given)."""
    from gin_scorer.core.rules import RuleSetError
    from gin_scorer.presets import load_preset, load_ruleset_file

    try:
        if args.rules_file:
            return load_ruleset_file(args.rules_file)
        if args.preset:
            return load_preset(args.preset)
    except (RuleSetError, KeyError) as error:
        raise UserError(str(error).strip("'\"")) from None
    return None


def run_event_new(args: argparse.Namespace) -> int:
    from gin_scorer.services import events

    rules = _chosen_rules(args)
    settings = settings_from_args(args) or None
    with opened(args) as db:
        made = events.create_event(
            db,
            name=args.name,
            rules=rules,
            format=args.format,
            venue=args.venue,
            start_date=args.date,
            end_date=args.end_date,
            settings=settings,
            pin=args.pin,
        )
    print(f"event {made.id} created: {made.name} ({made.format}, rules: {made.rules.name})")
    return 0


def _event_line(e: EventView) -> str:
    when = e.start_date.isoformat() if e.start_date else "-"
    return (
        f"{e.id:>4}  {e.name[:30]:<30}  {e.format:<11}  {e.status.value:<8}  {when:<10}  "
        f"{e.entrant_count:>4}  {e.rules.key}"
    )


def run_event_list(args: argparse.Namespace) -> int:
    from gin_scorer.services import events

    with opened(args) as db:
        found = events.list_events(db)
    if not found:
        print("no events yet: create one with  gin-scorer event new --name NAME")
        return 0
    print(
        f"{'id':>4}  {'name':<30}  {'format':<11}  {'status':<8}  {'date':<10}  {'ent.':>4}  rules"
    )
    for e in found:
        print(_event_line(e))
    return 0


def run_event_show(args: argparse.Namespace) -> int:
    from gin_scorer.services import entrants, events, matches

    with opened(args) as db:
        e = events.get_event(db, args.event_id)
        people = entrants.list_entrants(db, e.id)
        games = matches.list_matches(db, e.id)
    dates = " to ".join(d.isoformat() for d in (e.start_date, e.end_date) if d) or "no date"
    print(f"event {e.id}: {e.name}")
    print(f"  {e.format}, {e.status.value}, {dates}" + (f", at {e.venue}" if e.venue else ""))
    print(
        f"  rules: {e.rules.name} ({e.rules.key}); director PIN: {'set' if e.has_pin else 'none'}"
    )
    for line in describe_settings(e.settings, e.format):
        print(f"  {line}")
    print(f"  entrants ({len(people)}):")
    for p in people:
        notes = [f"seed {p.seed}"] if p.seed else []
        notes += [p.club] if p.club else []
        notes += ["checked in"] if p.checked_in else []
        notes += [p.status.value] if not p.active else []
        print(f"    {p.id:>4}  {p.name}" + (f"  ({', '.join(notes)})" if notes else ""))
    print(f"  matches ({len(games)}):")
    for m in games:
        print("    " + _match_line(m))
    return 0


def run_event_rules(args: argparse.Namespace) -> int:
    from gin_scorer.commands.presets import describe_knobs
    from gin_scorer.services import events

    rules = _chosen_rules(args)
    with opened(args) as db:
        event = events.get_event(db, args.event_id)
        if rules is not None:
            version = event.version
            event = with_pin(
                args.pin, lambda pin: events.set_event_rules(db, event.id, rules, version, pin=pin)
            )
    changed = ": changed for matches created from now on" if rules is not None else ""
    print(f"event {event.id} ({event.name}) plays {event.rules.name}{changed}")
    print(describe_knobs(event.rules))
    return 0


def run_event_settings(args: argparse.Namespace) -> int:
    from gin_scorer.services import events

    changes = settings_from_args(args)
    with opened(args) as db:
        event = events.get_event(db, args.event_id)
        if changes:
            wanted, version = {**event.settings, **changes}, event.version
            event = with_pin(
                args.pin,
                lambda pin: events.set_event_settings(db, event.id, wanted, version, pin=pin),
            )
    print(f"event {event.id} ({event.name}, {event.format})" + (": changed" if changes else ""))
    for line in describe_settings(event.settings, event.format):
        print(f"  {line}")
    return 0


def run_event_set_pin(args: argparse.Namespace) -> int:
    from gin_scorer.services import events

    with opened(args) as db:
        made = with_pin(
            args.old, lambda old: events.set_event_pin(db, args.event_id, args.new, old_pin=old)
        )
    print(f"event {made.id}: director PIN {'set' if made.has_pin else 'cleared'}")
    return 0


def run_event_finish(args: argparse.Namespace) -> int:
    from gin_scorer.services import events
    from gin_scorer.services.dto import EventStatus

    status = EventStatus.RUNNING if args.reopen else EventStatus.FINISHED
    with opened(args) as db:
        current = events.get_event(db, args.event_id)
        made = with_pin(
            args.pin,
            lambda pin: events.set_event_status(
                db, args.event_id, status, current.version, pin=pin
            ),
        )
    print(f"event {made.id} ({made.name}): {made.status.value}")
    return 0


# --- entrants --------------------------------------------------------------------------------


def run_entrant_edit(args: argparse.Namespace) -> int:
    from gin_scorer.services import entrants

    with opened(args) as db:
        made = with_pin(
            args.pin,
            lambda pin: entrants.update_entrant(
                db,
                args.entrant_id,
                name=args.name,
                club=args.club,
                seed=args.seed,
                clear_seed=args.no_seed,
                pin=pin,
            ),
        )
    seed = f", seed {made.seed}" if made.seed else ""
    print(f"entrant {made.id}: {made.name}" + (f" ({made.club})" if made.club else "") + seed)
    return 0


def run_entrant_add(args: argparse.Namespace) -> int:
    from gin_scorer.services import entrants

    with opened(args) as db:
        made = entrants.add_entrant(
            db,
            args.event,
            args.name,
            club=args.club,
            member_number=args.member,
            seed=args.seed,
            partner=args.partner,
            checked_in=args.checked_in,
        )
    print(f"entrant {made.id} added to event {made.event_id}: {made.name}")
    return 0


def run_entrant_list(args: argparse.Namespace) -> int:
    from gin_scorer.services import entrants

    with opened(args) as db:
        people = entrants.list_entrants(db, args.event)
    print(f"{'id':>4}  {'seed':>4}  {'name':<32}  {'club':<16}  {'in':<3}  status")
    for p in people:
        print(
            f"{p.id:>4}  {p.seed or '':>4}  {p.name[:32]:<32}  {p.club[:16]:<16}  "
            f"{'yes' if p.checked_in else '':<3}  {p.status.value}"
        )
    return 0


def run_entrant_status(args: argparse.Namespace) -> int:
    from gin_scorer.services import entrants

    with opened(args) as db:
        action: Callable[..., Any] = {
            "check-in": entrants.check_in,
            "withdraw": entrants.withdraw_entrant,
            "reinstate": entrants.reinstate_entrant,
        }[args.entrant_action]
        made = with_pin(args.pin, lambda pin: action(db, args.entrant_id, pin=pin))
    state = (
        "checked in"
        if made.checked_in and args.entrant_action == "check-in"
        else (made.status.value)
    )
    print(f"entrant {made.id} ({made.name}): {state}")
    return 0


# --- matches ---------------------------------------------------------------------------------


def _match_line(m: Any) -> str:
    where = []
    if m.round_number:
        where.append(f"round {m.round_number}")
    if m.table_number:
        where.append(f"table {m.table_number}")
    if m.bracket_slot:
        where.append(m.bracket_slot)
    b = m.b.name if m.b else "(bye)"
    place = f"  [{', '.join(where)}]" if where else ""
    return f"{m.id:>4}  {m.a.name} v {b}  {m.status.value}{place}"


def run_match_new(args: argparse.Namespace) -> int:
    from gin_scorer.services import matches

    with opened(args) as db:
        # One transaction: in a club event the names not yet entered are entered with the
        # match, so a refused match leaves no entrant behind.
        made, added = matches.create_match_by_names(
            db, args.event, args.a, args.b, table_number=args.table
        )
    for name in added:
        entrant = made.a if made.a.name == name else made.b
        print(f"entrant {entrant.id if entrant else '?'} added: {name}")
    print(f"match {made.id} created: {made.a.name} (A) v {made.b.name if made.b else '-'} (B)")
    return 0


def run_match_list(args: argparse.Namespace) -> int:
    from gin_scorer.services import matches

    with opened(args) as db:
        found = matches.list_matches(db, args.event, round_number=args.round)
    for m in found:
        print(_match_line(m))
    if not found:
        print("no matches")
    return 0


def describe(row: HandRow) -> str:
    """A hand in words: "A knocks 7 v 15", "B gin v 22", "dead hand"."""
    from gin_scorer.core.hands import Declaration

    r = row.record
    if r.declaration is Declaration.DEAD or r.declarer is None:
        return "dead hand"
    who = r.declarer.value
    other = r.declared(r.declarer.other)
    mine = r.declared(r.declarer)
    if r.declaration is Declaration.KNOCK:
        text = f"{who} knocks {mine} v {other}"
    else:
        text = f"{who} {r.declaration.value.replace('_', ' ')} v {other}"
    if r.upcard is not None:
        text += f" (up {r.upcard.code})"
    return text


def _game_lines(sheet: ScoreSheet) -> list[str]:
    """Each closed game as the pad's line under it: points, boxes, game bonus, shutout, final
    (all read off the ledger)."""
    from gin_scorer.core.ledgers import ledger_games

    closed = [g for g in ledger_games(sheet.ledger) if g.finished and g.winner is not None]
    if not closed:
        return []
    box = sheet.rules.box_value
    lines = [
        "",
        f"{'game':>4}  {'side':<7} {'points':>6} {'boxes':>12} {'bonus':>5} "
        f"{'shutout':>7} {'final':>6}",
    ]
    for game in closed:
        winner = game.winner
        assert winner is not None  # closed games only
        for side in (winner, winner.other):
            first = side is winner
            lines.append(
                f"{(game.number if first else ''):>4}  "
                f"{side.value + (' won' if first else ''):<7} {game.points[side]:>6} "
                f"{f'{game.boxes[side]}×{box} = {game.box_bonus[side]}':>12} "
                f"{game.game_bonus[side]:>5} {game.shutout_bonus[side] or '':>7} "
                f"{game.final[side]:>6}"
            )
        lines[-1] += f"   margin {game.margin}" + ("  (shutout)" if game.shutout else "")
    return lines


def render_sheet(sheet: ScoreSheet, *, with_log: bool = False) -> str:
    """The score sheet as text for a terminal."""
    m = sheet.match
    b_name = m.b.name if m.b else "(bye)"
    lines = [
        f"match {m.id}: A = {m.a.name}   B = {b_name}   "
        f"({m.status.value}, version {sheet.version})",
        f"rules: {sheet.rules.name}",
        "",
        f"{'#':>3} {'id':>5} {'dl':<2} {'hand':<24} {'result':<9} {'pts':>5}  {'game':>4} "
        f"{'A':>6} {'B':>6}  notes",
    ]
    for row in sheet.hands:
        result = row.result
        scored = f"{result.winner.value} +{result.points}" if result.winner else "-"
        notes = []
        if row.corrected:
            notes.append("corrected")
        if row.override_reason:
            notes.append(f"reason: {row.override_reason}")
        notes += [f"{p.severity.value}: {p.message}" for p in row.problems]
        lines.append(
            f"{row.number:>3} {row.hand_id:>5} {(row.dealer.value if row.dealer else ''):<2} "
            f"{describe(row)[:24]:<24} {result.outcome.value:<9} {scored:>5}  "
            f"{row.game_number or '-':>4} {row.totals_after.a:>6} {row.totals_after.b:>6}  "
            + "; ".join(notes)
        )
    lines += _game_lines(sheet)
    lines.append("")
    lines.append(
        f"games won: A {sheet.games_won.a}, B {sheet.games_won.b}; game {sheet.current_game}: "
        f"A {sheet.current_totals.a}, B {sheet.current_totals.b}"
    )
    if sheet.finished:
        winner = sheet.winner_entrant
        lines.append(f"finished: {winner.name if winner else 'no winner'} won")
    else:
        lines.append(f"next dealer: {sheet.next_dealer.value}")
    if with_log:
        lines.append("")
        lines.append("log:")
        for e in sheet.log:
            what = e.kind.value + (f" of {e.supersedes_id}" if e.supersedes_id else "")
            force = "" if e.in_force else "  (replaced)"
            reason = f"  ({e.override_reason})" if e.override_reason else ""
            lines.append(
                f"  {e.id:>5}  hand {e.seq:<3} {what:<18} by {e.entered_by} at {e.station}, "
                f"{e.entered_at:%Y-%m-%d %H:%M:%S}{reason}{force}"
            )
    return "\n".join(lines)


def run_match_sheet(args: argparse.Namespace) -> int:
    from gin_scorer.commands._seal import seal_of, seal_text
    from gin_scorer.services import matches

    with opened(args) as db:
        sheet = matches.get_score_sheet(db, args.match_id)
        seal = seal_of(db)
    print(render_sheet(sheet, with_log=args.log))
    print(seal_text(seal))
    return 0


def run_match_lock(args: argparse.Namespace) -> int:
    from gin_scorer.services import matches

    with opened(args) as db:
        current = matches.get_match(db, args.match_id)
        action = matches.lock_result if args.lock_action == "lock" else matches.unlock_result
        sheet = with_pin(args.pin, lambda pin: action(db, args.match_id, current.version, pin=pin))
    print(f"match {args.match_id}: {sheet.match.status.value}")
    return 0


# --- hands -----------------------------------------------------------------------------------


def _summary(sheet: ScoreSheet, row: HandRow | None = None) -> None:
    """The hand just entered (default: the newest) and where the match stands."""
    if row is None and sheet.hands:
        row = sheet.hands[-1]
    if row is not None:
        print(
            f"hand {row.number} ({describe(row)}): A {row.totals_after.a}, "
            f"B {row.totals_after.b} in game {row.game_number}"
        )
        for p in row.problems:
            print(f"  {p.severity.value}: {p.message}")
    print(
        f"match {sheet.match.id}: {sheet.match.status.value}; games A {sheet.games_won.a}, "
        f"B {sheet.games_won.b}"
        + (f"; {sheet.winner_entrant.name} won" if sheet.winner_entrant else "")
    )


def run_hand_add(args: argparse.Namespace) -> int:
    from gin_scorer.core.hands import Side
    from gin_scorer.services import hands, matches
    from gin_scorer.services.errors import HandRejected

    record = _record(args.hand)
    with opened(args) as db:
        current = matches.get_match(db, args.match)
        try:
            sheet = with_pin(
                args.pin,
                lambda pin: hands.record_hand(
                    db,
                    args.match,
                    record,
                    current.version,
                    entered_by=_by(args, db),
                    override_reason=args.override,
                    dealer=Side(args.dealer) if args.dealer else None,
                    pin=pin,
                ),
            )
        except HandRejected as error:
            for p in error.problems:
                print(f"  {p.severity.value}: {p.message}", file=sys.stderr)
            raise UserError(
                'hand refused (errors above); to record it anyway add --override "reason"'
            ) from None
    _summary(sheet)
    return 0


def _match_version(db: Database, hand_id: int) -> int:
    from gin_scorer.services import matches
    from gin_scorer.services._common import fetch
    from gin_scorer.store.tables import HandEntry

    with db.transaction(write=False) as session:
        match_id = fetch(session, HandEntry, hand_id).match_id
    return matches.get_match(db, match_id).version


def run_hand_correct(args: argparse.Namespace) -> int:
    from gin_scorer.services import hands

    record = _record(args.hand)
    with opened(args) as db:
        version = _match_version(db, args.hand_id)
        sheet = with_pin(
            args.pin,
            lambda pin: hands.correct_hand(
                db,
                args.hand_id,
                record,
                version,
                reason=args.reason,
                entered_by=_by(args, db),
                override_reason=args.override,
                pin=pin,
            ),
        )
    print(f"hand entry {args.hand_id} corrected")
    # The correction is the newest row of the match's log, so the row in force with the
    # highest id is the corrected hand (wherever it sits in the match).
    _summary(sheet, max(sheet.hands, key=lambda r: r.hand_id, default=None))
    return 0


def run_hand_void(args: argparse.Namespace) -> int:
    from gin_scorer.services import hands

    with opened(args) as db:
        version = _match_version(db, args.hand_id)
        sheet = with_pin(
            args.pin,
            lambda pin: hands.void_hand(
                db,
                args.hand_id,
                version,
                reason=args.reason,
                entered_by=_by(args, db),
                pin=pin,
            ),
        )
    print(f"hand entry {args.hand_id} voided")
    _summary(sheet)
    return 0


def run_hand_undo(args: argparse.Namespace) -> int:
    from gin_scorer.services import hands, matches

    with opened(args) as db:
        current = matches.get_match(db, args.match)
        sheet = with_pin(
            args.pin,
            lambda pin: hands.undo_last_entry(
                db, args.match, current.version, entered_by=_by(args, db), pin=pin
            ),
        )
    print(f"newest entry of match {args.match} undone")
    _summary(sheet)
    return 0
