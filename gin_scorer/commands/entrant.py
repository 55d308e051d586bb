"""``gin-scorer entrant``: add, edit, list, check in, withdraw or reinstate an event's entrants."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from gin_scorer.commands._arguments import positive
from gin_scorer.commands._database import opened
from gin_scorer.commands._pin import add_pin_option, with_pin


def register(subparsers: Any) -> None:
    entrant = subparsers.add_parser("entrant", help="add, list, check in or withdraw entrants")
    en = entrant.add_subparsers(dest="entrant_command", metavar="ACTION", required=True)
    add = en.add_parser("add", help="enter a player (or a team with --partner)")
    add.add_argument("--event", type=positive, required=True, metavar="ID")
    add.add_argument("name", help="the player's name")
    add.add_argument("--club", default="")
    add.add_argument("--member", default="", metavar="NUMBER", help="club member number")
    add.add_argument("--seed", type=positive)
    add.add_argument(
        "--partner",
        default="",
        help="partner's name: enters a team of two ('Bob & Cy': a team of three)",
    )
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
    away = en.add_parser(
        "absent",
        help="mark an entrant away for the next Swiss round (not paired, no bye)",
        description="Mark an entrant away for a Swiss round before it is paired: they sit it "
        "out without a bye. Once the round is paired, report the match as a forfeit instead "
        "(gin-scorer match result --event ID --table N a ff).",
    )
    away.add_argument("entrant_id", type=positive, metavar="ID")
    away.add_argument("--round", type=positive, metavar="N", help="default: the next round")
    away.add_argument("--back", action="store_true", help="not away after all")
    add_pin_option(away, "the director's PIN, once the event is finished")
    away.set_defaults(func=run_entrant_absent)


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


def run_entrant_absent(args: argparse.Namespace) -> int:
    from gin_scorer.services.absence import mark_absent

    with opened(args) as db:
        marked = with_pin(
            args.pin,
            lambda pin: mark_absent(
                db, args.entrant_id, not args.back, round_number=args.round, pin=pin
            ),
        )
    where = "away for" if marked.away else "back for"
    print(
        f"entrant {marked.entrant.id} ({marked.entrant.name}): {where} round {marked.round_number}"
    )
    return 0
