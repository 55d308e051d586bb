"""``gin-scorer player``: the club's people across events (list, show one, merge two records of one
person). Its parsers only: the handlers are in :mod:`gin_scorer.commands.player`, imported when
a command runs (see :mod:`gin_scorer.commands.parsers`).
"""

from __future__ import annotations

from typing import Any

from gin_scorer.commands.parsers._handler import Handler
from gin_scorer.commands.parsers._pin import add_pin_option
from gin_scorer.presentation.words import translate


def register(subparsers: Any) -> None:
    player = subparsers.add_parser(
        "player",
        help=translate(
            "cli",
            "the club's players across events: list, show one's page, merge or unmerge two records",
        ),
    )
    verbs = player.add_subparsers(dest="verb", required=True, metavar="VERB")
    listing = verbs.add_parser(
        "list", help=translate("cli", "every player, with the events each entered")
    )
    listing.set_defaults(func=Handler("player", "run_list"))
    show = verbs.add_parser(
        "show",
        help=translate(
            "cli", "a player's page: rating, statistics from the hands, events, head-to-head"
        ),
        description=translate("cli", "NAME is a name, part of one, a member number or #ID."),
    )
    show.add_argument("name", metavar="NAME")
    show.set_defaults(func=Handler("player", "run_show"))
    _register_merges(verbs)


def _register_merges(verbs: Any) -> None:
    merge = verbs.add_parser(
        "merge",
        help=translate(
            "cli", "make two records of one person one (the second's entries move to the first)"
        ),
        description=translate(
            "cli",
            "Prints both players' events and asks before it merges (--yes: without asking). "
            "Refused when the two played each other or sat in one event: they are then two "
            "people. Needs the database PIN when one is set. 'player unmerge' undoes it.",
        ),
    )
    merge.add_argument(
        "keep",
        metavar="KEEP",
        help=translate("cli", "the record kept: #ID, a member number or a name"),
    )
    merge.add_argument(
        "gone", metavar="MERGED", help=translate("cli", "the record merged into it, named alike")
    )
    merge.add_argument(
        "--yes",
        action="store_true",
        help=translate("cli", "merge without asking (both players' events are still printed)"),
    )
    add_pin_option(merge)
    merge.set_defaults(func=Handler("player", "run_merge"))
    unmerge = verbs.add_parser(
        "unmerge",
        help=translate("cli", "undo a merge: the merged record comes back with its own entries"),
        description=translate(
            "cli",
            "Undo 'player merge': the record merged away (MERGED, its #ID or its name) "
            "comes back (its id, name, club and member number) and the entries that were its "
            "own are its own again; what the merge filled into the kept record is taken out. "
            "Needs the same PINs as the merge.",
        ),
    )
    unmerge.add_argument(
        "keep",
        metavar="KEEP",
        help=translate("cli", "the record kept: #ID, a member number or a name"),
    )
    unmerge.add_argument(
        "gone",
        metavar="MERGED",
        help=translate("cli", "the record merged into it: its #ID or its name, as merge printed"),
    )
    add_pin_option(unmerge)
    unmerge.set_defaults(func=Handler("player", "run_unmerge"))
