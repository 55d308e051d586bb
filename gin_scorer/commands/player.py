"""``gin-scorer player``: the club's people across events (list, show one, merge two records
of one person)."""

from __future__ import annotations

import argparse
from typing import Any

from gin_scorer.commands._arguments import positive
from gin_scorer.commands._database import opened
from gin_scorer.commands._pin import add_pin_option, with_pin
from gin_scorer.presentation.words import translate


def register(subparsers: Any) -> None:
    player = subparsers.add_parser(
        "player",
        help=translate(
            "cli", "the club's players across events: list, show one's page, merge two records"
        ),
    )
    verbs = player.add_subparsers(dest="verb", required=True, metavar="VERB")
    listing = verbs.add_parser(
        "list", help=translate("cli", "every player, with the events each entered")
    )
    listing.set_defaults(func=run_list)
    show = verbs.add_parser(
        "show",
        help=translate(
            "cli", "a player's page: rating, statistics from the hands, events, head-to-head"
        ),
        description=translate("cli", "NAME is a name, part of one, a member number or #ID."),
    )
    show.add_argument("name", metavar="NAME")
    show.set_defaults(func=run_show)
    merge = verbs.add_parser(
        "merge",
        help=translate(
            "cli", "make two records of one person one (the second's entries move to the first)"
        ),
        description=translate(
            "cli",
            "Refused when the two played each other or sat in one event: they are "
            "then two people. Needs the database PIN when one is set.",
        ),
    )
    merge.add_argument("keep", type=positive, metavar="KEEP_ID")
    merge.add_argument("gone", type=positive, metavar="MERGED_ID")
    add_pin_option(merge)
    merge.set_defaults(func=run_merge)


def run_list(args: argparse.Namespace) -> int:
    from gin_scorer.presentation.club_words import text_table
    from gin_scorer.services.players import list_players

    with opened(args, backups=False) as db:
        players = list_players(db)
    if not players:
        print(translate("cli", "no players yet: entrants become players when they are entered"))
        return 0
    rows = [[f"#{p.id}", p.name, p.club, p.member_number, str(p.events)] for p in players]
    columns = [
        translate("cli", "Id"),
        translate("cli", "Name"),
        translate("cli", "Club"),
        translate("cli", "Member"),
        translate("cli", "Events"),
    ]
    for line in text_table(columns, rows, (4,)):
        print(line)
    return 0


def run_show(args: argparse.Namespace) -> int:
    from gin_scorer.presentation.club_words import player_text
    from gin_scorer.services.player_record import player_record
    from gin_scorer.services.players import find_player

    with opened(args, backups=False) as db:
        record = player_record(db, find_player(db, args.name).id)
    for line in player_text(record):
        print(line)
    return 0


def run_merge(args: argparse.Namespace) -> int:
    from gin_scorer.services.players import get_player, merge_players

    with opened(args) as db:
        gone = get_player(db, args.gone)
        kept = with_pin(args.pin, lambda pin: merge_players(db, args.keep, args.gone, pin=pin))
    print(
        translate("cli", "merged: {0} (#{1}) is now {2} (#{3}), {4} events").format(
            gone.label, gone.id, kept.label, kept.id, kept.events
        )
    )
    return 0
