"""Two stations writing through a PostgreSQL server that fails under them (issue 41).

    .venv/bin/python benchmarks/stations_faults.py [--short] [--keep DIR]

Starts a PostgreSQL server of its own (its own folder and port on 127.0.0.1, as ``.ci/run``
does), makes an event with one match per writer, and runs two writers: each enters hands
one ``gin-scorer hand add`` process at a time, as a director's script would, every hand with
its own ``--key`` (and ``--by`` naming it, so that the database says which logical hand a row
is). Meanwhile, in three phases:

1. backend kills: every client connection to the event's database is ended with
   ``pg_terminate_backend`` every ~0.7 s;
2. an outage: the server is stopped for 20 s (longer than a command's 15 s of retries:
   some commands give up with exit 75 and the writer runs them again);
3. SIGKILLs: a writer's running command is killed at a random moment, a few times a second.

A writer runs a command again (the same line, the same key) until it is acknowledged: exit 0
and "hand N" or "saved (hand N)". After a command that died or gave up, the benchmark looks
in the database before the writer tries again: a hand already there was *saved without
acknowledgement*, and the next try must recognise it ("saved (hand N)") rather than write it
twice. Reported: hands acknowledged, recorded, lost (acknowledged, not in the database),
doubled (a logical hand in the log twice), saved without acknowledgement and how many were
recognised, the retries the commands said, the exits 75, and each station's automatic
backups. Targets: 0 lost, 0 doubled, every hand saved without acknowledgement recognised.

Calm writing comes before, between and after the phases. ``--short`` (CI:
``tests/store/test_stations_faults.py``): 10 s of kills, a 20 s outage, 10 s of SIGKILLs, 5 s
of calm around each (about 70 s). The full run: 40 s, 20 s, 40 s, with 10 s of calm.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

HANDS = (
    '{"knock": "A", "deadwood": {"A": 7, "B": 8}}',
    '{"knock": "B", "deadwood": {"A": 8, "B": 7}}',
)


@dataclass
class Server:
    """A PostgreSQL server of the benchmark's own."""

    folder: Path
    port: int
    bin: Path
    as_postgres: list[str]

    @property
    def url(self) -> str:
        return f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/faults"

    def ctl(self, *args: str) -> None:
        subprocess.run(
            [*self.as_postgres, str(self.bin / "pg_ctl"), "-D", str(self.folder / "data"), *args],
            check=True,
            capture_output=True,
        )

    def start(self) -> None:
        options = f"-c listen_addresses=127.0.0.1 -p {self.port} -k {self.folder} -c fsync=off"
        self.ctl("-l", str(self.folder / "log"), "-w", "-o", options, "start")

    def stop(self) -> None:
        self.ctl("-m", "fast", "-w", "stop")


def start_server(root: Path) -> Server:
    bins = sorted(Path("/usr/lib/postgresql").glob("*/bin"))
    if not bins:
        raise SystemExit("PostgreSQL is not installed (scripts/bootstrap.sh test installs it)")
    del root  # the server's folder must be reachable by the postgres user: its own, in /tmp
    folder = Path(tempfile.mkdtemp(prefix="gin-scorer-faults-pg-"))
    as_postgres: list[str] = []
    if os.geteuid() == 0:  # PostgreSQL refuses to run as root
        shutil.chown(folder, "postgres")
        as_postgres = ["runuser", "-u", "postgres", "--"]
    server = Server(folder, _free_port(), bins[-1], as_postgres)
    subprocess.run(
        [
            *as_postgres,
            str(server.bin / "initdb"),
            "-D",
            str(folder / "data"),
            "--auth=trust",
            "-U",
            "postgres",
        ],
        check=True,
        capture_output=True,
    )
    server.start()
    import psycopg

    with psycopg.connect(f"host=127.0.0.1 port={server.port} user=postgres", autocommit=True) as c:
        c.execute("CREATE DATABASE faults")
    return server


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass
class Tally:
    acknowledged: list[str] = field(default_factory=list)
    failed_tries: int = 0
    exits_75: int = 0
    retries_said: int = 0
    saved_without_ack: int = 0
    recognised: int = 0
    unrecognised: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)


