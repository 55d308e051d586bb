"""File → Restore a backup…: the open database's backups, newest first (when it was taken,
why, its seal, its size), or any other backup file; then the director's PIN when the database
has one. The seal tells which printed sheets a backup matches: a sheet carries the seal of the
state it was printed from.

The restore itself is the store's (:func:`gin_scorer.services.writes.backups.restore_backup`): the
backup is checked first, the database as it is now is backed up before it is replaced (a
damaged one is moved aside, never overwritten), and other stations reload.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QHeaderView,
    QInputDialog,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from gin_scorer.gui.i18n import translate
from gin_scorer.presentation.words import QT_TRANSLATE_NOOP
from gin_scorer.services.writes.backups import BackupFile, backup_seal

_REASONS = {  # translated where shown
    "manual": QT_TRANSLATE_NOOP("RestoreDialog", "made by hand (Back up now)"),
    "auto": QT_TRANSLATE_NOOP(
        "RestoreDialog", "automatic (on opening, or every so many hands or minutes)"
    ),
    "before-migration": QT_TRANSLATE_NOOP("RestoreDialog", "before the database was upgraded"),
    "before-restore": QT_TRANSLATE_NOOP(
        "RestoreDialog", "the database as it was just before a restore"
    ),
}

_RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter


def describe_reason(reason: str | None) -> str:
    if not reason:
        return ""
    known = _REASONS.get(reason)
    return translate("RestoreDialog", known) if known else reason.replace("-", " ")


def _size(path: Path) -> str:
    try:
        size = path.stat().st_size
    except OSError:
        return "?"
    if size < 10 * 1024 * 1024:
        return translate("RestoreDialog", "{0} KiB").format(f"{size / 1024:,.0f}")
    return translate("RestoreDialog", "{0} MiB").format(f"{size / 2**20:,.1f}")


class RestoreDialog(QDialog):
    """Choose the backup to restore; :attr:`chosen` is its path once accepted."""

    def __init__(
        self, database: str, backups: Sequence[BackupFile], parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(translate("RestoreDialog", "Restore a backup"))
        self.resize(760, 420)
        self.backups = list(backups)
        self.chosen: Path | None = None
        note = QLabel(
            translate(
                "RestoreDialog",
                "Replace <b>{0}</b> by a backup. The database as it is now is backed up "
                "first, so a restore can itself be undone by restoring that copy.",
            ).format(html.escape(database))
        )
        note.setWordWrap(True)
        self.table = QTableWidget(len(self.backups), 4)
        self.table.setAccessibleName(translate("RestoreDialog", "Backups, newest first"))
        self.table.setObjectName("backups")
        self.table.setHorizontalHeaderLabels(
            [
                translate("RestoreDialog", "Taken"),
                translate("RestoreDialog", "Why"),
                translate("RestoreDialog", "Seal"),
                translate("RestoreDialog", "Size"),
            ]
        )
        self._fill_table()
        self.table.resizeColumnToContents(0)
        self.table.resizeColumnToContents(2)
        if self.backups:
            self.table.selectRow(0)
        self.table.doubleClicked.connect(lambda _index: self._restore_selected())
        empty = QLabel(
            translate(
                "RestoreDialog",
                "No backups of this database yet: choose a file with “Other file…”.",
            )
        )
        empty.setVisible(not self.backups)
        other = QPushButton(translate("RestoreDialog", "&Other file…"))
        other.clicked.connect(self.choose_file)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        restore = self.buttons.addButton(
            translate("RestoreDialog", "&Restore"), QDialogButtonBox.ButtonRole.AcceptRole
        )
        restore.setEnabled(bool(self.backups))
        self.buttons.addButton(other, QDialogButtonBox.ButtonRole.ActionRole)
        self.buttons.accepted.connect(self._restore_selected)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(note)
        layout.addWidget(self.table, 1)
        layout.addWidget(empty)
        layout.addWidget(self.buttons)

    def _fill_table(self) -> None:
        """A row per backup: when, why, its seal (what printed sheets carry), its size."""
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().setVisible(False)
        self.table.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        for row, backup in enumerate(self.backups):
            taken = backup.taken_at.astimezone().strftime("%a %d %b %Y, %H:%M:%S")
            seal = backup_seal(backup)  # a read-only look: the backup file is not changed
            cells = (taken, describe_reason(backup.reason), seal or "—", _size(backup.path))
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setToolTip(str(backup.path))
                if column == 2:
                    item.setToolTip(
                        translate(
                            "RestoreDialog",
                            "The seal this backup was taken with: sheets printed from it "
                            "carry “Seal {0}”.",
                        ).format(seal)
                        if seal
                        else translate("RestoreDialog", "No seal could be read from this backup.")
                    )
                if column == 3:
                    item.setTextAlignment(_RIGHT)
                self.table.setItem(row, column, item)

    def _restore_selected(self) -> None:
        rows = self.table.selectionModel().selectedRows()
        if rows:
            self.chosen = self.backups[rows[0].row()].path
            self.accept()

    def choose_file(self) -> None:
        name, _ = QFileDialog.getOpenFileName(
            self,
            translate("RestoreDialog", "Restore a backup"),
            "",
            translate("RestoreDialog", "gin-scorer backups (*.sqlite *.db);;All files (*)"),
        )
        if name:
            self.chosen = Path(name)
            self.accept()


class PinCancelled(Exception):
    """The director closed the PIN prompt: nothing is restored."""


def ask_database_pin(parent: QWidget | None) -> str:
    """The prompt the restore shows when the database has a director's PIN."""
    pin, ok = QInputDialog.getText(
        parent,
        translate("backup_dialog", "Restore a backup"),
        translate("backup_dialog", "This database is guarded: the director's PIN:"),
        QLineEdit.EchoMode.Password,
    )
    if not ok:
        raise PinCancelled
    return pin
