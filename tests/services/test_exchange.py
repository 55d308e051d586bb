"""Import and export: entrants CSV (all or nothing, every bad row named), results and hands,
and whole events that re-import identically."""

from __future__ import annotations

import csv
import io
import json
import string
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gin_scorer.services.support.dto import MatchView
from gin_scorer.services.support.errors import InvalidInput, RowsRejected
from gin_scorer.services.writes import entrants, events, exchange, hands, matches
from gin_scorer.store.database import Database, open_database
from gin_scorer.store.tables import Round, utcnow

from .helpers import GIN_A, GIN_B, KNOCK_A, english, hand

NewMatch = Callable[..., MatchView]

GOOD_CSV = """name,club,member_number,seed,partner
Ada Lovelace,Analytical,M-1,1,
Bob Babbage,,M-2,2,
Cy Young,Diamond,,,Dee Young

Eve Adams,,,,
"""


def test_entrants_csv_imports_every_row(db: Database) -> None:
    event = events.create_event(db, name="Open")
    made = exchange.import_entrants_csv(db, event.id, GOOD_CSV)
    assert [e.name for e in made] == [
        "Ada Lovelace",
        "Bob Babbage",
        "Cy Young & Dee Young",
        "Eve Adams",
    ]
    assert made[0].member_number == "M-1" and made[0].seed == 1
    assert made[2].members == ("Cy Young", "Dee Young")


def test_entrants_csv_reports_every_bad_row_and_imports_nothing(db: Database) -> None:
    event = events.create_event(db, name="Open")
    entrants.add_entrant(db, event.id, "Zed")
    text = "name;seed;club\nAnn;1;\n;2;\nBea;x;\nZed;;\nCat;1;\nDan;4;x;extra\n"
    with pytest.raises(RowsRejected) as refused:
        exchange.import_entrants_csv(db, event.id, text)
    assert english(refused.value.problems) == (
        "row 3: name must not be empty",
        "row 4: seed 'x' is not a number",
        "row 5: 'Zed' is already entered in this event",
        "row 6: seed 1 is already 'Ann''s",
        "row 7: 4 cells but the header has 3 columns",
    )
    assert "nothing was saved: 5 problems" in str(refused.value)
    assert [e.name for e in entrants.list_entrants(db, event.id)] == ["Zed"]


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("", "the file is empty"),
        ("club,seed\nX,1\n", "row 1: the header has no 'name' column"),
        ("name,rating\nAda,1\n", "row 1: unknown column 'rating'"),
        ("name,name\nAda,Ada\n", "row 1: column 'name' appears twice"),
        ("name\n\n", "the file has a header but no entrants"),
    ],
)
def test_entrants_csv_header_problems(sqlite_db: Database, text: str, problem: str) -> None:
    event = events.create_event(sqlite_db, name="Open")
    with pytest.raises(RowsRejected, match=problem):
        exchange.import_entrants_csv(sqlite_db, event.id, text)


