"""``gin-scorer layoffs``: the defender's best melds and layoffs against the knocker's melds,
exactly; one hand from the command line or one JSON line per hand from standard input."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from gin_scorer.commands._cards_io import (
    MAX_CARDS,
    chosen_ace_rule,
    codes,
    each_line,
    melds_line,
    print_answer,
    shown,
)
from gin_scorer.commands._errors import UserError
from gin_scorer.core.cards import CardError, parse_cards
from gin_scorer.core.json_input import JsonInputError, read_json
from gin_scorer.core.layoffs import best_defence
from gin_scorer.core.melds import MeldError, make_meld, meld_problem
from gin_scorer.core.wording import said
from gin_scorer.presentation.words import translate

if TYPE_CHECKING:
    from gin_scorer.core.layoffs import Defence
    from gin_scorer.core.melds import AceRule, Meld


def run_layoffs(args: argparse.Namespace) -> int:

    ace_rule = chosen_ace_rule(args)
    if args.source is not None:
        if args.source != "-":
            raise UserError(
                translate(
                    "cli",
                    "unexpected {0}: give - to read JSON lines from "
                    "standard input, or use --knocker and --defender",
                ).format(repr(args.source))
            )
        if args.knocker is not None or args.defender is not None:
            raise UserError(
                translate(
                    "cli",
                    "give either - (JSON lines on standard input) or --knocker and --defender, "
                    "not both",
                )
            )
        return each_line(lambda line: _layoffs_json_line(line, ace_rule, args.gin), args.json)
    if args.knocker is None or args.defender is None:
        raise UserError(
            translate(
                "cli",
                'give --knocker "7h 8h 9h | Ks Kd Kc" and --defender "CARDS", '
                "or - to read JSON lines from standard input",
            )
        )
    knocker, defender = args.knocker.split("|"), args.defender
    return print_answer(
        lambda: layoffs_answer(knocker, defender, ace_rule, allow_layoffs=not args.gin), args.json
    )


def _layoffs_json_line(line: str, ace_rule: AceRule, gin: bool) -> tuple[dict[str, Any], str]:

    # Each refusal is a JsonInputError (a ValueError) said as a pattern: English in the JSON
    # answers, the reader's language where the text is shown.
    request = read_json(line, "the line", max_chars=64 * 1024)
    if not isinstance(request, dict):
        raise JsonInputError(
            said(
                "the line must be a JSON object like "
                '{{"knocker_melds": [[...]], "defender": [...]}}'
            )
        )
    for key in ("knocker_melds", "defender"):
        if key not in request:
            raise JsonInputError(said('the line has no "{0}"', key))
    knocker = request["knocker_melds"]
    if not isinstance(knocker, list) or not all(_is_cards(meld) for meld in knocker):
        raise JsonInputError(
            said(
                '"knocker_melds" must be a list of melds, each a list of cards like '
                '["7h", "8h", "9h"]'
            )
        )
    if not _is_cards(request["defender"]):
        raise JsonInputError(said('"defender" must be a list of cards like ["6h", "Kd"]'))
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
        laid = translate("cli", "none (the knocker went gin)")
    else:
        on = translate("cli", "{0} on {1}")
        laid = ", ".join(
            on.format(layoff.card, layoff.meld + 1) for layoff in defence.layoffs
        ) or translate("cli", "none")
    rows = (
        (translate("cli", "knocker's melds:"), numbered),
        (translate("cli", "defender melds:"), melds_line(defence.melds)),
        (translate("cli", "lays off:"), laid),
        (translate("cli", "deadwood:"), f"{shown(defence.deadwood)} = {defence.deadwood_points}"),
    )
    width = max(len(label) for label, _ in rows) + 1  # the values in one column
    return "\n".join(f"{label:<{width}}{value}" for label, value in rows)
