"""standings, match sheet and round status end with the database's seal (a field with --json)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gin_scorer.cli import main
from gin_scorer.services.support.seal import current_seal
from gin_scorer.store.database import open_database


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    status = main(list(argv))
    out, _ = capsys.readouterr()
    return status, out


def _seal(path: str) -> str:
    db = open_database(path, backups=False)
    try:
        code = current_seal(db)
    finally:
        db.close()
    assert code is not None
    return code


@pytest.fixture
def demo_db(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    path = str(tmp_path / "demo.sqlite")
    status, _ = _run(
        capsys,
        "--db",
        path,
        "demo",
        "--entrants",
        "4",
        "--seed",
        "3",
        "--preset",
        "wikipedia-standard",
        "--quiet",
    )
    assert status == 0
    return path


@pytest.mark.parametrize(
    "command",
    [
        ("standings", "--event", "1"),
        ("match", "sheet", "1"),
        ("match", "sheet", "1", "--log"),
        ("round", "status", "--event", "1"),
        ("round", "status", "--event", "1", "--round", "1"),
    ],
)
def test_the_last_line_is_the_current_seal(
    demo_db: str, capsys: pytest.CaptureFixture[str], command: tuple[str, ...]
) -> None:
    status, out = _run(capsys, "--db", demo_db, *command)
    assert status == 0
    assert out.rstrip("\n").splitlines()[-1] == f"seal: {_seal(demo_db)}"


def test_standings_json_carries_the_seal_beside_the_rows(
    demo_db: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out = _run(capsys, "--db", demo_db, "standings", "--event", "1", "--json")
    assert status == 0
    data = json.loads(out)  # the whole output is one JSON document: no trailing seal line
    assert data["seal"] == _seal(demo_db)
    assert [row["name"] for row in data["standings"]] and data["standings"][0]["label"] == "1"


def test_the_seal_moves_on_after_a_change(demo_db: str, capsys: pytest.CaptureFixture[str]) -> None:
    _, before = _run(capsys, "--db", demo_db, "standings", "--event", "1")
    status, _ = _run(capsys, "--db", demo_db, "event", "new", "--name", "Next week")
    assert status == 0
    _, after = _run(capsys, "--db", demo_db, "standings", "--event", "1")
    assert before.splitlines()[-1] != after.splitlines()[-1] == f"seal: {_seal(demo_db)}"


def test_verify_says_one_link_and_more_links_each_in_its_own_words(
    tmp_path: Path, demo_db: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code = _seal(demo_db)
    since = "the seal {0} matches: nothing sealed before it has changed ({1} sealed since)"
    for changed, links in enumerate(("0 links", "1 link", "2 links")):
        if changed:  # one more change since the code: one more link
            status, _ = _run(capsys, "--db", demo_db, "event", "new", "--name", f"Next {changed}")
            assert status == 0
        status, out = _run(capsys, "--db", demo_db, "verify", "--seal", code)
        assert status == 0
        assert since.format(code, links) in out.splitlines()
    fresh = str(tmp_path / "fresh.sqlite")
    assert _run(capsys, "--db", fresh, "--create", "verify")[1].splitlines()[-1] == (
        "sealed: 0 links, seal (none yet)"
    )
    _run(capsys, "--db", fresh, "event", "new", "--name", "First")
    assert _run(capsys, "--db", fresh, "verify")[1].splitlines()[-1] == (
        f"sealed: 1 link, seal {_seal(fresh)}"
    )
