"""Tables of three from the command line, end to end on a SQLite file: a Swiss round seated in
threes, hands added with who deals and who plays said back, the sheet with a total per player,
the standings, and a club night's table of three chosen with --pair A,B,C."""

from __future__ import annotations

from pathlib import Path

import pytest

from gin_scorer.cli import main

GIN_A = '{"gin": "A", "deadwood": {"B": 40}}'
GIN_B = '{"gin": "B", "deadwood": {"A": 40}}'


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def _event(capsys: pytest.CaptureFixture[str], db: str, event_format: str) -> None:
    _run(capsys, "--db", db, "event", "new", "--name", "Threes", "--preset", "pagat-three",
         "--format", event_format)  # fmt: skip
    for name in ("Ann", "Bob", "Cat", "Dan"):
        _run(capsys, "--db", db, "entrant", "add", "--event", "1", name)


def test_a_swiss_round_of_threes_from_the_terminal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = str(tmp_path / "three.sqlite")
    _event(capsys, db, "swiss")
    status, out, _ = _run(capsys, "--db", db, "round", "start", "--event", "1")
    assert status == 0
    assert "table   1  Ann, Bob and Cat" in out and "Dan has a bye" in out
    status, out, _ = _run(capsys, "--db", db, "hand", "add", "--match", "1", GIN_A)
    assert status == 0
    assert out.splitlines() == [
        "Hand 1 · Ann deals: Bob v Cat (A gin v 40): Ann 0 · Bob 60 · Cat 0",
        "match 1: playing; Points: Ann 0 · Bob 60 · Cat 0",
    ]
    _run(capsys, "--db", db, "hand", "add", "--match", "1", GIN_B)
    status, out, _ = _run(capsys, "--db", db, "match", "sheet", "1")
    lines = out.splitlines()
    assert lines[0].startswith("match 1: Ann, Bob and Cat   (finished")
    assert any(line.split()[:3] == ["1", "Ann", "Bob"] for line in lines)  # hand 1: Ann deals
    assert "Bob wins the game · final: Ann 0 · Bob 260 · Cat 0" in out
    status, out, _ = _run(capsys, "--db", db, "round", "show", "--event", "1")
    assert "Ann, Bob and Cat  won by Bob" in out
    status, out, _ = _run(capsys, "--db", db, "standings", "--event", "1")
    bob = next(line for line in out.splitlines() if "Bob" in line)
    assert "2-0" in bob and "+520" in bob


def test_a_club_nights_table_of_three_is_chosen_with_three_ids(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = str(tmp_path / "club.sqlite")
    _event(capsys, db, "club")
    status, _, err = _run(capsys, "--db", db, "round", "start", "--event", "1", "--pair", "1,2")
    assert status != 0 and "seats three players, not 2" in err
    status, out, _ = _run(capsys, "--db", db, "round", "start", "--event", "1", "--pair", "1,2,4")
    assert status == 0 and "Ann, Bob and Dan" in out
    status, _, err = _run(capsys, "--db", db, "round", "start", "--event", "1", "--pair", "1,2,3,4")
    assert status != 0 and "--pair 3,7,9" in err
