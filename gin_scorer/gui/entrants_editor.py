"""Entrants as a director brings them, in one box: names typed one per line, rows pasted from a
spreadsheet (name, club, member number, seed, partner), or a CSV file loaded with
"Import CSV…" (its text lands in the box, to read and fix before anything is saved).

Under the box a line counts the entrants or names the first problem by its line; the
dialogs that hold this editor refuse to go on while there is one. The same parser serves the
command line's CSV import, so every way in refuses the same things in the same words.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QTextCursor
from PySide6.QtWidgets import (
    QDialog,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from gin_scorer.gui.dialog_parts import dialog_buttons, problem_style
from gin_scorer.gui.i18n import translate
from gin_scorer.presentation.words import QT_TRANSLATE_NOOP, error_text, say
from gin_scorer.services.support.entrant_rows import (
    ParsedEntrants,
    parse_entrants_text,
    read_entrants_file,
)

HINT = QT_TRANSLATE_NOOP(  # translated where shown
    "EntrantsEditor",
    "One name per line (a team as “Ann Lee & Bob Roe” or “Ann & Bob & Cy”), or paste rows "
    "from a spreadsheet (name, club, member number, seed, partner), or Import CSV… (a header "
    "row with a 'name' column).",
)


def choose_entrants_file(parent: QWidget | None) -> Path | None:
    """The open-file dialog for an entrants CSV; None when the director cancels."""
    name, _ = QFileDialog.getOpenFileName(
        parent,
        translate("entrants_editor", "Import entrants"),
        "",
        translate("entrants_editor", "CSV files (*.csv *.txt);;All files (*)"),
    )
    return Path(name) if name else None


class EntrantsEditor(QWidget):
    """The box, its hint, the "Import CSV…" button and the count-or-problem line."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.box = QPlainTextEdit()
        self.box.setAccessibleName(translate("EntrantsEditor", "Entrants, one per line"))
        self.box.setObjectName("entrants")
        self.box.setPlaceholderText(translate("EntrantsEditor", "Ann Lee\nBob Marsh\n…"))
        # Tab moves on (keyboard first); pasted tabs still arrive as cells.
        self.box.setTabChangesFocus(True)
        self.hint = QLabel(translate("EntrantsEditor", HINT))
        self.hint.setWordWrap(True)
        self.hint.setStyleSheet("color: palette(placeholder-text);")
        self.import_button = QPushButton(translate("EntrantsEditor", "Import &CSV…"))
        self.import_button.setObjectName("importCsv")
        self.import_button.clicked.connect(self.choose_file)
        self.status = QLabel(translate("EntrantsEditor", "No entrants yet"))
        self.status.setObjectName("entrantCount")
        self.status.setWordWrap(True)
        self.box.textChanged.connect(self._show_status)

        row = QHBoxLayout()
        row.addWidget(self.status, 1)
        row.addWidget(self.import_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.hint)
        layout.addWidget(self.box, 1)
        layout.addLayout(row)

    def parsed(self) -> ParsedEntrants:
        return parse_entrants_text(self.box.toPlainText())

    def problem(self) -> str | None:
        """The first problem (with how many more) in the reader's language, or None when the
        list can be saved."""
        problems = self.parsed().problems
        if not problems:
            return None
        more = len(problems) - 1
        first = say(problems[0])
        if not more:
            return first
        if more == 1:
            return translate("EntrantsEditor", "{0} (and {1} more problem)").format(first, more)
        return translate("EntrantsEditor", "{0} (and {1} more problems)").format(first, more)

    def _show_status(self) -> None:
        problem = self.problem()
        if problem:
            self.status.setText(translate("EntrantsEditor", "✖ {0}").format(problem))
            self.status.setStyleSheet(problem_style())
            return
        count = len(self.parsed().specs)
        self.status.setStyleSheet("")
        if count == 1:
            self.status.setText(translate("EntrantsEditor", "1 entrant"))
        elif count:
            self.status.setText(translate("EntrantsEditor", "{0} entrants").format(count))
        else:
            self.status.setText(translate("EntrantsEditor", "No entrants yet"))

    def choose_file(self) -> None:
        path = choose_entrants_file(self)
        if path is not None:
            self.load_file(path)

    def load_file(self, path: Path) -> bool:
        """Put the file's text in the box in place of what was there. Done as an edit, so
        Ctrl+Z in the box brings back a list typed before the import."""
        try:
            text = read_entrants_file(path)
        except (OSError, ValueError) as error:
            unread = translate("EntrantsEditor", "could not read {0}: {1}")
            self.show_problem(unread.format(path.name, error_text(error)))
            return False
        cursor = self.box.textCursor()
        cursor.select(QTextCursor.SelectionType.Document)
        cursor.insertText(text.removeprefix("\ufeff"))
        self.box.setTextCursor(cursor)
        return True

    def show_problem(self, text: str) -> None:
        """A refusal from the services (a name already entered …), shown where the list is."""
        self.status.setText(translate("EntrantsEditor", "✖ {0}").format(text))
        self.status.setStyleSheet(problem_style())


def may_discard(parent: QWidget, editor: EntrantsEditor) -> bool:
    """Before a dialog holding typed entrants closes unsaved: ask, so Esc cannot lose a list
    typed name by name. True when there is nothing to lose or the director says so."""
    count = len(editor.parsed().specs)
    if not count:
        return True
    answer = QMessageBox.question(
        parent,
        translate("entrants_editor", "Close without saving?"),
        translate("entrants_editor", "The entrant typed here will be lost.")
        if count == 1
        else translate("entrants_editor", "The {0} entrants typed here will be lost.").format(
            count
        ),
        QMessageBox.StandardButton.Discard | QMessageBox.StandardButton.Cancel,
        QMessageBox.StandardButton.Cancel,
    )
    return answer == QMessageBox.StandardButton.Discard


class AddEntrantsDialog(QDialog):
    """Entrants joining an event already made (late entries included)."""

    def __init__(self, event_name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(translate("AddEntrantsDialog", "Add entrants — {0}").format(event_name))
        self.resize(620, 480)
        self.editor = EntrantsEditor()
        layout = QVBoxLayout(self)
        layout.addWidget(self.editor, 1)
        add = translate("AddEntrantsDialog", "Add entrants")
        layout.addWidget(dialog_buttons(self, self._accept, add))

    def _accept(self) -> None:
        problem = self.editor.problem()
        if problem:
            self.editor.show_problem(problem)
            return
        if not self.editor.parsed().specs:
            self.editor.show_problem(
                translate("AddEntrantsDialog", "type, paste or import at least one entrant")
            )
            return
        self.accept()

    def reject(self) -> None:
        if may_discard(self, self.editor):
            super().reject()
