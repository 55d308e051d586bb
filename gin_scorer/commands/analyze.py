"""``gin-scorer analyze`` and ``gin-scorer layoffs``: settle a disputed hand from its cards.

``analyze`` finds the least deadwood of a hand (and, for 11 cards, the best discard and big
gin); ``layoffs`` finds the defender's best melds and layoffs against the knocker's melds.
Both read one hand from the command line, or one per line from standard input (``-``), and
answer in plain text or JSON lines (``--json``). A bad line gets an error object naming the
line and the problem; the other lines are still answered and the exit status is 1.
"""

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
from gin_scorer.core.melds import (
    AceRule,
    best_arrangement,
    best_discard,
    deadwood_points,
    meld_problem,
)
from gin_scorer.core.wording import said
from gin_scorer.presentation.words import say, translate

if TYPE_CHECKING:
    from gin_scorer.core.cards import Card
    from gin_scorer.core.melds import AceRule, Arrangement


# ---------------------------------------------------------------------------------------------
# analyze


def run_analyze(args: argparse.Namespace) -> int:

    ace_rule = chosen_ace_rule(args)
    if args.cards == ["-"]:
        if args.declared is not None:
            raise UserError(translate("cli", "--declared checks one hand: give its cards, not -"))
        return each_line(lambda line: _analyze_text(line, ace_rule), args.json)
    if not args.cards:
        raise UserError(
            translate(
                "cli",
                "which cards? e.g. 'gin-scorer analyze 7h 8h 9h 9c 9d 9s 2c 3d Kc Ks', "
                "or '-' to read hands from standard input",
            )
        )
    return print_answer(lambda: _analyze_given(args, ace_rule), args.json)


def _analyze_given(args: argparse.Namespace, ace_rule: AceRule) -> tuple[dict[str, Any], str]:
    """The answer for the hand on the command line, with its --declared melds checked."""
    data, text = _analyze_text(" ".join(args.cards), ace_rule)
    if args.declared is not None:
        cards = parse_cards(" ".join(args.cards))
        declared, declared_text = check_declared(
            cards, args.declared.split("|"), ace_rule, data["deadwood_points"]
        )
        data["declared"] = declared
        text = f"{text}\n{declared_text}"
    return data, text


def check_declared(
    cards: tuple[Card, ...], groups: list[str], ace_rule: AceRule, best_points: int
) -> tuple[dict[str, Any], str]:
    """A declared arrangement checked against the hand: legal melds?, its deadwood, and how it
    compares with the best (``best_points``). Cards not in the hand are refused."""

    in_hand = set(cards)
    claimed: set[Card] = set()
    melds: list[tuple[Card, ...]] = []
    problems: list[str] = []  # in English, for the JSON
    not_melds: list[str] = []  # in the reader's language, for the text
    for number, written in enumerate(groups, start=1):
        if not written.strip():
            continue
        meld = parse_cards(written, what=translate("cli", "declared meld {0}").format(number))
        for card in meld:
            if card not in in_hand:
                raise CardError(said("{0} in declared meld {1} is not in the hand", card, number))
            if card in claimed:
                raise CardError(said("{0} is in more than one declared meld", card))
            claimed.add(card)
        problem = meld_problem(meld, ace_rule)
        if problem is None:
            melds.append(meld)
        else:
            problems.append(f"declared meld {number}: {problem}")
            not_melds.append(
                translate(
                    "cli", "not a meld, so counted as deadwood — declared meld {0}: {1}"
                ).format(number, say(problem))
            )
    melded = {card for meld in melds for card in meld}
    deadwood = sorted(card for card in cards if card not in melded)
    points = deadwood_points(deadwood, ace_rule)
    data = {
        "melds": [codes(meld) for meld in melds],
        "problems": problems,
        "deadwood": codes(deadwood),
        "deadwood_points": points,
        "extra_deadwood": points - best_points,
    }
    lines = [translate("cli", "declared: {0}").format(_melds_line_cards(melds))]
    lines += [f"  {line}" for line in not_melds]
    said_deadwood = translate("cli", "declared deadwood: {0} = {1}").format(shown(deadwood), points)
    lines.append(f"  {said_deadwood}")
    if points == best_points:
        verdict = translate("cli", "the declaration is as good as the best arrangement")
    else:
        verdict = translate("cli", "the declaration leaves {0} more than the best ({1})").format(
            points - best_points, best_points
        )
    lines.append(f"  {verdict}")
    return data, "\n".join(lines)


def _melds_line_cards(melds: list[tuple[Card, ...]]) -> str:
    return " | ".join(shown(meld) for meld in melds) or translate("cli", "none")


def _analyze_text(text: str, ace_rule: AceRule) -> tuple[dict[str, Any], str]:

    cards = parse_cards(text)
    if len(cards) > MAX_CARDS:
        raise CardError(
            said("the hand has {0} cards; a gin hand has at most {1}", len(cards), MAX_CARDS)
        )
    return analyze_cards(cards, ace_rule)


def _arrangement_fields(arrangement: Arrangement) -> dict[str, Any]:
    return {
        "melds": [codes(meld.cards) for meld in arrangement.melds],
        "deadwood": codes(arrangement.deadwood),
        "deadwood_points": arrangement.deadwood_points,
    }


def _arrangement_text(arrangement: Arrangement, indent: str = "") -> str:
    melds = translate("cli", "melds:    {0}").format(melds_line(arrangement.melds))
    deadwood = translate("cli", "deadwood: {0} = {1}").format(
        shown(arrangement.deadwood), arrangement.deadwood_points
    )
    return f"{indent}{melds}\n{indent}{deadwood}"


def analyze_cards(cards: tuple[Card, ...], ace_rule: AceRule) -> tuple[dict[str, Any], str]:
    """The JSON object and the text answer for one hand (0–11 cards)."""

    if ace_rule is AceRule.TEDESCO:
        head = translate("cli", "hand:     {0} (Tedesco aces)").format(shown(cards))
    else:
        head = translate("cli", "hand:     {0}").format(shown(cards))
    if len(cards) != MAX_CARDS:
        best = best_arrangement(cards, ace_rule)
        data = {"cards": codes(cards), **_arrangement_fields(best)}
        return data, f"{head}\n{_arrangement_text(best)}"
    analysis = best_discard(cards, ace_rule)
    data = {
        "cards": codes(cards),
        **_arrangement_fields(analysis.all_eleven),
        "discard": analysis.discard.code if analysis.discard else None,
        "deadwood_points_after_discard": analysis.kept.deadwood_points,
        "melds_after_discard": [codes(meld.cards) for meld in analysis.kept.melds],
        "deadwood_after_discard": codes(analysis.kept.deadwood),
        "big_gin": analysis.big_gin,
    }
    lines = [head, translate("cli", "all eleven:"), _arrangement_text(analysis.all_eleven, "  ")]
    if analysis.big_gin:
        lines.append(translate("cli", "big gin: all eleven cards meld, no discard needed"))
    else:
        lines += [
            translate("cli", "best discard: {0}, keeping:").format(analysis.discard),
            _arrangement_text(analysis.kept, "  "),
        ]
        if analysis.kept.deadwood_points == 0:
            lines.append(translate("cli", "gin after the discard"))
    return data, "\n".join(lines)
