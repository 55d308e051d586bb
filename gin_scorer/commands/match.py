"""``gin-scorer match``: create a match, list an event's matches, show a score sheet, lock or
unlock a result; reporting a result without its hands is :mod:`._match_result`'s."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from gin_scorer.commands._arguments import action_parsers, add_event_option, positive
from gin_scorer.commands._database import opened
from gin_scorer.commands._match_naming import add_match_or_table, named_match
from gin_scorer.commands._match_result import match_status_word, register_actions
from gin_scorer.commands._pin import add_pin_option, with_pin
from gin_scorer.commands._seal import seal_of, seal_text
from gin_scorer.presentation.words import translate

if TYPE_CHECKING:
    from gin_scorer.services.dto import MatchView


def register(subparsers: Any) -> None:
    ma = action_parsers(
        subparsers,
        "match",
        translate("cli", "create matches, show score sheets, report and lock results"),
    )
    _register_new_and_list(ma)
    sheet = ma.add_parser("sheet", help=translate("cli", "the score sheet of a match"))
    add_match_or_table(sheet)
    sheet.add_argument(
        "--log", action="store_true", help=translate("cli", "also list every log row")
    )
    sheet.set_defaults(func=run_match_sheet)
    for name, helptext in (
        ("lock", translate("cli", "seal a finished result (needs the director PIN if set)")),
        ("unlock", translate("cli", "lift the seal (needs the director PIN if set)")),
    ):
        action = ma.add_parser(name, help=helptext)
        add_match_or_table(action)
        add_pin_option(action)
        action.set_defaults(func=run_match_lock, lock_action=name)
    register_actions(ma)


def _register_new_and_list(ma: Any) -> None:
    mnew = ma.add_parser(
        "new",
        help=translate("cli", "a match between two entrants (club play, ad hoc)"),
        description=translate(
            "cli", "Create a match. In a club event, names not yet entered are entered."
        ),
    )
    add_event_option(mnew)
    mnew.add_argument("--a", required=True, metavar="NAME", help=translate("cli", "side A"))
    mnew.add_argument("--b", required=True, metavar="NAME", help=translate("cli", "side B"))
    mnew.add_argument("--table", type=positive, metavar="N")
    mnew.set_defaults(func=run_match_new)
    mlist = ma.add_parser("list", help=translate("cli", "the matches of an event"))
    add_event_option(mlist)
    mlist.add_argument("--round", type=positive, metavar="N")
    mlist.set_defaults(func=run_match_list)


def match_line(m: MatchView) -> str:
    """One match on one line: id, who plays whom, status, where (round, table, bracket slot)."""
    where = []
    if m.round_number:
        where.append(translate("cli", "round {0}").format(m.round_number))
    if m.table_number:
        where.append(translate("cli", "table {0}").format(m.table_number))
    if m.bracket_slot:
        where.append(m.bracket_slot)
    if m.b:
        players = translate("cli", "{0} v {1}").format(m.a.name, m.b.name)
    else:
        players = translate("cli", "{0} v (bye)").format(m.a.name)
    place = f"  [{', '.join(where)}]" if where else ""
    return f"{m.id:>4}  {players}  {match_status_word(m.status)}{place}"


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
        number = entrant.id if entrant else "?"
        print(translate("cli", "entrant {0} added: {1}").format(number, name))
    print(
        translate("cli", "match {0} created: {1} (A) v {2} (B)").format(
            made.id, made.a.name, made.b.name if made.b else "-"
        )
    )
    return 0


def run_match_list(args: argparse.Namespace) -> int:
    from gin_scorer.services import matches

    with opened(args) as db:
        found = matches.list_matches(db, args.event, round_number=args.round)
    for m in found:
        print(match_line(m))
    if not found:
        print(translate("cli", "no matches"))
    return 0


def run_match_sheet(args: argparse.Namespace) -> int:
    from gin_scorer.presentation.sheet_text import render_sheet
    from gin_scorer.services import matches

    with opened(args) as db:
        sheet = matches.get_score_sheet(db, named_match(db, args).id)
        seal = seal_of(db)
    print(render_sheet(sheet, with_log=args.log))
    print(seal_text(seal))
    return 0


def run_match_lock(args: argparse.Namespace) -> int:
    from gin_scorer.services import matches

    with opened(args) as db:
        current = named_match(db, args)
        locked = args.lock_action == "lock"
        sheet = with_pin(
            args.pin,
            lambda pin: matches.set_result_lock(
                db, current.id, current.version, locked=locked, pin=pin
            ),
        )
    print(
        translate("cli", "match {0}: {1}").format(current.id, match_status_word(sheet.match.status))
    )
    return 0
