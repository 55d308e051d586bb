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
import sys
from collections.abc import Sequence
from typing import Any, TextIO

_LEDGERS = ("game", "match", "hollywood", "multimatch", "partnership", "three-player")


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "score",
        help="score hands (JSON lines) under a rule set and print totals, boxes, bonuses",
        description="Score hand records, one JSON object per line, e.g. "
        '{"knock": "A", "deadwood": {"A": 7, "B": 15}}, {"gin": "B", "deadwood": {"A": 22}}, '
        '{"big_gin": "A", "deadwood": {"B": 40}}, {"dead": true}; optional "upcard": "7s" and '
        '"cards". Prints each hand and the ledger of the rule set\'s match format.',
    )
    parser.add_argument(
        "file", metavar="FILE", help="the hand records, one JSON object per line ('-': stdin)"
    )
    parser.add_argument(
        "--rules",
        default=None,
        metavar="PRESET",
        help="a preset key (see 'gin-scorer presets') or a .toml file (default: gra-tournament)",
    )
    parser.add_argument(
        "--ledger",
        choices=_LEDGERS,
        help="which ledger to print (default: the rule set's match format). partnership: "
        "lines pair up as the two tables of each deal (side A = team A's player); "
        "three-player: players 1-3, player 1 deals first, A/B = the two who play, in seat "
        "order after the dealer",
    )
    parser.add_argument(
        "--dealer", choices=["A", "B"], help="who dealt the first hand (adds a dealer column)"
    )
    parser.add_argument("--json", action="store_true", help="print one JSON document")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from gin_scorer.commands._errors import UserError
    from gin_scorer.core.rules import RuleSetError
    from gin_scorer.presets import DEFAULT_PRESET, resolve_rules

    try:
        rules = resolve_rules(args.rules or DEFAULT_PRESET)
    except RuleSetError as error:
        raise UserError(str(error)) from None
    if args.file == "-":
        lines = sys.stdin.read().splitlines()
    else:
        try:
            with open(args.file, encoding="utf-8") as handle:
                lines = handle.read().splitlines()
        except FileNotFoundError:
            raise UserError(f"{args.file}: no such file") from None
        except (OSError, UnicodeDecodeError) as error:
            raise UserError(f"{args.file}: cannot be read: {error}") from None
    hands, failures = _read(lines, rules)
    if failures:
        for failure in failures:
            print(f"gin-scorer: {failure}", file=sys.stderr)
        return 2
    try:
        return _report(hands, rules, args.ledger, args.dealer, args.json, sys.stdout)
    except BrokenPipeError:
        # The reader (e.g. `| head`) stopped early: not an error worth a traceback.
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


_LINE_CHARS = 64 * 1024  # one hand with all its cards is well under 2 KB


def _read(lines: list[str], rules: Any) -> tuple[list[tuple[int, Any, Any]], list[str]]:
    """(line number, record, result) for each hand, and the messages of the bad lines."""
    from gin_scorer.core.hand_json import record_from_json
    from gin_scorer.core.hands import HandRecordError, score_hand
    from gin_scorer.core.json_input import JsonInputError, read_json
    from gin_scorer.core.validation import complete_from_cards

    hands: list[tuple[int, Any, Any]] = []
    failures: list[str] = []
    for number, text in enumerate(lines, start=1):
        if not text.strip() or text.lstrip().startswith("#"):
            continue
        try:
            obj = read_json(text, f"line {number}", max_chars=_LINE_CHARS)
        except JsonInputError as error:
            failures.append(str(error))
            continue
        try:
            record = complete_from_cards(record_from_json(obj), rules)
            result = score_hand(record, rules)
        except HandRecordError as error:
            failures.append(f"line {number}: {error}")
            continue
        hands.append((number, record, result))
    return hands, failures


