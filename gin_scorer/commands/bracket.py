"""``gin-scorer bracket``: an elimination event's bracket, slot by slot."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from gin_scorer.commands._database import opened
from gin_scorer.presentation.bracket_words import not_needed, slot_label, slot_side
from gin_scorer.presentation.words import translate
from gin_scorer.services.queries.standings import bracket

if TYPE_CHECKING:
    from gin_scorer.services.support.database import Database


def run_bracket_command(args: argparse.Namespace) -> int:
    with opened(args) as db:
        return _bracket(db, args)


def _bracket(db: Database, args: argparse.Namespace) -> int:

    view = bracket(db, args.event)
    print(_heading(view.double, view.bracket_reset).format(view.size))
    for s in view.slots:
        if not s.needed:
            said = translate("cli", "{0}: {1}").format(slot_label(s), not_needed())
            print(f"  {s.slot:<6} {said}")
            continue
        a, b = slot_side(s, "A").text, slot_side(s, "B").text
        score = f"  {s.games_a}–{s.games_b}" if s.games_a is not None else ""
        win = {"A": f"  -> {a}", "B": f"  -> {b}"}.get(s.winner, "")
        said = translate("cli", "{0}: {1} v {2}").format(slot_label(s), a, b)
        print(f"  {s.slot:<6} {said}{score}{win}")
    if view.champion is not None:
        print(translate("cli", "champion: {0}").format(view.champion.name))
    return 0


def _heading(double: bool, reset: bool) -> str:
    """The bracket's first line, its size as ``{0}``."""
    if double and reset:
        return translate("cli", "Double elimination, {0}-line bracket, bracket reset")
    if double:
        return translate("cli", "Double elimination, {0}-line bracket")
    if reset:
        return translate("cli", "Single elimination, {0}-line bracket, bracket reset")
    return translate("cli", "Single elimination, {0}-line bracket")
