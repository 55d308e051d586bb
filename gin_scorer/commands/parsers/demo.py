"""``gin-scorer demo``: a simulated event played to the end through the services (every hand really
shuffled, dealt and played, with its cards), then its standings. Its parsers only: the handlers
are in :mod:`gin_scorer.commands.demo`, imported when a command runs (see
:mod:`gin_scorer.commands.parsers`).
"""

from __future__ import annotations

import argparse
from typing import Any

from gin_scorer.commands._arguments import any_whole, positive, share
from gin_scorer.commands.parsers._handler import Handler
from gin_scorer.presentation.words import translate

FORMATS = ("swiss", "round-robin", "single-elim", "double-elim", "club")


def register(subparsers: Any) -> None:
    demo = subparsers.add_parser(
        "demo",
        help=translate(
            "cli", "create a simulated event and play it to the end (real deals, real cards)"
        ),
        description=translate(
            "cli",
            "Create an event with N entrants and play every round of it through the "
            "services: each hand is shuffled, dealt and played by a simple legal strategy, with "
            "its cards. The same seed plays the same event.",
        ),
    )
    _event_options(demo)
    _play_options(demo)
    _season_options(demo)
    demo.add_argument(
        "--quiet", action="store_true", help=translate("cli", "print only the final standings")
    )
    demo.set_defaults(func=Handler("demo", "run_demo_command"))


def _event_options(demo: argparse.ArgumentParser) -> None:
    """The event the demo creates: its entrants, format, seed, rules, rounds and name."""
    demo.add_argument(
        "--entrants",
        type=positive,
        default=16,
        metavar="N",
        help=translate("cli", "how many entrants (default 16; 2 to 256 for brackets)"),
    )
    demo.add_argument(
        "--format",
        choices=FORMATS,
        default="swiss",
        help=translate("cli", "event format (default swiss)"),
    )
    demo.add_argument(
        "--seed",
        type=any_whole,
        default=1,
        metavar="S",
        help=translate("cli", "random seed: the same seed plays the same event (default 1)"),
    )
    demo.add_argument(
        "--preset",
        default=None,
        metavar="KEY",
        help=translate(
            "cli",
            "rule preset for the matches (default gra-tournament: best of "
            "five games to 250; a club night plays hollywood; wikipedia-standard plays one game "
            "to 100, faster)",
        ),
    )
    demo.add_argument(
        "--rounds",
        type=positive,
        default=None,
        metavar="N",
        help=translate(
            "cli", "Swiss rounds (default ceil(log2 N)); club nights to play (default 3)"
        ),
    )
    demo.add_argument("--name", default=None, help=translate("cli", "the event's name"))


def _play_options(demo: argparse.ArgumentParser) -> None:
    """How the demo enters its matches: hand by hand, in batches, or as slips."""
    demo.add_argument(
        "--per-hand",
        action="store_true",
        help=translate(
            "cli",
            "enter hands one at a time through record_hand (as a scorekeeper "
            "would; much slower) instead of one batch per match",
        ),
    )
    demo.add_argument(
        "--slips",
        type=share,
        default=0.0,
        metavar="SHARE",
        help=translate(
            "cli",
            "the share of matches (0 to 1) reported as a room reports them, without their "
            "hands: slips, forfeits, time called, rulings (default 0)",
        ),
    )


def _season_options(demo: argparse.ArgumentParser) -> None:
    """A club season instead of one event."""
    demo.add_argument(
        "--season",
        type=positive,
        default=None,
        metavar="NIGHTS",
        help=translate(
            "cli",
            "play a club season instead: NIGHTS weekly club nights (3 Swiss rounds of "
            "Hollywood each) counted in one season, with --members members (about 80%% come)",
        ),
    )
    demo.add_argument(
        "--members",
        type=positive,
        default=30,
        metavar="M",
        help=translate("cli", "the club's members for --season (default 30)"),
    )