def _ledger(kind: str | None, results: list[Any], rules: Any) -> Any:
    from gin_scorer.core.ledgers import (
        ledger_for,
        play_game,
        play_hollywood,
        play_match,
        play_multimatch,
    )

    if kind == "game":
        return play_game(results, rules)
    if kind == "match":
        return play_match(results, rules)
    if kind == "hollywood":
        return play_hollywood(results, rules)
    if kind == "multimatch":
        return play_multimatch(results, rules)
    if kind == "partnership":
        from gin_scorer.core.ledgers.partnership import play_partnership

        deals = list(zip(results[::2], results[1::2], strict=False))
        return play_partnership(deals, rules)
    if kind == "three-player":
        from gin_scorer.core.ledgers.three_player import play_three_player

        return play_three_player(results, rules)
    return ledger_for(results, rules)


def _report(
    hands: list[tuple[int, Any, Any]],
    rules: Any,
    kind: str | None,
    first_dealer: str | None,
    as_json: bool,
    out: TextIO,
) -> int:
    from gin_scorer.core.hands import Side
    from gin_scorer.core.ledgers.dealing import dealers
    from gin_scorer.core.validation import validate_hand

    results = [result for _, _, result in hands]
    ledger = _ledger(kind, results, rules)
    problems = [validate_hand(record, rules) for _, record, _ in hands]
    dealt = dealers(Side(first_dealer), results, rules) if first_dealer else None
    if as_json:
        _print_json(hands, rules, ledger, problems, dealt, out)
        return _status(problems)

    print(f"Rules: {rules.name} ({rules.key})", file=out)
    running = _running_totals(ledger)
    header = f"{'line':>4}  {'hand':<28} {'winner':<6} {'points':>6} {'boxes':>5}"
    if dealt:
        header = f"{'line':>4}  {'dealer':<6} " + header[6:]
    print(header + "   where / running totals", file=out)
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
            print(f"{'':>6}{problem.severity.value}: {problem.message}", file=out)
    print(file=out)
    for line in _summary(ledger, [number for number, _, _ in hands]):
        print(line, file=out)
    if dealt:
        print(f"Next dealer: {dealt[-1].value}", file=out)
    return _status(problems)


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
    from gin_scorer.core.hand_json import record_to_json
    from gin_scorer.core.ledgers.export import to_jsonable

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
    from gin_scorer.core.hands import Outcome

    if result.outcome is Outcome.DEAD:
        return "dead hand"
    k, d = result.knocker, result.knocker.other
    if result.outcome in (Outcome.GIN, Outcome.BIG_GIN):
        word = "gin" if result.outcome is Outcome.GIN else "big gin"
        return f"{k.value} {word}, {d.value} {result.defender_deadwood}"
    counts = f"{k.value} {result.knocker_deadwood} v {d.value} {result.defender_deadwood}"
    if result.outcome is Outcome.UNDERCUT:
        return f"{d.value} undercuts ({counts})"
    if result.outcome is Outcome.TIE:
        return f"tie, no undercut ({counts})"
    return f"{k.value} knocks ({counts})"


def _running_totals(ledger: Any) -> dict[int, str]:
    """For each hand index, where it went and the running totals there."""
    from gin_scorer.core.ledgers import Game, Hollywood, Match, MultiMatch
    from gin_scorer.core.ledgers.partnership import Partnership
    from gin_scorer.core.ledgers.three_player import ThreePlayerGame

    where: dict[int, list[str]] = {}
    if isinstance(ledger, Partnership):
        return {
            2 * deal.deal + table: f"deal {deal.deal + 1} table {table + 1}: "
            f"teams {deal.totals.a}-{deal.totals.b}"
            for deal in ledger.deals
            for table in (0, 1)
        }
    if isinstance(ledger, ThreePlayerGame):
        return {
            line.hand: f"P{line.dealer + 1} deals, A=P{line.players[0] + 1} "
            f"B=P{line.players[1] + 1}: " + "-".join(map(str, line.totals))
            for line in ledger.lines
        }
    games: list[Any]
    if isinstance(ledger, Game):
        games = [ledger]
    elif isinstance(ledger, Match | Hollywood):
        games = list(ledger.games)
    elif isinstance(ledger, MultiMatch):
        games = [m.game for m in ledger.matches]
    else:  # pragma: no cover - every ledger kind is listed above
        games = []
    label = "match" if isinstance(ledger, MultiMatch) else "game"
    for game in games:
        for line in game.lines:
            where.setdefault(line.hand, []).append(
                f"{label} {game.number}: {line.totals.a}-{line.totals.b}"
            )
    return {hand: "; ".join(parts) for hand, parts in where.items()}