# A fuzzed CSV row: good rows have a fresh name and a fresh seed (or none); bad rows break
# exactly one rule. The import must name exactly the bad rows, and write nothing if any.
_names = st.text(alphabet=string.ascii_letters + " '-", min_size=1, max_size=12).filter(
    lambda s: s.strip() != ""
)
_row = st.one_of(
    st.tuples(st.just("good"), _names, st.one_of(st.none(), st.integers(1, 10_000))),
    st.tuples(st.just("bad_seed"), _names, st.sampled_from(["x", "-1", "1.5", "one", "0x3"])),
    st.tuples(st.just("no_name"), st.just(""), st.integers(1, 10_000)),
    st.tuples(st.just("zero_seed"), _names, st.just(0)),
)


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(rows=st.lists(_row, min_size=1, max_size=12))
def test_fuzzed_entrants_csv(sqlite_db: Database, rows: list[tuple[str, str, object]]) -> None:
    event = events.create_event(sqlite_db, name="Fuzz")
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(["name", "seed"])
    expected_bad: list[int] = []
    good_names: list[str] = []
    used_names: set[str] = set()
    used_seeds: set[object] = set()
    for i, (kind, name, seed) in enumerate(rows):
        row_number = i + 2
        if kind == "good":
            name = f"{name.strip()} {i}"  # unique, whatever hypothesis drew
            if seed in used_seeds:
                seed = None
            used_seeds.add(seed) if seed is not None else None
            good_names.append(" ".join(name.split()))
        else:
            expected_bad.append(row_number)
            name = f"{name} {i}" if name else ""
        used_names.add(name)
        writer.writerow([name, "" if seed is None else seed])
    text = buffer.getvalue()
    if expected_bad:
        with pytest.raises(RowsRejected) as refused:
            exchange.import_entrants_csv(sqlite_db, event.id, text)
        named = [int(str(p).split(":")[0].removeprefix("row ")) for p in refused.value.problems]
        assert named == expected_bad
        assert entrants.list_entrants(sqlite_db, event.id) == ()
    else:
        made = exchange.import_entrants_csv(sqlite_db, event.id, text)
        assert [e.name for e in made] == good_names


def _played_event(db: Database, new_match: NewMatch) -> int:
    """An event with a round, a bye, corrections, a void, an override and a locked result."""
    match = new_match(db, pin="2468", best_of=1, target=100)
    with db.transaction() as session:
        session.add(Round(event_id=match.event_id, number=1, status="playing", paired_at=utcnow()))
    third = entrants.add_entrant(db, match.event_id, "Cy", partner="Dee", seed=3)
    matches.create_match(db, match.event_id, third.id, None, table_number=9, bracket_slot="W1-2")
    sheet = hands.record_hand(db, match.id, hand(KNOCK_A), match.version, entered_by="Tom")
    sheet = hands.record_hand(
        db,
        match.id,
        hand({"knock": "B", "deadwood": {"A": 30, "B": 11}}),
        sheet.version,
        entered_by="Tom",
        override_reason="limit 11 agreed",
    )
    sheet = hands.correct_hand(
        db, sheet.hands[0].hand_id, hand(GIN_B), sheet.version, reason="was gin", entered_by="D"
    )
    sheet = hands.record_hand(db, match.id, hand(KNOCK_A), sheet.version, entered_by="Tom")
    sheet = hands.void_hand(db, sheet.hands[-1].hand_id, sheet.version, reason="x", entered_by="D")
    sheet = hands.record_hand(db, match.id, hand(GIN_A), sheet.version, entered_by="Tom")
    sheet = hands.record_hand(db, match.id, hand(GIN_A), sheet.version, entered_by="Tom")
    assert sheet.finished
    matches.set_result_lock(db, match.id, sheet.version, pin="2468", locked=True)
    return match.event_id


def test_event_json_round_trips_identically(
    db: Database, new_match: NewMatch, tmp_path: Path
) -> None:
    event_id = _played_event(db, new_match)
    first = exchange.export_event_json(db, event_id)
    fresh = open_database(tmp_path / "other" / "fresh.sqlite", station="laptop-2")
    try:
        events.create_event(fresh, name="Something else first, so ids differ")
        imported = exchange.import_event_json(fresh, first)
        assert exchange.export_event_json(fresh, imported.id) == first
        assert imported.has_pin and events.check_event_pin(fresh, imported.id, "2468")
        # The imported event scores the same.
        assert exchange.export_results(fresh, imported.id).splitlines()[1:] != []
        original = [
            {k: v for k, v in row.items() if k != "match"}
            for row in exchange.result_rows(db, event_id)
        ]
        again = [
            {k: v for k, v in row.items() if k != "match"}
            for row in exchange.result_rows(fresh, imported.id)
        ]
        assert again == original
    finally:
        fresh.close()


