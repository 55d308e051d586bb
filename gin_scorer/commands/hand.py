"""``gin-scorer hand``: record, correct, void or undo the hands of a match.

A command that writes into a match reads its current version first (a terminal has no stale
screen), so it still refuses cleanly if another station writes in between.
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

from gin_scorer.commands._arguments import action_parsers, add_by_option, positive
from gin_scorer.commands._database import entered_by, opened
from gin_scorer.commands._errors import UserError
from gin_scorer.commands._pin import add_pin_option, with_pin
from gin_scorer.commands._retry import add_write_key_options, keyed_write, say_saved
from gin_scorer.presentation.words import error_text, say, translate

if TYPE_CHECKING:
    from collections.abc import Callable

    from gin_scorer.core.hands import HandRecord, Problem
    from gin_scorer.services.database import Database
    from gin_scorer.services.dto import HandRow, ScoreSheet


def _side(text: str) -> str:
    if text.strip().upper() not in ("A", "B"):
        raise argparse.ArgumentTypeError(
            translate("cli", "{0} is not a player: write A or B").format(repr(text))
        )
    return text.strip().upper()


def register(subparsers: Any) -> None:
    ha = action_parsers(subparsers, "hand", translate("cli", "record, correct, void or undo hands"))
    _register_add(ha)
    _register_changes(ha)


def _register_add(ha: Any) -> None:
    hadd = ha.add_parser(
        "add",
        help=translate("cli", "record the next hand of a match"),
        description=translate(
            "cli",
            "Record a hand, written in the hand JSON form, e.g. "
            '\'{"knock": "A", "deadwood": {"A": 7, "B": 15}}\', \'{"gin": "B", "deadwood": '
            '{"A": 22}}\' or \'{"dead": true}\'. A hand with errors is refused unless --override '
            "gives the director's reason.",
        ),
    )
    hadd.add_argument("--match", type=positive, required=True, metavar="ID")
    hadd.add_argument(
        "hand", metavar="JSON", help=translate("cli", "the hand (or - to read it from stdin)")
    )
    add_by_option(hadd)
    hadd.add_argument(
        "--override", metavar="REASON", help=translate("cli", "record despite errors, for REASON")
    )
    hadd.add_argument(
        "--dealer",
        type=_side,
        metavar="A|B",
        help=translate("cli", "who dealt (default: by the rules)"),
    )
    add_pin_option(
        hadd,
        translate(
            "cli",
            "director PIN (a locked result or a finished event refuse "
            "hands: unlock or reopen first)",
        ),
    )
    add_write_key_options(hadd)
    hadd.set_defaults(func=run_hand_add)


def _register_changes(ha: Any) -> None:
    hcor = ha.add_parser(
        "correct", help=translate("cli", "replace a recorded hand (HAND_ID from match sheet)")
    )
    hcor.add_argument("hand_id", type=positive, metavar="HAND_ID")
    hcor.add_argument("hand", metavar="JSON", help=translate("cli", "the corrected hand"))
    hcor.add_argument("--reason", required=True)
    add_by_option(hcor)
    hcor.add_argument(
        "--override", metavar="REASON", help=translate("cli", "accept errors in it, for REASON")
    )
    add_pin_option(hcor, translate("cli", "director PIN, when later play relies on the result"))
    add_write_key_options(hcor)
    hcor.set_defaults(func=run_hand_correct)
    hvoid = ha.add_parser(
        "void", help=translate("cli", "withdraw a recorded hand (it stays in the log)")
    )
    hvoid.add_argument("hand_id", type=positive, metavar="HAND_ID")
    hvoid.add_argument("--reason", required=True)
    add_by_option(hvoid)
    hvoid.add_argument("--pin")
    add_write_key_options(hvoid)
    hvoid.set_defaults(func=run_hand_void)
    hundo = ha.add_parser("undo", help=translate("cli", "take back the newest entry of a match"))
    hundo.add_argument("--match", type=positive, required=True, metavar="ID")
    add_by_option(hundo)
    hundo.add_argument("--pin")
    add_write_key_options(hundo)
    hundo.set_defaults(func=run_hand_undo)


def _record(text: str) -> HandRecord:
    from gin_scorer.core.hand_json import record_from_json
    from gin_scorer.core.hands import HandRecordError
    from gin_scorer.core.json_input import JsonInputError, read_json

    if text == "-":
        text = sys.stdin.read()
    try:
        data = read_json(text, "the hand", max_chars=_HAND_CHARS)
    except JsonInputError as error:
        raise UserError(
            translate(
                "cli", '{0}; write it like \'{{"knock": "A", "deadwood": {{"A": 7, "B": 15}}}}\''
            ).format(error_text(error))
        ) from None
    try:
        return record_from_json(data)
    except HandRecordError as error:
        raise UserError(translate("cli", "hand: {0}").format(error_text(error))) from None


# One hand with all its cards is well under 2 KB; anything far larger is not a hand.
_HAND_CHARS = 64 * 1024


def _summary(sheet: ScoreSheet, row: HandRow | None = None) -> None:
    """The hand just entered (default: the newest) and where the match stands."""
    from gin_scorer.presentation.sheet_text import hand_summary

    print("\n".join(hand_summary(sheet, row)))


def run_hand_add(args: argparse.Namespace) -> int:
    from gin_scorer.core.hand_json import record_to_json
    from gin_scorer.core.hands import Side
    from gin_scorer.services import hands
    from gin_scorer.services.errors import HandRejected

    record = _record(args.hand)
    line = repr(sorted(record_to_json(record).items()))  # the hand, however it was written
    try:
        done = keyed_write(
            args,
            lambda _db: int(args.match),
            line,
            lambda db, version, key: with_pin(
                args.pin,
                lambda pin: hands.record_hand(
                    db,
                    args.match,
                    record,
                    version,
                    entered_by=entered_by(args, db),
                    override_reason=args.override,
                    dealer=Side(args.dealer) if args.dealer else None,
                    pin=pin,
                    submission=key,
                ),
            ),
        )
    except HandRejected as error:
        for p in error.problems:
            print("  " + _problem_line(p), file=sys.stderr)
        raise UserError(
            translate(
                "cli",
                'hand refused (errors above); to record it anyway add --override "reason"',
            )
        ) from None
    if done.saved is not None:
        say_saved(done.saved)
        return 0
    assert done.sheet is not None
    _summary(done.sheet)
    return 0


def _problem_line(problem: Problem) -> str:
    """A problem of a refused hand, with its severity, in the reader's language."""
    if problem.is_error:
        return translate("cli", "error: {0}").format(say(problem.words))
    return translate("cli", "warning: {0}").format(say(problem.words))