def _game_lines(game: Any) -> list[str]:
    status = (
        f"won by {game.winner.value} by {game.margin}" + (" (shutout)" if game.shutout else "")
        if game.finished
        else f"in play, to {game.target}"
    )
    from gin_scorer.core.hands import Side

    out = [f"Game {game.number}: {status}"]
    for side in ("A", "B"):
        s = Side(side)
        parts = [f"points {game.points[s]}", f"boxes {game.boxes[s]}"]
        if game.finished:
            parts.append(f"box bonus {game.box_bonus[s]}")
            if game.game_bonus[s]:
                parts.append(f"game bonus {game.game_bonus[s]}")
            if game.shutout_bonus[s]:
                parts.append(f"shutout {game.shutout_bonus[s]}")
        out.append(f"  {side}: {game.final[s]:>5}  ({', '.join(parts)})")
    return out


def _three_player_lines(ledger: Any, line_of: list[int]) -> list[str]:
    lines = [
        f"  P{seat + 1}: {ledger.final[seat]:>5}  (points {ledger.points[seat]}, "
        f"boxes {ledger.boxes[seat]})"
        for seat in range(3)
    ]
    result = f"won by P{ledger.winner + 1}" if ledger.winner is not None else "in play"
    lines.append(f"Three players: {result}; next dealer P{ledger.next_dealer + 1}")
    if ledger.extra_hands:
        later = ", ".join(str(line_of[i]) for i in ledger.extra_hands)
        lines.append(f"Hands after the end, counted nowhere: line {later}")
    return lines


def _summary(ledger: Any, line_of: list[int]) -> list[str]:
    from gin_scorer.core.ledgers import Game, Hollywood, Match, MultiMatch
    from gin_scorer.core.ledgers.partnership import Partnership
    from gin_scorer.core.ledgers.three_player import ThreePlayerGame

    lines: list[str] = []
    if isinstance(ledger, Game):
        return _game_lines(ledger)
    if isinstance(ledger, Partnership):
        result = f"won by team {ledger.winner.value}" if ledger.winner else "in play"
        lines.append(
            f"Partnership to {ledger.target}: team A {ledger.totals.a}, "
            f"team B {ledger.totals.b}; {result}"
        )
        if ledger.extra_deals:
            lines.append(f"Deals after the end, counted nowhere: {len(ledger.extra_deals)}")
        return lines
    if isinstance(ledger, ThreePlayerGame):
        return _three_player_lines(ledger, line_of)
    if isinstance(ledger, Match | Hollywood):
        for game in ledger.games:
            lines += _game_lines(game)
        kind = "Hollywood" if isinstance(ledger, Hollywood) else "Match"
        won = ledger.games_won
        result = (
            f"won by {ledger.winner.value}"
            if ledger.winner
            else ("finished level" if ledger.finished else "in play")
        )
        lines.append(
            f"{kind}: games A {won.a}, B {won.b}; {result}; margin (A - B) {ledger.margin}"
        )
        if ledger.extra_hands:
            later = ", ".join(str(line_of[i]) for i in ledger.extra_hands)
            lines.append(f"Hands after the end, counted nowhere: line {later}")
        return lines
    if isinstance(ledger, MultiMatch):
        for credit in ledger.matches:
            game = credit.game
            status = f"won by {game.winner.value}" if game.finished and game.winner else "in play"
            lines.append(
                f"Match {game.number}: {status}; score A {game.points.a}, B {game.points.b}; "
                f"credited A {credit.credit.a}, B {credit.credit.b}; "
                f"totals A {credit.totals.a}, B {credit.totals.b}"
            )
        result = f"won by {ledger.winner.value}" if ledger.winner else "in play"
        lines.append(
            f"Multi-match to {ledger.total_target}: A {ledger.totals.a}, B {ledger.totals.b}; "
            f"{result}"
        )
        return lines
    return [repr(ledger)]  # pragma: no cover
