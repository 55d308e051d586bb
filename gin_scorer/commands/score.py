"""``gin-scorer score``: score hand records (JSON lines) under a rule set and print the ledger.

Each line is one hand in the core's JSON form, e.g. ``{"knock": "A", "deadwood": {"A": 7,
"B": 15}}``; blank lines and lines starting with ``#`` are skipped. Hands entered with their
cards but without counts are counted from the cards. Every hand is also validated; its
problems are printed under it. A line that cannot be read stops the scoring: each bad line is
named with its field, and the exit status is 2 (as for any bad input). A hand that scores but
whose validation finds an error is printed with the error, and the exit status is 2 as well:
a script must not take a sheet with errors for a clean one.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from typing import Any, TextIO

from gin_scorer.commands._errors import UserError
from gin_scorer.commands._ledger_lines import running_totals, summary
from gin_scorer.core.hand_json import record_from_json, record_to_json
from gin_scorer.core.hands import HandRecordError, Outcome, Side, score_hand
from gin_scorer.core.json_input import JsonInputError, read_json
from gin_scorer.core.ledgers import (
    ledger_for,
    play_game,
    play_hollywood,
    play_match,
    play_multimatch,
)
from gin_scorer.core.ledgers.dealing import dealers
from gin_scorer.core.ledgers.export import to_jsonable
from gin_scorer.core.ledgers.partnership import play_partnership
from gin_scorer.core.ledgers.teams import play_teams, tedesco_team_rules
from gin_scorer.core.ledgers.three_player import play_three_player
from gin_scorer.core.rules import RuleSetError
from gin_scorer.core.validation import complete_from_cards, validate_hand
from gin_scorer.presentation.words import error_text, say, translate
from gin_scorer.presets import DEFAULT_PRESET, resolve_rules


def run(args: argparse.Namespace) -> int:

    try:
        rules = resolve_rules(args.rules or DEFAULT_PRESET)
    except RuleSetError as error:
        raise UserError(error_text(error)) from None
    if args.file == "-":
        lines = sys.stdin.read().splitlines()
    else:
        try:
            with open(args.file, encoding="utf-8") as handle:
                lines = handle.read().splitlines()
        except FileNotFoundError:
            raise UserError(translate("cli", "{0}: no such file").format(args.file)) from None
        except (OSError, UnicodeDecodeError) as error:
            raise UserError(
                translate("cli", "{0}: cannot be read: {1}").format(args.file, error)
            ) from None
    hands, failures = _read(lines, rules)
    if failures:
        for failure in failures:
            print(f"gin-scorer: {failure}", file=sys.stderr)
        return 2
    kind = args.ledger
    if kind == "teams":
        if not 2 <= args.team_size <= 8:
            raise UserError(
                translate("cli", "--team-size: a team has 2 to 8 players, not {0}").format(
                    args.team_size
                )
            )
        kind = f"teams:{args.team_size}"
    try:
        return _report(hands, rules, kind, args.dealer, args.json, sys.stdout)
    except BrokenPipeError:
        # The reader (e.g. `| head`) stopped early: not an error worth a traceback.

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


_LINE_CHARS = 64 * 1024  # one hand with all its cards is well under 2 KB


def _read(lines: list[str], rules: Any) -> tuple[list[tuple[int, Any, Any]], list[str]]:
    """(line number, record, result) for each hand, and the messages of the bad lines."""

    hands: list[tuple[int, Any, Any]] = []
    failures: list[str] = []
    for number, text in enumerate(lines, start=1):
        if not text.strip() or text.lstrip().startswith("#"):
            continue
        try:
            where = translate("cli", "line {0}").format(number)
            obj = read_json(text, where, max_chars=_LINE_CHARS)
        except JsonInputError as error:
            failures.append(error_text(error))
            continue
        try:
            record = complete_from_cards(record_from_json(obj), rules)
            result = score_hand(record, rules)
        except HandRecordError as error:
            failures.append(translate("cli", "line {0}: {1}").format(number, error_text(error)))
            continue
        hands.append((number, record, result))
    return hands, failures


def _ledger(kind: str | None, results: list[Any], rules: Any) -> Any:

    if kind == "game":
        return play_game(results, rules)
    if kind == "match":
        return play_match(results, rules)
    if kind == "hollywood":
        return play_hollywood(results, rules)
    if kind == "multimatch":
        return play_multimatch(results, rules)
    if kind == "partnership":
        deals = list(zip(results[::2], results[1::2], strict=False))
        return play_partnership(deals, rules)
    if kind == "three-player":
        return play_three_player(results, rules)
    if kind is not None and kind.startswith("teams"):
        size = int(kind.removeprefix("teams:") or 3)
        tables = [results[i : i + size] for i in range(0, len(results), size)]
        return play_teams(tables, tedesco_team_rules(size))
    return ledger_for(results, rules)


def _report(
    hands: list[tuple[int, Any, Any]],
    rules: Any,
    kind: str | None,
    first_dealer: str | None,
    as_json: bool,
    out: TextIO,
) -> int:

    results = [result for _, _, result in hands]
    ledger = _ledger(kind, results, rules)
    problems = [validate_hand(record, rules) for _, record, _ in hands]
    dealt = dealers(Side(first_dealer), results, rules) if first_dealer else None
    if as_json:
        _print_json(hands, rules, ledger, problems, dealt, out)
        return _status(problems)

    print(translate("cli", "Rules: {0} ({1})").format(rules.name, rules.key), file=out)
    running = running_totals(ledger)
    print(_header(bool(dealt)), file=out)
    for i, (number, record, result) in enumerate(hands):
        winner = result.winner.value if result.winner else "-"
        doubled = " x2" if result.doubled else ""
        dealer = f"{dealt[i].value:<6} " if dealt else ""
        print(
            f"{number:>4}  {dealer}{_describe(record, result):<28} {winner:<6} "
            f"{result.points:>6} {result.boxes:>5}{doubled}   {running.get(i, '')}",
            file=out,
        )
        for problem in problems[i]:
            print(f"{'':>6}{_problem_text(problem)}", file=out)
    print(file=out)
    for line in summary(ledger, [number for number, _, _ in hands]):
        print(line, file=out)
    if dealt:
        print(translate("cli", "Next dealer: {0}").format(dealt[-1].value), file=out)
    return _status(problems)


def _header(with_dealer: bool) -> str:
    """The hand table's heading line (a dealer column after the line number when asked)."""
    line, dealer = translate("cli", "line"), translate("cli", "dealer")
    hand, winner = translate("cli", "hand"), translate("cli", "winner")
    points, boxes = translate("cli", "points"), translate("cli", "boxes")
    where = translate("cli", "where / running totals")
    first = f"{line:>4}  {dealer:<6} " if with_dealer else f"{line:>4}  "
    return f"{first}{hand:<28} {winner:<6} {points:>6} {boxes:>5}   {where}"


