"""F1: the desk's help (``resources/help/desk.md``, shipped with the app), with a table of
every keyboard shortcut read from the window's own menus, so the two never disagree.

The help is in the reader's language when a translator wrote it: ``desk.fr.md`` beside
``desk.md`` is read on a French system (``desk.pt-BR.md`` on a Brazilian one, else
``desk.pt.md``), the language the app's translation is chosen by (the locale); any other
system, or a missing file, reads ``desk.md`` in English. ``resources/help/README.md`` tells a
translator how to add one.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path

from PySide6.QtCore import QLocale
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTextBrowser, QVBoxLayout, QWidget

from gin_scorer.gui.i18n import translate
from gin_scorer.paths import resources_dir

HELP_FILE = "desk.md"
SHORTCUT_NAME = "shortcutName"
"""An action's dynamic property: its name in the shortcut table, when its text changes."""


def help_folder() -> Path:
    return resources_dir() / "help"


def help_languages() -> list[str]:
    """The languages the reader wants, most wanted first, as lower-case tags (``fr-ch``): the
    app's locale, the one its translation was installed for (the system's)."""
    return [tag.replace("_", "-").lower() for tag in QLocale().uiLanguages()]


def help_path(folder: Path, languages: Sequence[str]) -> Path:
    """The help file of ``folder`` in the first of ``languages`` it has, else the English
    ``desk.md``. A language's own file first (``desk.pt-BR.md`` for ``pt-br``), then its base
    language's (``desk.fr.md`` for ``fr-ch``); English wanted first reads ``desk.md``.

    >>> help_path(Path("help"), ["en-us", "fr"]).name
    'desk.md'
    """
    stem, suffix = HELP_FILE.rsplit(".", 1)
    files = {
        path.name[len(stem) + 1 : -len(suffix) - 1].replace("_", "-").lower(): path
        for path in sorted(folder.glob(f"{stem}.*.{suffix}"))
    }
    wanted: list[str] = []
    for tag in languages:
        if tag == "en" or tag.startswith("en-"):
            break
        wanted.append(tag)
    for tag in [*wanted, *(tag.split("-")[0] for tag in wanted)]:
        if tag in files:
            return files[tag]
    return folder / HELP_FILE


def help_text(languages: Sequence[str] | None = None, folder: Path | None = None) -> str:
    """The help as Markdown, in the reader's language when it has been written (``languages``:
    the locale's by default), else in English; a sentence instead when the file is missing
    from a bundle."""
    folder = folder if folder is not None else help_folder()
    wanted = help_languages() if languages is None else languages
    for path in dict.fromkeys((help_path(folder, wanted), folder / HELP_FILE)):
        try:
            return path.read_text(encoding="utf-8")
        except OSError:
            continue
    heading = translate("HelpDialog", "Help")
    missing = translate("HelpDialog", "The help file {0} is missing from this installation.")
    return f"# {heading}\n\n{missing.format(folder / HELP_FILE)}"


def shortcuts_table(actions: Iterable[tuple[str, QAction]]) -> str:
    """A Markdown table: menu, command, keys — one row per action that has keys."""
    headings = " | ".join(
        (
            translate("HelpDialog", "Menu"),
            translate("HelpDialog", "Command"),
            translate("HelpDialog", "Keys"),
        )
    )
    rows = [f"| {headings} |", "|---|---|---|"]
    for menu, action in actions:
        keys = ""
        for key in action.shortcuts():
            shown = key.toString(QKeySequence.SequenceFormat.NativeText)
            keys = translate("HelpDialog", "{0} or {1}").format(keys, shown) if keys else shown
        if keys:
            # The undo and redo actions' text follows the stack ("Undo Record hand 25"):
            # they carry their plain name for this table.
            named = action.property(SHORTCUT_NAME)
            text = named if isinstance(named, str) and named else action.text()
            command = text.replace("&", "").rstrip("…")
            rows.append(f"| {menu} | {command} | {keys} |")
    return "\n".join(rows)


class HelpDialog(QDialog):
    """The help in a window of its own, which can stay open beside the sheet."""

    def __init__(self, markdown: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(translate("HelpDialog", "Gin Scorer help"))
        self.browser = QTextBrowser()
        self.browser.setObjectName("helpText")
        self.browser.setOpenExternalLinks(False)
        self.browser.setMarkdown(markdown)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.close)
        layout = QVBoxLayout(self)
        layout.addWidget(self.browser, 1)
        layout.addWidget(buttons)
        self.resize(760, 640)
