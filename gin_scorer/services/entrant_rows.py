"""Entrants as a director brings them: a CSV file, rows pasted from a spreadsheet, or names
typed one per line. Every form becomes :class:`ParsedEntrants` — the entrants, a label for
each ("row 7", "line 3") and every problem as one sentence naming its row or line — so the
import, the new-event dialog and the add-entrants dialog refuse bad input the same way.

Parsing writes nothing: :func:`gin_scorer.services.entrants.insert_entrants` then checks what
only the database knows (names already entered, seeds taken) under the same labels.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gin_scorer.services.dto import EntrantSpec

ENTRANT_COLUMNS = ("name", "club", "member_number", "seed", "partner")
_REQUIRED_COLUMNS = ("name",)


@dataclass(frozen=True, slots=True)
class ParsedEntrants:
    """The entrants read: ``specs`` with their ``labels`` ("row 7"), and ``problems`` (one
    sentence each, naming the row)."""

    specs: tuple[EntrantSpec, ...]
    labels: tuple[str, ...]
    problems: tuple[str, ...]


def _header_columns(cells: list[str]) -> list[str]:
    return [cell.strip().lower().replace(" ", "_") for cell in cells]


def _header_problems(columns: list[str], where: str) -> list[str]:
    problems: list[str] = []
    unknown = [c for c in columns if c not in ENTRANT_COLUMNS]
    if unknown:
        problems.append(
            f"{where}: unknown column {unknown[0]!r} (the columns are "
            + ", ".join(ENTRANT_COLUMNS)
            + ")"
        )
    for needed in _REQUIRED_COLUMNS:
        if needed not in columns:
            problems.append(f"{where}: the header has no {needed!r} column")
    twice = sorted({c for c in columns if columns.count(c) > 1})
    if twice:
        problems.append(f"{where}: column {twice[0]!r} appears twice")
    return problems


def _spec(cells: list[str], columns: Sequence[str], label: str, room: str) -> EntrantSpec | str:
    """One row's entrant, or the sentence saying what is wrong with it (``room`` says how
    many cells a row may have)."""
    if len(cells) > len(columns):
        return f"{label}: {len(cells)} cells but {room}"
    values = dict(zip(columns, [c.strip() for c in cells], strict=False))
    seed_text = values.get("seed", "")
    seed: int | None = None
    if seed_text:
        if not seed_text.isdigit():
            return f"{label}: seed {seed_text!r} is not a number"
        seed = int(seed_text)
    return EntrantSpec(
        name=values.get("name", ""),
        club=values.get("club", ""),
        member_number=values.get("member_number", ""),
        seed=seed,
        partner=values.get("partner", ""),
    )


def _collect(rows: Iterable[tuple[int, list[str]]], columns: Sequence[str], word: str,
             problems: list[str], room: str = "") -> ParsedEntrants:
    specs: list[EntrantSpec] = []
    labels: list[str] = []
    for number, cells in rows:
        if not any(cell.strip() for cell in cells):
            continue
        label = f"{word} {number}"
        spec = _spec(cells, columns, label, room or f"the header has {len(columns)} columns")
        if isinstance(spec, str):
            problems.append(spec)
            continue
        specs.append(spec)
        labels.append(label)
    return ParsedEntrants(tuple(specs), tuple(labels), tuple(problems))


def _csv_rows(reader: Any, word: str, problems: list[str]) -> Iterator[tuple[int, list[str]]]:
    """The rows of a ``csv.reader`` with their line numbers; a broken row ends the reading."""
    while True:
        try:
            cells = next(reader)
        except StopIteration:
            return
        except csv.Error as error:
            problems.append(f"{word} {reader.line_num}: {error}")
            return
        yield reader.line_num, cells


def parse_entrants_csv(text: str, *, word: str = "row") -> ParsedEntrants:
    """Read an entrants CSV (header: name, club, member_number, seed, partner; only ``name``
    is required; columns in any order; commas, semicolons or tabs). Rows are numbered as a
    spreadsheet shows them (the header is row 1). Blank lines are skipped."""
    text = text.removeprefix("\ufeff")  # a BOM from spreadsheet programs
    try:
        dialect: type[csv.Dialect] | csv.Dialect = csv.Sniffer().sniff(
            _first_line(text), delimiters=",;\t"
        )
    except csv.Error:
        dialect = csv.excel
    reader = csv.reader(io.StringIO(text), dialect)
    try:
        header = next(reader)
        while not any(cell.strip() for cell in header):  # blank lines above the header
            header = next(reader)
    except StopIteration:
        return ParsedEntrants(
            (), (),
            ("the file is empty: the first row must be the header "
             "name, club, member_number, seed, partner",),
        )
    except csv.Error as error:
        return ParsedEntrants((), (), (f"{word} {reader.line_num}: {error}",))
    columns = _header_columns(header)
    problems = _header_problems(columns, f"{word} {reader.line_num}")
    if problems:
        return ParsedEntrants((), (), tuple(problems))
    return _collect(_csv_rows(reader, word, problems), columns, word, problems)


def read_entrants_file(path: Path) -> str:
    """An entrants file as spreadsheet programs save it: UTF-8 (with or without a BOM), else
    Windows-1252 (what Excel's plain "CSV" writes). Raises :class:`OSError`, or
    :class:`ValueError` for a file that is not text (a workbook saved as .xlsx)."""
    data = path.read_bytes()
    if b"\x00" in data[:4096]:
        raise ValueError("it is not a text file: save it from the spreadsheet as CSV")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")


def _first_line(text: str) -> str:
    return next((line for line in text.splitlines() if line.strip()), "")


def has_header(text: str) -> bool:
    """Whether the first non-blank line is a header row: one of its cells is ``name``."""
    first = _first_line(text)
    return any("name" in _header_columns(first.split(sep)) for sep in ("\t", ",", ";"))


def parse_entrants_text(text: str) -> ParsedEntrants:
    """Entrants typed or pasted into a box, each problem naming its line:

    - a header row first (a cell reads ``name``): read as an entrants CSV;
    - rows holding tabs (pasted from a spreadsheet, no header): the cells are name, club,
      member number, seed, partner, in that order;
    - otherwise one name per line, commas and all ("Smith, Jo" is one entrant).

    Blank lines are skipped; an entrant listed twice is a problem.

    >>> parse_entrants_text("Ann\\n\\n Bob ").specs[1].name
    'Bob'
    >>> parse_entrants_text("Ann\\tNorth Club\\t1207").specs[0].club
    'North Club'
    """
    text = text.removeprefix("\ufeff")
    if not text.strip():
        return ParsedEntrants((), (), ())
    if has_header(text):
        parsed = parse_entrants_csv(text, word="line")
    elif "\t" in text:
        lines = enumerate(text.splitlines(), start=1)
        parsed = _collect(
            ((n, line.split("\t")) for n, line in lines), ENTRANT_COLUMNS, "line", [],
            room="a pasted row has at most 5 (name, club, member number, seed, partner)",
        )
    else:
        lines = enumerate(text.splitlines(), start=1)
        parsed = _collect(((n, [line]) for n, line in lines), ("name",), "line", [])
    return _without_repeats(parsed)


def _without_repeats(parsed: ParsedEntrants) -> ParsedEntrants:
    """The same entrant twice in one list is a problem (at the second mention)."""
    first: dict[str, str] = {}
    problems = list(parsed.problems)
    for spec, label in zip(parsed.specs, parsed.labels, strict=True):
        key = spec.name.casefold()
        if key in first:
            problems.append(f"{label}: {spec.name!r} is listed twice ({first[key]} too)")
        else:
            first[key] = label
    return ParsedEntrants(parsed.specs, parsed.labels, tuple(sorted(problems, key=problem_order)))


def problem_order(problem: str) -> tuple[int, str]:
    """Sort key putting problems in the order of their rows or lines."""
    head = problem.split(":", 1)[0]
    number = head.rsplit(" ", 1)[-1]
    return (int(number) if number.isdigit() else 0, problem)


__all__ = [
    "ENTRANT_COLUMNS",
    "ParsedEntrants",
    "has_header",
    "parse_entrants_csv",
    "parse_entrants_text",
    "problem_order",
    "read_entrants_file",
]
