"""Entrants as a director brings them: a CSV file, rows pasted from a spreadsheet, or names
typed one per line. Every form becomes :class:`ParsedEntrants` — the entrants, a label for
each ("row 7", "line 3") and every problem as one sentence naming its row or line — so the
import, the new-event dialog and the add-entrants dialog refuse bad input the same way.

A CSV is read as Excel and LibreOffice write it (docs/decisions/0002-csv-dialect.md): only
the separator is chosen, quoting is the standard one. A name is one line; a list holds at
most 10,000 rows, and anything far bigger is refused in one line before it is parsed.

Parsing writes nothing: :func:`gin_scorer.services.writes.entrants.insert_entrants` then checks what
only the database knows (names already entered, seeds taken) under the same labels.
"""

from __future__ import annotations

import codecs
import csv
import io
import unicodedata
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from _csv import Reader as _csv_reader

from gin_scorer.core.wording import Said, said
from gin_scorer.services.support.dto import EntrantSpec
from gin_scorer.services.support.entrant_checks import Word, label, labelled, typed_team
from gin_scorer.services.support.errors import Unreadable
from gin_scorer.services.support.spreadsheet_csv import restore_text

ENTRANT_COLUMNS = ("name", "club", "member_number", "seed", "partner")
_REQUIRED_COLUMNS = ("name",)
_DELIMITERS = (",", ";", "\t")

# An event has at most a few thousand entrants: anything far bigger is a wrong file, and is
# refused at once instead of being parsed for minutes (600,000 rows took 4 minutes).
MAX_ROWS = 10_000
MAX_FILE_BYTES = 5_000_000
MAX_TEXT_CHARACTERS = 5_000_000
MAX_CELL_CHARACTERS = 200
_LINE_BREAKS = frozenset("\n\r\x0b\x0c\x85\u2028\u2029")  # what str.splitlines() splits on
_UNREAD_BYTES = 64_000_000  # beyond this a file is refused by its size alone, unread


@dataclass(frozen=True, slots=True)
class ParsedEntrants:
    """The entrants read: ``specs`` with their ``labels`` ("row 7"), and ``problems`` (one
    sentence each, naming the row), all :class:`Said` (``str()`` is their English)."""

    specs: tuple[EntrantSpec, ...]
    labels: tuple[Said, ...]
    problems: tuple[Said, ...]


def _header_columns(cells: list[str]) -> list[str]:
    return [cell.strip().lower().replace(" ", "_") for cell in cells]


def _shown(cell: str) -> str:
    """A cell quoted in a message: escapes visible, cut short if it runs on."""
    return repr(cell) if len(cell) <= 40 else repr(cell[:40]) + "…"


def _header_problems(columns: list[str], where: Said) -> list[Said]:
    problems: list[Said] = []
    unknown = [c for c in columns if c not in ENTRANT_COLUMNS]
    if unknown:
        shown = (_shown(unknown[0]), ", ".join(ENTRANT_COLUMNS))
        problems.append(labelled(where, said("unknown column {0} (the columns are {1})", *shown)))
    for needed in _REQUIRED_COLUMNS:
        if needed not in columns:
            problems.append(labelled(where, said("the header has no {0} column", repr(needed))))
    twice = sorted({c for c in columns if columns.count(c) > 1})
    if twice:
        problems.append(labelled(where, said("column {0} appears twice", _shown(twice[0]))))
    return problems


def _cell_problem(text: str, column: str, where: Said) -> Said | None:
    """What makes one cell unusable, in a sentence naming its row and column: a line break
    (a name is one line: folding it silently could hide a quote that swallowed the rows
    below), a control character, or a cell too long to be a name."""
    control = next((ch for ch in text if unicodedata.category(ch) == "Cc"), None)
    if any(ch in _LINE_BREAKS for ch in text):
        problem = said(
            "the cell holds a line break, but an entrant's {0} is one line (take it out in "
            "the spreadsheet; or is a closing quote missing?)",
            column,
        )
    elif control is not None:
        problem = said(
            "the cell holds the control character {0}, which no entrant's {1} may contain",
            f"U+{ord(control):04X}",
            column,
        )
    elif len(text) > MAX_CELL_CHARACTERS:
        problem = said(
            "{0} characters, but a cell holds at most {1}", f"{len(text):,}", MAX_CELL_CHARACTERS
        )
    else:
        return None
    return said("{0}, column {1}: {2}", where, column, problem)


