"""``gin-scorer bracket``: an elimination event's bracket, slot by slot."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from gin_scorer.commands._arguments import positive
from gin_scorer.commands._database import opened

if TYPE_CHECKING:
    from gin_scorer.services.database import Database


def register(subparsers: Any) -> None:
    bracket = subparsers.add_parser("bracket", help="an elimination event's bracket")
    bracket.add_argument("--event", type=positive, required=True, metavar="ID")
    bracket.set_defaults(func=run_bracket_command)


def run_bracket_command(args: argparse.Namespace) -> int:
    with opened(args) as db:
        return _bracket(db, args)


def _bracket(db: Database, args: argparse.Namespace) -> int:
    from gin_scorer.presentation.bracket_words import not_needed, slot_label, slot_side
    from gin_scorer.services.standings import bracket

    view = bracket(db, args.event)
    kind = "Double" if view.double else "Single"
    print(
        f"{kind} elimination, {view.size}-line bracket"
        + (", bracket reset" if view.bracket_reset else "")
    )
    for s in view.slots:
        if not s.needed:
            print(f"  {s.slot:<6} {slot_label(s)}: {not_needed()}")
            continue
        a, b = slot_side(s, "A").text, slot_side(s, "B").text
        score = f"  {s.games_a}–{s.games_b}" if s.games_a is not None else ""
        win = {"A": f"  -> {a}", "B": f"  -> {b}"}.get(s.winner, "")
        print(f"  {s.slot:<6} {slot_label(s)}: {a} v {b}{score}{win}")
    if view.champion is not None:
        print(f"champion: {view.champion.name}")
    return 0
