"""``gin-scorer analyze`` and ``gin-scorer layoffs``: settle a disputed hand from its cards.

``analyze`` finds the least deadwood of a hand (and, for 11 cards, the best discard and big
gin); ``layoffs`` finds the defender's best melds and layoffs against the knocker's melds.
Both read one hand from the command line, or one per line from standard input (``-``), and
answer in plain text or JSON lines (``--json``). A bad line gets an error object naming the
line and the problem; the other lines are still answered and the exit status is 1.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from gin_scorer.core.cards import Card
    from gin_scorer.core.layoffs import Defence
    from gin_scorer.core.melds import AceRule, Arrangement, Meld

HELP_ORDER = 10
MAX_CARDS = 11


def register(subparsers: Any) -> None:
    analyze = subparsers.add_parser(
        "analyze",
        help="best melds and least deadwood of a hand (11 cards: best discard, big gin)",
        description="Find the arrangement of a hand with the least deadwood, exactly. With "
        "11 cards, also the best card to discard and whether all eleven meld (big gin). "
        "Write cards like 7h 10h Th 7♥; give '-' to read one hand per line from standard "
        "input.",
        epilog="examples:  gin-scorer analyze 7h 8h 9h 9c 9d 9s 2c 3d Kc Ks\n"
        '           gin-scorer analyze --aces tedesco "Qs Ks As 5c 5d 5h 2c 3d 4h 9s"\n'
        "           gin-scorer analyze --json - < hands.txt",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    analyze.add_argument("cards", nargs="*", metavar="CARDS", help="the cards, or - for stdin")
    analyze.add_argument(
        "--declared",
        metavar="MELDS",
        help='the melds a player declared, separated by |: "7h 8h 9h | 9c 9d 9s"; the answer '
        "says whether they are legal and how their deadwood compares with the best",
    )
    _common_options(analyze)
    analyze.set_defaults(func=run_analyze)

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
    _common_options(layoffs)
    layoffs.set_defaults(func=run_layoffs)


def _common_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print JSON (one object per hand)")
    parser.add_argument(
        "--aces",
        choices=["low", "tedesco"],
        help="low (the default): A-2-3 only; tedesco: aces high or low, runs turn the corner "
        "(K-A-2), an unmelded ace counts 15",
    )
    parser.add_argument(
        "--rules",
        metavar="PRESET",
        help="take the ace rule from a rule-set preset (see 'gin-scorer presets') or a .toml "
        "file; --aces wins over it",
    )


# ---------------------------------------------------------------------------------------------
# Shared plumbing


def _ace_rule(args: argparse.Namespace) -> AceRule:
    from gin_scorer.commands._errors import UserError
    from gin_scorer.core.melds import AceRule

    if args.aces is not None:
        return AceRule(args.aces)
    if args.rules is not None:
        from gin_scorer.core.rules import RuleSetError
        from gin_scorer.presets import resolve_rules

        try:
            return resolve_rules(args.rules).ace_rule
        except RuleSetError as error:
            raise UserError(str(error)) from None
    return AceRule.LOW


def _codes(cards: Iterable[Card]) -> list[str]:
    return [card.code for card in cards]


def _shown(cards: Iterable[Card]) -> str:
    from gin_scorer.core.cards import format_cards

    return format_cards(cards) or "none"


def _melds_line(melds: Iterable[Meld]) -> str:
    return " | ".join(str(meld) for meld in melds) or "none"


def _stdin_lines() -> Iterable[str | bytes]:
    """Standard input line by line, as bytes when possible so that one line that is not UTF-8
    is reported by number instead of stopping the whole run."""
    buffer = getattr(sys.stdin, "buffer", None)
    return buffer if buffer is not None else sys.stdin


def _each_line(answer: Callable[[str], tuple[dict[str, Any], str]], as_json: bool) -> int:
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
            message = "the line is not UTF-8 text"
            if as_json:
                print(json.dumps({"line": number, "error": message}))
            else:
                print(f"line {number}: {message}")
            continue
        except ValueError as error:  # CardError, MeldError, bad JSON: all name the problem
            failed = True
            if as_json:
                print(json.dumps({"line": number, "error": str(error)}, ensure_ascii=False))
            else:
                print(f"line {number}: {error}")
            continue
        if as_json:
            print(json.dumps({"line": number, **data}, ensure_ascii=False))
        else:
            print(f"line {number}:\n{text}")
    return 1 if failed else 0


# ---------------------------------------------------------------------------------------------
# analyze


def run_analyze(args: argparse.Namespace) -> int:
    from gin_scorer.commands._errors import UserError

    ace_rule = _ace_rule(args)
    if args.cards == ["-"]:
        if args.declared is not None:
            raise UserError("--declared checks one hand: give its cards, not -")
        return _each_line(lambda line: _analyze_text(line, ace_rule), args.json)
    if not args.cards:
        raise UserError(
            "which cards? e.g. 'gin-scorer analyze 7h 8h 9h 9c 9d 9s 2c 3d Kc Ks', "
            "or '-' to read hands from standard input"
        )
    try:
        data, text = _analyze_text(" ".join(args.cards), ace_rule)
        if args.declared is not None:
            from gin_scorer.core.cards import parse_cards

            cards = parse_cards(" ".join(args.cards))
            declared, declared_text = check_declared(
                cards, args.declared.split("|"), ace_rule, data["deadwood_points"]
            )
            data["declared"] = declared
            text = f"{text}\n{declared_text}"
    except ValueError as error:
        raise UserError(str(error)) from None
    print(json.dumps(data, ensure_ascii=False) if args.json else text)
    return 0


def check_declared(
    cards: tuple[Card, ...], groups: list[str], ace_rule: AceRule, best_points: int
) -> tuple[dict[str, Any], str]:
    """A declared arrangement checked against the hand: legal melds?, its deadwood, and how it
    compares with the best (``best_points``). Cards not in the hand are refused."""
    from gin_scorer.core.cards import CardError, parse_cards
    from gin_scorer.core.melds import deadwood_points, meld_problem

    in_hand = set(cards)
    claimed: set[Card] = set()
    melds: list[tuple[Card, ...]] = []
    problems: list[str] = []
    for number, written in enumerate(groups, start=1):
        if not written.strip():
            continue
        meld = parse_cards(written, what=f"declared meld {number}")
        for card in meld:
            if card not in in_hand:
                raise CardError(f"{card} in declared meld {number} is not in the hand")
            if card in claimed:
                raise CardError(f"{card} is in more than one declared meld")
            claimed.add(card)
        problem = meld_problem(meld, ace_rule)
        if problem is None:
            melds.append(meld)
        else:
            problems.append(f"declared meld {number}: {problem}")
    melded = {card for meld in melds for card in meld}
    deadwood = sorted(card for card in cards if card not in melded)
    points = deadwood_points(deadwood, ace_rule)
    data = {
        "melds": [_codes(meld) for meld in melds],
        "problems": problems,
        "deadwood": _codes(deadwood),
        "deadwood_points": points,
        "extra_deadwood": points - best_points,
    }
    lines = [f"declared: {_melds_line_cards(melds)}"]
    lines += [f"  not a meld, so counted as deadwood — {problem}" for problem in problems]
    lines.append(f"  declared deadwood: {_shown(deadwood)} = {points}")
    if points == best_points:
        lines.append("  the declaration is as good as the best arrangement")
    else:
        lines.append(
            f"  the declaration leaves {points - best_points} more than the best ({best_points})"
        )
    return data, "\n".join(lines)


def _melds_line_cards(melds: list[tuple[Card, ...]]) -> str:
    return " | ".join(_shown(meld) for meld in melds) or "none"


def _analyze_text(text: str, ace_rule: AceRule) -> tuple[dict[str, Any], str]:
    from gin_scorer.core.cards import CardError, parse_cards

    cards = parse_cards(text)
    if len(cards) > MAX_CARDS:
        raise CardError(f"the hand has {len(cards)} cards; a gin hand has at most {MAX_CARDS}")
    return analyze_cards(cards, ace_rule)


def _arrangement_fields(arrangement: Arrangement) -> dict[str, Any]:
    return {
        "melds": [_codes(meld.cards) for meld in arrangement.melds],
        "deadwood": _codes(arrangement.deadwood),
        "deadwood_points": arrangement.deadwood_points,
    }


def _arrangement_text(arrangement: Arrangement, indent: str = "") -> str:
    return (
        f"{indent}melds:    {_melds_line(arrangement.melds)}\n"
        f"{indent}deadwood: {_shown(arrangement.deadwood)} = {arrangement.deadwood_points}"
    )


def analyze_cards(cards: tuple[Card, ...], ace_rule: AceRule) -> tuple[dict[str, Any], str]:
    """The JSON object and the text answer for one hand (0–11 cards)."""
    from gin_scorer.core.melds import AceRule, best_arrangement, best_discard

    aces = " (Tedesco aces)" if ace_rule is AceRule.TEDESCO else ""
    head = f"hand:     {_shown(cards)}{aces}"
    if len(cards) != MAX_CARDS:
        best = best_arrangement(cards, ace_rule)
        data = {"cards": _codes(cards), **_arrangement_fields(best)}
        return data, f"{head}\n{_arrangement_text(best)}"
    analysis = best_discard(cards, ace_rule)
    data = {
        "cards": _codes(cards),
        **_arrangement_fields(analysis.all_eleven),
        "discard": analysis.discard.code if analysis.discard else None,
        "deadwood_points_after_discard": analysis.kept.deadwood_points,
        "melds_after_discard": [_codes(meld.cards) for meld in analysis.kept.melds],
        "deadwood_after_discard": _codes(analysis.kept.deadwood),
        "big_gin": analysis.big_gin,
    }
    lines = [head, "all eleven:", _arrangement_text(analysis.all_eleven, "  ")]
    if analysis.big_gin:
        lines.append("big gin: all eleven cards meld, no discard needed")
    else:
        lines += [
            f"best discard: {analysis.discard}, keeping:",
            _arrangement_text(analysis.kept, "  "),
        ]
        if analysis.kept.deadwood_points == 0:
            lines.append("gin after the discard")
    return data, "\n".join(lines)


# ---------------------------------------------------------------------------------------------
# layoffs


def run_layoffs(args: argparse.Namespace) -> int:
    from gin_scorer.commands._errors import UserError

    ace_rule = _ace_rule(args)
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
        return _each_line(lambda line: _layoffs_json_line(line, ace_rule, args.gin), args.json)
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

    melds = []
    for number, written in enumerate(knocker, start=1):
        cards = parse_cards(written, what=f"knocker's meld {number}")
        problem = meld_problem(cards, ace_rule)
        if problem is not None:
            raise MeldError(f"the knocker's meld {number} is not legal: {problem}")
        melds.append(make_meld(cards, ace_rule))
    if not melds:
        raise MeldError("the knocker laid down no melds: there is nothing to lay off on")
    defender_cards = parse_cards(defender, what="defender's hand")
    if len(defender_cards) > MAX_CARDS:
        raise CardError(f"the defender's hand has {len(defender_cards)} cards; at most {MAX_CARDS}")
    defence = best_defence(melds, defender_cards, ace_rule, allow_layoffs=allow_layoffs)
    data = defence_fields(defence)
    return data, defence_text(melds, defence, allow_layoffs)


def defence_fields(defence: Defence) -> dict[str, Any]:
    return {
        "defender_melds": [_codes(meld.cards) for meld in defence.melds],
        "layoffs": [{"card": layoff.card.code, "meld": layoff.meld} for layoff in defence.layoffs],
        "deadwood": _codes(defence.deadwood),
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
        f"defender melds:  {_melds_line(defence.melds)}\n"
        f"lays off:        {laid}\n"
        f"deadwood:        {_shown(defence.deadwood)} = {defence.deadwood_points}"
    )
