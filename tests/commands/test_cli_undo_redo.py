"""``gin-scorer hand undo`` and ``hand redo``: the services' one undo (decision 0029), with
exit codes and one-line refusals."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from tests.commands.test_cli_hand_lines import _run, _swiss


def _links(db: Path) -> list[tuple[object, ...]]:
    with sqlite3.connect(db) as connection:
        query = "SELECT log, entry_id, undoes_id FROM undo_link ORDER BY id"
        return list(connection.execute(query))


def test_undo_and_redo_from_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "open.sqlite"
    _swiss(capsys, db, 4)
    status, out, err = _run(capsys, db, "hand", "undo", "--match", "1")
    assert (status, out, err.strip()) == (2, "", "gin-scorer: match 1 has nothing to undo")
    assert _run(capsys, db, "hand", "add", "--match", "1", "-", stdin="ak7 15\nbk2 30\n")[0] == 0
    status, out, _ = _run(capsys, db, "hand", "undo", "--match", "1")
    assert status == 0 and out.startswith("newest change to match 1 undone\n")
    assert _links(db) == [("hand", 3, 2)]
    status, out, _ = _run(capsys, db, "hand", "redo", "--match", "1")
    assert status == 0 and out.startswith("newest undo in match 1 taken back\n")
    assert _links(db) == [("hand", 3, 2), ("hand", 4, 3)]
    status, out, err = _run(capsys, db, "hand", "redo", "--match", "1")
    assert (status, out, err.strip()) == (2, "", "gin-scorer: match 1 has nothing to redo")
    # Undo, undo again: the redo, then hand 1's recording.
    assert _run(capsys, db, "hand", "undo", "--match", "1")[0] == 0
    assert _run(capsys, db, "hand", "undo", "--match", "1")[0] == 0
    assert _links(db)[-2:] == [("hand", 5, 4), ("hand", 6, 1)]
    status, out, _ = _run(capsys, db, "match", "sheet", "1", "--log")
    assert status == 0 and "undo of" not in out.lower()
    assert "entry 6      voided    undoes entry 1" in out, out
