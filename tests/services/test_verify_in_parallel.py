"""A large database's seal is checked in a second process while the hands are checked here:
the answer must be the same as checking both in one process, tampering included."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from gin_scorer.services.queries import verify, verify_split
from gin_scorer.services.support.seal import current_seal
from gin_scorer.services.writes.entrants import add_entrant
from gin_scorer.services.writes.events import create_event
from gin_scorer.store.database import open_database


def _small_event(path: Path) -> str:
    with open_database(path, backups=False) as db:
        event = create_event(db, name="Parallel", format="club")
        for name in ("Ann Lee", "Bob Ray", "Cy Doe"):
            add_entrant(db, event.id, name)
        code = current_seal(db)
    assert code is not None
    return code


@pytest.fixture
def parallel(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(verify_split, "PARALLEL_FROM", 0)


@pytest.mark.usefixtures("parallel")
def test_a_clean_database_verifies_the_same_in_two_processes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "club.sqlite"
    code = _small_event(path)

    def not_here(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("the seal was checked in this process, not in the second one")

    monkeypatch.setattr(verify, "check_seal", not_here)  # the spawned process has its own
    with open_database(path, backups=False) as db:
        report = verify.verify_database(db, seal_code=code)
    assert report.clean, report.problems
    assert report.seal is not None and report.seal.latest_code == code
    assert report.seal.code_matches is True


@pytest.mark.usefixtures("parallel")
def test_an_edit_is_caught_by_the_second_process(tmp_path: Path) -> None:
    path = tmp_path / "club.sqlite"
    code = _small_event(path)
    with sqlite3.connect(path) as connection:
        connection.execute("UPDATE entrant SET name = 'Bob Rayner' WHERE name = 'Bob Ray'")
    with open_database(path, backups=False) as db:
        report = verify.verify_database(db, seal_code=code)
    assert not report.clean
    assert "changed outside the app (name" in str(report.problems[0])


def test_asked_for_two_processes_the_helper_checks_the_seal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """GIN_SCORER_VERIFY_PROCESSES=2 starts the helper whatever the size."""
    path = tmp_path / "club.sqlite"
    code = _small_event(path)

    def not_here(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("the seal was checked in this process, not in the second one")

    monkeypatch.setenv("GIN_SCORER_VERIFY_PROCESSES", "2")
    monkeypatch.setattr(verify, "check_seal", not_here)
    with open_database(path, backups=False) as db:
        report = verify.verify_database(db, seal_code=code)
    assert report.clean and report.seal is not None and report.seal.code_matches is True


def test_a_frozen_program_that_cannot_spawn_checks_here_and_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A frozen program whose entry point did not call freeze_support (so a spawned child
    would run the program again) never starts one; asked to, it writes why in errors.log."""
    path = tmp_path / "club.sqlite"
    code = _small_event(path)
    monkeypatch.setenv("GIN_SCORER_VERIFY_PROCESSES", "2")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setattr("sys.frozen", True, raising=False)
    monkeypatch.delattr("sys._gin_scorer_freeze_support", raising=False)
    with open_database(path, backups=False) as db:
        report = verify.verify_database(db, seal_code=code)
    assert report.clean and report.seal is not None and report.seal.code_matches is True
    logged = (tmp_path / "data" / "gin-scorer" / "errors.log").read_text()
    assert "cannot start one" in logged
