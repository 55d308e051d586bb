"""``gin-scorer event``: create, list, show, finish an event; its PIN, settings and rules.

Everything goes through the same services as the app: one transaction per command, every
change audited.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from gin_scorer.commands._database import opened
from gin_scorer.commands._errors import UserError
from gin_scorer.commands._format_options import describe_settings, settings_from_args
from gin_scorer.commands._pin import chosen_new_pin, with_pin
from gin_scorer.commands.entrant import entrant_status_word
from gin_scorer.commands.match import match_line
from gin_scorer.commands.presets import describe_knobs
from gin_scorer.core.rules import RuleSetError
from gin_scorer.presentation.words import error_text, translate
from gin_scorer.presets import load_preset, load_ruleset_file
from gin_scorer.services.support.dto import EventStatus
from gin_scorer.services.writes import entrants, events, matches

if TYPE_CHECKING:
    from gin_scorer.core.rules import RuleSet
    from gin_scorer.services.support.dto import EventStatus, EventView


def _chosen_rules(args: argparse.Namespace) -> RuleSet | None:
    """The rule set of --preset or --rules-file (None when neither is given)."""

    try:
        if args.rules_file:
            return load_ruleset_file(args.rules_file)
        if args.preset:
            return load_preset(args.preset)
    except (RuleSetError, KeyError) as error:
        raise UserError(error_text(error).strip("'\"")) from None
    return None


def run_event_new(args: argparse.Namespace) -> int:

    rules = _chosen_rules(args)
    settings = settings_from_args(args) or None
    with opened(args, create=True) as db:
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
    print(
        translate("cli", "event {0} created: {1} ({2}, rules: {3})").format(
            made.id, made.name, made.format, made.rules.name
        )
    )
    return 0


def event_status_word(status: EventStatus) -> str:
    """An event's status as a word in the reader's language."""
    words = {
        "setup": translate("cli", "setup"),
        "running": translate("cli", "running"),
        "finished": translate("cli", "finished"),
        "deleted": translate("cli", "deleted"),
    }
    return words.get(status.value, str(status.value))


def _event_line(e: EventView) -> str:
    when = e.start_date.isoformat() if e.start_date else "-"
    return (
        f"{e.id:>4}  {e.name[:30]:<30}  {e.format:<11}  {event_status_word(e.status):<8}  "
        f"{when:<10}  {e.entrant_count:>4}  {e.rules.key}"
    )


def run_event_list(args: argparse.Namespace) -> int:

    with opened(args) as db:
        found = events.list_events(db)
    if not found:
        print(translate("cli", "no events yet: create one with  gin-scorer event new --name NAME"))
        return 0
    number, name, kind, status, day, count, rules = (
        translate("cli", "id"),
        translate("cli", "name"),
        translate("cli", "format"),
        translate("cli", "status"),
        translate("cli", "date"),
        translate("cli", "ent."),
        translate("cli", "rules"),
    )
    print(f"{number:>4}  {name:<30}  {kind:<11}  {status:<8}  {day:<10}  {count:>4}  {rules}")
    for e in found:
        print(_event_line(e))
    return 0


def run_event_show(args: argparse.Namespace) -> int:

    with opened(args) as db:
        e = events.get_event(db, args.event_id)
        people = entrants.list_entrants(db, e.id)
        games = matches.list_matches(db, e.id)
    print(translate("cli", "event {0}: {1}").format(e.id, e.name))
    print("  " + _event_facts(e))
    if e.has_pin:
        pin = translate("cli", "rules: {0} ({1}); director PIN: set")
    else:
        pin = translate("cli", "rules: {0} ({1}); director PIN: none")
    print("  " + pin.format(e.rules.name, e.rules.key))
    for line in describe_settings(e.settings, e.format):
        print(f"  {line}")
    print("  " + translate("cli", "entrants ({0}):").format(len(people)))
    for p in people:
        notes = [translate("cli", "seed {0}").format(p.seed)] if p.seed else []
        notes += [p.club] if p.club else []
        notes += [translate("cli", "checked in")] if p.checked_in else []
        notes += [entrant_status_word(p.status)] if not p.active else []
        print(f"    {p.id:>4}  {p.name}" + (f"  ({', '.join(notes)})" if notes else ""))
    print("  " + translate("cli", "matches ({0}):").format(len(games)))
    for m in games:
        print("    " + match_line(m))
    return 0


def _event_facts(e: EventView) -> str:
    """The format, status, dates and venue of an event, on one line."""
    status = event_status_word(e.status)
    days = [d.isoformat() for d in (e.start_date, e.end_date) if d]
    if len(days) == 2:
        dates = translate("cli", "{0} to {1}").format(*days)
    else:
        dates = days[0] if days else translate("cli", "no date")
    if e.venue:
        return translate("cli", "{0}, {1}, {2}, at {3}").format(e.format, status, dates, e.venue)
    return f"{e.format}, {status}, {dates}"


def run_event_rules(args: argparse.Namespace) -> int:

    rules = _chosen_rules(args)
    with opened(args) as db:
        event = events.get_event(db, args.event_id)
        if rules is not None:
            version = event.version
            event = with_pin(
                args.pin, lambda pin: events.set_event_rules(db, event.id, rules, version, pin=pin)
            )
    if rules is not None:
        line = translate(
            "cli", "event {0} ({1}) plays {2}: changed for matches created from now on"
        )
    else:
        line = translate("cli", "event {0} ({1}) plays {2}")
    print(line.format(event.id, event.name, event.rules.name))
    print(describe_knobs(event.rules))
    return 0


def run_event_settings(args: argparse.Namespace) -> int:

    changes = settings_from_args(args)
    with opened(args) as db:
        event = events.get_event(db, args.event_id)
        if changes:
            wanted, version = {**event.settings, **changes}, event.version
            event = with_pin(
                args.pin,
                lambda pin: events.set_event_settings(db, event.id, wanted, version, pin=pin),
            )
    if changes:
        line = translate("cli", "event {0} ({1}, {2}): changed")
    else:
        line = translate("cli", "event {0} ({1}, {2})")
    print(line.format(event.id, event.name, event.format))
    for line in describe_settings(event.settings, event.format):
        print(f"  {line}")
    return 0


def run_event_set_pin(args: argparse.Namespace) -> int:

    new_pin = chosen_new_pin(args)
    with opened(args) as db:
        made = with_pin(
            args.pin, lambda old: events.set_event_pin(db, args.event_id, new_pin, old_pin=old)
        )
    if made.has_pin:
        print(translate("cli", "event {0}: director PIN set").format(made.id))
    else:
        print(translate("cli", "event {0}: director PIN cleared").format(made.id))
    return 0


def run_event_finish(args: argparse.Namespace) -> int:

    status = EventStatus.RUNNING if args.reopen else EventStatus.FINISHED
    with opened(args) as db:
        current = events.get_event(db, args.event_id)
        made = with_pin(
            args.pin,
            lambda pin: events.set_event_status(
                db, args.event_id, status, current.version, pin=pin
            ),
        )
    print(
        translate("cli", "event {0} ({1}): {2}").format(
            made.id, made.name, event_status_word(made.status)
        )
    )
    return 0
