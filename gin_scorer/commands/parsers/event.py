"""``gin-scorer event``: create, list, show, finish an event; its PIN, settings and rules. Its
parsers only: the handlers are in :mod:`gin_scorer.commands.event`, imported when a command runs
(see :mod:`gin_scorer.commands.parsers`).
"""

from __future__ import annotations

import argparse
from datetime import date
from typing import Any

from gin_scorer.commands._arguments import action_parsers, positive
from gin_scorer.commands.parsers._event_delete import register_delete
from gin_scorer.commands.parsers._format_options import add_format_options
from gin_scorer.commands.parsers._handler import Handler
from gin_scorer.commands.parsers._pin import add_new_pin_options, add_pin_option
from gin_scorer.presentation.words import translate


def _day(text: str) -> date:
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            translate("cli", "{0} is not a date: write it as 2026-11-22").format(repr(text))
        ) from None


def register(subparsers: Any) -> None:
    ev = action_parsers(
        subparsers, "event", translate("cli", "create, list, show and delete events")
    )
    _register_new(ev)
    listing = ev.add_parser("list", help=translate("cli", "list the events in the database"))
    listing.set_defaults(func=Handler("event", "run_event_list"))
    show = ev.add_parser("show", help=translate("cli", "an event's rules, entrants and matches"))
    show.add_argument("event_id", type=positive, metavar="ID")
    show.set_defaults(func=Handler("event", "run_event_show"))
    _register_pin_and_finish(ev)
    _register_settings_and_rules(ev)
    register_delete(ev)


def _register_pin_and_finish(ev: Any) -> None:
    setpin = ev.add_parser(
        "set-pin",
        help=translate("cli", "set, change or clear an event's director PIN"),
        description=translate(
            "cli",
            "Set the event's director PIN with --new-pin, or clear it with --clear. Changing "
            "or clearing a PIN needs the current one (--pin, or typed when asked in a "
            "terminal): the event's own PIN or the database PIN.",
        ),
    )
    setpin.add_argument("event_id", type=positive, metavar="ID")
    add_new_pin_options(setpin)
    add_pin_option(setpin, translate("cli", "the PIN that guards the event now, if one is set"))
    setpin.set_defaults(func=Handler("event", "run_event_set_pin"))
    finish = ev.add_parser(
        "finish", help=translate("cli", "close an event (reopening needs the PIN)")
    )
    finish.add_argument("event_id", type=positive, metavar="ID")
    finish.add_argument(
        "--reopen", action="store_true", help=translate("cli", "reopen a finished event")
    )
    finish.add_argument("--pin")
    finish.set_defaults(func=Handler("event", "run_event_finish"))


def _register_new(ev: Any) -> None:
    new = ev.add_parser(
        "new",
        help=translate("cli", "create an event"),
        description=translate(
            "cli",
            "Create an event. Its rules are frozen from the preset (default: the "
            "GRA tournament rules) or a rule-set file; matches keep the rules they start with.",
        ),
    )
    new.add_argument("--name", required=True, help=translate("cli", "the event's name"))
    rules = new.add_mutually_exclusive_group()
    rules.add_argument(
        "--preset",
        metavar="KEY",
        help=translate("cli", "rule-set preset (see: gin-scorer presets)"),
    )
    rules.add_argument(
        "--rules-file", metavar="FILE", help=translate("cli", "a rule-set TOML file")
    )
    new.add_argument(
        "--format",
        default="club",
        help=translate("cli", "club (default), swiss, round-robin, single-elim or double-elim"),
    )
    new.add_argument("--venue", default="", help=translate("cli", "where it is played"))
    new.add_argument("--date", type=_day, metavar="YYYY-MM-DD", help=translate("cli", "first day"))
    new.add_argument(
        "--end-date", type=_day, metavar="YYYY-MM-DD", help=translate("cli", "last day")
    )
    new.add_argument(
        "--pin",
        help=translate(
            "cli", "a director PIN (4+ characters) guarding corrections and locked results"
        ),
    )
    add_format_options(new)
    new.set_defaults(func=Handler("event", "run_event_new"))


def _register_settings_and_rules(ev: Any) -> None:
    settings = ev.add_parser(
        "settings",
        help=translate(
            "cli", "show or change how an event is paired and ranked (tie-breaks, byes ...)"
        ),
        description=translate(
            "cli",
            "With no option, print the event's format settings. Options change "
            "only what they name; once the event is running a change needs the director PIN.",
        ),
    )
    settings.add_argument("event_id", type=positive, metavar="ID")
    add_pin_option(settings, translate("cli", "the director PIN, once the event is running"))
    add_format_options(settings)
    settings.set_defaults(func=Handler("event", "run_event_settings"))
    rules_cmd = ev.add_parser(
        "rules",
        help=translate("cli", "show the rules new matches of an event use, or change them"),
        description=translate(
            "cli",
            "With no option, print every knob of the event's rule set. --preset or "
            "--rules-file replaces it for matches created from now on (matches already created "
            "keep theirs); once the event is running this needs the director PIN.",
        ),
    )
    rules_cmd.add_argument("event_id", type=positive, metavar="ID")
    new_rules = rules_cmd.add_mutually_exclusive_group()
    new_rules.add_argument(
        "--preset", metavar="KEY", help=translate("cli", "rule-set preset (gin-scorer presets)")
    )
    new_rules.add_argument(
        "--rules-file", metavar="FILE", help=translate("cli", "a rule-set TOML file")
    )
    add_pin_option(rules_cmd, translate("cli", "the director PIN, once the event is running"))
    rules_cmd.set_defaults(func=Handler("event", "run_event_rules"))
