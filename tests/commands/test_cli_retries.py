"""Writes from the command line that can be retried without doubling (issue 41, finding 2).

Before: a dropped connection turned every write into a refusal (exit 2, like bad input),
nothing retried, the words said "cannot open the database", and a hand committed by a process
killed before it answered was doubled when the scorer typed it again."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

from gin_scorer.cli import main
from gin_scorer.services.support import retries
from tests.commands.conftest import club_event

HAND = '{"knock": "A", "deadwood": {"A": 7, "B": 15}}'


@pytest.fixture(autouse=True)
def data_in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))


def _hands(db: str) -> int:
    from gin_scorer.services.support.database import open_database
    from gin_scorer.services.writes.matches import get_score_sheet

    with open_database(db, backups=False) as opened:
        return len(get_score_sheet(opened, 1).hands)


def test_a_server_that_does_not_answer_is_retried_then_exit_75(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(retries, "RETRY_SECONDS", 1.2)
    with socket.socket() as probe:  # a port where nothing listens
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    url = f"postgresql+psycopg://gin@127.0.0.1:{port}/club"
    status = main(["--db", url, "hand", "add", "--match", "1", HAND])
    err = capsys.readouterr().err
    assert status == 75, err
    assert "the server is not answering: retrying (0.5 s)…" in err
    assert "is not answering (Connection refused)" in err
    assert "cannot open the database" not in err
    assert "run the same command again when the server answers" in err


def test_a_server_that_refuses_is_not_retried_and_says_so(
    pg_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from sqlalchemy.engine import make_url

    wrong = make_url(pg_url).set(username="nobody_here").render_as_string(hide_password=False)
    assert main(["--db", wrong, "hand", "add", "--match", "1", HAND]) == 2
    err = capsys.readouterr().err
    assert "refused the connection" in err and 'role "nobody_here" does not exist' in err
    assert "retrying" not in err


def test_a_hand_saved_without_an_answer_is_recognised_on_the_retry(
    db_url: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from gin_scorer.services.support.errors import ServerNotAnswering
    from gin_scorer.services.writes import hands

    club_event(db_url)
    real = hands.record_read_hand  # what hand add calls with a typed line or JSON
    calls = []

    def saved_then_cut_off(*args, **kwargs):  # type: ignore[no-untyped-def]
        calls.append(kwargs["submission"])
        sheet = real(*args, **kwargs)
        if len(calls) == 1:  # committed, but the answer never came back
            raise ServerNotAnswering("the connection broke", outcome_unknown=True)
        return sheet

    monkeypatch.setattr(hands, "record_read_hand", saved_then_cut_off)
    capsys.readouterr()
    assert main(["--db", db_url, "hand", "add", "--match", "1", HAND]) == 0
    out, err = capsys.readouterr()
    assert "retrying" in err
    assert "saved (hand 1)" in out
    assert len(calls) == 1  # the retry looked the key up and wrote nothing
    assert _hands(db_url) == 1


class _Terminal:
    def isatty(self) -> bool:
        return True


def test_a_command_run_again_after_its_hand_was_saved_does_not_double_it(
    db_url: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    club_event(db_url)
    assert main(["--db", db_url, "hand", "add", "--match", "1", HAND]) == 0
    capsys.readouterr()
    # The scorer saw no answer (the process was killed) and types the same line again.
    monkeypatch.setattr("sys.stdin", _Terminal())
    assert main(["--db", db_url, "hand", "add", "--match", "1", HAND]) == 2
    assert "already saved (hand 1)" in capsys.readouterr().err
    assert _hands(db_url) == 1
    # With the version the scorer meant, the same command is recognised, and saved once.
    assert main(["--db", db_url, "hand", "add", "--match", "1", HAND, "--expect-version", "2"]) == 0
    assert main(["--db", db_url, "hand", "add", "--match", "1", HAND, "--expect-version", "2"]) == 0
    assert "saved (hand 2)" in capsys.readouterr().out
    for _ in range(2):
        assert main(["--db", db_url, "hand", "add", "--match", "1", HAND, "--key", "t1-h3"]) == 0
    assert _hands(db_url) == 3


def test_expect_version_refuses_a_match_that_moved_on(
    db_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    club_event(db_url)
    assert main(["--db", db_url, "hand", "add", "--match", "1", HAND]) == 0
    capsys.readouterr()
    other = '{"gin": "B", "deadwood": {"A": 22}}'
    assert (
        main(["--db", db_url, "hand", "add", "--match", "1", other, "--expect-version", "1"]) == 2
    )
    err = capsys.readouterr().err
    assert "was changed at station" in err and "hand 1" in err
    assert "this screen" not in err
    assert _hands(db_url) == 1
