"""A database copied through SQLite's backup API wherever its folder is: Windows user names
bring spaces, apostrophes and letters beyond ASCII into every path (C:\\Users\\Zoë Ó'Brien),
and any folder may hold '#', '%' or '?', which mean something in the URI SQLite is given.
And a copy survives what Windows does to a file just written: a virus scanner or the search
indexer holding it open for a moment, so that renaming it fails once or twice."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest

from gin_scorer.store import sqlite_copy
from gin_scorer.store.sqlite_copy import copy_database


def a_database(path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    with sqlite3.connect(path) as connection:
        connection.execute("PRAGMA journal_mode = WAL")
        connection.execute("CREATE TABLE hand (id INTEGER PRIMARY KEY, score INTEGER)")
        connection.executemany("INSERT INTO hand (score) VALUES (?)", [(25,), (31,)])
    connection.close()
    return path


def scores(path: Path) -> list[int]:
    connection = sqlite3.connect(path)
    try:
        return [row[0] for row in connection.execute("SELECT score FROM hand ORDER BY id")]
    finally:
        connection.close()


@pytest.mark.parametrize(
    "folder",
    ["Zoë Ó'Brien", "club #3", "100% gin", "why?", "a b&c=d"],
)
def test_a_database_is_copied_whatever_its_folder_is_called(tmp_path: Path, folder: str) -> None:
    source = a_database(tmp_path / folder / "gin-scorer.sqlite")
    target = tmp_path / folder / "backups" / "copy.sqlite"
    copy_database(source, target)
    assert scores(target) == [25, 31]


def test_a_rename_refused_for_a_moment_is_tried_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = a_database(tmp_path / "gin-scorer.sqlite")
    target = tmp_path / "copy.sqlite"
    refusals = iter([True, True, False])
    real_replace = os.replace

    def scanned_for_a_moment(src: str | Path, dst: str | Path) -> None:
        if next(refusals):
            raise PermissionError(
                32, "The process cannot access the file because it is being used by another process"
            )
        real_replace(src, dst)

    monkeypatch.setattr(sqlite_copy.os, "replace", scanned_for_a_moment)
    monkeypatch.setattr(sqlite_copy, "RENAME_PAUSE_SECONDS", 0.0, raising=False)
    copy_database(source, target)
    assert scores(target) == [25, 31]
    assert not list(tmp_path.glob("*.partial"))


def test_a_rename_refused_for_good_says_so_and_leaves_no_target(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = a_database(tmp_path / "gin-scorer.sqlite")
    target = tmp_path / "copy.sqlite"

    def always_held(src: str | Path, dst: str | Path) -> None:
        raise PermissionError(32, "being used by another process")

    monkeypatch.setattr(sqlite_copy.os, "replace", always_held)
    monkeypatch.setattr(sqlite_copy, "RENAME_PAUSE_SECONDS", 0.0, raising=False)
    with pytest.raises(PermissionError):
        copy_database(source, target)
    assert not target.exists()
