"""File → Settings: the typed settings, edited in one form and saved to QSettings."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFormLayout,
    QLineEdit,
    QSpinBox,
    QWidget,
)

from gin_scorer.gui.dialog_parts import dialog_buttons
from gin_scorer.gui.i18n import translate
from gin_scorer.gui.settings import GuiSettings, save_settings
from gin_scorer.presentation.paper import Paper
from gin_scorer.services.support.dto import NameOrder


def _name_order_box(order: NameOrder) -> QComboBox:
    """The choice of how lists of players are sorted (decision 0024), ``order`` chosen."""
    box = QComboBox()
    box.setObjectName("nameOrder")
    box.addItem(translate("SettingsDialog", "surname"), NameOrder.SURNAME.value)
    box.addItem(
        translate("SettingsDialog", "the name as typed (first name)"), NameOrder.AS_TYPED.value
    )
    box.setToolTip(
        translate(
            "SettingsDialog",
            "How every list of players is sorted: the Entrants tab, the pairings by name, "
            "the room, the projector and the printouts. Kept in the database, so every "
            "station lists the same. A name typed “Surname, Given” says where its surname "
            "is (García Márquez, Xiomara).",
        )
    )
    box.setCurrentIndex(box.findData(order.value))
    return box


class SettingsDialog(QDialog):
    def __init__(
        self,
        settings: GuiSettings,
        parent: QWidget | None = None,
        *,
        name_order: NameOrder | None = None,
    ) -> None:
        """``name_order``: the open database's (None: no database open, no such row)."""
        super().__init__(parent)
        self.setWindowTitle(translate("SettingsDialog", "Settings"))
        from gin_scorer.presets import list_presets

        self.preset = QComboBox()
        for preset in list_presets():
            self.preset.addItem(f"{preset.name} ({preset.key})", preset.key)
        self.preset.setCurrentIndex(max(self.preset.findData(settings.default_preset), 0))
        self.data_folder = QLineEdit(settings.data_folder)
        self.data_folder.setPlaceholderText(
            translate("SettingsDialog", "the platform's data folder")
        )
        self.station = QLineEdit(settings.station_name)
        self.station.setPlaceholderText(settings.station)
        self.backup = QSpinBox()
        self.backup.setRange(1, 24 * 60)
        self.backup.setSuffix(translate("SettingsDialog", " min"))
        self.backup.setValue(settings.backup_interval_minutes)
        self.paper = QComboBox()
        for size in Paper:
            self.paper.addItem(size.label, size.value)
        self.paper.setCurrentIndex(self.paper.findData(settings.paper_size.value))
        self.projector = QSpinBox()
        self.projector.setRange(3, 600)
        self.projector.setSuffix(translate("SettingsDialog", " s"))
        self.projector.setValue(settings.projector_seconds)
        self.names = _name_order_box(name_order or NameOrder.SURNAME)
        form = QFormLayout(self)
        form.addRow(translate("SettingsDialog", "Default rules preset:"), self.preset)
        form.addRow(translate("SettingsDialog", "Data folder:"), self.data_folder)
        form.addRow(translate("SettingsDialog", "Station name:"), self.station)
        form.addRow(translate("SettingsDialog", "Backup every:"), self.backup)
        form.addRow(translate("SettingsDialog", "Paper size:"), self.paper)
        form.addRow(translate("SettingsDialog", "Projector page time:"), self.projector)
        if name_order is not None:
            form.addRow(translate("SettingsDialog", "List players by:"), self.names)
        form.addRow(dialog_buttons(self, self.accept, save=True))

    def values(self) -> GuiSettings:
        return GuiSettings(
            default_preset=str(self.preset.currentData()),
            data_folder=self.data_folder.text().strip(),
            station_name=self.station.text().strip(),
            backup_interval_minutes=self.backup.value(),
            paper_size=Paper(self.paper.currentData()),
            projector_seconds=self.projector.value(),
        )

    def name_order(self) -> NameOrder:
        """The order chosen for the database's lists of players."""
        return NameOrder(self.names.currentData())

    def saved(self) -> GuiSettings:
        settings = self.values()
        save_settings(settings)
        return settings
