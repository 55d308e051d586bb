"""The silent surprises of issue 36, each now said or refused: a mistyped --db, a PIN option
that cleared a PIN, a database PIN read from an empty stdin."""

from __future__ import annotations

from pathlib import Path

import pytest

from gin_scorer.cli import main


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_a_mistyped_db_is_refused_and_nothing_is_created(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    real = tmp_path / "club.sqlite"
    assert _run(capsys, "--db", str(real), "event", "new", "--name", "Open")[0] == 0
    typo = tmp_path / "clb.sqlite"
    status, out, err = _run(capsys, "--db", str(typo), "event", "list")
    assert status == 2 and out == ""
    assert err.startswith(f"gin-scorer: there is no database {typo}: check the path")
    assert "--create" in err and "event new" in err and len(err.splitlines()) == 1
    assert not typo.exists()
    # A missing folder is never made, not even with --create.
    deep = tmp_path / "no" / "such" / "folder" / "club.sqlite"
    status, _, err = _run(capsys, "--db", str(deep), "--create", "event", "list")
    assert status == 2 and f"there is no folder {deep.parent}" in err
    assert not (tmp_path / "no").exists()
    # Asked for, it is made; the database named by the environment is held to the same.
    status, out, _ = _run(capsys, "--db", str(typo), "--create", "event", "list")
    assert status == 0 and "no events yet" in out and typo.exists()


def test_the_environments_database_is_checked_too(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GIN_SCORER_DB", str(tmp_path / "missing.sqlite"))
    status, _, err = _run(capsys, "standings", "--event", "1")
    assert status == 2 and "there is no database" in err
    assert not (tmp_path / "missing.sqlite").exists()


def test_the_default_database_is_created_as_before(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("GIN_SCORER_DB", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    status, out, _ = _run(capsys, "event", "list")
    assert status == 0 and "no events yet" in out
    assert (tmp_path / "data" / "gin-scorer" / "gin-scorer.sqlite").exists()


def test_the_pin_options_are_one_set_and_none_of_them_clears_by_accident(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = str(tmp_path / "club.sqlite")
    assert _run(capsys, "--db", db, "event", "new", "--name", "Open", "--pin", "2468")[0] == 0
    # The current PIN alone says nothing about the new one: refused, the PIN still set.
    status, _, err = _run(capsys, "--db", db, "event", "set-pin", "1", "--pin", "2468")
    assert status == 2 and "--new-pin PIN to set the PIN, or --clear to clear it" in err
    status, out, _ = _run(capsys, "--db", db, "event", "show", "1")
    assert "director PIN: set" in out
    status, out, _ = _run(
        capsys, "--db", db, "event", "set-pin", "1", "--pin", "2468", "--new-pin", "1357"
    )
    assert (status, out) == (0, "event 1: director PIN set\n")
    status, _, err = _run(capsys, "--db", db, "event", "set-pin", "1", "--pin", "2468", "--clear")
    assert status == 2 and "wrong director PIN" in err
    status, out, _ = _run(capsys, "--db", db, "event", "set-pin", "1", "--pin", "1357", "--clear")
    assert (status, out) == (0, "event 1: director PIN cleared\n")


def test_director_pin_says_what_is_missing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import io

    db = str(tmp_path / "club.sqlite")
    assert _run(capsys, "--db", db, "event", "new", "--name", "Open")[0] == 0
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    status, _, err = _run(capsys, "--db", db, "director-pin", "set")
    assert status == 2 and "no new PIN was given: stdin was empty" in err
    assert "at least 4" not in err
    status, out, _ = _run(capsys, "--db", db, "director-pin", "--new-pin", "2468")
    assert status == 0 and out.strip().endswith("set")
    status, _, err = _run(capsys, "--db", db, "director-pin")
    assert status == 2 and "say what to do" in err
    status, out, _ = _run(capsys, "--db", db, "director-pin", "--clear", "--pin", "2468")
    assert status == 0 and out.strip().endswith("cleared")


def _two_records_of_one_person(capsys: pytest.CaptureFixture[str], db: str) -> None:
    """Ann Lee of the Elks at a club night, then 'Anne Lee' (a typo) at the next one."""
    for night, name in ((1, "Ann Lee"), (2, "Anne Lee")):
        new = ("event", "new", "--name", f"Night {night}", "--preset", "wikipedia-standard")
        assert _run(capsys, "--db", db, *new)[0] == 0
        assert (
            _run(
                capsys, "--db", db, "entrant", "add", "--event", str(night), name, "--club", "Elks"
            )[0]
            == 0
        )
        assert (
            _run(capsys, "--db", db, "entrant", "add", "--event", str(night), f"Opponent {night}")[
                0
            ]
            == 0
        )


def test_a_merge_shows_both_players_and_asks_and_an_unmerge_undoes_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import io
    import sqlite3

    db = str(tmp_path / "club.sqlite")
    _two_records_of_one_person(capsys, db)
    _, listed, _ = _run(capsys, "--db", db, "player", "list")
    ann, anne = (line.split()[0].lstrip("#") for line in listed.splitlines() if "Lee" in line)
    with sqlite3.connect(db) as connection:
        before = sorted(connection.execute("SELECT id, player_id FROM entrant"))
    # Not in a terminal and no --yes: both histories shown, nothing merged.
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    status, out, err = _run(capsys, "--db", db, "player", "merge", ann, anne)
    assert status == 2 and "run it again with --yes (nothing was changed)" in err
    assert f"#{ann} Ann Lee (Elks): 1 events" in out and f"#{anne} Anne Lee (Elks): 1 events" in out
    assert "Night 1" in out and "Night 2" in out
    # In a terminal, anything but yes keeps them apart.
    monkeypatch.setattr("sys.stdin.isatty", lambda: True)
    monkeypatch.setattr("builtins.input", lambda _prompt: "no")
    status, _, err = _run(capsys, "--db", db, "player", "merge", ann, anne)
    assert status == 2 and "not merged" in err
    status, out, _ = _run(capsys, "--db", db, "player", "merge", ann, anne, "--yes")
    assert status == 0 and f"to undo it: gin-scorer player unmerge {ann} {anne}" in out
    with sqlite3.connect(db) as connection:
        assert sorted(connection.execute("SELECT id, player_id FROM entrant")) != before
    status, out, _ = _run(capsys, "--db", db, "player", "unmerge", ann, anne)
    assert status == 0 and out.startswith(
        f"unmerged: Anne Lee (Elks) (#{anne}) is back with 1 entries"
    )
    with sqlite3.connect(db) as connection:
        assert sorted(connection.execute("SELECT id, player_id FROM entrant")) == before
    status, _, err = _run(capsys, "--db", db, "player", "unmerge", ann, anne)
    assert status == 2 and "there is nothing to undo" in err
    # Both named as a person types them: the kept one found by name, the merged one by the
    # name it had (it is no record of its own to find until it is back).
    assert _run(capsys, "--db", db, "player", "merge", ann, anne, "--yes")[0] == 0
    status, out, _ = _run(capsys, "--db", db, "player", "unmerge", "ann lee", "ANNE LEE")
    assert status == 0 and out.startswith("unmerged: Anne Lee (Elks) (#")
    with sqlite3.connect(db) as connection:
        assert sorted(connection.execute("SELECT id, player_id FROM entrant")) == before
    status, out, _ = _run(capsys, "--db", db, "verify")
    assert status == 0, out


@pytest.mark.parametrize("stop", ["SIGINT", "SIGTERM"])
def test_a_stopped_demo_writes_nothing(tmp_path: Path, stop: str) -> None:
    """Ctrl+C (or the terminal closing) half-way through a demo left a half-played event
    running; the demo now plays in a scratch database and keeps only a finished event."""
    import os
    import signal
    import sqlite3
    import subprocess
    import sys

    db = tmp_path / "club.sqlite"
    assert main(["--db", str(db), "event", "new", "--name", "Mine"]) == 0
    with sqlite3.connect(db) as connection:
        before = connection.execute("SELECT count(*) FROM seal_link").fetchone()
    command = [sys.executable, "-m", "gin_scorer", "--db", str(db), "demo", "--entrants", "16"]
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    with subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env
    ) as demo:
        assert demo.stdout is not None and demo.stderr is not None
        first = demo.stdout.readline()  # round 1 played: the demo is well under way
        assert first.startswith("round 1: 8 tables played"), first
        demo.send_signal(getattr(signal, stop))
        out, err = demo.communicate(timeout=120)
    assert demo.returncode == 128 + getattr(signal, stop), (out, err)
    assert err.strip() == f"the demo was stopped: nothing was written to {db}"
    with sqlite3.connect(db) as connection:
        assert connection.execute("SELECT name FROM event").fetchall() == [("Mine",)]
        assert connection.execute("SELECT count(*) FROM seal_link").fetchone() == before


def test_an_event_is_deleted_with_its_pin_and_name_and_the_seal_holds(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """There was no way to delete an event. Now: the PIN, the name typed, an audited and sealed
    tombstone; the event is gone from every list and reading, verify stays clean, a seal code
    taken before still matches."""
    import io

    db = str(tmp_path / "club.sqlite")
    demo = ("demo", "--entrants", "4", "--preset", "wikipedia-standard", "--quiet")
    assert _run(capsys, "--db", db, *demo)[0] == 0
    assert (
        _run(capsys, "--db", db, "event", "new", "--name", "Spring Open", "--pin", "2468")[0] == 0
    )
    _, out, _ = _run(capsys, "--db", db, "verify")
    code = out.splitlines()[-1].split()[-1]
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    status, _, err = _run(capsys, "--db", db, "event", "delete", "2")
    assert status == 2 and "give its name with --confirm NAME, or --yes" in err
    status, _, err = _run(capsys, "--db", db, "event", "delete", "2", "--confirm", "Spring")
    assert status == 2 and "'Spring' is not the name of event 2" in err
    status, _, err = _run(capsys, "--db", db, "event", "delete", "2", "--confirm", "spring open")
    assert status == 2 and "PIN of 'Spring Open' is needed to delete the event" in err
    # In a terminal the name is asked for.
    monkeypatch.setattr("sys.stdin.isatty", lambda: True)
    monkeypatch.setattr("builtins.input", lambda _prompt: "Spring Open")
    status, out, _ = _run(capsys, "--db", db, "event", "delete", "2", "--pin", "2468")
    assert status == 0 and out.startswith("event 2 (Spring Open) deleted")
    status, out, _ = _run(capsys, "--db", db, "event", "delete", "1", "--yes", "--reason", "a demo")
    assert status == 0 and "4 entrants, " in out
    status, out, _ = _run(capsys, "--db", db, "event", "list")
    assert "no events yet" in out
    status, _, err = _run(capsys, "--db", db, "standings", "--event", "1")
    assert (
        status == 2
        and err.strip() == "gin-scorer: event 1 ('Demo swiss of 4 (seed 1)') was deleted"
    )
    status, out, _ = _run(capsys, "--db", db, "ratings")
    assert "No rated match yet" in out
    status, out, _ = _run(capsys, "--db", db, "verify", "--seal", code)
    assert status == 0 and "checked 2 event(s)" in out, out
    status, out, _ = _run(capsys, "--db", db, "audit", "show")
    assert out.count("event.delete") == 2
