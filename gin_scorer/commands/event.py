"""``gin-scorer event``: create, list, show, finish an event; its PIN, settings and rules.

Everything goes through the same services as the app: one transaction per command, every
change audited.
"""

from __future__ import annotations

import argparse
from datetime import date
from typing import TYPE_CHECKING, Any

from gin_scorer.commands._arguments import positive
from gin_scorer.commands._database import opened
from gin_scorer.commands._errors import UserError
from gin_scorer.commands._format_options import (
    add_format_options,
    describe_settings,
    settings_from_args,
)
from gin_scorer.commands._pin import with_pin
from gin_scorer.commands.match import match_line

if TYPE_CHECKING:
    from gin_scorer.core.rules import RuleSet
    from gin_scorer.services.dto import EventView


def _day(text: str) -> date:
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a date: write it as 2026-11-22"
        ) from None


def register(subparsers: Any) -> None:
    event = subparsers.add_parser("event", help="create, list and show events")
    ev = event.add_subparsers(dest="event_command", metavar="ACTION", required=True)
    _register_new(ev)
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
    _register_settings_and_rules(ev)


def _register_new(ev: Any) -> None:
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


def _register_settings_and_rules(ev: Any) -> None:
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
        print("    " + match_line(m))
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
