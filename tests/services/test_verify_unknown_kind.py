"""A hand-log row whose kind was edited to one no version of the app writes: `verify` says
which row and what kinds there are, in a line, and exits with problems found; it ended in a
KeyError traceback (views.log_entries, mirrored in verify_rows.counted_rows)."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest

from tests.services.verify_corpus import BASE, verify_output
from tests.services.verify_corpus_damages import raw


def test_an_unknown_kind_is_said_in_a_line_not_a_traceback(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GIN_SCORER_BACKUP_DIR", str(tmp_path / "backups"))
    path = tmp_path / "edited.sqlite"
    shutil.copyfile(BASE, path)
    with sqlite3.connect(path) as look:
        (first,) = look.execute("SELECT MIN(id) FROM hand_entry").fetchone()
    raw(path, ("UPDATE hand_entry SET kind = 'bogus' WHERE id = ?", (first,)))  # behind its back
    said = verify_output(path)
    assert said.startswith("exit 1\n"), said
    assert "Traceback" not in said and "KeyError" not in said
    assert f"hand entry {first}: kind 'bogus' is not one of entry, correction, void" in said
