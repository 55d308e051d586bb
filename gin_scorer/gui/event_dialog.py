"""The new-event dialog: name, date, venue, rules (preset + every knob, editable), format,
entrants (typed, pasted from a spreadsheet or imported from CSV), and the director's PIN.

The dialog only gathers values; :meth:`NewEventDialog.values` returns a frozen
:class:`NewEvent` and the main window creates it through the services. Editing any knob makes
the rules a custom preset (key ``custom-…``) so the frozen rule set says it is not the preset.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from datetime import date
from enum import Enum
from pathlib import Path

from PySide6.QtCore import QDate, Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from gin_scorer.core.rules import RuleSet, RuleSetError
from gin_scorer.core.wording import Said
from gin_scorer.gui.dialog_parts import DateField, ProblemLabel, dialog_buttons, problem_style
from gin_scorer.gui.entrants_editor import EntrantsEditor
from gin_scorer.gui.i18n import translate
from gin_scorer.presentation.event_words import format_words
from gin_scorer.presentation.knob_labels import (
    IDENTITY,
    describe_changes,
    describe_rules,
    knob_label,
    knob_value,
)
from gin_scorer.presentation.words import error_text
from gin_scorer.services.support.dto import EntrantSpec
from gin_scorer.tournament.model import Format


@dataclass(frozen=True, slots=True)
class NewEvent:
    name: str
    venue: str
    start_date: date | None
    rules: RuleSet
    format: str
    entrants: tuple[EntrantSpec, ...]
    pin: str | None
    # "line 4" for each entrant, so a refusal from the services names the line of the box
    entrant_labels: tuple[Said, ...] = ()


class RulesEditor(QWidget):
    """A preset chooser plus one widget per knob; changes make a custom rule set."""

    def __init__(
        self,
        presets: tuple[RuleSet, ...],
        default_key: str,
        parent: QWidget | None = None,
        custom_folder: Path | None = None,
    ) -> None:
        super().__init__(parent)
        self.custom_folder = custom_folder
        self.presets = {p.key: p for p in presets}
        self.preset_box = QComboBox()
        self.preset_box.setObjectName("presetBox")
        self.preset_box.setAccessibleName(translate("RulesEditor", "Rule-set preset"))
        # As wide as its longest preset: "Pagat three players (the dealer sits out)" whole.
        self.preset_box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        for preset in presets:
            self.preset_box.addItem(f"{preset.name} ({preset.key})", preset.key)
        self.widgets: dict[str, QWidget] = {}
        self.save_button = QPushButton(translate("RulesEditor", "Save as custom preset…"))
        self.save_button.setObjectName("savePreset")
        self.save_button.setEnabled(custom_folder is not None)
        self.save_button.clicked.connect(self._ask_save)
        preset_row = QHBoxLayout()
        preset_row.addWidget(self.preset_box, 1)
        preset_row.addWidget(self.save_button)
        form = QFormLayout()
        form.addRow(translate("RulesEditor", "Preset:"), preset_row)
        self.error = QLabel("")
        self.error.setStyleSheet(problem_style())
        knob_box = QWidget()
        knob_form = QFormLayout(knob_box)
        for field in fields(RuleSet):
            if field.name in IDENTITY:
                continue
            widget = self._widget_for(field.name, getattr(RuleSet(), field.name))
            self.widgets[field.name] = widget
            knob_form.addRow(knob_label(field.name) + ":", widget)
        scroll = QScrollArea()
        scroll.setWidget(knob_box)
        scroll.setWidgetResizable(True)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(form)
        layout.addWidget(scroll, 1)
        layout.addWidget(self.error)
        self._loading = False
        self.current: RuleSet = RuleSet()
        self.preset_box.currentIndexChanged.connect(self._preset_chosen)
        index = self.preset_box.findData(default_key)
        self.preset_box.setCurrentIndex(max(index, 0))
        self._preset_chosen()

    def _widget_for(self, name: str, value: object) -> QWidget:
        widget: QWidget
        if isinstance(value, bool):
            box = QCheckBox()
            box.toggled.connect(self._knob_changed)
            widget = box
        elif isinstance(value, int):
            spin = QSpinBox()
            spin.setRange(0, 1_000_000)
            spin.valueChanged.connect(self._knob_changed)
            widget = spin
        elif isinstance(value, Enum):
            combo = QComboBox()
            for member in type(value):
                combo.addItem(knob_value(member), member.value)
            combo.currentIndexChanged.connect(self._knob_changed)
            widget = combo
        else:
            line = QLineEdit()
            line.textChanged.connect(self._knob_changed)
            widget = line
        widget.setObjectName(f"knob_{name}")
        return widget

    def _preset_chosen(self) -> None:
        preset = self.presets.get(self.preset_box.currentData())
        if preset is None:
            return
        self._loading = True
        for name, widget in self.widgets.items():
            value = getattr(preset, name)
            if isinstance(widget, QCheckBox):
                widget.setChecked(bool(value))
            elif isinstance(widget, QSpinBox):
                widget.setValue(int(value))
            elif isinstance(widget, QComboBox):
                widget.setCurrentIndex(widget.findData(value.value))
            elif isinstance(widget, QLineEdit):
                widget.setText(", ".join(str(v) for v in value))
        self._loading = False
        self.current = preset
        self.error.setText("")
        self.changed()

    def _knob_values(self) -> dict[str, object]:
        values: dict[str, object] = {}
        for name, widget in self.widgets.items():
            if isinstance(widget, QCheckBox):
                values[name] = widget.isChecked()
            elif isinstance(widget, QSpinBox):
                values[name] = widget.value()
            elif isinstance(widget, QComboBox):
                values[name] = widget.currentData()
            elif isinstance(widget, QLineEdit):
                parts = [p.strip() for p in widget.text().replace(";", ",").split(",")]
                values[name] = [int(p) if p.isdigit() else p for p in parts if p]
        return values

    def _knob_changed(self) -> None:
        if self._loading:
            return
        preset = self.presets.get(self.preset_box.currentData(), RuleSet())
        values = self._knob_values()
        changed = {k: v for k, v in values.items() if _plain(getattr(preset, k)) != v}
        try:
            if changed:
                # An event's own custom rules edited again stay "custom-…", not "custom-custom-…".
                custom = preset.key.startswith("custom-")
                edited = preset.with_changes(
                    key=preset.key if custom else f"custom-{preset.key}",
                    name=preset.name
                    if custom
                    else translate("RulesEditor", "{0} (custom)").format(preset.name),
                    **changed,
                )
                # Described from the parsed rule set, so that choices read as words.
                typed = {name: getattr(edited, name) for name in changed}
                self.current = edited.with_changes(description=describe_changes(preset.name, typed))
            else:
                self.current = preset
            self.error.setText("")
        except RuleSetError as error:
            self.error.setText(translate("RulesEditor", "✖ {0}").format(error_text(error)))
        self.changed()

    def changed(self) -> None:
        """Overridden by the dialog (a plain hook keeps this widget signal-free)."""

    def _ask_save(self) -> None:
        name, ok = QInputDialog.getText(
            self,
            translate("RulesEditor", "Save rules"),
            translate("RulesEditor", "Name of the custom preset:"),
            text=self.current.name,
        )
        if ok and name.strip():
            self.save_custom(name)

    def save_custom(self, name: str) -> RuleSet | None:
        """Save the knobs as a custom preset file and select it."""
        from gin_scorer.services.writes.custom_presets import save_custom_preset

        if self.custom_folder is None or not self.is_valid():
            return None
        try:
            saved = save_custom_preset(self.current, name, self.custom_folder)
        except (OSError, RuleSetError) as error:
            self.error.setText(
                translate("RulesEditor", "✖ could not save the preset: {0}").format(
                    error_text(error)
                )
            )
            return None
        if saved.key not in self.presets:
            self.preset_box.addItem(f"{saved.name} ({saved.key})", saved.key)
        self.presets[saved.key] = saved
        self.preset_box.setCurrentIndex(self.preset_box.findData(saved.key))
        self._preset_chosen()
        return saved

    def is_valid(self) -> bool:
        return not self.error.text()


def _plain(value: object) -> object:
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, tuple):
        return list(value)
    return value


class NewEventDialog(QDialog):
    def __init__(
        self,
        presets: tuple[RuleSet, ...],
        default_preset: str,
        parent: QWidget | None = None,
        custom_folder: Path | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(translate("NewEventDialog", "New event"))
        self.resize(1120, 700)
        left = self._build_details()
        rules_box = self._build_rules(presets, default_preset, custom_folder)
        self.problem = ProblemLabel()
        self.buttons = dialog_buttons(
            self, self._accept, translate("NewEventDialog", "Create event")
        )
        top = QHBoxLayout()
        top.addLayout(left, 2)
        top.addWidget(rules_box, 3)
        layout = QVBoxLayout(self)
        layout.addLayout(top, 1)
        layout.addWidget(self.problem)
        layout.addWidget(self.buttons, 0, Qt.AlignmentFlag.AlignRight)
        self._rules_changed()

    def _build_details(self) -> QVBoxLayout:
        """Name, date, venue, format, PIN, and the entrants box."""
        self.name = QLineEdit()
        self.name.setObjectName("eventName")
        self.name.setPlaceholderText(translate("NewEventDialog", "e.g. Autumn Open 2026"))
        self.date = DateField(QDate.currentDate())
        self.venue = QLineEdit()
        self.format = QComboBox()
        self.format.setObjectName("eventFormat")
        for fmt in Format:
            self.format.addItem(format_words(fmt), fmt.value)
        self.pin = QLineEdit()
        self.pin.setEchoMode(QLineEdit.EchoMode.Password)
        self.pin.setPlaceholderText(
            translate("NewEventDialog", "optional: guards corrections and locked results")
        )
        self.entrants_editor = EntrantsEditor()
        self.entrants = self.entrants_editor.box
        details = QFormLayout()
        details.addRow(translate("NewEventDialog", "Name:"), self.name)
        details.addRow(translate("NewEventDialog", "Date:"), self.date)
        details.addRow(translate("NewEventDialog", "Venue:"), self.venue)
        details.addRow(translate("NewEventDialog", "Format:"), self.format)
        details.addRow(translate("NewEventDialog", "Director PIN:"), self.pin)
        left = QVBoxLayout()
        left.addLayout(details)
        left.addWidget(QLabel(translate("NewEventDialog", "Entrants:")))
        left.addWidget(self.entrants_editor, 1)
        return left

    def _build_rules(
        self, presets: tuple[RuleSet, ...], default_preset: str, custom_folder: Path | None
    ) -> QGroupBox:
        """The rule set editor beside every knob as it will be frozen."""
        self.rules = RulesEditor(presets, default_preset, custom_folder=custom_folder)
        self.rules.changed = self._rules_changed  # type: ignore[method-assign]
        self.preview = QPlainTextEdit()
        self.preview.setObjectName("rulesPreview")
        self.preview.setAccessibleName(translate("NewEventDialog", "The rules in words"))
        self.preview.setReadOnly(True)
        self.preview.setStyleSheet("font-family: monospace;")
        rules_box = QGroupBox(translate("NewEventDialog", "Rules"))
        rules_layout = QHBoxLayout(rules_box)
        rules_layout.addWidget(self.rules, 3)
        preview_column = QVBoxLayout()
        preview_column.addWidget(
            QLabel(translate("NewEventDialog", "Every knob, as it will be frozen:"))
        )
        preview_column.addWidget(self.preview)
        rules_layout.addLayout(preview_column, 2)
        return rules_box

    def _rules_changed(self) -> None:
        self.preview.setPlainText(describe_rules(self.rules.current))

    def problem_text(self) -> str | None:
        if not self.name.text().strip():
            return translate("NewEventDialog", "the event needs a name")
        if not self.rules.is_valid():
            return self.rules.error.text().lstrip("✖ ")
        return self.entrants_editor.problem()

    def _accept(self) -> None:
        problem = self.problem_text()
        if problem:
            self.problem.say(problem)
            return
        self.accept()

    def reject(self) -> None:
        from gin_scorer.gui.entrants_editor import may_discard

        if may_discard(self, self.entrants_editor):
            super().reject()

    def values(self) -> NewEvent:
        day = self.date.date()
        entrants = self.entrants_editor.parsed()
        return NewEvent(
            name=self.name.text().strip(),
            venue=self.venue.text().strip(),
            start_date=date(day.year(), day.month(), day.day()),
            rules=self.rules.current,
            format=str(self.format.currentData()),
            entrants=entrants.specs,
            pin=self.pin.text() or None,
            entrant_labels=entrants.labels,
        )
