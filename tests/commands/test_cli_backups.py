"""The command line's backups (issue 41, finding 1): a failure is said once on the terminal,
never swallowed; ``backup --list`` says how old the newest is; ``serve`` on a server database
backs up what other stations wrote."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from gin_scorer.cli import main
from tests.commands.conftest import club_event

HAND = '{"knock": "A", "deadwood": {"A": 7, "B": 15}}'


@pytest.fixture(autouse=True)
def data_in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    return tmp_path / "xdg" / "gin-scorer" / "errors.log"


def test_a_failed_backup_is_said_on_the_terminal_and_logged(
    db_url: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    data_in_tmp: Path,
) -> None:
    club_event(db_url, ["backup", "--every-hands", "1"])
    blocked = tmp_path / "blocked"
    blocked.write_text("a file where the backups' folder should be")
    monkeypatch.setenv("GIN_SCORER_BACKUP_DIR", str(blocked))
    capsys.readouterr()
    assert main(["--db", db_url, "hand", "add", "--match", "1", HAND]) == 0  # the hand is saved
    out, err = capsys.readouterr()
    assert "hand 1" in out
    assert err.count("the automatic backup failed") == 1, err
    assert "the automatic backup failed" in data_in_tmp.read_text(encoding="utf-8")


def test_backup_list_says_how_old_the_newest_is(
    db_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    club_event(db_url, ["backup", "--every-hands", "1"])
    capsys.readouterr()
    assert main(["--db", db_url, "backup", "--list"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] in (
        "newest: no backup yet",
        "newest: backed up just now",
    )
    assert main(["--db", db_url, "hand", "add", "--match", "1", HAND]) == 0
    assert main(["--db", db_url, "backup", "--list"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "newest: backed up just now"


def test_serve_on_a_server_backs_up_what_other_stations_wrote(
    pg_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from gin_scorer.services.writes.backups import backups_of

    monkeypatch.setenv("GIN_SCORER_BACKUP_DIR", str(tmp_path / "setup-backups"))
    # Set up at another station, which keeps its own backups.
    club_event(pg_url, ["backup", "--every-hands", "1"])
    monkeypatch.setenv("GIN_SCORER_BACKUP_DIR", str(tmp_path / "room-backups"))
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "GIN_SCORER_STATION": "room"}
    with_no_backups = {**env, "GIN_SCORER_BACKUP_DIR": str(tmp_path / "desk-backups")}
    subprocess.run(  # another station, keeping its own backups elsewhere
        [sys.executable, "-m", "gin_scorer", "--db", pg_url, "hand", "add", "--match", "1", HAND],
        env={**with_no_backups, "GIN_SCORER_STATION": "desk"},
        check=True,
        capture_output=True,
    )
    before = len(backups_of(pg_url))
    port = _free_port()
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gin_scorer",
            "--db",
            pg_url,
            "serve",
            "--event",
            "1",
            "--port",
            str(port),
        ],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        deadline = time.monotonic() + 120  # on open, at once; a loaded machine is slow
        while len(backups_of(pg_url)) == before and time.monotonic() < deadline:
            time.sleep(0.2)
    finally:
        server.send_signal(signal.SIGTERM)
        _out, err = server.communicate(timeout=180)
    assert len(backups_of(pg_url)) > before, err
    assert "backup failed" not in err


def _free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])
