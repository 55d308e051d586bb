"""The command line speaks the terminal's language when a translation for it is shipped:
its own help and lines, and the refusals of the layers below, in the same words the desk
uses. Otherwise (no file for the language, ``C``, English asked for) it speaks English."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from gin_scorer.catalogues import LANGUAGE_ENV, locale_languages
from gin_scorer.cli import main
from gin_scorer.presentation.words import use_translator
from tests.commands.conftest import ship_translation

HELP = "Score keeping for Gin Rummy tournaments and clubs. With no command, opens the app."
FRENCH = """<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="fr">
<context>
    <name>cli</name>
    <message>
        <source>HELP</source>
        <translation>Tenue des scores pour les tournois et les clubs de gin-rummy.</translation>
    </message>
</context>
<context>
    <name>core_words</name>
    <message>
        <source>{0} is not a card: suit {1} is not one of c d h s (or ♣♦♥♠)</source>
        <translation>{0} n&apos;est pas une carte : la couleur {1} n&apos;existe pas</translation>
    </message>
</context>
</TS>
""".replace("HELP", HELP)


@pytest.fixture
def shipped_french(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A French translation shipped (in a folder of the test's own)."""
    ship_translation(tmp_path, monkeypatch, FRENCH)
    yield tmp_path
    use_translator(None)  # the next test starts in English


def test_the_terminals_language_is_spoken(
    shipped_french: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("LANG", "fr_CH.UTF-8")  # Swiss French: French is what is shipped
    with pytest.raises(SystemExit):
        main(["--help"])
    assert "Tenue des scores pour les tournois" in capsys.readouterr().out
    assert main(["analyze", "7h", "8x"]) == 2
    assert capsys.readouterr().err == (
        "gin-scorer: '8x' n'est pas une carte : la couleur 'x' n'existe pas\n"
    )


def test_english_when_asked_for_or_nothing_matches(
    shipped_french: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    for environment in ({"LANG": "C"}, {"LANG": "de_DE.UTF-8"}, {LANGUAGE_ENV: "en"}):
        for name, value in environment.items():
            monkeypatch.setenv(name, value)
        monkeypatch.setenv("LANGUAGE", "")
        assert main(["analyze", "7h", "8x"]) == 2
        assert "is not a card: suit 'x' is not one of" in capsys.readouterr().err, environment
        for name in environment:
            monkeypatch.delenv(name)
    # GIN_SCORER_LANGUAGE wins over the locale: a director's English on a French laptop.
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    monkeypatch.setenv(LANGUAGE_ENV, "en")
    main(["analyze", "7h", "8x"])
    assert "is not a card" in capsys.readouterr().err


def test_the_locale_is_read_most_wanted_first() -> None:
    assert locale_languages({}) == []
    assert locale_languages({"LANG": "C.UTF-8", "LC_ALL": "POSIX"}) == []
    assert locale_languages({"LC_ALL": "pt_BR.UTF-8@latin", "LANG": "en_GB"}) == ["pt-br", "en-gb"]
    assert locale_languages({"LANGUAGE": "fr:de:", LANGUAGE_ENV: "nl"}) == ["nl", "fr", "de"]
    assert locale_languages({"LANG": "../../etc/passwd"}) == []  # not a tag: nothing
