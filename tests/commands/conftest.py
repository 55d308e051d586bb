"""The command line's tests run ``gin_scorer.cli.main`` in this process, on real SQLite files."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
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


def ship_translation(folder: Path, monkeypatch: pytest.MonkeyPatch, ts_text: str) -> None:
    """Ship the translation file ``ts_text`` as French (in a folder of the test's own) and
    clear every locale variable, so that only what the test sets picks the language."""
    from gin_scorer import catalogues
    from gin_scorer.catalogues import LANGUAGE_ENV

    (folder / "gin_scorer_fr.ts").write_text(ts_text, encoding="utf-8")
    monkeypatch.setattr(catalogues, "translations_folder", lambda: folder)
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG", LANGUAGE_ENV):
        monkeypatch.delenv(name, raising=False)


@contextmanager
def french_terminal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, ts_text: str
) -> Iterator[None]:
    """A terminal in French with ``ts_text`` shipped as the French translation; the next
    test starts in English again."""
    from gin_scorer.presentation.words import use_translator

    (tmp_path / "i18n").mkdir()
    ship_translation(tmp_path / "i18n", monkeypatch, ts_text)
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    try:
        yield
    finally:
        use_translator(None)


def club_event(db: str, *more: list[str]) -> None:
    """A Swiss event on ``db`` with Ann and Bob paired in round 1 (match 1), through the
    command line; ``more`` commands follow."""
    for argv in (
        ["event", "new", "--name", "Club", "--format", "swiss"],
        ["entrant", "add", "--event", "1", "Ann"],
        ["entrant", "add", "--event", "1", "Bob"],
        ["round", "start", "--event", "1"],
        *more,
    ):
        assert main(["--db", db, *argv]) == 0, argv