class Writer(threading.Thread):
    """One station entering hands until told to stop: a process of its own that runs the
    command line's ``hand add`` (``gin_scorer.cli.main``, the very code a command runs) hand
    after hand, saying before each try which hand it tries and after it what the command
    printed. A killed process is started again at the hand it was trying."""

    def __init__(self, number: int, match_id: int, url: str, root: Path, tally: Tally) -> None:
        super().__init__(name=f"writer-{number}", daemon=True)
        self.number, self.match_id, self.url, self.tally = number, match_id, url, tally
        self.env = {
            **os.environ,
            "GIN_SCORER_STATION": f"writer-{number}",
            "GIN_SCORER_BACKUP_DIR": str(root / f"backups-{number}"),
            "XDG_DATA_HOME": str(root / f"data-{number}"),
            "PYTHONUNBUFFERED": "1",
        }
        self.stopping = threading.Event()
        self.running: subprocess.Popen[str] | None = None
        self.hands = 1  # the hand being tried
        self.trying = threading.Event()  # between a try's start and its answer
        # Hands found in the log after a try that died or gave up (before any acknowledgement).
        self.saved_unacknowledged: set[int] = set()

    def run(self) -> None:
        while not self.stopping.is_set():
            self.running = subprocess.Popen(
                [
                    sys.executable,
                    __file__,
                    "--writer",
                    str(self.number),
                    "--url",
                    self.url,
                    "--match",
                    str(self.match_id),
                    "--first",
                    str(self.hands),
                ],
                env=self.env,
                stdin=subprocess.DEVNULL,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                text=True,
                start_new_session=True,
            )
            assert self.running.stdout is not None
            for line in self.running.stdout:
                self._heard(line.rstrip("\n"))
                if self.stopping.is_set() and line.startswith("ACK"):
                    break
            self.trying.clear()
            self.running.kill()
            self.running.wait()
            self.running.stdout.close()
            if self.stopping.is_set():
                return
            self._died(self.hands)  # killed while trying this hand

    def _heard(self, line: str) -> None:
        kind, _, rest = line.partition(" ")
        if kind == "TRY":
            self.hands = int(rest)
            self.trying.set()
        elif kind == "ACK":
            self.trying.clear()
            number, _, out = rest.partition(" ")
            self._acknowledged(int(number), out)
        elif kind == "TEMPFAIL":
            with self.tally.lock:
                self.tally.exits_75 += 1
            self._died(int(rest))
        elif kind == "RETRIES":
            with self.tally.lock:
                self.tally.retries_said += int(rest)

    def _died(self, number: int) -> None:
        """A try died or gave up: is its hand in the log all the same? (Looked at after every
        such try until it is: an earlier try may have died before its commit.)"""
        with self.tally.lock:
            self.tally.failed_tries += 1
        if number not in self.saved_unacknowledged and _in_database(
            self.url, f"w{self.number}-{number}"
        ):
            self.saved_unacknowledged.add(number)
            with self.tally.lock:
                self.tally.saved_without_ack += 1

    def _acknowledged(self, number: int, out: str) -> None:
        recognised = out.startswith("saved (hand")
        tag = f"w{self.number}-{number}"
        with self.tally.lock:
            self.tally.acknowledged.append(tag)
            if recognised and number not in self.saved_unacknowledged:
                # An unknown outcome met inside the command itself, found by its own retry.
                self.saved_unacknowledged.add(number)
                self.tally.saved_without_ack += 1
            if number in self.saved_unacknowledged:
                if recognised:
                    self.tally.recognised += 1
                else:
                    self.tally.unrecognised.append(tag)
        self.hands = number + 1

    def kill_running(self) -> None:
        running = self.running
        if running is not None and running.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(running.pid, signal.SIGKILL)