def test_results_and_hands_exports(sqlite_db: Database, new_match: NewMatch) -> None:
    event_id = _played_event(sqlite_db, new_match)
    results = list(csv.DictReader(io.StringIO(exchange.export_results(sqlite_db, event_id))))
    assert [(r["a"], r["b"], r["status"], r["winner"]) for r in results] == [
        ("Ada Lovelace", "Bob Babbage", "locked", "Ada Lovelace"),
        ("Cy & Dee", "", "finished", ""),
    ]
    rows = json.loads(exchange.export_hands(sqlite_db, event_id, "json"))
    assert [r["number"] for r in rows] == [1, 2, 3, 4]
    assert rows[0]["corrected"] is True and rows[0]["outcome"] == "gin"
    assert rows[1]["override_reason"] == "limit 11 agreed"
    assert rows[0]["record"] == {"gin": "B", "deadwood": {"A": 50}}
    text = exchange.export_hands(sqlite_db, event_id, "csv")
    parsed = list(csv.DictReader(io.StringIO(text)))
    assert json.loads(parsed[1]["record"]) == rows[1]["record"]
    assert parsed[0]["corrected"] == "yes"


def test_event_json_problems_are_all_named(sqlite_db: Database, new_match: NewMatch) -> None:
    event_id = _played_event(sqlite_db, new_match)
    doc = exchange.event_document(sqlite_db, event_id)
    doc["matches"][0]["a"] = 42
    doc["hands"][1]["record"] = {"knock": "C"}
    doc["hands"][0]["entered_at"] = "yesterday"
    doc["event"]["rules"]["knock_limit"] = 99
    doc["entrants"][0]["sede"] = 4
    before = len(events.list_events(sqlite_db))
    with pytest.raises(RowsRejected) as refused:
        exchange.import_event_json(sqlite_db, doc)
    text = "\n".join(english(refused.value.problems))
    assert "matches[0].a: entrant 42 is not in the file" in text
    assert "hands[1].record: knock: 'C' is not a player" in text
    assert "hands[0].entered_at: 'yesterday' is not a time" in text
    assert "event.rules: knock_limit = 99" in text
    assert "entrants[0].sede: is not a field here" in text
    assert len(events.list_events(sqlite_db)) == before
    with pytest.raises(InvalidInput, match="the event file: not JSON"):
        exchange.import_event_json(sqlite_db, "{oops")
    with pytest.raises(InvalidInput, match="not a gin-scorer event file"):
        exchange.import_event_json(sqlite_db, "{}")


_json_value = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 300) | st.text(max_size=6),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=8,
)


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=st.data())
def test_fuzzed_event_json_never_half_imports(
    sqlite_db: Database, new_match: NewMatch, data: st.DataObject
) -> None:
    """Damage one value anywhere in a good event file: the import either succeeds whole or
    refuses with named problems — never a traceback, never a partial event."""
    if not events.list_events(sqlite_db):
        _played_event(sqlite_db, new_match)
    source = events.list_events(sqlite_db)[-1].id
    doc = exchange.event_document(sqlite_db, source)
    section = data.draw(st.sampled_from(["event", "entrants", "rounds", "matches", "hands"]))
    target = doc[section] if section == "event" else data.draw(st.sampled_from(doc[section]))
    key = data.draw(st.sampled_from(sorted(target)))
    target[key] = data.draw(_json_value)
    before = len(events.list_events(sqlite_db))
    try:
        made = exchange.import_event_json(sqlite_db, doc)
    except (RowsRejected, InvalidInput) as error:
        assert str(error)
        assert len(events.list_events(sqlite_db)) == before
    else:
        assert len(events.list_events(sqlite_db)) == before + 1
        exchange.export_event_json(sqlite_db, made.id)