def _spec(
    cells: list[str], columns: Sequence[str], where: Said, room: Said, *, from_sheet: bool
) -> EntrantSpec | Said:
    """One row's entrant, or the sentence saying what is wrong with it (``room`` says how
    many cells a row may have). Cells from a spreadsheet (``from_sheet``) lose the quote an
    export put before a would-be formula, so a name comes back exactly as it was typed."""
    if len(cells) > len(columns):
        return labelled(where, said("{0} cells but {1}", len(cells), room))
    values: dict[str, str] = {}
    for column, cell in zip(columns, cells, strict=False):
        text = cell.strip()
        if from_sheet:
            text = restore_text(text)
        problem = _cell_problem(text, column, where)
        if problem is not None:
            return problem
        values[column] = text
    seed_text = values.get("seed", "")
    seed: int | None = None
    if seed_text:
        if not (seed_text.isascii() and seed_text.isdigit()):
            return labelled(where, said("seed {0} is not a number", _shown(seed_text)))
        seed = int(seed_text)
    name, club, member, partner = (values.get(c, "") for c in ENTRANT_COLUMNS if c != "seed")
    spec = EntrantSpec(name, club, member, seed, partner)
    return spec if from_sheet else typed_team(spec)  # a typed line may be a team


def _collect(
    rows: Iterable[tuple[int, list[str]]],
    columns: Sequence[str],
    word: Word,
    problems: list[Said],
    room: Said | None = None,
    *,
    from_sheet: bool = True,
) -> ParsedEntrants:
    specs: list[EntrantSpec] = []
    labels: list[Said] = []
    for number, cells in rows:
        if not any(cell.strip() for cell in cells):
            continue
        where = label(word, number)
        spec = _spec(
            cells,
            columns,
            where,
            room or said("the header has {0} columns", len(columns)),
            from_sheet=from_sheet,
        )
        if isinstance(spec, Said):
            problems.append(spec)
            continue
        specs.append(spec)
        labels.append(where)
    return ParsedEntrants(tuple(specs), tuple(labels), tuple(problems))


def _reader(text: str, delimiter: str) -> _csv_reader:
    """The standard reader in the dialect Excel and LibreOffice write: ``"`` quotes a cell,
    a doubled ``""`` inside it is one quote, a quoted cell may hold the delimiter and line
    breaks. Not strict: a stray quote inside an unquoted cell (Ann "Ace" Lee) is kept."""
    return csv.reader(
        io.StringIO(text, newline=""),
        delimiter=delimiter,
        quotechar='"',
        doublequote=True,
        skipinitialspace=False,
        strict=False,
    )


def _records(
    text: str, delimiter: str, word: Word, problems: list[Said]
) -> Iterator[tuple[int, list[str]]]:
    """Every record with its number as the reader sees it: ``row`` counts records as a
    spreadsheet numbers its rows (blank ones too), ``line`` is the line of the text box the
    record starts on. A record the reader cannot take ends the reading with a problem."""
    reader = _reader(text, delimiter)
    row = 0
    while True:
        start_line = reader.line_num + 1
        row += 1
        try:
            cells = next(reader)
        except StopIteration:
            return
        except csv.Error:  # only a cell over the reader's field limit (131,072) gets here
            problem = said(
                "a cell runs on for over {0} characters (is a closing quote missing?)",
                f"{csv.field_size_limit():,}",
            )
            problems.append(labelled(label(word, row if word == "row" else start_line), problem))
            return
        yield (row if word == "row" else start_line), cells


