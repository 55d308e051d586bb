"""What ``analyze`` and ``layoffs`` share: the ace options, cards and melds as text, the answer to
the one hand given, and one answer per line of standard input (a bad line reported by its
number, the others answered). Here only what it adds to the parsers; the rest is in
:mod:`gin_scorer.commands._cards_io`, imported when a command runs (see
:mod:`gin_scorer.commands.parsers`).
"""

from __future__ import annotations

import argparse

from gin_scorer.presentation.words import translate


def card_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--json",
        action="store_true",
        help=translate("cli", "print JSON (one object per hand)"),
    )
    parser.add_argument(
        "--aces",
        choices=["low", "tedesco"],
        help=translate(
            "cli",
            "low (the default): A-2-3 only; tedesco: aces high or low, runs turn the corner "
            "(K-A-2), an unmelded ace counts 15",
        ),
    )
    parser.add_argument(
        "--rules",
        metavar="PRESET",
        help=translate(
            "cli",
            "take the ace rule from a rule-set preset (see 'gin-scorer presets') or a .toml "
            "file; --aces wins over it",
        ),
    )
