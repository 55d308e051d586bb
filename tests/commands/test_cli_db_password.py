"""A server's password never shows in the process list (issue 41, finding 4): ``--db`` with a
password is refused with where to put it; ``GIN_SCORER_DB`` carries it; asked at a terminal."""

from __future__ import annotations

import pytest
from sqlalchemy.engine import make_url

from gin_scorer.cli import main
from gin_scorer.commands import _db_password
from gin_scorer.services.support.errors import ServerRefused


def test_a_password_in_db_is_refused_before_anything_is_opened(
    capsys: pytest.CaptureFixture[str],
) -> None:
    url = "postgresql+psycopg://td:s3cret@192.0.2.1/club"  # never reached
    assert main(["--db", url, "standings", "--event", "1"]) == 2
    err = capsys.readouterr().err
    assert "GIN_SCORER_DB" in err and "~/.pgpass" in err
    assert "s3cret" not in err
    assert main(["--db", url, "restore", "some.sqlite"]) == 2
    assert "GIN_SCORER_DB" in capsys.readouterr().err


def test_the_environment_carries_a_password(
    pg_url: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    with_password = make_url(pg_url).set(password="any").render_as_string(hide_password=False)
    monkeypatch.setenv("GIN_SCORER_DB", with_password)  # the test server trusts loopback
    assert main(["event", "new", "--name", "Club", "--format", "swiss"]) == 0
    assert "any" not in capsys.readouterr().err


class _Terminal:
    def isatty(self) -> bool:
        return True


def test_a_password_the_server_wants_is_asked_at_a_terminal(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr("sys.stdin", _Terminal())
    monkeypatch.setattr("getpass.getpass", lambda prompt: "typed")
    tried: list[str] = []

    def open_with(url: str) -> str:
        tried.append(url)
        if make_url(url).password is None:
            raise ServerRefused("no password supplied", wants_password=True)
        return url

    url = "postgresql+psycopg://td@venue/club"
    opened = _db_password.asking_for_password(url, open_with)
    assert make_url(opened).password == "typed"
    assert len(tried) == 2
