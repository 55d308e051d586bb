"""``gin-scorer links``: each table's own address in the room, for its QR code or a message.

A table's link opens that table's match only (``/t/<match>.<code>``, the code a keyed hash the
database keeps the key of): the players enter their hands there, the desk sees them at once.
"""

from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING

from gin_scorer.commands._database import opened
from gin_scorer.commands._players import players_phrase
from gin_scorer.presentation.words import translate
from gin_scorer.services.writes.table_links import table_links
from gin_scorer.web import DEFAULT_PORT
from gin_scorer.web.room_server import room_addresses

if TYPE_CHECKING:
    from gin_scorer.services.writes.table_links import TableLink


def run_links(args: argparse.Namespace) -> int:

    base = (args.base or room_addresses("0.0.0.0", DEFAULT_PORT)[0]).rstrip("/")
    with opened(args, backups=False) as db:
        found = table_links(db, args.event, args.round_number)
    if args.json:  # an empty round is an empty array: a program reads the same shape
        print(
            json.dumps([_link_object(link, base) for link in found], ensure_ascii=False, indent=2)
        )
        return 0
    if not found:
        print(translate("cli", "no tables in that round (a bye has no page)"))
        return 0
    for link in found:
        table = translate("cli", "T{0}").format(link.table) if link.table is not None else "—"
        players = players_phrase([link.a, link.b, *([link.c] if link.c else [])])
        print(f"{table:>4}  {players}\n      {base + link.path}")
    return 0


def _link_object(link: TableLink, base: str) -> dict[str, object]:
    """A table's link as ``--json`` gives it (English keys, a program's)."""
    return {
        "round": link.round_number,
        "table": link.table,
        "a": link.a,
        "b": link.b,
        **({"c": link.c} if link.c else {}),
        "url": base + link.path,
    }
