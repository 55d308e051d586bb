"""``gin-scorer match result`` and ``match take-back``: a match's result from a slip, a
forfeit, time called or the director's ruling, in the results line's words (``a 3-1``)."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from gin_scorer.commands._database import entered_by, opened
from gin_scorer.commands._errors import UserError
from gin_scorer.commands._match_naming import named_match
from gin_scorer.commands._pin import with_pin
from gin_scorer.presentation.entry_grammar import EntryState
from gin_scorer.presentation.result_grammar import kind_word, read_result_line, result_words
from gin_scorer.presentation.words import translate
from gin_scorer.services.writes.results import record_result, void_result

if TYPE_CHECKING:
    from gin_scorer.services.support.dto import MatchStatus, ScoreSheet


def run_match_result(args: argparse.Namespace) -> int:

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