def _problem_text(problem: Any) -> str:
    """``error: …`` or ``warning: …``: what validation found in a hand."""

    if problem.is_error:
        return translate("cli", "error: {0}").format(say(problem.words))
    return translate("cli", "warning: {0}").format(say(problem.words))


def _print_json(
    hands: list[tuple[int, Any, Any]],
    rules: Any,
    ledger: Any,
    problems: list[Any],
    dealt: Sequence[Any] | None,
    out: TextIO,
) -> None:
    """The whole report as one JSON object: each hand with its result and problems, the
    ledger, and who deals next."""

    document = {
        "rules": rules.key,
        "hands": [
            {
                "line": number,
                "record": record_to_json(record),
                "result": to_jsonable(result),
                **({"dealer": dealt[i].value} if dealt else {}),
                "problems": to_jsonable(problems[i]),
            }
            for i, (number, record, result) in enumerate(hands)
        ],
        "ledger": {"kind": type(ledger).__name__.lower(), **_as_dict(to_jsonable(ledger))},
    }
    if dealt:
        document["next_dealer"] = dealt[-1].value
    print(json.dumps(document, ensure_ascii=False), file=out)


def _status(problems: list[Any]) -> int:
    """2 when an error was printed under any hand, else 0."""
    return 2 if any(p.is_error for found in problems for p in found) else 0


def _as_dict(value: object) -> dict[str, object]:
    return value if isinstance(value, dict) else {"value": value}


def _describe(record: Any, result: Any) -> str:

    if result.outcome is Outcome.DEAD:
        return translate("cli", "dead hand")
    k, d = result.knocker, result.knocker.other
    if result.outcome is Outcome.GIN:
        return translate("cli", "{0} gin, {1} {2}").format(
            k.value, d.value, result.defender_deadwood
        )
    if result.outcome is Outcome.BIG_GIN:
        return translate("cli", "{0} big gin, {1} {2}").format(
            k.value, d.value, result.defender_deadwood
        )
    counts = (k.value, result.knocker_deadwood, d.value, result.defender_deadwood)
    if result.outcome is Outcome.UNDERCUT:
        return translate("cli", "{2} undercuts ({0} {1} v {2} {3})").format(*counts)
    if result.outcome is Outcome.TIE:
        return translate("cli", "tie, no undercut ({0} {1} v {2} {3})").format(*counts)
    return translate("cli", "{0} knocks ({0} {1} v {2} {3})").format(*counts)