def writer_process(number: int, url: str, match_id: int, first: int) -> None:
    """The writer's own process: ``hand add`` after ``hand add``, each tried until it is
    acknowledged; what each said, on stdout for the benchmark."""
    import contextlib
    import io

    from gin_scorer.cli import main as cli

    hand = first
    while True:
        tag = f"w{number}-{hand}"
        print(f"TRY {hand}", flush=True)
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = cli(
                [
                    "--db",
                    url,
                    "hand",
                    "add",
                    "--match",
                    str(match_id),
                    HANDS[hand % 2],
                    "--key",
                    tag,
                    "--by",
                    tag,
                ]
            )
        print(f"RETRIES {err.getvalue().count('retrying (')}", flush=True)
        if status == 75:
            print(f"TEMPFAIL {hand}", flush=True)
            continue
        if status != 0:
            raise SystemExit(f"{tag}: exit {status}: {err.getvalue().strip()}")
        print(f"ACK {hand} {out.getvalue().splitlines()[0]}", flush=True)
        hand += 1


def _in_database(url: str, tag: str) -> bool:
    """Whether the hand ``tag`` is in the log (waits for the server to answer)."""
    import psycopg

    plain = url.replace("postgresql+psycopg://", "postgresql://")
    while True:
        try:
            with psycopg.connect(plain, connect_timeout=2) as connection:
                row = connection.execute(
                    "SELECT count(*) FROM hand_entry WHERE entered_by = %s", (tag,)
                ).fetchone()
                return bool(row and row[0])
        except psycopg.OperationalError:
            time.sleep(0.5)


def _set_up(url: str, env: dict[str, str]) -> list[int]:
    def cli(*argv: str) -> str:
        done = subprocess.run(
            [sys.executable, "-m", "gin_scorer", "--db", url, *argv],
            env=env,
            capture_output=True,
            text=True,
            check=True,
        )
        return done.stdout

    cli("event", "new", "--name", "Faults", "--format", "swiss", "--rounds", "1")
    for name in ("Ann", "Bob", "Cat", "Dan"):
        cli("entrant", "add", "--event", "1", name)
    cli("round", "start", "--event", "1")
    cli("backup", "--every-hands", "10", "--every-minutes", "1")
    return [1, 2]


def _terminate_backends(server: Server, seconds: float) -> int:
    import psycopg

    ended = 0
    until = time.monotonic() + seconds
    while time.monotonic() < until:
        time.sleep(random.uniform(0.3, 1.1))
        try:
            with psycopg.connect(
                f"host=127.0.0.1 port={server.port} user=postgres dbname=postgres", autocommit=True
            ) as c:
                rows = c.execute(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                    "WHERE datname = 'faults' AND pid <> pg_backend_pid()"
                ).fetchall()
                ended += sum(1 for (done,) in rows if done)
        except psycopg.OperationalError:
            pass
    return ended


def _sigkills(writers: list[Writer], seconds: float) -> int:
    """Kill a writer while it writes a hand (not while its process starts), at a random
    moment of the try: before, during or after the commit, before the answer."""
    kills = 0
    until = time.monotonic() + seconds
    while time.monotonic() < until:
        writer = random.choice(writers)
        if not writer.trying.wait(timeout=0.5):
            continue
        time.sleep(random.uniform(0.0, 1.5))  # a try takes about a second: any moment of it
        if writer.trying.is_set():
            writer.kill_running()
            kills += 1
    return kills


def _recorded(url: str) -> tuple[int, dict[str, int]]:
    import psycopg

    plain = url.replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(plain) as connection:
        rows = connection.execute(
            "SELECT entered_by, count(*) FROM hand_entry WHERE kind = 'entry' GROUP BY entered_by"
        ).fetchall()
    counts = {str(tag): int(n) for tag, n in rows}
    return sum(counts.values()), counts


