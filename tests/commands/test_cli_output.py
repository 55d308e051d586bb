"""Terminal output that explains itself (issue 36): the standings' tie-break columns, every
kind of result on the status board, the winner's games first, names found without their
accents, links as one JSON array, the presets' sources as people can look them up."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gin_scorer.cli import main

GIN_A = '{"gin": "A", "deadwood": {"B": 30}}'  # JSON: what every version took


def _run(capsys: pytest.CaptureFixture[str], db: Path, *argv: str) -> tuple[int, str, str]:
    status = main(["--db", str(db), *argv])
    out, err = capsys.readouterr()
    return status, out, err


@pytest.fixture
def swiss(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """A Swiss event of one game to 100, eight entrants, round 1 paired."""
    db = tmp_path / "open.sqlite"
    new = ("event", "new", "--name", "Open", "--format", "swiss", "--preset", "wikipedia-standard")
    assert _run(capsys, db, *new, "--rounds", "3")[0] == 0
    names = [
        "Uma Roy",
        "Zoë Ó’Brien",
        "Ann Lee",
        "Bob Roe",
        "Cy Dale",
        "Dee Fox",
        "Eve Kay",
        "Fay Lo",
    ]
    for name in names:
        assert _run(capsys, db, "entrant", "add", "--event", "1", name)[0] == 0
    assert _run(capsys, db, "round", "start", "--event", "1")[0] == 0
    return db


def test_the_status_board_gives_every_kind_of_result(
    swiss: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _run(capsys, swiss, "hand", "add", "--match", "1", GIN_A)[0] == 0
    assert (
        _run(capsys, swiss, "match", "result", "--event", "1", "--table", "2", "b", "1-0")[0] == 0
    )
    assert _run(capsys, swiss, "match", "result", "--event", "1", "--table", "3", "a", "ff")[0] == 0
    ruling = ("match", "result", "--event", "1", "--table", "4", "adj", "b", "A left")
    assert _run(capsys, swiss, *ruling)[0] == 0
    _, out, _ = _run(capsys, swiss, "round", "status", "--event", "1")
    lines = out.splitlines()
    assert lines[1].endswith("0–0 after 1 hand  <- result missing")
    assert lines[2].endswith("0–1 (slip)")
    assert lines[3].endswith("1–0 (forfeit)")
    assert lines[4].endswith("0–0 (adjudicated)")


def test_a_winner_is_named_with_their_games_first(
    swiss: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, _ = _run(capsys, swiss, "match", "result", "--match", "1", "b", "1-0")
    assert status == 0
    winner = out.splitlines()[0].split(": ")[1].split(" beats ")[0]
    assert out.splitlines()[1] == f"  slip: {winner} wins, games 1–0, no game points; finished"


def test_the_standings_show_the_tie_breaks_the_format_uses(
    swiss: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for table in range(1, 5):  # A wins every table with two gins
        for _ in range(2):
            assert _run(capsys, swiss, "hand", "add", "--match", str(table), GIN_A)[0] == 0
    _, out, _ = _run(capsys, swiss, "standings", "--event", "1")
    lines = out.splitlines()
    assert lines[0].split() == [
        "place",
        "entrant",
        "W-L",
        "games",
        "points",
        "Opp.",
        "wins",
        "Head",
        "to",
        "head",
    ]
    assert "bracket" not in lines[0] and "position" not in lines[0]
    assert lines[-2] == (
        "Ties broken by: match wins, opponents' match wins, game wins, point differential, "
        "head to head."
    )
    # The column holds the figure the ordering used: the JSON's tie-break, entrant by entrant.
    _, data, _ = _run(capsys, swiss, "standings", "--event", "1", "--json")
    rows = json.loads(data)["standings"]
    for line, row in zip(lines[1:9], rows, strict=True):
        assert line.split()[-2:] == [
            str(row["tie_breaks"]["buchholz"]),
            str(row["tie_breaks"]["head_to_head"]),
        ]


def test_a_player_is_found_without_accents(swiss: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for typed in ("zoe o'brien", "ZOE O’BRIEN", "o'brien"):
        status, out, err = _run(capsys, swiss, "player", "show", typed)
        assert status == 0, err
        assert out.splitlines()[0].startswith("Zoë Ó’Brien")


def test_links_print_one_json_array(swiss: Path, capsys: pytest.CaptureFixture[str]) -> None:
    base = "http://10.0.0.5:8080"
    status, out, _ = _run(capsys, swiss, "links", "--event", "1", "--base", base, "--json")
    tables = json.loads(out)
    assert status == 0 and [t["table"] for t in tables] == [1, 2, 3, 4]
    assert set(tables[0]) == {"round", "table", "a", "b", "url"}


def test_the_presets_name_their_sources_not_the_projects_files(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, _ = _run(capsys, tmp_path / "x.sqlite", "presets")
    assert status == 0 and "seeds/" not in out and ".txt" not in out
    assert 'Wikipedia, "Gin rummy", https://en.wikipedia.org/wiki/Gin_rummy' in out
    assert 'Pagat, John McLeod, "Gin Rummy", https://www.pagat.com/rummy/ginrummy.html' in out
