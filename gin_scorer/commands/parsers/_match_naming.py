"""How a command names the match it works on: ``--match ID``, or ``--event ID --table N`` (the
event's current round — the latest paired — unless ``--round N`` says another), the table number
people read on the pairings and the table card. Here only what it adds to the parsers; the rest
is in :mod:`gin_scorer.commands._match_naming`, imported when a command runs (see
:mod:`gin_scorer.commands.parsers`).
"""

from __future__ import annotations

import argparse

from gin_scorer.commands._arguments import positive
from gin_scorer.presentation.words import translate


def add_match_naming(
    parser: argparse.ArgumentParser, *, tables: bool = True, event_alone: bool = False
) -> None:
    """``--match ID``; with ``tables``, also ``--event ID --table N [--round N]``;
    ``event_alone`` when ``--event`` without a table means something (lines naming tables)."""
    parser.add_argument(
        "--match",
        dest="match_id",
        type=positive,
        metavar="ID",
        help=translate("cli", "the match's id (as match list and round show print it)"),
    )
    if tables:
        add_table_options(parser, event_alone=event_alone)


def add_match_or_table(parser: argparse.ArgumentParser) -> None:
    """The match as a command's ID (``match sheet 7``), or by ``--event ID --table N``."""
    parser.add_argument(
        "match_id",
        nargs="?",
        type=positive,
        metavar="ID",
        help=translate("cli", "the match's id (or name it by --event and --table)"),
    )
    add_table_options(parser)


def add_table_options(parser: argparse.ArgumentParser, *, event_alone: bool = False) -> None:
    """``--event ID --table N [--round N]``: the match at a table of a round."""
    if event_alone:
        event_help = translate(
            "cli", "the event, with --table (or alone, where the lines name tables)"
        )
    else:
        event_help = translate("cli", "the event, with --table")
    parser.add_argument("--event", type=positive, metavar="ID", help=event_help)
    parser.add_argument(
        "--table",
        type=positive,
        metavar="N",
        help=translate(
            "cli",
            "the match at table N of --event's current round (its latest paired round), or "
            "of --round",
        ),
    )
    parser.add_argument(
        "--round",
        type=positive,
        metavar="N",
        help=translate("cli", "the round --table is in (default: the event's current round)"),
    )
