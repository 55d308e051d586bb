"""``gin-scorer serve`` as a director runs it: it says where the room is, serves it, and stops
cleanly on Ctrl+C or SIGTERM; a port it cannot have is one clear line."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from gin_scorer.cli import main


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture
def demo_db(tmp_path: Path) -> str:
    db = str(tmp_path / "room.sqlite")
    assert main(["--db", db, "demo", "--entrants", "8", "--rounds", "1", "--quiet"]) == 0
    return db


@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGTERM])
def test_serve_says_where_the_room_is_and_stops_cleanly(demo_db: str, stop: signal.Signals) -> None:
    port = _free_port()
    clock = ["--clock", "45"] if stop is signal.SIGTERM else []
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gin_scorer",
            "--db",
            demo_db,
            "serve",
            "--event",
            "1",
            "--port",
            str(port),
            *clock,
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        deadline = time.monotonic() + 20
        page = None
        while time.monotonic() < deadline:
            try:
                page = httpx.get(f"http://127.0.0.1:{port}/", timeout=2)
                break
            except httpx.TransportError:
                time.sleep(0.1)
        assert page is not None and page.status_code == 200
        assert "where you sit" in page.text
        # With --clock the room counts the latest round down, as the desk's clock would.
        assert ('role="timer"' in page.text) is bool(clock)
        assert not clock or "Round 1 · 4" in page.text  # 45:00 or 44:59 left
        server.send_signal(stop)
        out, err = server.communicate(timeout=20)
    finally:
        if server.poll() is None:
            server.kill()
    assert server.returncode == 0, err
    assert f"http://127.0.0.1:{port}/" in out and "projector" in out
    assert "only this computer can open it" in out
    assert ("the round clock: Round 1 · " in out) is bool(clock)
    assert out.rstrip().endswith("The room is closed.")


def test_a_port_in_use_is_refused_in_one_line(
    demo_db: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        status = main(["--db", demo_db, "serve", "--event", "1", "--port", str(port)])
    err = capsys.readouterr().err
    assert status == 2
    assert err.count("\n") == 1 and f"cannot listen on 127.0.0.1:{port}" in err


def test_an_event_that_does_not_exist_is_refused(
    demo_db: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--db", demo_db, "serve", "--event", "9", "--port", str(_free_port())]) == 2
    assert "no event 9" in capsys.readouterr().err


def test_links_gives_each_table_its_own_address(
    demo_db: str, capsys: pytest.CaptureFixture[str]
) -> None:
    import json

    base = "http://10.0.0.5:8080"
    assert main(["--db", demo_db, "links", "--event", "1", "--base", base, "--json"]) == 0
    lines = json.loads(capsys.readouterr().out)  # one JSON array, an object per table
    assert len(lines) == 4  # eight entrants: four tables
    assert sorted(line["table"] for line in lines) == [1, 2, 3, 4]
    urls = [line["url"] for line in lines]
    assert all(url.startswith(f"{base}/t/") for url in urls) and len(set(urls)) == 4
    assert main(["--db", demo_db, "links", "--event", "1", "--base", base]) == 0
    text = capsys.readouterr().out
    assert "T1" in text and urls[0] in text
    assert main(["--db", demo_db, "links", "--event", "1", "--round", "7"]) == 2
    assert "no round 7" in capsys.readouterr().err


def _serve(db: str, port: int, env: dict[str, str]) -> subprocess.Popen[str]:
    command = [sys.executable, "-m", "gin_scorer", "--db", db, "serve", "--event", "1"]
    return subprocess.Popen(
        [*command, "--port", str(port)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )


def test_hands_the_tables_send_to_the_room_are_backed_up(tmp_path: Path) -> None:
    """The room records hands as the desk does, so it backs them up on the same schedule: a
    room served alone on a SQLite file kept no copy of the hands its tables sent."""
    import re

    from gin_scorer.services.support.database import open_database
    from gin_scorer.services.support.dto import EntrantSpec
    from gin_scorer.services.writes import entrants, events, rounds
    from gin_scorer.services.writes.backup_schedule import set_backup_schedule
    from gin_scorer.services.writes.table_links import table_links

    path = tmp_path / "club.sqlite"
    with open_database(str(path), station="desk", backups=False) as db:
        event = events.create_event(db, name="Club night", format="swiss")
        entrants.add_entrants(db, event.id, [EntrantSpec("Ann"), EntrantSpec("Bob")])
        rounds.start_round(db, event.id)
        set_backup_schedule(db, every_hands=1)
        (link,) = table_links(db, event.id)
    folder = tmp_path / "backups"
    port = _free_port()
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "GIN_SCORER_BACKUP_DIR": str(folder)}
    server = _serve(str(path), port, env)
    try:
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 20
        page = None
        while page is None and time.monotonic() < deadline:
            try:
                page = httpx.get(base + link.path, timeout=2)
            except httpx.TransportError:
                time.sleep(0.1)
        assert page is not None and page.status_code == 200
        before = set(folder.rglob("*.sqlite")) if folder.exists() else set()
        fields = dict(re.findall(r'name="(key|version)" value="([^"]*)"', page.text))
        send = {"text": "ak7 15", "step": "record", **fields}
        answer = httpx.post(f"{base}{link.path}/hand", data=send, timeout=10)
        assert answer.status_code == 303
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and set(folder.rglob("*.sqlite")) <= before:
            time.sleep(0.1)
        made = set(folder.rglob("*.sqlite")) - before
    finally:
        server.send_signal(signal.SIGTERM)
        server.communicate(timeout=20)
    assert made, "the room recorded a hand and made no backup"
    with open_database(str(made.pop()), backups=False) as copy:
        from gin_scorer.services.writes.matches import get_score_sheet, list_matches

        (match,) = [m for m in list_matches(copy, 1) if m.b is not None]
        assert len(get_score_sheet(copy, match.id).hands) == 1
