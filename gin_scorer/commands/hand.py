"""``gin-scorer hand``: record, correct, void or undo the hands of a match.

A hand is typed as the desk and the phones take it (``ak7 15``, ``bg22``, ``d``, ``md``,
``… @Qs``), or as JSON. ``hand add … -`` reads a file of them, one hand a line, all or nothing
(:mod:`._hand_lines`); ``correct`` and ``void`` name a hand by its number on the sheet
(:mod:`._hand_changes`).

A command that writes into a match reads its current version first (a terminal has no stale
screen), so it still refuses cleanly if another station writes in between.
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from gin_scorer.commands._database import entered_by
from gin_scorer.commands._errors import UserError
from gin_scorer.commands._hand_lines import run_hand_lines
from gin_scorer.commands._hand_text import print_problems, print_summary, read_typed, typed_text
from gin_scorer.commands._match_naming import named_match
from gin_scorer.commands._pin import with_pin
from gin_scorer.commands._retry import keyed_write, say_saved
from gin_scorer.core.hands import Side
from gin_scorer.presentation.words import translate
from gin_scorer.services.support.errors import HandRejected
from gin_scorer.services.writes import hands

if TYPE_CHECKING:
    from gin_scorer.services.support.database import Database
    from gin_scorer.services.support.dto import ScoreSheet


def run_hand_add(args: argparse.Namespace) -> int:
    text = typed_text(args.hand)
    if text == "-":
        return run_hand_lines(args, sys.stdin.read())
    return _add_one(args, text)


def _add_one(args: argparse.Namespace, text: str) -> int:
    """One hand, under a key and retried while the database does not answer (``_retry``):
    the line as typed, spaces and case aside, is what the key is made from."""

    def write(db: Database, version: int, key: str) -> ScoreSheet:
        match_id, who = named_match(db, args).id, entered_by(args, db)
        return with_pin(
            args.pin,
            lambda pin: hands.record_read_hand(
                db,
                match_id,
                lambda before: (read_typed(text, before), who),
                version,
                override_reason=args.override,
                dealer=Side(args.dealer) if args.dealer else None,
                pin=pin,
                submission=key,
            ),
        )

    line = " ".join(text.split()).casefold()
    try:
        done = keyed_write(args, lambda db: named_match(db, args).id, line, write)
    except HandRejected as error:
        print_problems(error.problems)
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
    print_summary(done.sheet)
    return 0
