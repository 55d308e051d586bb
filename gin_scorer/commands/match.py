"""``gin-scorer match``: create a match, list an event's matches, show a score sheet, lock or
unlock a result; reporting a result without its hands is :mod:`._match_result`'s."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from gin_scorer.commands._database import opened
from gin_scorer.commands._match_naming import named_match
from gin_scorer.commands._match_result import match_status_word
from gin_scorer.commands._pin import with_pin
from gin_scorer.commands._seal import seal_of, seal_text
from gin_scorer.presentation.sheet_text import render_sheet
from gin_scorer.presentation.words import translate
from gin_scorer.services.writes import matches

if TYPE_CHECKING:
    from gin_scorer.services.support.dto import MatchView


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

    with opened(args) as db:
        found = matches.list_matches(db, args.event, round_number=args.round)
    for m in found:
        print(match_line(m))
    if not found:
        print(translate("cli", "no matches"))
    return 0


def run_match_sheet(args: argparse.Namespace) -> int:

    with opened(args) as db:
        sheet = matches.get_score_sheet(db, named_match(db, args).id)
        seal = seal_of(db)
    print(render_sheet(sheet, with_log=args.log))
    print(seal_text(seal))
    return 0


def run_match_lock(args: argparse.Namespace) -> int:

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