def run_hand_correct(args: argparse.Namespace) -> int:
    from gin_scorer.core.hand_json import record_to_json
    from gin_scorer.services import hands

    record = _record(args.hand)
    sheet = _write_hand(
        args,
        f"correct {args.hand_id} {sorted(record_to_json(record).items())} {args.reason}",
        lambda db, version, pin, key: hands.correct_hand(
            db,
            args.hand_id,
            record,
            version,
            reason=args.reason,
            entered_by=entered_by(args, db),
            override_reason=args.override,
            pin=pin,
            submission=key,
        ),
    )
    print(translate("cli", "hand entry {0} corrected").format(args.hand_id))
    # The correction is the newest row of the match's log, so the row in force with the
    # highest id is the corrected hand (wherever it sits in the match).
    _summary(sheet, max(sheet.hands, key=lambda r: r.hand_id, default=None))
    return 0


def run_hand_void(args: argparse.Namespace) -> int:
    from gin_scorer.services import hands

    sheet = _write_hand(
        args,
        f"void {args.hand_id} {args.reason}",
        lambda db, version, pin, key: hands.void_hand(
            db,
            args.hand_id,
            version,
            reason=args.reason,
            entered_by=entered_by(args, db),
            pin=pin,
            submission=key,
        ),
    )
    print(translate("cli", "hand entry {0} voided").format(args.hand_id))
    _summary(sheet)
    return 0


def _write_hand(
    args: argparse.Namespace,
    line: str,
    write: Callable[[Database, int, str | None, str], ScoreSheet],
) -> ScoreSheet:
    """``write(db, version, pin, key)`` on the match holding hand entry ``args.hand_id``: the
    version read just before (or ``--expect-version``), the PIN asked only when the services
    want one, under a key and retried while the server is away (``_retry``)."""
    from gin_scorer.services.lookups import match_of_hand
    from gin_scorer.services.matches import get_score_sheet

    done = keyed_write(
        args,
        lambda db: match_of_hand(db, args.hand_id),
        line,
        lambda db, version, key: with_pin(args.pin, lambda pin: write(db, version, pin, key)),
    )
    if done.saved is None:
        assert done.sheet is not None
        return done.sheet
    say_saved(done.saved)
    with opened(args) as db:
        return get_score_sheet(db, done.saved.match_id)


def run_hand_undo(args: argparse.Namespace) -> int:
    from gin_scorer.services import hands, matches

    done = keyed_write(
        args,
        lambda _db: int(args.match),
        "undo",
        lambda db, version, key: with_pin(
            args.pin,
            lambda pin: hands.undo_last_entry(
                db, args.match, version, entered_by=entered_by(args, db), pin=pin, submission=key
            ),
        ),
        repeatable=True,  # undo, undo again: a redo
    )
    if done.saved is not None:
        say_saved(done.saved)
        with opened(args) as db:
            sheet = matches.get_score_sheet(db, args.match)
    else:
        assert done.sheet is not None
        sheet = done.sheet
    print(translate("cli", "newest entry of match {0} undone").format(args.match))
    _summary(sheet)
    return 0
