"""Who may change what, from the terminal: ``--pin``, the PIN asked for in a terminal, one
line and exit 2 anywhere else, and the attacks of issue 13 typed as commands."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

PIN = "2468"


@pytest.fixture
def finished_event(run):  # type: ignore[no-untyped-def]
    assert run("event", "new", "--name", "Open", "--format", "club", "--pin", PIN)[0] == 0
    for name in ("Ada", "Bob"):
        assert run("entrant", "add", "--event", "1", name)[0] == 0
    assert run("event", "finish", "1")[0] == 0
    return run


def test_a_missing_pin_is_one_line_and_exit_2_off_a_terminal(
    finished_event, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    run = finished_event
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    status, _, err = run("entrant", "withdraw", "2")
    assert status == 2
    assert err == (
        "gin-scorer: the director's PIN of 'Open' is needed to withdraw an entrant: "
        "the event is finished\n"
    )
    status, _, err = run("event", "finish", "1", "--reopen")
    assert status == 2 and "needed to reopen the event" in err
    status, _, err = run("match", "new", "--event", "1", "--a", "Ada", "--b", "Bob")
    assert status == 2 and "finished: reopen it to create a match" in err
    status, out, _ = run("entrant", "withdraw", "2", "--pin", PIN)
    assert status == 0 and "withdrawn" in out


def test_in_a_terminal_the_pin_is_asked_for_once(
    finished_event, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    run = finished_event
    asked: list[str] = []
    monkeypatch.setattr("sys.stdin.isatty", lambda: True)
    monkeypatch.setattr("getpass.getpass", lambda prompt: asked.append(prompt) or PIN)
    status, _, err = run("entrant", "check-in", "1")
    assert status == 0 and asked == ["Director PIN: "]
    assert "PIN of 'Open' is needed to check an entrant in or out" in err
    monkeypatch.setattr("getpass.getpass", lambda prompt: "0000")
    status, _, err = run("event", "finish", "1", "--reopen")
    assert status == 2 and err.splitlines()[-1].startswith("gin-scorer: wrong director PIN")


def test_director_pin_set_needs_every_event_pin(run, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    assert run("event", "new", "--name", "Open", "--pin", PIN)[0] == 0
    assert run("event", "new", "--name", "Mine", "--pin", "1111")[0] == 0  # the attacker's
    monkeypatch.setattr("sys.stdin", io.StringIO("1111\n9999\n"))
    status, _, err = run("director-pin", "set")
    assert status == 2 and "still guarded: 'Open' (event 1)" in err
    monkeypatch.setattr("sys.stdin", io.StringIO("9999\n"))
    status, out, _ = run("director-pin", "set", "--pin", PIN, "--pin", "1111")
    assert status == 0 and out.strip().endswith("set")
    # The database PIN now opens event 1 too.
    status, _, _ = run("event", "finish", "1")
    status, out, _ = run("event", "finish", "1", "--reopen", "--pin", "9999")
    assert status == 0 and out.strip().endswith("running")


def test_restore_with_a_fresh_events_pin_is_refused(run, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    assert run("event", "new", "--name", "Open", "--pin", PIN)[0] == 0
    saved = tmp_path / "saved.sqlite"
    assert run("backup", "--out", str(saved))[0] == 0
    assert run("event", "new", "--name", "Mine", "--pin", "1111")[0] == 0
    status, _, err = run("restore", str(saved), "--pin", "1111")
    assert status == 2 and "still guarded: 'Open' (event 1)" in err
    status, out, _ = run("event", "list")
    assert "Mine" in out  # nothing was restored
    status, _, _ = run("restore", str(saved), "--pin", "1111", "--pin", PIN)
    assert status == 0
