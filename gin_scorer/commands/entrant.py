"""``gin-scorer entrant``: add, edit, list, check in, withdraw or reinstate an event's entrants."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from gin_scorer.commands._arguments import action_parsers, add_event_option, positive
from gin_scorer.commands._database import opened
from gin_scorer.commands._pin import add_pin_option, with_pin
from gin_scorer.presentation.words import translate

if TYPE_CHECKING:
    from gin_scorer.services.dto import EntrantStatus


def register(subparsers: Any) -> None:
    en = action_parsers(
        subparsers, "entrant", translate("cli", "add, list, check in or withdraw entrants")
    )
    _register_add(en)
    _register_edit(en)
    elist = en.add_parser("list", help=translate("cli", "the entrants of an event"))
    add_event_option(elist)
    elist.set_defaults(func=run_entrant_list)
    for name, helptext in (
        ("check-in", translate("cli", "mark an entrant present")),
        ("withdraw", translate("cli", "withdraw an entrant (their results stand)")),
        ("reinstate", translate("cli", "bring a withdrawn entrant back from the next round")),
    ):
        action = en.add_parser(name, help=helptext)
        action.add_argument("entrant_id", type=positive, metavar="ID")
        add_pin_option(action, translate("cli", "the director's PIN, once the event is finished"))
        action.set_defaults(func=run_entrant_status, entrant_action=name)
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
    add.set_defaults(func=run_entrant_add)


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
    edit.set_defaults(func=run_entrant_edit)


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
    away.set_defaults(func=run_entrant_absent)


def entrant_status_word(status: EntrantStatus) -> str:
    """An entrant's status (``EntrantStatus``) as a word in the reader's language."""
    words = {
        "active": translate("cli", "active"),
        "withdrawn": translate("cli", "withdrawn"),
    }
    return words.get(status.value, str(status.value))


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
    if made.club and made.seed:
        line = translate("cli", "entrant {0}: {1} ({2}), seed {3}").format(
            made.id, made.name, made.club, made.seed
        )
    elif made.club:
        line = translate("cli", "entrant {0}: {1} ({2})").format(made.id, made.name, made.club)
    elif made.seed:
        line = translate("cli", "entrant {0}: {1}, seed {2}").format(made.id, made.name, made.seed)
    else:
        line = translate("cli", "entrant {0}: {1}").format(made.id, made.name)
    print(line)
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
    print(
        translate("cli", "entrant {0} added to event {1}: {2}").format(
            made.id, made.event_id, made.name
        )
    )
    return 0


def run_entrant_list(args: argparse.Namespace) -> int:
    from gin_scorer.services import entrants

    with opened(args) as db:
        people = entrants.list_entrants(db, args.event)
    number, seed, name, club, present, status = (
        translate("cli", "id"),
        translate("cli", "seed"),
        translate("cli", "name"),
        translate("cli", "club"),
        translate("cli", "in"),
        translate("cli", "status"),
    )
    print(f"{number:>4}  {seed:>4}  {name:<32}  {club:<16}  {present:<3}  {status}")
    for p in people:
        here = translate("cli", "yes") if p.checked_in else ""
        print(
            f"{p.id:>4}  {p.seed or '':>4}  {p.name[:32]:<32}  {p.club[:16]:<16}  "
            f"{here:<3}  {entrant_status_word(p.status)}"
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
        translate("cli", "checked in")
        if made.checked_in and args.entrant_action == "check-in"
        else entrant_status_word(made.status)
    )
    print(translate("cli", "entrant {0} ({1}): {2}").format(made.id, made.name, state))
    return 0


def run_entrant_absent(args: argparse.Namespace) -> int:
    from gin_scorer.services.absence import mark_absent

    with opened(args) as db:
        marked = with_pin(
            args.pin,
            lambda pin: mark_absent(
                db, args.entrant_id, not args.back, round_number=args.round, pin=pin
            ),
        )
    if marked.away:
        line = translate("cli", "entrant {0} ({1}): away for round {2}")
    else:
        line = translate("cli", "entrant {0} ({1}): back for round {2}")
    print(line.format(marked.entrant.id, marked.entrant.name, marked.round_number))
    return 0
