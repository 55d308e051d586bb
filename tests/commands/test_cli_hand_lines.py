"""Hands typed on the command line as the desk types them (issue 36): one line, a file of
lines for a whole round in one transaction, and corrections and voids named by the hand's
number on the sheet."""

from __future__ import annotations

import io
import sqlite3
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gin_scorer.cli import main


def _run(
    capsys: pytest.CaptureFixture[str], db: Path, *argv: str, stdin: str | None = None
) -> tuple[int, str, str]:
    if stdin is not None:
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr("sys.stdin", io.StringIO(stdin))
            status = main(["--db", str(db), *argv])
    else:
        status = main(["--db", str(db), *argv])
    out, err = capsys.readouterr()
    return status, out, err


def _rows(db: Path) -> list[tuple[object, ...]]:
    with sqlite3.connect(db) as connection:
        return list(connection.execute("SELECT * FROM hand_entry ORDER BY id"))


def _swiss(capsys: pytest.CaptureFixture[str], db: Path, players: int) -> None:
    """A Swiss event of one game to 100 with ``players`` entrants, round 1 paired."""
    new = ("event", "new", "--name", "Open", "--format", "swiss", "--preset", "wikipedia-standard")
    assert _run(capsys, db, *new)[0] == 0
    names = "\n".join(f"Player {n}" for n in range(1, players + 1))
    (db.parent / "entrants.csv").write_text("name\n" + names + "\n", encoding="utf-8")
    assert (
        _run(capsys, db, "import", "entrants", "--event", "1", str(db.parent / "entrants.csv"))[0]
        == 0
    )
    assert _run(capsys, db, "round", "start", "--event", "1")[0] == 0


