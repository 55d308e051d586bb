"""Fuzzing the entrants parser as garbage reaches it: any bytes as a file, any text pasted in
the box, and CSV-shaped text built from the characters that break CSV readers (quotes,
separators, line breaks, NUL, escapes). Whatever comes in, the answer is entrants and/or
problems of one line each (or a one-line refusal of the file): never a traceback, never a
name holding a line break or a control character, never a half-written database.

Bounded and seeded for the default run; ``GIN_SCORER_FUZZ_EXAMPLES=100000`` (see
benchmarks/fuzz_entrants_csv.py) makes the long run.
"""

from __future__ import annotations

import os
import unicodedata
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gin_scorer.presentation.words import say
from gin_scorer.services.support.entrant_rows import (
    MAX_CELL_CHARACTERS,
    ParsedEntrants,
    parse_entrants_csv,
    parse_entrants_text,
    read_entrants_file,
)
from gin_scorer.services.support.errors import ServiceError
from gin_scorer.services.writes import entrants, events, exchange
from gin_scorer.store.database import Database, open_database

EXAMPLES = int(os.environ.get("GIN_SCORER_FUZZ_EXAMPLES", "150"))
TRIED: dict[str, int] = {}  # inputs tried per fuzz target, read by the long-run script


def _fuzz(examples: int = EXAMPLES) -> settings:
    return settings(
        max_examples=examples,
        deadline=None,
        # The default run is the same every time; a long run (examples given) explores anew.
        derandomize="GIN_SCORER_FUZZ_EXAMPLES" not in os.environ,
        suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    )


def _tried(target: str) -> None:
    TRIED[target] = TRIED.get(target, 0) + 1


def _one_line(message: str) -> None:
    assert isinstance(message, str) and message.strip(), message
    assert "\n" not in message and "\r" not in message, repr(message)
    assert "Traceback" not in message and len(message) < 600, message[:200]


def _sound(parsed: ParsedEntrants) -> None:
    """What every parse must give, however bad the input."""
    assert len(parsed.specs) == len(parsed.labels)
    for problem in parsed.problems:
        _one_line(say(problem))
    for spec in parsed.specs:
        for text in (spec.name, spec.club, spec.member_number, spec.partner):
            assert len(text) <= MAX_CELL_CHARACTERS
            assert not any(unicodedata.category(ch) in ("Cc", "Zl", "Zp") for ch in text), text
        assert spec.seed is None or (isinstance(spec.seed, int) and spec.seed >= 0)


# The characters that break CSV readers, and some that break encoders.
_NASTY = st.sampled_from(
    [
        '"',
        '""',
        ",",
        ";",
        "\t",
        "\r",
        "\n",
        "\r\n",
        "\x00",
        "\x1b",
        "'",
        "=",
        "\ufeff",
        "\u2028",
        "\ud7ff",
        "name",
        "club",
        "seed",
        "partner",
        "7",
        "-1",
        "99999999999",
        " ",
    ]
)
_CELL = st.lists(st.one_of(_NASTY, st.text(max_size=6)), max_size=6).map("".join)
_QUOTED = _CELL.map(lambda c: '"' + c.replace('"', '""') + '"')
_HEADER = st.lists(
    st.one_of(
        st.sampled_from(["name", "Name", "club", "member number", "seed", "partner", "", "x"]),
        _CELL,
        _QUOTED,
        st.text(min_size=50, max_size=300),
    ),
    min_size=1,
    max_size=6,
)


@st.composite
def csv_shaped(draw: st.DrawFn) -> str:
    """A header and rows, separated and quoted well or badly."""
    delimiter = draw(st.sampled_from([",", ";", "\t", "|"]))
    ending = draw(st.sampled_from(["\r\n", "\n", "\r"]))
    lines = [delimiter.join(draw(_HEADER))]
    for cells in draw(st.lists(st.lists(st.one_of(_CELL, _QUOTED), max_size=7), max_size=8)):
        lines.append(delimiter.join(cells))
    text = ending.join(lines)
    return draw(st.sampled_from(["", "\ufeff"])) + text + draw(st.sampled_from(["", ending]))


@_fuzz()
@given(st.binary(max_size=1500), st.sampled_from([b"", b"\xef\xbb\xbf", b"\xff\xfe", b"\xfe\xff"]))
def test_any_bytes_as_a_file(
    tmp_path_factory: pytest.TempPathFactory, data: bytes, bom: bytes
) -> None:
    _tried("file bytes")
    path = tmp_path_factory.mktemp("fuzz") / "entrants.csv"
    path.write_bytes(bom + data)
    try:
        text = read_entrants_file(path)
    except ValueError as refused:
        _one_line(str(refused))
        return
    _sound(parse_entrants_csv(text))
    _sound(parse_entrants_text(text))


@_fuzz()
@given(st.text(max_size=600))
def test_any_text_in_the_box(text: str) -> None:
    _tried("box text")
    _sound(parse_entrants_text(text))
    _sound(parse_entrants_csv(text))


@_fuzz()
@given(csv_shaped())
def test_csv_shaped_text(text: str) -> None:
    _tried("csv-shaped text")
    _sound(parse_entrants_csv(text))
    _sound(parse_entrants_text(text))


@pytest.fixture(scope="module")
def fuzz_db(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Database]:
    database = open_database(
        tmp_path_factory.mktemp("db") / "fuzz.sqlite", station="desk", backups=False
    )
    try:
        yield database
    finally:
        database.close()


@_fuzz(max(20, EXAMPLES // 5))
@given(csv_shaped())
def test_the_import_is_all_or_nothing_with_one_line_problems(fuzz_db: Database, text: str) -> None:
    _tried("import into a database")
    event = events.create_event(fuzz_db, name="Fuzz")
    try:
        made = exchange.import_entrants_csv(fuzz_db, event.id, text)
    except ServiceError as refused:
        for problem in getattr(refused, "problems", (refused.words,)):
            _one_line(say(problem))
        assert entrants.list_entrants(fuzz_db, event.id) == ()
        return
    assert len(entrants.list_entrants(fuzz_db, event.id)) == len(made) > 0
