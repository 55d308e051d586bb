"""A large database's matches are checked by two processes, the seal here while the second
one starts: the answer must be the same as checking both in one process, tampering included."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest

from gin_scorer.services.queries import verify, verify_split
from gin_scorer.services.support.seal import current_seal
from gin_scorer.services.writes.entrants import add_entrant
from gin_scorer.services.writes.events import create_event
from gin_scorer.store.database import open_database
from gin_scorer.store.seal_check import SealCheck


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


def _seal_checked_before_any_share(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """What this process did, in order: "seal" for each seal check, "share" for each share."""
    done: list[str] = []
    check_seal, check_share = verify.check_seal, verify.check_share

    def seal_here(*args: Any, **kwargs: Any) -> SealCheck:
        done.append("seal")
        return check_seal(*args, **kwargs)

    def share_here(*args: Any, **kwargs: Any) -> Any:
        done.append("share")
        return check_share(*args, **kwargs)

    monkeypatch.setattr(verify, "check_seal", seal_here)
    monkeypatch.setattr(verify, "check_share", share_here)
    return done


@pytest.mark.usefixtures("parallel")
def test_a_clean_database_verifies_the_same_in_two_processes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The seal is checked here, once, while the second process starts (before this process
    takes a share): on an event sealed hand by hand it is most of the work, and left to the
    helper it kept this process waiting once every share was done."""
    path = tmp_path / "club.sqlite"
    code = _small_event(path)
    done = _seal_checked_before_any_share(monkeypatch)
    with open_database(path, backups=False) as db:
        report = verify.verify_database(db, seal_code=code)
    assert report.clean, report.problems
    assert report.seal is not None and report.seal.latest_code == code
    assert report.seal.code_matches is True
    assert done[0] == "seal" and done.count("seal") == 1


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


def test_asked_for_two_processes_the_helper_starts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """GIN_SCORER_VERIFY_PROCESSES=2 starts the helper whatever the size (the seal is then
    checked here before any share, as with a large database)."""
    path = tmp_path / "club.sqlite"
    code = _small_event(path)
    monkeypatch.setenv("GIN_SCORER_VERIFY_PROCESSES", "2")
    done = _seal_checked_before_any_share(monkeypatch)
    with open_database(path, backups=False) as db:
        report = verify.verify_database(db, seal_code=code)
    assert report.clean and report.seal is not None and report.seal.code_matches is True
    assert done[0] == "seal" and done.count("seal") == 1


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


def test_the_helper_does_not_quick_check_the_file_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The process that started the helper has just run quick_check on the file (opening
    it); the helper, opening it a moment later, does not read the whole file again (half a
    second on a 100,000-hand event). Its checks are this process's, here run in-process."""
    import multiprocessing

    from sqlmodel import select

    from gin_scorer.store import database
    from gin_scorer.store.tables import Event

    path = tmp_path / "club.sqlite"
    _small_event(path)
    with open_database(path, backups=False) as db, db.transaction(write=False) as session:
        events = list(session.exec(select(Event)))
        shares = verify_split.plan_shares(session, events)
        here = {i: verify_split.check_share(session, s, {}) for i, s in enumerate(shares)}

    def not_again(_path: Path) -> str:
        raise AssertionError("the helper ran quick_check again")

    monkeypatch.setattr(database, "quick_check", not_again)
    verify_split._take_counter(multiprocessing.get_context("spawn").Value("i", 0))
    answer = verify_split._help(f"sqlite:///{path}", shares)
    assert answer.checked == here
    with pytest.raises(AssertionError, match="quick_check again"):
        open_database(path, backups=False)  # any other opening still checks the file


def test_a_helper_that_fails_says_why_and_is_gone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A helper that cannot check (here: it is given a folder, not a database file) answers
    nothing, errors.log says why, this process checks its part instead, and no process is
    left behind."""
    import multiprocessing
    from types import SimpleNamespace

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    folder = tmp_path / "not-a-file"
    folder.mkdir()
    not_a_file = SimpleNamespace(url=f"sqlite:///{folder}")
    with verify_split.helper(not_a_file, []) as (_counter, answer):  # type: ignore[arg-type]
        assert answer() is None
    assert multiprocessing.active_children() == []
    logged = (tmp_path / "data" / "gin-scorer" / "errors.log").read_text()
    assert "RuntimeError" in logged and "not-a-file is a folder" in logged
