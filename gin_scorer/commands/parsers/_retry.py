"""A hand written from the command line so that it can be retried without doubling (issue 41). Here
only what it adds to the parsers; the rest is in :mod:`gin_scorer.commands._retry`, imported
when a command runs (see :mod:`gin_scorer.commands.parsers`).
"""

from __future__ import annotations

import argparse

from gin_scorer.commands._arguments import positive
from gin_scorer.presentation.words import translate


def add_write_key_options(parser: argparse.ArgumentParser) -> None:
    """``--key`` and ``--expect-version``, for a command that writes into a match."""
    parser.add_argument(
        "--key",
        metavar="TEXT",
        help=translate(
            "cli",
            "this write's key: the same command run again with the same key records nothing "
            "twice (default: one made from the line, --by and the match version)",
        ),
    )
    parser.add_argument(
        "--expect-version",
        type=positive,
        metavar="N",
        help=translate(
            "cli",
            "the match version this write is for (match sheet --json shows it): refused if "
            "another station wrote into the match since",
        ),
    )
