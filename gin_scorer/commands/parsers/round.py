"""``gin-scorer round``: pair the next round (or preview it, or take it back); show a round's
pairings or the status board of its tables. Its parsers only: the handlers are in
:mod:`gin_scorer.commands.round`, imported when a command runs (see
:mod:`gin_scorer.commands.parsers`).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from gin_scorer.commands._arguments import action_parsers, add_event_option, positive
from gin_scorer.commands.parsers._handler import Handler
from gin_scorer.presentation.words import translate


def register(subparsers: Any) -> None:
    actions = action_parsers(
        subparsers, "round", translate("cli", "pair the next round; show pairings or status")
    )
    _pairing_parsers(actions)
    _showing_parsers(actions)


def _pairing_parsers(actions: Any) -> None:
    """``round start``, ``round preview`` and ``round cancel``."""
    start = _event_action(
        actions,
        "start",
        translate("cli", "pair the next round (tables assigned)"),
        Handler("round", "run_start"),
    )
    _pair_option(
        start, translate("cli", "club nights: a pairing by entrant ids (repeat for each table)")
    )
    preview = _event_action(
        actions,
        "preview",
        translate("cli", "the pairings 'start' would make (writes nothing)"),
        Handler("round", "run_preview"),
    )
    _pair_option(preview, translate("cli", "club nights: a pairing by entrant ids"))
    _event_action(
        actions,
        "cancel",
        translate("cli", "take back the latest round's pairings (only before any hand is entered)"),
        Handler("round", "run_cancel"),
    )


def _showing_parsers(actions: Any) -> None:
    """``round show`` and ``round status``."""
    show = _event_action(
        actions,
        "show",
        translate("cli", "a round's pairings by table (or --by-name)"),
        Handler("round", "run_show"),
    )
    _round_option(show)
    show.add_argument(
        "--by-name", action="store_true", help=translate("cli", "list entrants alphabetically")
    )
    status = _event_action(
        actions,
        "status",
        translate("cli", "which tables are playing, finished, missing"),
        Handler("round", "run_status"),
    )
    _round_option(status)


def _event_action(
    actions: Any, name: str, helptext: str, run: Callable[[argparse.Namespace], int]
) -> argparse.ArgumentParser:
    """A ``round`` action on one event: every one names it with ``--event ID``."""
    action: argparse.ArgumentParser = actions.add_parser(name, help=helptext)
    add_event_option(action)
    action.set_defaults(func=run)
    return action


def _pair_option(action: argparse.ArgumentParser, helptext: str) -> None:
    """``--pair A,B`` (``A,B,C`` for three-player games): a club night's table chosen by the
    director, repeated per table."""
    action.add_argument("--pair", action="append", default=[], metavar="A,B[,C]", help=helptext)


def _round_option(action: argparse.ArgumentParser) -> None:
    """``--round N`` of the actions that read a round: the latest one unless named."""
    action.add_argument(
        "--round", type=positive, metavar="N", help=translate("cli", "default: the latest")
    )
