"""F1 reads the help in the reader's language when a translator wrote it (``desk.fr.md``
beside ``desk.md``), and the English ``desk.md`` otherwise."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QLocale
from PySide6.QtGui import QKeySequence

from gin_scorer.gui import help_window
from gin_scorer.gui.help_window import HelpDialog, help_path, help_text
from gin_scorer.gui.main_window import MainWindow
from gin_scorer.gui.settings import GuiSettings


@pytest.fixture
def help_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "help"
    folder.mkdir()
    (folder / "desk.md").write_text("# Gin Scorer at the desk\n\nEnglish.\n", encoding="utf-8")
    (folder / "desk.fr.md").write_text("# Gin Scorer à la table\n\nFrançais.\n", encoding="utf-8")
    monkeypatch.setattr(help_window, "help_folder", lambda: folder)
    return folder


@pytest.fixture
def in_french() -> Iterator[None]:
    before = QLocale()
    QLocale.setDefault(QLocale("fr_CH"))  # a French-speaking Swiss desk: fr serves it
    try:
        yield
    finally:
        QLocale.setDefault(before)


def test_f1_shows_the_help_in_the_readers_language(  # type: ignore[no-untyped-def]
    qtbot, tmp_path: Path, help_folder: Path, in_french: None
) -> None:
    window = MainWindow(database=str(tmp_path / "fr.sqlite"), settings=GuiSettings())
    qtbot.addWidget(window)
    (f1,) = [a for a in window.menus.by_key["help"].actions() if a.shortcut() == QKeySequence("F1")]
    f1.trigger()
    shown = window.findChildren(HelpDialog)[-1].browser.toPlainText()
    assert shown.startswith("Gin Scorer à la table") and "Français." in shown
    assert "English." not in shown
    assert "Ctrl+N" in shown  # the shortcuts' table still follows it


def test_a_language_without_its_help_reads_the_english(help_folder: Path) -> None:
    assert help_text(["de-de", "de"]).startswith("# Gin Scorer at the desk")
    assert help_text(["en-gb", "fr"]).startswith("# Gin Scorer at the desk")  # English first
    assert help_text(["fr-fr", "fr"]).startswith("# Gin Scorer à la table")


def test_a_countrys_own_help_comes_before_its_languages(tmp_path: Path) -> None:
    for name in ("desk.md", "desk.pt.md", "desk.pt-BR.md"):
        (tmp_path / name).write_text(name, encoding="utf-8")
    brazil = QLocale("pt_BR").uiLanguages()  # pt-Latn-BR, pt-BR, pt-Latn, pt
    wanted = [tag.lower() for tag in brazil]
    assert help_path(tmp_path, wanted).name == "desk.pt-BR.md"
    assert help_path(tmp_path, ["pt-pt", "pt"]).name == "desk.pt.md"


def test_a_help_file_missing_from_a_bundle_falls_back_to_english(tmp_path: Path) -> None:
    (tmp_path / "desk.md").write_text("# English\n", encoding="utf-8")
    (tmp_path / "desk.fr.md").mkdir()  # unreadable as a file
    assert help_text(["fr"], tmp_path) == "# English\n"
    empty = tmp_path / "empty"
    empty.mkdir()
    assert "is missing from this installation" in help_text(["fr"], empty)