def _first_record(text: str, delimiter: str) -> list[str]:
    """The first non-blank record read with ``delimiter`` (empty when there is none)."""
    try:
        for cells in _reader(text, delimiter):
            if any(cell.strip() for cell in cells):
                return cells
    except csv.Error:
        pass
    return []


def _delimiter(text: str) -> str:
    """The separator of a CSV, from its header: the one of comma, semicolon (European
    locales) and tab (Excel's "Unicode text") that reads a ``name`` column, in the most
    columns; without such a header, the one that reads the most columns (commas on a tie).
    Nothing else about the dialect is guessed: spreadsheets all quote the same way."""
    widths = {d: _header_columns(_first_record(text, d)) for d in _DELIMITERS}
    named = [d for d in _DELIMITERS if "name" in widths[d]]
    return max(named or _DELIMITERS, key=lambda d: len(widths[d]))


def size_problem(text: str) -> Said | None:
    """Why ``text`` is too big to be an entrant list (too many rows, else too many
    characters), or None. Rows are counted only when the text has more lines than a list
    may hold, so a normal list costs nothing."""
    if len(text) <= _UNREAD_BYTES:
        rows = _rows_problem(text)
        if rows is not None:
            return rows
    if len(text) > MAX_TEXT_CHARACTERS:
        sizes = (f"{len(text):,}", f"{MAX_TEXT_CHARACTERS:,}")
        return said("it holds {0} characters; an entrant list is at most {1}", *sizes)
    return None


def _rows_problem(text: str) -> Said | None:
    if text.count("\n") <= MAX_ROWS:
        return None
    rows = sum(1 for cells in _reader(text, ",") if any(c.strip() for c in cells))
    if rows > MAX_ROWS + 1:  # the header row comes on top of the entrants
        counts = (f"{rows:,}", f"{MAX_ROWS:,}")
        return said("it has {0} rows; an entrant list holds at most {1}", *counts)
    return None


def parse_entrants_csv(text: str, *, word: Word = "row") -> ParsedEntrants:
    """Read an entrants CSV (header: name, club, member_number, seed, partner; only ``name``
    is required; columns in any order; commas, semicolons or tabs; quoted cells as Excel
    and LibreOffice write them). Rows are numbered as a spreadsheet shows them (the header
    is row 1); with ``word="line"`` by the line of the text they start on. Blank lines are
    skipped."""
    text = text.removeprefix("\ufeff")  # a BOM from spreadsheet programs
    too_big = size_problem(text)
    if too_big is not None:
        return ParsedEntrants((), (), (too_big,))
    problems: list[Said] = []
    records = _records(text, _delimiter(text), word, problems)
    header: tuple[int, list[str]] | None = next(
        (r for r in records if any(cell.strip() for cell in r[1])), None
    )
    if header is None:
        empty = said(
            "the file is empty: the first row must be the header "
            "name, club, member_number, seed, partner"
        )
        return ParsedEntrants((), (), tuple(problems) or (empty,))
    columns = _header_columns(header[1])
    refused = _header_problems(columns, label(word, header[0]))
    if refused:
        return ParsedEntrants((), (), tuple(refused))
    return _collect(records, columns, word, problems)


def read_entrants_file(path: Path) -> str:
    """An entrants file as spreadsheet programs save it: UTF-8 (with or without a BOM),
    UTF-16 with its BOM (Excel's "Unicode text"), else Windows-1252 (Excel's plain "CSV").
    Raises :class:`OSError`, or :class:`Unreadable` (a ValueError) for a file that is not
    text (a workbook saved as .xlsx) or far too big to be an entrant list (refused unparsed)."""
    size = path.stat().st_size
    if size > _UNREAD_BYTES:  # not even read: counting its rows would take a while
        raise Unreadable(_bytes_problem(size))
    return decode_entrants_bytes(path.read_bytes())


