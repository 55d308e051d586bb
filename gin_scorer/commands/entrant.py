"""``gin-scorer entrant``: add, edit, list, check in, withdraw or reinstate an event's entrants."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from gin_scorer.commands._database import opened
from gin_scorer.commands._pin import with_pin
from gin_scorer.presentation.words import translate
from gin_scorer.services.writes import entrants
from gin_scorer.services.writes.absence import mark_absent

if TYPE_CHECKING:
    from gin_scorer.services.support.dto import EntrantStatus


def entrant_status_word(status: EntrantStatus) -> str:
    """An entrant's status (``EntrantStatus``) as a word in the reader's language."""
    words = {
        "active": translate("cli", "active"),
        "withdrawn": translate("cli", "withdrawn"),
    }
    return words.get(status.value, str(status.value))


def run_entrant_edit(args: argparse.Namespace) -> int:

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