def test_a_hand_is_typed_as_at_the_desk(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "club.sqlite"
    _swiss(capsys, db, 4)
    status, out, _ = _run(capsys, db, "hand", "add", "--match", "1", "ak7", "15")
    assert status == 0
    assert out.splitlines()[0] == "hand 1 (A knocks 7 v 15, log entry 1): A 8, B 0 in game 1"
    # By table: the event's current round; the same line in quotes; JSON still taken.
    status, out, _ = _run(capsys, db, "hand", "add", "--event", "1", "--table", "1", "bg22")
    assert status == 0 and out.startswith("hand 2 (B gin v 22, log entry 2)")
    json_hand = '{"knock": "A", "deadwood": {"A": 3, "B": 20}}'
    assert _run(capsys, db, "hand", "add", "--match", "1", json_hand)[0] == 0
    status, _, err = _run(capsys, db, "hand", "add", "--match", "1", "ak7")
    assert status == 2 and "'ak7' is not a whole hand: A knocks with 7 — now type B" in err
    status, _, err = _run(capsys, db, "hand", "add", "--event", "1", "--table", "9", "d")
    assert status == 2 and "no match at table 9 in round 1 of event 1" in err


def test_a_round_of_twenty_tables_goes_in_from_one_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "open.sqlite"
    _swiss(capsys, db, 40)
    # Each table: A gins twice (25 + 30 each): 110, the game and the match.
    lines = ["# round 1, as typed from the slips"]
    lines += [f"{table} ag30" for table in range(1, 21)] + [""]
    lines += [f"{table} ag30" for table in range(1, 21)]
    entered = tmp_path / "round1.txt"
    entered.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with entered.open(encoding="utf-8") as typed, pytest.MonkeyPatch.context() as patch:
        patch.setattr("sys.stdin", typed)  # hand add --event 1 - < round1.txt
        status = main(["--db", str(db), "hand", "add", "--event", "1", "-"])
    out, err = capsys.readouterr()
    assert status == 0, err
    said = out.splitlines()
    assert said[-1] == "recorded 40 hands in 20 matches (one transaction)"
    assert said[0] == "table 1 (match 1): 2 hands; finished: Player 1 won, games 1–0"
    status, out, _ = _run(capsys, db, "round", "status", "--event", "1")
    assert out.startswith("Round 1: 20 finished, 0 playing, 0 waiting")


def test_a_file_of_hands_is_all_or_nothing_and_names_each_bad_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "open.sqlite"
    _swiss(capsys, db, 6)
    before = _rows(db)
    text = "1 ak7 15\n2 bx22\n9 d\n\n3 ak 7\nnot a line\n"
    status, out, err = _run(capsys, db, "hand", "add", "--event", "1", "-", stdin=text)
    assert status == 2 and out == ""
    assert err.splitlines() == [
        "  line 2 (table 2): 'x' is not a declaration: type k (knock), g (gin) or bg (big gin) "
        "after the side",
        "  line 3: there is no table 9 in round 1",
        "  line 5 (table 3): 'ak 7' is not a whole hand: A knocks with 7 — now type B’s "
        "deadwood after layoffs",
        "  line 6: start it with the table number, e.g. 12 ak7 15",
        "gin-scorer: 4 lines cannot be recorded (above); nothing was recorded",
    ]
    assert _rows(db) == before
    # Lines that read well but that the services refuse: the first refusal stops it all.
    text = "ag30\nag30\nd\n"  # the match is decided after two gins of 55
    status, _, err = _run(capsys, db, "hand", "add", "--match", "2", "-", stdin=text)
    assert status == 2 and err.startswith("gin-scorer: line 3: round 1, table 2 is already decided")
    assert err.rstrip().endswith("; nothing was recorded")
    assert _rows(db) == before
    status, out, _ = _run(capsys, db, "hand", "add", "--match", "2", "-", stdin="ag30\nak7 15\n")
    assert status == 0 and out.splitlines()[-1] == "recorded 2 hands in 1 match (one transaction)"


def test_corrections_and_voids_name_the_hand_by_its_number_on_the_sheet(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "open.sqlite"
    _swiss(capsys, db, 4)
    assert _run(capsys, db, "hand", "add", "--match", "1", "-", stdin="ak7 15\nbk2 30\nd\n")[0] == 0
    status, out, _ = _run(
        capsys, db, "hand", "void", "--match", "1", "--hand", "2", "--reason", "x"
    )
    assert status == 0
    said = out.splitlines()
    # The hand voided is named as the sheet numbered it; nothing reads as if another was.
    assert said[0] == "match 1: hand 2 voided (log entry 4 voids entry 2)"
    assert said[1].startswith("  a voided hand counts nowhere and the hands after it keep")
    assert said[2] == "match 1: playing; games A 0, B 0"
    # The dead hand was hand 3; after the void it is hand 2 on the sheet.
    status, out, _ = _run(
        capsys, db, "hand", "correct", "--event", "1", "--table", "1", "--hand", "2",
        "bg10", "--reason", "misheard",
    )  # fmt: skip
    assert status == 0
    assert out.splitlines()[0] == "match 1: hand 2 corrected (log entry 5 replaces entry 3)"
    status, _, err = _run(
        capsys, db, "hand", "void", "--match", "1", "--hand", "7", "--reason", "x"
    )
    assert status == 2 and "match 1 has hands 1 to 2 on its sheet: there is no hand 7" in err
    # The log's own id is still taken, said as such; a lone number is not guessed at.
    status, _, err = _run(capsys, db, "hand", "void", "8", "--reason", "x")
    assert status == 2 and "for log entry 8 write --entry 8" in err
    status, _, err = _run(capsys, db, "hand", "correct", "5", "d", "--reason", "x")
    assert status == 2 and "for log entry 5 write --entry 5" in err
    status, out, _ = _run(capsys, db, "hand", "correct", "--entry", "5", "d", "--reason", "x")
    assert status == 0 and out.startswith(
        "match 1: hand 2 corrected (log entry 6 replaces entry 5)"
    )
    status, out, _ = _run(capsys, db, "match", "sheet", "1", "--log")
    assert "# is the hand's number on the sheet (hand correct/void --hand N); entry is its " in out
    assert "entry 4      voided    voids entry 2" in out
    assert "a voided hand counts nowhere" in out


def test_the_void_note_goes_when_the_void_is_taken_back(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "open.sqlite"
    _swiss(capsys, db, 4)
    assert _run(capsys, db, "hand", "add", "--match", "1", "-", stdin="ak7 15\nbk2 30\n")[0] == 0
    assert _run(capsys, db, "hand", "void", "--match", "1", "--hand", "2", "--reason", "x")[0] == 0
    status, out, _ = _run(capsys, db, "hand", "undo", "--match", "1")
    assert status == 0
    # Every hand counts again: the sheet no longer explains a dealer dealing twice.
    status, out, _ = _run(capsys, db, "match", "sheet", "1", "--log")
    assert status == 0 and "voids entry 2" in out
    assert "a voided hand counts nowhere" not in out


HANDS = st.one_of(
    st.tuples(st.sampled_from("ab"), st.integers(0, 10), st.integers(0, 130)).map(
        lambda t: f"{t[0]}k{t[1]} {t[2]}"
    ),
    st.tuples(st.sampled_from(["g", "bg"]), st.sampled_from("ab"), st.integers(0, 130)).map(
        lambda t: f"{t[1]}{t[0]}{t[2]}"
    ),
    st.sampled_from(["d", "md", "a md"]),
)


@settings(max_examples=200)
@given(line=HANDS, upcard=st.sampled_from(["", " @Qs", " @7h"]))
def test_the_terminal_reads_a_line_as_the_desk_does(line: str, upcard: str) -> None:
    """The command line's reader and the desk's are one: the record is the entry grammar's,
    and written back as JSON it reads as the same hand."""
    import json

    from gin_scorer.commands._hand_text import read_typed
    from gin_scorer.core.hand_json import record_to_json
    from gin_scorer.presentation.entry_grammar import read_entry
    from gin_scorer.presets import load_preset
    from gin_scorer.services.support.errors import InvalidInput

    rules = load_preset("gra-tournament")

    class Sheet:  # what read_typed reads of a sheet
        pass

    sheet = Sheet()
    sheet.rules = rules  # type: ignore[attr-defined]
    desk = read_entry(line + upcard, rules)
    try:
        typed = read_typed(line + upcard, sheet)  # type: ignore[arg-type]
    except InvalidInput:
        assert desk.record is None
        return
    assert typed == desk.record
    assert read_typed(json.dumps(record_to_json(typed)), sheet) == typed  # type: ignore[arg-type]