def decode_entrants_bytes(data: bytes) -> str:
    """The text of an entrants file's bytes, decoded and size-checked as
    :func:`read_entrants_file` says; :class:`Unreadable` (one line) when refused."""
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        try:
            text = data.decode("utf-16")
        except UnicodeDecodeError:
            utf16 = said("it starts as UTF-16 text but does not decode as UTF-16")
            raise Unreadable(utf16) from None
    elif b"\x00" in data[:4096]:
        raise Unreadable(said("it is not a text file: save it from the spreadsheet as CSV"))
    else:
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError:
            text = data.decode("cp1252", errors="replace")
    if (too_many := _rows_problem(text)) is not None:
        raise Unreadable(too_many)
    if len(data) > MAX_FILE_BYTES:
        raise Unreadable(_bytes_problem(len(data)))
    return text


def _bytes_problem(size: int) -> Said:
    sizes = (f"{size / 1e6:,.1f}", MAX_FILE_BYTES // 10**6)
    return said("it is {0} MB; an entrant list is at most {1} MB", *sizes)


def has_header(text: str) -> bool:
    """Whether the first non-blank row is a header row: one of its cells is ``name``."""
    return any("name" in _header_columns(_first_record(text, d)) for d in _DELIMITERS)


def parse_entrants_text(text: str) -> ParsedEntrants:
    """Entrants typed or pasted into a box, each problem naming its line:

    - a header row first (a cell reads ``name``): read as an entrants CSV;
    - rows holding tabs (pasted from a spreadsheet, no header): the cells are name, club,
      member number, seed, partner, in that order;
    - otherwise one name per line, commas, quotes and all ("Smith, Jo" is one entrant); a
      line "Ann Lee & Bob Roe" is a team of two, "Ann & Bob & Cy" one of three.

    Blank lines are skipped; an entrant listed twice is a problem.

    >>> parse_entrants_text("Ann\\n\\n Bob ").specs[1].name
    'Bob'
    >>> parse_entrants_text("Ann\\tNorth Club\\t1207").specs[0].club
    'North Club'
    """
    text = text.removeprefix("\ufeff")
    if not text.strip():
        return ParsedEntrants((), (), ())
    too_big = size_problem(text)
    if too_big is not None:
        return ParsedEntrants((), (), (too_big,))
    if has_header(text):
        parsed = parse_entrants_csv(text, word="line")
    elif "\t" in text:
        problems: list[Said] = []
        parsed = _collect(
            _records(text, "\t", "line", problems),
            ENTRANT_COLUMNS,
            "line",
            problems,
            room=said("a pasted row has at most 5 (name, club, member number, seed, partner)"),
        )
    else:
        lines = enumerate(text.splitlines(), start=1)
        parsed = _collect(
            ((n, [line]) for n, line in lines), ("name",), "line", [], from_sheet=False
        )
    return _without_repeats(parsed)


def _without_repeats(parsed: ParsedEntrants) -> ParsedEntrants:
    """The same entrant twice in one list is a problem (at the second mention)."""
    first: dict[str, Said] = {}
    problems = list(parsed.problems)
    for spec, where in zip(parsed.specs, parsed.labels, strict=True):
        key = spec.name.casefold()
        if key in first:
            twice = said("{0} is listed twice ({1} too)", _shown(spec.name), first[key])
            problems.append(labelled(where, twice))
        else:
            first[key] = where
    return ParsedEntrants(parsed.specs, parsed.labels, tuple(sorted(problems, key=problem_order)))


def problem_order(problem: Said) -> tuple[int, str]:
    """Sort key putting problems in the order of their rows or lines (read in English)."""
    english = str(problem)
    head = english.split(":", 1)[0]
    number = head.rsplit(" ", 1)[-1]
    return (int(number) if number.isdigit() else 0, english)


__all__ = [
    "ENTRANT_COLUMNS",
    "MAX_CELL_CHARACTERS",
    "MAX_FILE_BYTES",
    "MAX_ROWS",
    "ParsedEntrants",
    "Word",
    "decode_entrants_bytes",
    "has_header",
    "label",
    "parse_entrants_csv",
    "parse_entrants_text",
    "problem_order",
    "read_entrants_file",
    "size_problem",
]
