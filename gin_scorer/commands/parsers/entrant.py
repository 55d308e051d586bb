"""``gin-scorer entrant``: add, edit, list, check in, withdraw or reinstate an event's entrants.
Its parsers only: the handlers are in :mod:`gin_scorer.commands.entrant`, imported when a
command runs (see :mod:`gin_scorer.commands.parsers`).
"""

from __future__ import annotations

from typing import Any

from gin_scorer.commands._arguments import action_parsers, add_event_option, positive
from gin_scorer.commands.parsers._handler import Handler
from gin_scorer.commands.parsers._pin import add_pin_option
from gin_scorer.presentation.words import translate


def register(subparsers: Any) -> None:
    en = action_parsers(
        subparsers, "entrant", translate("cli", "add, list, check in or withdraw entrants")
    )
    _register_add(en)
    _register_edit(en)
    elist = en.add_parser("list", help=translate("cli", "the entrants of an event"))
    add_event_option(elist)
    elist.set_defaults(func=Handler("entrant", "run_entrant_list"))
    for name, helptext in (
        ("check-in", translate("cli", "mark an entrant present")),
        ("withdraw", translate("cli", "withdraw an entrant (their results stand)")),
        ("reinstate", translate("cli", "bring a withdrawn entrant back from the next round")),
    ):
        action = en.add_parser(name, help=helptext)
        action.add_argument("entrant_id", type=positive, metavar="ID")
        add_pin_option(action, translate("cli", "the director's PIN, once the event is finished"))
        action.set_defaults(func=Handler("entrant", "run_entrant_status"), entrant_action=name)
    _register_absent(en)


def _register_add(en: Any) -> None:
    add = en.add_parser("add", help=translate("cli", "enter a player (or a team with --partner)"))
    add_event_option(add)
    add.add_argument("name", help=translate("cli", "the player's name"))
    add.add_argument("--club", default="")
    add.add_argument(
        "--member", default="", metavar="NUMBER", help=translate("cli", "club member number")
    )
    add.add_argument("--seed", type=positive)
    add.add_argument(
        "--partner",
        default="",
        help=translate("cli", "partner's name: enters a team of two ('Bob & Cy': a team of three)"),
    )
    add.add_argument(
        "--checked-in", action="store_true", help=translate("cli", "mark present already")
    )
    add.set_defaults(func=Handler("entrant", "run_entrant_add"))


def _register_edit(en: Any) -> None:
    edit = en.add_parser(
        "edit", help=translate("cli", "fix an entrant's name or club, or set the seed")
    )
    edit.add_argument("entrant_id", type=positive, metavar="ID")
    edit.add_argument("--name")
    edit.add_argument("--club")
    edit.add_argument("--seed", type=positive)
    edit.add_argument("--no-seed", action="store_true", help=translate("cli", "clear the seed"))
    add_pin_option(edit, translate("cli", "the director's PIN, once the event is finished"))
    edit.set_defaults(func=Handler("entrant", "run_entrant_edit"))


def _register_absent(en: Any) -> None:
    away = en.add_parser(
        "absent",
        help=translate("cli", "mark an entrant away for the next Swiss round (not paired, no bye)"),
        description=translate(
            "cli",
            "Mark an entrant away for a Swiss round before it is paired: they sit it "
            "out without a bye. Once the round is paired, report the match as a forfeit instead "
            "(gin-scorer match result --event ID --table N a ff).",
        ),
    )
    away.add_argument("entrant_id", type=positive, metavar="ID")
    away.add_argument(
        "--round", type=positive, metavar="N", help=translate("cli", "default: the next round")
    )
    away.add_argument("--back", action="store_true", help=translate("cli", "not away after all"))
    add_pin_option(away, translate("cli", "the director's PIN, once the event is finished"))
    away.set_defaults(func=Handler("entrant", "run_entrant_absent"))
