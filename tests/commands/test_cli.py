"""The event, entrant, match, hand, import and export commands, run as a director would."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gin_scorer.cli import main


def test_a_club_night_from_the_terminal(run, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    assert (
        run(
            "event",
            "new",
            "--name",
            "Thursday club",
            "--preset",
            "wikipedia-standard",
            "--pin",
            "1234",
        )[0]
        == 0
    )
    status, out, _ = run("match", "new", "--event", "1", "--a", "Ada", "--b", "Bob")
    assert status == 0 and "match 1 created: Ada (A) v Bob (B)" in out
    status, out, _ = run(
        "hand", "add", "--match", "1", '{"knock":"A","deadwood":{"A":7,"B":15}}', "--by", "Tom"
    )
    assert status == 0 and "A 8, B 0 in game 1" in out
    status, _, err = run("hand", "add", "--match", "1", '{"knock":"A","deadwood":{"A":12,"B":15}}')
    assert status == 2 and "knock limit is 10" in err and "--override" in err
    status, out, _ = run(
        "hand",
        "add",
        "--match",
        "1",
        '{"knock":"A","deadwood":{"A":12,"B":15}}',
        "--override",
        "agreed at the table",
    )
    assert status == 0 and "error: A knocked with 12" in out
    status, _, err = run("hand", "add", "--match", "1", '{"knock":"C"}')
    assert status == 2 and "'C' is not a player" in err
    assert run("hand", "void", "--entry", "2", "--reason", "misdeal")[0] == 0
    for _ in range(2):
        assert run("hand", "add", "--match", "1", '{"gin":"B","deadwood":{"A":40}}')[0] == 0
    status, _, err = run("hand", "add", "--match", "1", '{"dead": true}')
    assert status == 2 and "already decided (Bob won)" in err
    status, out, _ = run("match", "sheet", "1", "--log")
    assert status == 0
    assert "finished: Bob won" in out and "voids entry 2" in out and "misdeal" in out
    # The pad's line under the closed game: 2 boxes of 25, the game bonus, the final margin.
    closing = [line.split() for line in out.splitlines() if "won" in line and "×" in line]
    assert closing == [["1", "B", "won", "130", "2×25", "=", "50", "100", "280"]]
    assert "margin 247" in out and "shutout)" not in out
    status, _, err = run("match", "lock", "1")
    assert status == 2 and "is needed" in err
    assert run("match", "lock", "1", "--pin", "1234")[1] == "match 1: locked\n"
    status, out, _ = run("event", "list")
    assert "Thursday club" in out and "running" in out
    status, _, err = run("match", "sheet", "99")
    assert (status, err.strip()) == (2, "gin-scorer: there is no match 99")

    # Export, then import into another database: the same event.
    out_file = tmp_path / "event.json"
    assert run("export", "event", "--event", "1", "--out", str(out_file))[0] == 0
    other = str(tmp_path / "other.sqlite")
    assert main(["--db", other, "import", "event", str(out_file)]) == 0
    again = tmp_path / "again.json"
    assert main(["--db", other, "export", "event", "--event", "1", "--out", str(again)]) == 0
    assert json.loads(again.read_text()) == json.loads(out_file.read_text())
    status, out, _ = run("export", "results", "--event", "1", "--format", "csv")
    assert "match,round,table,slot,a,b,status" in out and "Bob" in out


def test_import_entrants_names_bad_rows(run, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    run("event", "new", "--name", "Open", "--format", "swiss")
    bad = tmp_path / "bad.csv"
    bad.write_text("name,seed\nAda,1\nBob,x\n,3\n", encoding="utf-8")
    status, _, err = run("import", "entrants", str(bad), "--event", "1")
    assert status == 2
    assert "row 3: seed 'x' is not a number" in err and "row 4: name must not be empty" in err
    good = tmp_path / "good.csv"
    good.write_text("name,club,seed\nAda,North,1\nBob,South,2\n", encoding="utf-8")
    status, out, _ = run("import", "entrants", str(good), "--event", "1")
    assert (status, out) == (0, "2 entrants imported into event 1\n")
    status, _, err = run("match", "new", "--event", "1", "--a", "Ada", "--b", "Zed")
    assert status == 2 and "no entrant called 'Zed'" in err
    status, _, err = run("import", "entrants", str(tmp_path / "missing.csv"), "--event", "1")
    assert status == 2 and "no such file" in err
    excel = tmp_path / "excel.csv"  # Excel's plain "CSV" is Windows-1252, as in the app
    excel.write_bytes("name;club\nZoë Ruiz;Montréal\n".encode("cp1252"))
    status, out, _ = run("import", "entrants", str(excel), "--event", "1")
    assert (status, out) == (0, "1 entrant imported into event 1\n")
    workbook = tmp_path / "entrants.xlsx"
    workbook.write_bytes(b"PK\x03\x04\x00\x00binary")
    status, _, err = run("import", "entrants", str(workbook), "--event", "1")
    assert status == 2 and (
        "entrants.xlsx cannot be imported: it is not a text file: save it from the spreadsheet"
        " as CSV" in err
    )
    status, _, err = run("export", "event", "--event", "1", "--format", "csv")
    assert status == 2 and "JSON only" in err


def test_pin_finish_and_edit_commands(run) -> None:  # type: ignore[no-untyped-def]
    run("event", "new", "--name", "Open", "--format", "swiss")
    run("entrant", "add", "--event", "1", "Ada", "--seed", "1")
    run("entrant", "add", "--event", "1", "Bob")
    status, out, _ = run("entrant", "edit", "2", "--name", "Bob Babbage", "--seed", "2")
    assert (status, out) == (0, "entrant 2: Bob Babbage, seed 2\n")
    status, _, err = run("entrant", "edit", "2", "--seed", "1")
    assert status == 2 and "seed 1 is already 'Ada'" in err
    assert run("event", "set-pin", "1", "--new-pin", "4321")[1] == "event 1: director PIN set\n"
    status, _, err = run("event", "set-pin", "1", "--new-pin", "9999")
    assert status == 2 and "is needed" in err
    assert run("event", "finish", "1")[1] == "event 1 (Open): finished\n"
    status, _, err = run("event", "finish", "1", "--reopen")
    assert status == 2 and "is needed to reopen" in err
    assert run("event", "finish", "1", "--reopen", "--pin", "4321")[0] == 0


def test_event_settings_tie_breaks_byes_and_fixed_tables(run) -> None:  # type: ignore[no-untyped-def]
    status, out, _ = run(
        "event",
        "new",
        "--name",
        "Open",
        "--format",
        "swiss",
        "--rounds",
        "4",
        "--tie-breaks",
        "match wins, points, h2h",
        "--bye-points",
        "30",
        "--pin",
        "1234",
    )
    assert status == 0
    for name in ("Ada", "Bob", "Cy"):
        run("entrant", "add", "--event", "1", name)
    status, out, _ = run("event", "settings", "1")
    assert status == 0
    assert "tie-breaks:       Match wins, Point differential, Head to head" in out
    assert "a bye is worth:   a match win, the games a won match takes, 30 points" in out
    assert "rounds:           4" in out
    status, out, _ = run("event", "settings", "1", "--fixed-table", "2=1", "--bye-match-win", "no")
    assert status == 0 and "entrant 2 at table 1" in out and "no match win" in out
    assert "tie-breaks:       Match wins, Point differential" in out  # untouched settings stay
    status, _, err = run("event", "settings", "1", "--fixed-table", "9=1")
    assert status == 2 and "entrant 9 is not in this event" in err
    with pytest.raises(SystemExit) as refused:  # argparse refuses it, with the usage
        run("event", "settings", "1", "--tie-breaks", "luck")
    assert refused.value.code == 2
    assert run("round", "start", "--event", "1")[0] == 0
    status, _, err = run("event", "settings", "1", "--bye-points", "0")
    assert status == 2 and "is needed" in err
    status, out, _ = run("event", "settings", "1", "--bye-points", "0", "--pin", "1234")
    assert status == 0 and "0 points" in out
    status, out, _ = run("event", "show", "1")
    assert "entrant 2 at table 1" in out
    table_one = run("round", "show", "--event", "1")[1].splitlines()[1]
    assert table_one.startswith("  table   1") and "Bob" in table_one  # entrant 2 sits there


def test_event_rules_show_and_change_with_the_pin_once_running(run) -> None:  # type: ignore[no-untyped-def]
    run("event", "new", "--name", "Open", "--format", "swiss", "--pin", "1234")
    status, out, _ = run("event", "rules", "1")
    assert status == 0 and "plays GRA tournament" in out and "target" in out
    status, out, _ = run("event", "rules", "1", "--preset", "wikipedia-standard")
    assert status == 0 and "plays Wikipedia standard: changed" in out
    status, _, err = run("event", "rules", "1", "--preset", "nope")
    assert status == 2 and "no rule-set preset called 'nope'" in err
    for name in ("Ada", "Bob"):
        run("entrant", "add", "--event", "1", name)
    run("round", "start", "--event", "1")
    status, _, err = run("event", "rules", "1", "--preset", "oklahoma")
    assert status == 2 and "is needed to change the rules" in err
    status, out, _ = run("event", "rules", "1", "--preset", "oklahoma", "--pin", "1234")
    assert status == 0 and "plays Oklahoma gin" in out
    status, out, _ = run("match", "sheet", "1")
    assert "rules: Wikipedia standard" in out  # the match keeps the rules it began with
