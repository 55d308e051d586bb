"""``gin-scorer hand correct``, ``void``, ``undo`` and ``redo``: a hand named by its number on
the sheet (undo and redo take the match's newest change, as the desk's Ctrl+Z does).

The number people see is the hand's number on the score sheet (the ``#`` column, what
``hand add`` prints): ``--match ID --hand N``, or ``--event ID --table N --hand N``. The
hand log's own row id is still taken, said as such: ``--entry ID`` (the ``entry`` column).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from gin_scorer.commands._database import entered_by
from gin_scorer.commands._errors import UserError
from gin_scorer.commands._hand_text import print_summary, read_typed, typed_text
from gin_scorer.commands._match_naming import named_match
from gin_scorer.commands._pin import with_pin
from gin_scorer.commands._retry import keyed_write, say_saved
from gin_scorer.presentation.sheet_text import match_standing, void_note
from gin_scorer.presentation.words import translate
from gin_scorer.services.queries.lookups import match_of_hand
from gin_scorer.services.writes import hands, matches

if TYPE_CHECKING:
    from gin_scorer.services.support.database import Database
    from gin_scorer.services.support.dto import ScoreSheet


@dataclass(frozen=True, slots=True)
class _Target:
    """The hand a correction or a void is about: its row in force, the version of its match
    read with it, and its number on the sheet."""

    entry_id: int
    sheet: ScoreSheet
    number: int | None

    @property
    def version(self) -> int:
        return self.sheet.version


def _which_hand(db: Database, args: argparse.Namespace, stray: str | None) -> _Target:

    if args.entry is not None:
        if args.hand_number is not None or args.match_id is not None or args.table is not None:
            raise UserError(
                translate("cli", "--entry names the log row itself: leave out --hand and the match")
            )

        sheet = matches.get_score_sheet(db, match_of_hand(db, args.entry))
        numbers = {row.hand_id: row.number for row in sheet.hands}
        return _Target(args.entry, sheet, numbers.get(args.entry))
    if args.hand_number is None:
        raise UserError(_say_which(stray))
    sheet = matches.get_score_sheet(db, named_match(db, args).id)
    for row in sheet.hands:
        if row.number == args.hand_number:
            return _Target(row.hand_id, sheet, row.number)
    count = len(sheet.hands)
    if count == 0:
        said = translate("cli", "match {0} has no hand on its sheet yet")
        raise UserError(said.format(sheet.match.id))
    said = translate("cli", "match {0} has hands 1 to {1} on its sheet: there is no hand {2}")
    raise UserError(said.format(sheet.match.id, count, args.hand_number))


def _say_which(stray: str | None) -> str:
    """How to name the hand; ``stray`` is a lone number typed the old way (a log id)."""
    said = translate(
        "cli",
        "say which hand: --hand N (its number on the sheet) with --match ID or --event ID "
        "--table N, or --entry ID (its row in the log)",
    )
    if stray is not None and stray.isdigit():
        old = translate("cli", "{0} alone is neither: for log entry {0} write --entry {0}")
        return f"{said}; {old.format(stray)}"
    return said


def _stray_number(words: list[str]) -> tuple[str | None, list[str]]:
    """``hand correct 3 LINE`` (the old form, a log id first): the number apart."""
    if len(words) > 1 and words[0].isdigit():
        return words[0], words[1:]
    return None, words


def run_hand_correct(args: argparse.Namespace) -> int:

    words, stray = list(args.hand), None
    if args.hand_number is None and args.entry is None:
        stray, words = _stray_number(words)
    text = typed_text(words)
    chosen: list[_Target] = []

    def write(db: Database, version: int, key: str) -> ScoreSheet:
        target = _which_hand(db, args, stray)
        chosen[:] = [target]
        record = read_typed(text, target.sheet)
        who = entered_by(args, db)
        return with_pin(
            args.pin,
            lambda pin: hands.correct_hand(
                db,
                target.entry_id,
                record,
                version,
                reason=args.reason,
                entered_by=who,
                override_reason=args.override,
                pin=pin,
                submission=key,
            ),
        )

    line = f"correct {_hand_named(args, stray)} {' '.join(text.split())} {args.reason}"
    sheet = _keyed(args, stray, line, write)
    if sheet is None:
        return 0
    target = chosen[0]
    newest = max(e.id for e in sheet.log)
    row = next((r for r in sheet.hands if r.hand_id == newest), None)
    number = row.number if row is not None else target.number
    said = translate("cli", "match {0}: hand {1} corrected (log entry {2} replaces entry {3})")
    print(said.format(sheet.match.id, number, newest, target.entry_id))
    print_summary(sheet, row)
    return 0


def run_hand_void(args: argparse.Namespace) -> int:

    if args.old_id is not None and args.hand_number is None and args.entry is None:
        raise UserError(_say_which(args.old_id))
    chosen: list[_Target] = []

    def write(db: Database, version: int, key: str) -> ScoreSheet:
        target = _which_hand(db, args, args.old_id)
        chosen[:] = [target]
        who = entered_by(args, db)
        return with_pin(
            args.pin,
            lambda pin: hands.void_hand(
                db,
                target.entry_id,
                version,
                reason=args.reason,
                entered_by=who,
                pin=pin,
                submission=key,
            ),
        )

    line = f"void {_hand_named(args, args.old_id)} {args.reason}"
    sheet = _keyed(args, args.old_id, line, write)
    if sheet is None:
        return 0
    target = chosen[0]
    newest = max(e.id for e in sheet.log)
    if target.number is not None:
        said = translate("cli", "match {0}: hand {1} voided (log entry {2} voids entry {3})")
        print(said.format(sheet.match.id, target.number, newest, target.entry_id))
    else:
        said = translate("cli", "match {0}: log entry {1} voided by entry {2}")
        print(said.format(sheet.match.id, target.entry_id, newest))
    print("  " + void_note())
    print(translate("cli", "match {0}: {1}").format(sheet.match.id, match_standing(sheet)))
    return 0


def run_hand_undo(args: argparse.Namespace) -> int:
    return _taken_back(args, again=False)


def run_hand_redo(args: argparse.Namespace) -> int:
    return _taken_back(args, again=True)


def _taken_back(args: argparse.Namespace, *, again: bool) -> int:
    """``hand undo`` / ``hand redo``: the services' undo (redo) of the match's newest change,
    the same one the desk's Ctrl+Z (Ctrl+Shift+Z) and a table's take-back would take."""

    service = hands.redo if again else hands.undo

    def write(db: Database, version: int, key: str) -> ScoreSheet:
        match = named_match(db, args)
        return with_pin(
            args.pin,
            lambda pin: service(
                db, match.id, version, entered_by=entered_by(args, db), pin=pin, submission=key
            ),
        )

    line = "redo" if again else "undo"
    done = keyed_write(args, lambda db: named_match(db, args).id, line, write, repeatable=True)
    if done.saved is not None:
        say_saved(done.saved)
        return 0
    assert done.sheet is not None
    if again:
        said = translate("cli", "newest undo in match {0} taken back")
    else:
        said = translate("cli", "newest change to match {0} undone")
    print(said.format(done.sheet.match.id))
    print_summary(done.sheet)
    return 0


def _hand_named(args: argparse.Namespace, stray: str | None) -> str:
    """The hand a command names, as its key's part (the match is the key's own)."""
    return f"hand={args.hand_number} entry={args.entry} stray={stray}"


def _keyed(
    args: argparse.Namespace,
    stray: str | None,
    line: str,
    write: Callable[[Database, int, str], ScoreSheet],
) -> ScoreSheet | None:
    """``write`` under a key, retried while the database does not answer (``_retry``); None
    when an earlier try had saved it (said as such)."""
    done = keyed_write(args, lambda db: _which_hand(db, args, stray).sheet.match.id, line, write)
    if done.saved is not None:
        say_saved(done.saved)
        return None
    return done.sheet
