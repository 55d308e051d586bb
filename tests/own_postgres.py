"""A PostgreSQL server of a test's own, to stop and start again (the shared test server must
never go away under the other tests). Made as .ci/run makes its own: ``initdb`` in a fresh
folder, trust on loopback, a free port; run as the ``postgres`` user when the tests run as
root (the server refuses root). A test without the server's programs is skipped."""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest


def _programs() -> Path | None:
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/pg_ctl"))
    if found:
        return found[-1].parent
    pg_ctl = shutil.which("pg_ctl")
    return Path(pg_ctl).parent if pg_ctl else None


class OwnPostgres:
    """A server in ``folder`` on ``port``; ``stop`` and ``start`` it at will."""

    def __init__(self, programs: Path, folder: Path, port: int) -> None:
        self.programs, self.folder, self.port = programs, folder, port
        self.url = f"postgresql+psycopg://postgres@127.0.0.1:{port}/postgres"

    def _run(self, program: str, *args: str) -> None:
        command = [str(self.programs / program), *args]
        if os.geteuid() == 0:
            command = ["runuser", "-u", "postgres", "--", *command]
        subprocess.run(command, check=True, capture_output=True, timeout=120)

    def start(self) -> None:
        options = f"-c listen_addresses=127.0.0.1 -p {self.port} -k {self.folder} -c fsync=off"
        data, log = str(self.folder / "data"), str(self.folder / "log")
        self._run("pg_ctl", "-D", data, "-l", log, "-w", "-o", options, "start")

    def stop(self, mode: str = "fast") -> None:
        self._run("pg_ctl", "-D", str(self.folder / "data"), "-m", mode, "-w", "stop")


@contextmanager
def own_postgres() -> Iterator[OwnPostgres]:
    programs = _programs()
    if programs is None:
        pytest.skip("no PostgreSQL server programs (initdb, pg_ctl) on this machine")
    folder = Path(tempfile.mkdtemp(prefix="gin-scorer-own-pg-"))
    if os.geteuid() == 0:
        shutil.chown(folder, "postgres")
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = OwnPostgres(programs, folder, port)
    server._run("initdb", "-D", str(folder / "data"), "--auth=trust", "-U", "postgres")
    server.start()
    try:
        yield server
    finally:
        with contextlib.suppress(subprocess.CalledProcessError):  # stopped already
            server.stop("immediate")
        shutil.rmtree(folder, ignore_errors=True)
