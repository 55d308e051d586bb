"""CSV as spreadsheets read it: the one writer every CSV export goes through, and the rule
that keeps a cell from turning into a live formula when a director opens the file.

A spreadsheet treats a cell starting with ``=``, ``+``, ``-`` or ``@`` (or a tab or carriage
return before one) as a formula; an entrant called ``=HYPERLINK(...)`` would run as soon as
the results are opened (OWASP "CSV injection"). Every *text* cell that starts so is written
with a single quote in front; numbers (a score of -25) are written as numbers. The importer
takes that quote off again (:func:`restore_text`), so a name survives export and import
exactly as the director typed it. Why the files are UTF-8 with a BOM and CRLF line ends:
docs/decisions/0002-csv-dialect.md.
"""

from __future__ import annotations

import csv
import io
import os
import re
from collections.abc import Iterable, Sequence
from pathlib import Path

from gin_scorer.services.support.stored_json import dumps

__all__ = [
    "CSV_FILE_ENCODING",
    "FORMULA_STARTS",
    "csv_text",
    "neutralise",
    "restore_text",
    "write_csv_file",
]

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
CSV_FILE_ENCODING = "utf-8-sig"  # the BOM tells Excel the file is UTF-8, not the ANSI code page

# A text that already starts with quotes before a formula character gets one more, so that
# taking one quote off on import gives back exactly the text that was exported.
_NEEDS_QUOTE = re.compile("'*[=+\\-@\t\r]")
_QUOTED = re.compile("'+[=+\\-@\t\r]")


def neutralise(text: str) -> str:
    """``text`` as a spreadsheet must see it: a quote in front when it would start a formula.

    >>> neutralise("=1+1"), neutralise("Ann"), neutralise("'=x")
    ("'=1+1", 'Ann', "''=x")
    """
    return "'" + text if _NEEDS_QUOTE.match(text) else text


def restore_text(text: str) -> str:
    """A cell read back from a file :func:`neutralise` wrote: the added quote taken off.

    >>> restore_text("'=1+1"), restore_text("'Tex' Lee"), restore_text("''=x")
    ('=1+1', "'Tex' Lee", "'=x")
    """
    return text[1:] if _QUOTED.match(text) else text


def _cell(value: object) -> str:
    """One value as a cell: numbers as numbers, yes/no, nested values as compact JSON, and
    every text neutralised."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int | float):
        return str(value)  # a real number: a spreadsheet must add it up, never a formula
    if isinstance(value, dict | list):
        return neutralise(dumps(value))
    return neutralise(str(value))


def csv_text(columns: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    """A header and rows as CSV text: commas, ``"`` doubled inside quoted cells, CRLF line
    ends (RFC 4180, what Excel writes), every text cell neutralised."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, dialect="excel", lineterminator="\r\n")
    writer.writerow([neutralise(c) for c in columns])
    for row in rows:
        writer.writerow([_cell(value) for value in row])
    return buffer.getvalue()


def write_csv_file(path: Path, text: str) -> Path:
    """Write CSV text as Excel and LibreOffice open it without asking: UTF-8 with a BOM,
    line ends untouched (text mode on Windows would turn CRLF into CR CR LF). Replaces the
    file in one step, so a failed write never leaves half a file. Raises :class:`OSError`."""
    partial = path.with_name(f".{path.name}.partial")
    try:
        with partial.open("w", encoding=CSV_FILE_ENCODING, newline="") as out:
            out.write(text)
        os.replace(partial, path)
    finally:
        partial.unlink(missing_ok=True)
    return path
