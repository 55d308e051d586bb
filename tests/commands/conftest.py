"""The command line's tests run ``gin_scorer.cli.main`` in this process, on real SQLite files."""

from __future__ import annotations

from pathlib import Path

import pytest

from gin_scorer.cli import main


@pytest.fixture
def run(tmp_path: Path, capsys: pytest.CaptureFixture[str]):  # type: ignore[no-untyped-def]
    """``run("event", "new", ...)`` -> (exit status, stdout, stderr) of the CLI on a fresh
    SQLite file in ``tmp_path``."""
    db = str(tmp_path / "club.sqlite")

    def go(*argv: str) -> tuple[int, str, str]:
        status = main(["--db", db, *argv])
        out, err = capsys.readouterr()
        return status, out, err

    return go
