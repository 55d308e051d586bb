"""``gin-scorer import`` and ``gin-scorer export``: entrants in, results and events out.

Imports are all or nothing: a file with any bad row writes nothing and every problem is
printed with its row. ``export event`` writes a JSON file that ``import event`` turns back
into the identical event in another database.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

from gin_scorer.commands._database import opened
from gin_scorer.commands._errors import UserError
from gin_scorer.presentation.words import error_text, say, translate
from gin_scorer.services.support.entrant_rows import read_entrants_file
from gin_scorer.services.support.errors import RowsRejected
from gin_scorer.services.support.spreadsheet_csv import write_csv_file
from gin_scorer.services.writes import exchange


def _utf8(path: Path) -> str:
    return path.read_text(encoding="utf-8-sig")


def _read(name: str, read: Callable[[Path], str] = _utf8) -> str:
    """The file ``name`` (``-``: standard input) read by ``read``; a file that cannot be read
    is a :class:`UserError` naming it."""
    if name == "-":
        return sys.stdin.read()
    try:
        return read(Path(name))
    except FileNotFoundError:
        raise UserError(translate("cli", "{0}: no such file").format(name)) from None
    except UnicodeDecodeError:
        raise UserError(
            translate("cli", "{0}: not a UTF-8 text file (save it as CSV UTF-8)").format(name)
        ) from None
    except ValueError as error:  # the reader's own refusal, e.g. a workbook, not a CSV
        raise UserError(
            translate("cli", "{0} cannot be imported: {1}").format(name, error_text(error))
        ) from None
    except OSError as error:
        raise UserError(
            translate("cli", "{0}: cannot be read: {1}").format(name, error.strerror)
        ) from None


def run_import_entrants(args: argparse.Namespace) -> int:

    # Excel's plain "CSV" is Windows-1252: read it as the app does.
    text = _read(args.file, read_entrants_file)
    with opened(args) as db:
        try:
            made = exchange.import_entrants_csv(db, args.event, text)
        except RowsRejected as error:
            for problem in error.problems:
                print(f"  {say(problem)}", file=sys.stderr)
            count = len(error.problems)
            if count == 1:
                refusal = translate("cli", "{0}: nothing imported, {1} problem (listed above)")
            else:
                refusal = translate("cli", "{0}: nothing imported, {1} problems (listed above)")
            raise UserError(refusal.format(args.file, count)) from None
    if len(made) == 1:
        done = translate("cli", "{0} entrant imported into event {1}")
    else:
        done = translate("cli", "{0} entrants imported into event {1}")
    print(done.format(len(made), args.event))
    return 0


def run_import_event(args: argparse.Namespace) -> int:

    text = _read(args.file)
    with opened(args, create=True) as db:
        try:
            made = exchange.import_event_json(db, text)
        except RowsRejected as error:
            for problem in error.problems:
                print(f"  {say(problem)}", file=sys.stderr)
            raise UserError(
                translate("cli", "{0}: nothing imported (problems listed above)").format(args.file)
            ) from None
    if made.entrant_count == 1:
        said = translate("cli", "event {0} imported: {1} (1 entrant)")
    else:
        said = translate("cli", "event {0} imported: {1} ({2} entrants)")
    print(said.format(made.id, made.name, made.entrant_count))
    return 0


def run_export(args: argparse.Namespace) -> int:

    fmt = args.format
    if fmt is None:
        fmt = "csv" if args.out and args.out.lower().endswith(".csv") else "json"
    if args.what == "event" and fmt != "json":
        raise UserError(translate("cli", "an event exports as JSON only (--format json)"))
    with opened(args) as db:
        if args.what == "event":
            text = exchange.export_event_json(db, args.event)
        elif args.what == "entrants":
            text = exchange.export_entrants(db, args.event, fmt)
        elif args.what == "results":
            text = exchange.export_results(db, args.event, fmt)
        else:
            text = exchange.export_hands(db, args.event, fmt)
    if not args.out:
        # The terminal's own line ends: Windows turns each \n into CRLF itself, so a CRLF
        # left in would reach a redirected file as CR CR LF.
        sys.stdout.write(text.replace("\r\n", "\n") if fmt == "csv" else text)
        return 0
    try:
        if fmt == "csv":
            write_csv_file(Path(args.out), text)  # with the BOM and CRLF Excel expects
        else:
            Path(args.out).write_text(text, encoding="utf-8")
    except OSError as error:
        raise UserError(
            translate("cli", "{0}: cannot be written: {1}").format(args.out, error.strerror)
        ) from None
    print(_written(args.what).format(args.event, args.out))
    return 0


def _written(what: str) -> str:
    """The line saying where an export went, for each thing exported."""
    if what == "event":
        return translate("cli", "event of event {0} written to {1}")
    if what == "entrants":
        return translate("cli", "entrants of event {0} written to {1}")
    if what == "results":
        return translate("cli", "results of event {0} written to {1}")
    return translate("cli", "hands of event {0} written to {1}")
