"""``gin-scorer match result`` and ``match take-back``: a match's result from a slip, a
forfeit, time called or the director's ruling, in the results line's words (``a 3-1``)."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from gin_scorer.commands._arguments import add_by_option
from gin_scorer.commands._database import entered_by, opened
from gin_scorer.commands._errors import UserError
from gin_scorer.commands._match_naming import add_match_naming, add_match_or_table, named_match
from gin_scorer.commands._pin import add_pin_option, with_pin
from gin_scorer.presentation.words import translate

if TYPE_CHECKING:
    from gin_scorer.services.dto import MatchStatus, ScoreSheet


def register_actions(actions: Any) -> None:
    _register_result(actions)
    back = actions.add_parser(
        "take-back",
        help=translate("cli", "take back a match's reported result (it stays in the log)"),
    )
    add_match_or_table(back)
    back.add_argument("--reason", required=True)
    add_by_option(back, says_default=False)
    add_pin_option(back)
    back.set_defaults(func=run_match_take_back)


def _register_result(actions: Any) -> None:
    result = actions.add_parser(
        "result",
        help=translate(
            "cli", "report a result without its hands (slip, forfeit, time called, adjudication)"
        ),
        description=translate(
            "cli",
            "Report a match's result as the results line says it: 'a 3-1' (A won 3 games to "
            "1, a slip; game totals A-B may follow: 'a 3-1 250-20 10-260 300-0 251-9'), 'a ff' "
            "(A wins by forfeit), 'ff' (neither came), 't' (time called; 't b': the director "
            "gives it to B), 'adj b REASON' (the director's ruling, with the PIN). Name the "
            "match by --match ID, or by --event and --table (the latest round unless --round).",
        ),
    )
    add_match_naming(result)
    result.add_argument("result", nargs="+", metavar="RESULT", help=translate("cli", "e.g. a 3-1"))
    result.add_argument(
        "--replace",
        action="store_true",
        help=translate(
            "cli", "set aside the hands or the result already recorded (they stay in the log)"
        ),
    )
    add_by_option(result, says_default=False)
    add_pin_option(result)
    result.set_defaults(func=run_match_result)


def run_match_result(args: argparse.Namespace) -> int:
    from gin_scorer.presentation.entry_grammar import EntryState
    from gin_scorer.presentation.result_grammar import read_result_line, result_words
    from gin_scorer.services.results import record_result

    line = read_result_line(" ".join(args.result), with_table=False)
    if line.state is not EntryState.COMPLETE or line.report is None:
        problem = line.problem or line.hint or translate("cli", "nothing given")
        raise UserError(translate("cli", "result: {0}").format(problem))
    report = line.report
    with opened(args) as db:
        match = named_match(db, args)
        b_name = match.b.name if match.b else translate("cli", "(bye)")
        sheet = with_pin(
            args.pin,
            lambda pin: record_result(
                db,
                match.id,
                report,
                match.version,
                entered_by=entered_by(args, db),
                replace_existing=args.replace,
                pin=pin,
            ),
        )
    print(
        translate("cli", "match {0}: {1}").format(
            match.id, result_words(report, match.a.name, b_name)
        )
    )
    _finished(sheet)
    return 0


def run_match_take_back(args: argparse.Namespace) -> int:
    from gin_scorer.services.results import void_result

    with opened(args) as db:
        current = named_match(db, args)
        sheet = with_pin(
            args.pin,
            lambda pin: void_result(
                db,
                current.id,
                current.version,
                reason=args.reason,
                entered_by=entered_by(args, db),
                pin=pin,
            ),
        )
    print(
        translate("cli", "match {0}: reported result taken back; {1}").format(
            current.id, match_status_word(sheet.match.status)
        )
    )
    return 0


def match_status_word(status: MatchStatus) -> str:
    """A match's status as a word in the reader's language (``match list`` says it too)."""
    words = {
        "pending": translate("cli", "pending"),
        "playing": translate("cli", "playing"),
        "finished": translate("cli", "finished"),
        "locked": translate("cli", "locked"),
    }
    return words.get(status.value, str(status.value))


def _finished(sheet: ScoreSheet) -> None:
    from gin_scorer.presentation.result_grammar import kind_word

    result = sheet.result
    if result is None:
        return
    winner = sheet.winner_entrant
    kind, status = kind_word(result.kind), match_status_word(sheet.match.status)
    a, b, margin = result.games_won.a, result.games_won.b, f"{result.margin:+d}"
    if winner is None and result.points_known:
        said = translate("cli", "{0}: nobody wins, games {1}–{2}, margin {3}; {4}").format(
            kind, a, b, margin, status
        )
    elif winner is None:
        said = translate("cli", "{0}: nobody wins, games {1}–{2}, no game points; {3}").format(
            kind, a, b, status
        )
    else:
        # The winner's games first ("Uma Roy wins, games 3–0"), and the margin theirs.
        for_a = result.winner is None or result.winner.value == "A"
        won, lost = (a, b) if for_a else (b, a)
        margin = f"{result.margin if for_a else -result.margin:+d}"
        if result.points_known:
            said = translate("cli", "{0}: {1} wins, games {2}–{3}, margin {4}; {5}").format(
                kind, winner.name, won, lost, margin, status
            )
        else:
            said = translate("cli", "{0}: {1} wins, games {2}–{3}, no game points; {4}").format(
                kind, winner.name, won, lost, status
            )
    print(f"  {said}")