def test_reported_results_round_trip_and_export_their_kind(
    db: Database, new_match: NewMatch, tmp_path: Path
) -> None:
    """Slips (one corrected), a forfeit taken back, time called: the event file carries the
    whole result log and imports into an event with the same results; the results CSV says
    where each came from, and leaves the margin of a slip without points empty (never 0)."""
    from gin_scorer.core.hands import Side
    from gin_scorer.services.support.dto import ResultKind
    from gin_scorer.services.writes.results import ResultReport, record_result, void_result

    first = new_match(db)
    event_id = first.event_id
    cy = entrants.add_entrant(db, event_id, "Cy")
    di = entrants.add_entrant(db, event_id, "Di")
    second = matches.create_match(db, event_id, cy.id, di.id, table_number=2)
    third = matches.create_match(db, event_id, first.a.id, cy.id, table_number=3)
    slip = ResultReport(ResultKind.SLIP, Side.A, (3, 1))
    sheet = record_result(db, first.id, slip, first.version, entered_by="Desk")
    fixed = ResultReport(
        ResultKind.SLIP, Side.B, (2, 3), ((400, 0), (0, 400), (100, 410), (401, 3), (0, 450))
    )
    record_result(db, first.id, fixed, sheet.version, entered_by="Desk", replace_existing=True)
    forfeit = ResultReport(ResultKind.FORFEIT, Side.A)
    sheet = record_result(db, second.id, forfeit, second.version, entered_by="Desk")
    sheet = void_result(db, second.id, sheet.version, reason="Di came", entered_by="Desk")
    sheet = hands.record_hand(db, second.id, hand(KNOCK_A), sheet.version, entered_by="T")
    record_result(
        db, second.id, ResultReport(ResultKind.TIME_CALLED), sheet.version, entered_by="D"
    )
    record_result(
        db, third.id, ResultReport(ResultKind.SLIP, Side.A, (3, 0)), third.version, entered_by="D"
    )

    document = json.loads(exchange.export_event_json(db, event_id))
    assert [r["outcome"] for r in document["results"]] == [
        "slip", "slip", "forfeit", "forfeit", "time-called", "slip",
    ]  # fmt: skip
    fresh = open_database(tmp_path / "other" / "fresh.sqlite", station="laptop-2")
    try:
        imported = exchange.import_event_json(fresh, json.dumps(document))
        assert json.loads(exchange.export_event_json(fresh, imported.id)) == document
        assert exchange.export_results(fresh, imported.id) == exchange.export_results(db, event_id)
    finally:
        fresh.close()
    rows = {
        r["table"]: r for r in csv.DictReader(io.StringIO(exchange.export_results(db, event_id)))
    }
    assert (rows["1"]["result"], rows["1"]["winner"], rows["1"]["margin"]) == (
        "slip", "Bob Babbage", str(400 - 400 - 310 + 398 - 450),
    )  # fmt: skip
    assert rows["2"]["result"] == "time-called" and rows["2"]["winner"] == "Cy"
    assert rows["3"]["result"] == "slip" and rows["3"]["margin"] == ""


def test_an_event_file_with_a_result_that_cannot_be_is_refused(
    db: Database, new_match: NewMatch, tmp_path: Path
) -> None:
    from gin_scorer.core.hands import Side
    from gin_scorer.services.support.dto import ResultKind
    from gin_scorer.services.writes.results import ResultReport, record_result

    match = new_match(db)
    slip = ResultReport(ResultKind.SLIP, Side.A, (3, 1))
    record_result(db, match.id, slip, match.version, entered_by="Desk")
    document = json.loads(exchange.export_event_json(db, match.event_id))
    document["results"][0]["games"] = [3, 3]
    document["results"].append({**document["results"][0], "ref": 2, "winner": "C"})
    fresh = open_database(tmp_path / "other" / "fresh.sqlite", station="laptop-2")
    try:
        with pytest.raises(RowsRejected) as refused:
            exchange.import_event_json(fresh, json.dumps(document))
        assert english(refused.value.problems) == ("results[1].winner: 'C' is not one of A, B",)
        del document["results"][1]
        with pytest.raises(RowsRejected) as refused:
            exchange.import_event_json(fresh, json.dumps(document))
        assert "3–3 is not a result of a best of 5" in str(refused.value.problems[0])
        assert events.list_events(fresh) == ()
    finally:
        fresh.close()
