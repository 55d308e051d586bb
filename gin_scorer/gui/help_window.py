"""F1: the desk's help (``resources/help/desk.md``, shipped with the app), with a table of
every keyboard shortcut read from the window's own menus, so the two never disagree."""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTextBrowser, QVBoxLayout, QWidget

from gin_scorer.gui.i18n import translate
from gin_scorer.paths import resources_dir


def help_text() -> str:
    """The help as Markdown; a sentence instead when the file is missing from a bundle."""
    path = resources_dir() / "help" / "desk.md"
    try:
        return path.read_text(encoding="utf-8")
    except OSError:
        heading = translate("HelpDialog", "Help")
        missing = translate("HelpDialog", "The help file {0} is missing from this installation.")
        return f"# {heading}\n\n{missing.format(path)}"


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
            command = action.text().replace("&", "").rstrip("…")
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
