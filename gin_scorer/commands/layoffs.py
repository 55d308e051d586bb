"""``gin-scorer layoffs``: the defender's best melds and layoffs against the knocker's melds,
exactly; one hand from the command line or one JSON line per hand from standard input."""

from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING, Any

from gin_scorer.commands._cards_io import (
    MAX_CARDS,
    card_options,
    chosen_ace_rule,
    codes,
    each_line,
    melds_line,
    shown,
)

if TYPE_CHECKING:
    from gin_scorer.core.layoffs import Defence
    from gin_scorer.core.melds import AceRule, Meld


def register(subparsers: Any) -> None:
    layoffs = subparsers.add_parser(
        "layoffs",
        help="the defender's best melds and layoffs against the knocker's melds",
        description="Find the defender's melds and layoffs leaving the least deadwood, "
        "exactly: the fourth card of a set of three, cards at either end of a run, in chains. "
        "Give '-' to read JSON lines from standard input, each like "
        '{"knocker_melds": [["7h", "8h", "9h"], ["Ks", "Kd", "Kc"]], "defender": ["6h", ...]}'
        ' (optionally with "gin": true, when no layoffs are allowed).',
        epilog='example:  gin-scorer layoffs --knocker "7h 8h 9h | Ks Kd Kc" '
        '--defender "6h 5h Kh 2c 2d 2s 9c Jd Qd 4s"',
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    layoffs.add_argument("source", nargs="?", metavar="-", help="- to read JSON lines from stdin")
    layoffs.add_argument(
        "--knocker",
        metavar="MELDS",
        help='the knocker\'s melds, separated by |: "7h 8h 9h | Ks Kd Kc"',
    )
    layoffs.add_argument("--defender", metavar="CARDS", help="the defender's cards")
    layoffs.add_argument(
        "--gin", action="store_true", help="the knocker went gin: no layoffs are allowed"
    )
    card_options(layoffs)
    layoffs.set_defaults(func=run_layoffs)


def run_layoffs(args: argparse.Namespace) -> int:
    from gin_scorer.commands._errors import UserError

    ace_rule = chosen_ace_rule(args)
    if args.source is not None:
        if args.source != "-":
            raise UserError(
                f"unexpected {args.source!r}: give - to read JSON lines from "
                "standard input, or use --knocker and --defender"
            )
        if args.knocker is not None or args.defender is not None:
            raise UserError(
                "give either - (JSON lines on standard input) or --knocker and --defender, not both"
            )
        return each_line(lambda line: _layoffs_json_line(line, ace_rule, args.gin), args.json)
    if args.knocker is None or args.defender is None:
        raise UserError(
            'give --knocker "7h 8h 9h | Ks Kd Kc" and --defender "CARDS", '
            "or - to read JSON lines from standard input"
        )
    try:
        data, text = layoffs_answer(
            args.knocker.split("|"), args.defender, ace_rule, allow_layoffs=not args.gin
        )
    except ValueError as error:
        raise UserError(str(error)) from None
    print(json.dumps(data, ensure_ascii=False) if args.json else text)
    return 0


def _layoffs_json_line(line: str, ace_rule: AceRule, gin: bool) -> tuple[dict[str, Any], str]:
    from gin_scorer.core.json_input import read_json

    request = read_json(line, "the line", max_chars=64 * 1024)  # JsonInputError: a ValueError
    if not isinstance(request, dict):
        raise ValueError(
            'the line must be a JSON object like {"knocker_melds": [[...]], "defender": [...]}'
        )
    for key in ("knocker_melds", "defender"):
        if key not in request:
            raise ValueError(f'the line has no "{key}"')
    knocker = request["knocker_melds"]
    if not isinstance(knocker, list) or not all(_is_cards(meld) for meld in knocker):
        raise ValueError(
            '"knocker_melds" must be a list of melds, each a list of cards like ["7h", "8h", "9h"]'
        )
    if not _is_cards(request["defender"]):
        raise ValueError('"defender" must be a list of cards like ["6h", "Kd"]')
    allow = not (gin or bool(request.get("gin", False)))
    return layoffs_answer(knocker, request["defender"], ace_rule, allow_layoffs=allow)


def _is_cards(value: object) -> bool:
    return isinstance(value, str) or (
        isinstance(value, list) and all(isinstance(item, str) for item in value)
    )


def layoffs_answer(
    knocker: list[Any],
    defender: str | list[str],
    ace_rule: AceRule,
    *,
    allow_layoffs: bool = True,
) -> tuple[dict[str, Any], str]:
    """The JSON object and text for one layoff question; ValueError names any bad input."""
    from gin_scorer.core.cards import CardError, parse_cards
    from gin_scorer.core.layoffs import best_defence
    from gin_scorer.core.melds import MeldError, make_meld, meld_problem
    from gin_scorer.core.wording import said

    melds = []
    for number, written in enumerate(knocker, start=1):
        cards = parse_cards(written, what=f"knocker's meld {number}")
        problem = meld_problem(cards, ace_rule)
        if problem is not None:
            raise MeldError(said("the knocker's meld {0} is not legal: {1}", number, problem))
        melds.append(make_meld(cards, ace_rule))
    if not melds:
        raise MeldError(said("the knocker laid down no melds: there is nothing to lay off on"))
    defender_cards = parse_cards(defender, what="defender's hand")
    if len(defender_cards) > MAX_CARDS:
        raise CardError(
            said("the defender's hand has {0} cards; at most {1}", len(defender_cards), MAX_CARDS)
        )
    defence = best_defence(melds, defender_cards, ace_rule, allow_layoffs=allow_layoffs)
    data = defence_fields(defence)
    return data, defence_text(melds, defence, allow_layoffs)


def defence_fields(defence: Defence) -> dict[str, Any]:
    return {
        "defender_melds": [codes(meld.cards) for meld in defence.melds],
        "layoffs": [{"card": layoff.card.code, "meld": layoff.meld} for layoff in defence.layoffs],
        "deadwood": codes(defence.deadwood),
        "deadwood_points": defence.deadwood_points,
    }


def defence_text(knocker: list[Meld], defence: Defence, allow_layoffs: bool) -> str:
    numbered = "  ".join(f"{i}) {meld}" for i, meld in enumerate(knocker, start=1))
    if not allow_layoffs:
        laid = "none (the knocker went gin)"
    else:
        laid = (
            ", ".join(f"{layoff.card} on {layoff.meld + 1}" for layoff in defence.layoffs) or "none"
        )
    return (
        f"knocker's melds: {numbered}\n"
        f"defender melds:  {melds_line(defence.melds)}\n"
        f"lays off:        {laid}\n"
        f"deadwood:        {shown(defence.deadwood)} = {defence.deadwood_points}"
    )
