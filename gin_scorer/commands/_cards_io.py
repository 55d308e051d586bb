"""What ``analyze`` and ``layoffs`` share: the ace options, cards and melds as text, the answer
to the one hand given, and one answer per line of standard input (a bad line reported by its
number, the others answered)."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from gin_scorer.commands._errors import UserError
from gin_scorer.core.cards import format_cards
from gin_scorer.core.melds import AceRule
from gin_scorer.core.rules import RuleSetError
from gin_scorer.presentation.words import error_text, translate
from gin_scorer.presets import resolve_rules

if TYPE_CHECKING:
    from gin_scorer.core.cards import Card
    from gin_scorer.core.melds import AceRule, Meld

MAX_CARDS = 11
"""The most cards a hand holds (ten dealt, one drawn)."""


def chosen_ace_rule(args: argparse.Namespace) -> AceRule:

    if args.aces is not None:
        return AceRule(args.aces)
    if args.rules is not None:
        try:
            return resolve_rules(args.rules).ace_rule
        except RuleSetError as error:
            raise UserError(error_text(error)) from None
    return AceRule.LOW


def codes(cards: Iterable[Card]) -> list[str]:
    return [card.code for card in cards]


def shown(cards: Iterable[Card]) -> str:

    return format_cards(cards) or translate("cli", "none")


def melds_line(melds: Iterable[Meld]) -> str:
    return " | ".join(str(meld) for meld in melds) or translate("cli", "none")


def print_answer(answer: Callable[[], tuple[dict[str, Any], str]], as_json: bool) -> int:
    """Print the answer to the one hand given on the command line; a bad hand (a
    ``ValueError`` naming the problem) is the command's refusal."""

    try:
        data, text = answer()
    except ValueError as error:
        raise UserError(error_text(error)) from None
    print(json.dumps(data, ensure_ascii=False) if as_json else text)
    return 0


def _stdin_lines() -> Iterable[str | bytes]:
    """Standard input line by line, as bytes when possible so that one line that is not UTF-8
    is reported by number instead of stopping the whole run."""
    buffer = getattr(sys.stdin, "buffer", None)
    return buffer if buffer is not None else sys.stdin


def each_line(answer: Callable[[str], tuple[dict[str, Any], str]], as_json: bool) -> int:
    """Answer every non-blank line of standard input; an error is reported for its line only."""
    failed = False
    for number, line in enumerate(_stdin_lines(), start=1):
        if not line.strip():
            continue
        try:
            if isinstance(line, bytes):
                line = line.decode("utf-8-sig" if number == 1 else "utf-8")
            data, text = answer(line)
        except UnicodeDecodeError:
            failed = True
            if as_json:
                print(json.dumps({"line": number, "error": "the line is not UTF-8 text"}))
            else:
                print(translate("cli", "line {0}: the line is not UTF-8 text").format(number))
            continue
        except ValueError as error:  # CardError, MeldError, bad JSON: all name the problem
            failed = True
            if as_json:
                print(json.dumps({"line": number, "error": str(error)}, ensure_ascii=False))
            else:
                print(translate("cli", "line {0}: {1}").format(number, error_text(error)))
            continue
        if as_json:
            print(json.dumps({"line": number, **data}, ensure_ascii=False))
        else:
            print(translate("cli", "line {0}:").format(number))
            print(text)
    return 1 if failed else 0