def run(short: bool, root: Path) -> dict[str, object]:
    random.seed(41)
    calm_s, kills_s, outage_s, sigkill_s = (
        (5.0, 10.0, 20.0, 10.0) if short else (10.0, 40.0, 20.0, 40.0)
    )
    server = start_server(root)
    try:
        env = {
            **os.environ,
            "GIN_SCORER_BACKUP_DIR": str(root / "backups-setup"),
            "XDG_DATA_HOME": str(root / "data-setup"),
        }
        matches = _set_up(server.url, env)
        tally = Tally()
        writers = [Writer(n + 1, m, server.url, root, tally) for n, m in enumerate(matches)]
        began = time.monotonic()
        for writer in writers:
            writer.start()
        time.sleep(calm_s)  # writing undisturbed
        ended = _terminate_backends(server, kills_s)
        time.sleep(calm_s)
        server.stop()
        time.sleep(outage_s)
        server.start()
        time.sleep(calm_s)
        killed = _sigkills(writers, sigkill_s)
        time.sleep(calm_s)
        for writer in writers:
            writer.stopping.set()
        for writer in writers:
            writer.join(timeout=120)
        seconds = time.monotonic() - began
        total, counts = _recorded(server.url)
        tags = [f"w{w.number}-{h}" for w in writers for h in range(1, w.hands)]
        verify = subprocess.run(
            [sys.executable, "-m", "gin_scorer", "--db", server.url, "verify"],
            env=env,
            capture_output=True,
            text=True,
        )
        return {
            "seconds": round(seconds, 1),
            "phases_s": {
                "calm (before, between and after each)": calm_s,
                "backend kills": kills_s,
                "outage": outage_s,
                "sigkills": sigkill_s,
            },
            "backends_terminated": ended,
            "sigkills": killed,
            "hands_acknowledged": len(tally.acknowledged),
            "hands_recorded": total,
            "lost": [t for t in tally.acknowledged if counts.get(t, 0) == 0],
            "never_acknowledged": [t for t in tags if t not in tally.acknowledged],
            "recorded_but_never_tried": sorted(set(counts) - set(tags) - {"td"}),
            "doubled": sorted(t for t, n in counts.items() if n > 1),
            "saved_without_acknowledgement": tally.saved_without_ack,
            "recognised_on_retry": tally.recognised,
            "saved_without_acknowledgement_not_recognised": tally.unrecognised,
            "tries_that_died_or_gave_up": tally.failed_tries,
            "exits_75": tally.exits_75,
            "retries_said": tally.retries_said,
            "backups": {
                f"writer-{w.number}": len(list((root / f"backups-{w.number}").rglob("*.sqlite")))
                for w in writers
            },
            "backup_failures_said": sum(
                (root / f"data-{w.number}" / "gin-scorer" / "errors.log")
                .read_text()
                .count("automatic backup failed")
                for w in writers
                if (root / f"data-{w.number}" / "gin-scorer" / "errors.log").exists()
            ),
            "verify_exit": verify.returncode,
        }
    finally:
        with contextlib.suppress(subprocess.CalledProcessError):
            server.ctl("-m", "immediate", "stop")
        shutil.rmtree(server.folder, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--short", action="store_true")
    parser.add_argument("--keep", type=Path, help="a folder to keep (default: removed)")
    parser.add_argument("--writer", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--url", help=argparse.SUPPRESS)
    parser.add_argument("--match", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--first", type=int, help=argparse.SUPPRESS)
    options = parser.parse_args()
    if options.writer is not None:
        writer_process(options.writer, options.url, options.match, options.first)
        return
    root = options.keep or Path(tempfile.mkdtemp(prefix="stations-faults-"))
    root.mkdir(parents=True, exist_ok=True)
    try:
        print(f"load average {os.getloadavg()[0]:.2f} ({os.cpu_count()} cores)")
        print(json.dumps(run(options.short, root), indent=2))
    finally:
        if options.keep is None:
            shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    main()
