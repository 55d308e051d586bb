"""What the store and the services find wrong reaches the reader in the reader's language: a
seal problem and an entrants file refused are sentences (``said``) whose patterns are in the
translation template, and ``gin-scorer verify`` / ``import entrants`` say them translated."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path
from xml.etree import ElementTree

import pytest

from gin_scorer.cli import main
from gin_scorer.core.wording import Said
from gin_scorer.presentation.words import CORE_WORDS
from gin_scorer.services.support.entrant_rows import read_entrants_file
from gin_scorer.services.support.errors import Unreadable
from gin_scorer.services.writes.entrants import add_entrant
from gin_scorer.services.writes.events import create_event
from gin_scorer.store.database import open_database
from gin_scorer.store.seal_check import check_seal
from tests.commands.conftest import french_terminal

ROOT = Path(__file__).resolve().parents[2]
CHANGED = "{0} {1} was changed outside the app ({2}; sealed by seal link {3})"
CHANGED_FR = "{0} {1} a été modifié hors de l&apos;application ({2} ; scellé par le maillon {3})"
NOT_TEXT = "it is not a text file: save it from the spreadsheet as CSV"
FRENCH = f"""<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="fr">
<context>
    <name>core_words</name>
    <message>
        <source>{CHANGED}</source>
        <translation>{CHANGED_FR}</translation>
    </message>
    <message>
        <source>{NOT_TEXT}</source>
        <translation>ce n&apos;est pas un fichier texte : enregistrez-le en CSV</translation>
    </message>
</context>
<context>
    <name>cli</name>
    <message>
        <source>{{0}} cannot be imported: {{1}}</source>
        <translation>{{0}} ne peut pas être importé : {{1}}</translation>
    </message>
</context>
</TS>
"""


@pytest.fixture
def shipped_french(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    with french_terminal(tmp_path, monkeypatch, FRENCH):
        yield


def _template_patterns() -> set[str | None]:
    template = ElementTree.parse(ROOT / "resources" / "i18n" / "gin_scorer.ts").getroot()
    return {
        source.text
        for part in template.iter("context")
        if part.findtext("name") == CORE_WORDS
        for source in part.iter("source")
    }


def _edited_behind_the_apps_back(path: Path) -> None:
    """An event with one entrant, whose name is then changed with the sqlite3 tool."""
    with open_database(path, backups=False) as db:
        event = create_event(db, name="Open")
        add_entrant(db, event.id, "Ada")
    with sqlite3.connect(path) as connection:
        connection.execute("UPDATE entrant SET name = 'Eve'")
    connection.close()


def test_a_seal_problem_is_said_in_the_readers_language(
    tmp_path: Path, shipped_french: None, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "night.sqlite"
    _edited_behind_the_apps_back(path)
    with open_database(path, backups=False) as db, db.transaction(write=False) as session:
        (problem,) = check_seal(session).problems
    assert isinstance(problem, Said) and problem.pattern == CHANGED
    assert problem.pattern in _template_patterns()
    assert str(problem).startswith("entrant 1 was changed outside the app (name; sealed by ")
    capsys.readouterr()
    assert main(["--db", str(path), "verify"]) == 1
    out = capsys.readouterr().out
    assert "entrant 1 a été modifié hors de l'application (name ; scellé par le maillon" in out


def test_an_entrants_file_refused_is_said_in_the_readers_language(
    tmp_path: Path, shipped_french: None, capsys: pytest.CaptureFixture[str]
) -> None:
    workbook = tmp_path / "entrants.xlsx"
    workbook.write_bytes(b"PK\x03\x04\x00\x00binary")
    with pytest.raises(Unreadable) as refused:
        read_entrants_file(workbook)
    assert isinstance(refused.value, ValueError)  # as the decoding errors beside it
    assert refused.value.words.pattern == NOT_TEXT
    assert NOT_TEXT in _template_patterns()
    path = tmp_path / "night.sqlite"
    with open_database(path, backups=False) as db:
        create_event(db, name="Open")
    capsys.readouterr()
    assert main(["--db", str(path), "import", "entrants", str(workbook), "--event", "1"]) == 2
    err = capsys.readouterr().err
    # One sentence, the file's name and the reason each in its place, both in French.
    expected = "entrants.xlsx ne peut pas être importé : ce n'est pas un fichier texte : "
    assert expected + "enregistrez-le en CSV" in err
