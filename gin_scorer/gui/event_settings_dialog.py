"""Event → Format settings: how an event is paired and ranked (Swiss rounds, tie-breaks in
order, what a bye is worth, the double-elimination reset, check-in, entrants kept at one
table). The rule set and the PIN have their own dialogs (:mod:`.event_rules_dialog`,
:mod:`.event_pin_dialog`).

The dialogs only gather what the director chose; the services check and store it
(:func:`gin_scorer.services.writes.events.set_event_settings` / ``set_event_rules`` /
``set_event_pin``). A refusal is
shown in the dialog, which stays open with everything typed, so nothing is lost to a slip.
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from functools import partial

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QVBoxLayout,
    QWidget,
)

from gin_scorer.gui.dialog_parts import ProblemLabel, dialog_buttons, spin_box
from gin_scorer.gui.event_edit_parts import EventEditDialog, pin_when_running, save_event
from gin_scorer.gui.i18n import translate
from gin_scorer.presentation.standings_table import tie_break_label
from gin_scorer.services.support.database import Database
from gin_scorer.services.support.dto import EntrantView, EventView
from gin_scorer.tournament.results import TimeCalledWinner
from gin_scorer.tournament.settings import DEFAULT_TIE_BREAKS, TieBreak

_AS_A_WON_MATCH = -1  # a game-wins box (bye, forfeit) at its minimum: "as a won match takes"


class EventSettingsDialog(EventEditDialog):
    """Every format setting of one event, as the services will store it."""

    def __init__(
        self,
        event: EventView,
        entrants: Sequence[EntrantView],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.event_view = event
        self.setWindowTitle(
            translate("EventSettingsDialog", "Format settings — {0}").format(event.name)
        )
        settings = event.settings
        layout = QVBoxLayout(self)
        layout.addWidget(
            QLabel(
                translate("EventSettingsDialog", "<b>{0}</b> · {1}").format(
                    html.escape(event.name), event.format
                )
            )
        )

        layout.addLayout(self._format_form(event))

        layout.addWidget(self._tie_break_box(settings))
        # Side by side: what a bye, a forfeit and time called are worth.
        worth = QHBoxLayout()
        worth.addWidget(self._bye_box(settings))
        worth.addWidget(self._unplayed_box(settings))
        layout.addLayout(worth)
        layout.addWidget(self._tables_box(settings, entrants))

        self.pin = pin_when_running(event, layout)

        self.problem = ProblemLabel()
        layout.addWidget(self.problem)
        layout.addWidget(dialog_buttons(self, self.accept, save=True))

    # --- sections ----------------------------------------------------------------------------

    def _format_form(self, event: EventView) -> QFormLayout:
        """The format's own settings: Swiss rounds, check-in, a double knockout's reset."""
        settings = event.settings
        form = QFormLayout()
        self.rounds = spin_box(
            _int(settings.get("rounds"), 0),
            0,
            99,
            "rounds",
            at_lowest=translate("EventSettingsDialog", "suggested from the field"),
        )
        if event.format == "swiss":
            form.addRow(translate("EventSettingsDialog", "Swiss &rounds:"), self.rounds)
        self.require_check_in = QCheckBox(
            translate("EventSettingsDialog", "pair only entrants who checked in")
        )
        self.require_check_in.setChecked(bool(settings.get("require_check_in", False)))
        form.addRow(translate("EventSettingsDialog", "Check-in:"), self.require_check_in)
        self.bracket_reset = QCheckBox(
            translate(
                "EventSettingsDialog",
                "a second grand final if the losers' bracket champion wins the first",
            )
        )
        self.bracket_reset.setChecked(bool(settings.get("bracket_reset", True)))
        if event.format == "double-elim":
            form.addRow(
                translate("EventSettingsDialog", "Bracket reset:"),
                self.bracket_reset,
            )
        return form

    def _tie_break_box(self, settings: Mapping[str, object]) -> QGroupBox:
        box = QGroupBox(
            translate("EventSettingsDialog", "&Tie-breaks — ticked ones rank entrants, top first")
        )
        row = QHBoxLayout(box)
        self.tie_breaks = QListWidget()
        self.tie_breaks.setObjectName("tieBreaks")
        self.tie_breaks.setAccessibleName(translate("EventSettingsDialog", "Tie-breaks, in order"))
        chosen = _tie_break_list(settings.get("tie_breaks"))
        for tie in [*chosen, *(t for t in TieBreak if t not in chosen)]:
            item = QListWidgetItem(tie_break_label(tie))
            item.setData(Qt.ItemDataRole.UserRole, tie.value)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked if tie in chosen else Qt.CheckState.Unchecked)
            self.tie_breaks.addItem(item)
        self.tie_breaks.setCurrentRow(0)
        # Every tie-break in view at once: the order is the point of the list.
        rows = self.tie_breaks.sizeHintForRow(0) * self.tie_breaks.count()
        self.tie_breaks.setMinimumHeight(rows + 2 * self.tie_breaks.frameWidth() + 4)
        row.addWidget(self.tie_breaks, 1)
        moves = QVBoxLayout()
        up = QPushButton(translate("EventSettingsDialog", "Move &up"))
        down = QPushButton(translate("EventSettingsDialog", "Move &down"))
        up.clicked.connect(lambda: self.move_tie_break(-1))
        down.clicked.connect(lambda: self.move_tie_break(+1))
        moves.addWidget(up)
        moves.addWidget(down)
        moves.addStretch(1)
        row.addLayout(moves)
        return box

    def _bye_box(self, settings: Mapping[str, object]) -> QGroupBox:
        box = QGroupBox(translate("EventSettingsDialog", "A &bye is worth"))
        form = QFormLayout(box)
        self.bye_match_win = QCheckBox(translate("EventSettingsDialog", "a match won"))
        self.bye_match_win.setChecked(bool(settings.get("bye_match_win", True)))
        self.bye_game_wins = _game_wins_box(settings.get("bye_game_wins"), "byeGameWins")
        self.bye_points = spin_box(
            _int(settings.get("bye_points"), 0), -10_000, 10_000, "byePoints"
        )
        form.addRow(translate("EventSettingsDialog", "Match:"), self.bye_match_win)
        form.addRow(translate("EventSettingsDialog", "Game wins:"), self.bye_game_wins)
        form.addRow(
            translate("EventSettingsDialog", "Points (differential):"),
            self.bye_points,
        )
        return box

    def _unplayed_box(self, settings: Mapping[str, object]) -> QGroupBox:
        """Forfeits and time called (tournament/results.py cites the conventions)."""
        box = QGroupBox(translate("EventSettingsDialog", "A &forfeit and time called"))
        form = QFormLayout(box)
        self.forfeit_game_wins = _game_wins_box(
            settings.get("forfeit_game_wins"), "forfeitGameWins"
        )
        self.forfeit_points = spin_box(
            _int(settings.get("forfeit_points_per_game"), 0), 0, 10_000, "forfeitPoints"
        )
        self.forfeits_as_played = QCheckBox(
            translate("EventSettingsDialog", "count as played (opponents' wins, played)")
        )
        self.forfeits_as_played.setToolTip(
            translate(
                "EventSettingsDialog",
                "Off: a forfeit is unplayed, as FIDE and US Chess count unplayed games",
            )
        )
        self.forfeits_as_played.setChecked(bool(settings.get("forfeits_as_played", False)))
        self.time_called = QComboBox()
        self.time_called.setObjectName("timeCalled")
        for rule in TimeCalledWinner:
            self.time_called.addItem(rule.label, rule.value)
        chosen = self.time_called.findData(settings.get("time_called_winner", "leader"))
        self.time_called.setCurrentIndex(max(chosen, 0))
        self.time_called_counts = QCheckBox(
            translate("EventSettingsDialog", "the unfinished game's points count")
        )
        self.time_called_counts.setChecked(bool(settings.get("time_called_game_counts", False)))
        form.addRow(
            translate("EventSettingsDialog", "Forfeit game wins:"),
            self.forfeit_game_wins,
        )
        form.addRow(translate("EventSettingsDialog", "Points a game:"), self.forfeit_points)
        form.addRow(
            translate("EventSettingsDialog", "Tie-breaks:"),
            self.forfeits_as_played,
        )
        form.addRow(translate("EventSettingsDialog", "Time called:"), self.time_called)
        form.addRow("", self.time_called_counts)
        return box

    def _tables_box(
        self, settings: Mapping[str, object], entrants: Sequence[EntrantView]
    ) -> QGroupBox:
        box = QGroupBox(
            translate(
                "EventSettingsDialog",
                "Entrants who always sit at one &table (a wheelchair place, a board)",
            )
        )
        column = QVBoxLayout(box)
        self.entrants = [e for e in entrants if e.active]
        self.fixed = QTableWidget(0, 2)
        self.fixed.setObjectName("fixedTables")
        self.fixed.setAccessibleName(
            translate("EventSettingsDialog", "Entrants who always sit at one table")
        )
        self.fixed.setHorizontalHeaderLabels(
            [
                translate("EventSettingsDialog", "Entrant"),
                translate("EventSettingsDialog", "Table"),
            ]
        )
        self.fixed.horizontalHeader().setStretchLastSection(True)
        self.fixed.setColumnWidth(0, 260)
        self.fixed.verticalHeader().setVisible(False)
        self.fixed.setMinimumHeight(90)
        seats = settings.get("fixed_tables")
        if isinstance(seats, Mapping):
            for entrant, table in seats.items():
                self.add_fixed_table(int(entrant), _int(table, 1))
        column.addWidget(self.fixed)
        buttons = QHBoxLayout()
        add = QPushButton(translate("EventSettingsDialog", "Add"))
        add.setEnabled(bool(self.entrants))
        add.clicked.connect(lambda: self.add_fixed_table())
        remove = QPushButton(translate("EventSettingsDialog", "Remove"))
        remove.clicked.connect(self._remove_fixed_table)
        buttons.addWidget(add)
        buttons.addWidget(remove)
        buttons.addStretch(1)
        column.addLayout(buttons)
        return box

    # --- editing -----------------------------------------------------------------------------

    def move_tie_break(self, step: int) -> None:
        row = self.tie_breaks.currentRow()
        target = row + step
        if row < 0 or not 0 <= target < self.tie_breaks.count():
            return
        item = self.tie_breaks.takeItem(row)
        self.tie_breaks.insertItem(target, item)
        self.tie_breaks.setCurrentRow(target)

    def add_fixed_table(self, entrant_id: int | None = None, table: int = 1) -> None:
        row = self.fixed.rowCount()
        self.fixed.insertRow(row)
        who = QComboBox()
        for entrant in self.entrants:
            who.addItem(entrant.name, entrant.id)
        if entrant_id is not None:
            index = who.findData(entrant_id)
            if index < 0:  # withdrawn since: still shown, so the director sees and decides
                who.addItem(
                    translate("EventSettingsDialog", "entrant {0}").format(entrant_id), entrant_id
                )
                index = who.count() - 1
            who.setCurrentIndex(index)
        number = QSpinBox()
        number.setRange(1, 999)
        number.setValue(table)
        self.fixed.setCellWidget(row, 0, who)
        self.fixed.setCellWidget(row, 1, number)

    def _remove_fixed_table(self) -> None:
        row = self.fixed.currentRow()
        self.fixed.removeRow(row if row >= 0 else self.fixed.rowCount() - 1)

    # --- result ------------------------------------------------------------------------------

    def values(self) -> dict[str, object]:
        """The settings as the services store them (see ``TournamentSettings.to_dict``)."""
        ties = []
        for i in range(self.tie_breaks.count()):
            item = self.tie_breaks.item(i)
            if item.checkState() == Qt.CheckState.Checked:
                ties.append(str(item.data(Qt.ItemDataRole.UserRole)))
        seats: dict[str, int] = {}
        for row in range(self.fixed.rowCount()):
            who = self.fixed.cellWidget(row, 0)
            table = self.fixed.cellWidget(row, 1)
            if isinstance(who, QComboBox) and isinstance(table, QSpinBox):
                seats[str(who.currentData())] = table.value()
        game_wins = self.bye_game_wins.value()
        return {
            **self.event_view.settings,
            "rounds": self.rounds.value() or None,
            "tie_breaks": ties,
            "bye_match_win": self.bye_match_win.isChecked(),
            "bye_game_wins": None if game_wins == _AS_A_WON_MATCH else game_wins,
            "bye_points": self.bye_points.value(),
            "bracket_reset": self.bracket_reset.isChecked(),
            "require_check_in": self.require_check_in.isChecked(),
            "fixed_tables": seats,
            **self._unplayed_values(),
        }

    def _unplayed_values(self) -> dict[str, object]:
        games = self.forfeit_game_wins.value()
        return {
            "forfeit_game_wins": None if games == _AS_A_WON_MATCH else games,
            "forfeit_points_per_game": self.forfeit_points.value(),
            "forfeits_as_played": self.forfeits_as_played.isChecked(),
            "time_called_winner": str(self.time_called.currentData()),
            "time_called_game_counts": self.time_called_counts.isChecked(),
        }


def _game_wins_box(stored: object, name: str) -> QSpinBox:
    """The game wins a bye or a forfeit credits: 0 to 20, or (at its lowest) as many as a won
    match takes, the stored ``None``."""
    return spin_box(
        _int(stored, _AS_A_WON_MATCH),
        _AS_A_WON_MATCH,
        20,
        name,
        at_lowest=translate("EventSettingsDialog", "as many as winning a match takes"),
    )


def _int(value: object, default: int) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def _tie_break_list(value: object) -> list[TieBreak]:
    if not isinstance(value, list | tuple):
        return list(DEFAULT_TIE_BREAKS)
    return [TieBreak(v) for v in value if v in {t.value for t in TieBreak}]


def edit_event_settings(
    parent: QWidget | None, db: Database, event_id: int, *, actor: str | None = None
) -> EventView | None:
    """Show the dialog until the services accept the settings or the director cancels."""
    from gin_scorer.gui.background import wait_for
    from gin_scorer.services.writes import entrants, events

    event, listed = wait_for(
        lambda: (events.get_event(db, event_id), entrants.list_entrants(db, event_id))
    )
    dialog = EventSettingsDialog(event, listed, parent)
    return save_event(
        dialog,
        db,
        event,
        lambda version, pin: partial(
            events.set_event_settings, db, event_id, dialog.values(), version, pin=pin, actor=actor
        ),
    )
