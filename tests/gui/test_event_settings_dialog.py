"""Event → Format settings and Director PIN, through the dialogs into a real SQLite file."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QDialog, QSpinBox

from gin_scorer.gui import event_pin_dialog as pin_dialogs
from gin_scorer.gui import event_settings_dialog as dialogs
from gin_scorer.gui.event_pin_dialog import EventPinDialog
from gin_scorer.gui.event_settings_dialog import EventSettingsDialog


@pytest.fixture
def swiss(tmp_path):  # type: ignore[no-untyped-def]
    from gin_scorer.services.writes.entrants import add_entrant
    from gin_scorer.services.writes.events import create_event
    from gin_scorer.store.database import open_database

    db = open_database(str(tmp_path / "swiss.sqlite"), station="desk", backups=False)
    event = create_event(db, name="Open", format="swiss", pin="2468")
    people = [add_entrant(db, event.id, name) for name in ("Ann", "Bob", "Cy", "Dee")]
    yield db, event, people
    db.close()


def _ticked(dialog: EventSettingsDialog) -> list[str]:
    items = [dialog.tie_breaks.item(i) for i in range(dialog.tie_breaks.count())]
    return [
        str(i.data(Qt.ItemDataRole.UserRole))
        for i in items
        if i.checkState() == Qt.CheckState.Checked
    ]


def test_the_dialog_shows_the_settings_and_returns_the_directors_changes(qtbot, swiss) -> None:  # type: ignore[no-untyped-def]
    db, event, people = swiss
    dialog = EventSettingsDialog(event, people)
    qtbot.addWidget(dialog)
    assert _ticked(dialog) == [
        "match_wins",
        "buchholz",
        "game_wins",
        "point_differential",
        "head_to_head",
    ]
    assert dialog.rounds.text() == "suggested from the field"
    assert dialog.bye_game_wins.text() == "as many as winning a match takes"
    dialog.tie_breaks.setCurrentRow(3)  # point differential up above game wins
    dialog.move_tie_break(-1)
    dialog.tie_breaks.item(0).setCheckState(Qt.CheckState.Checked)
    dialog.tie_breaks.item(1).setCheckState(Qt.CheckState.Unchecked)  # no Buchholz
    dialog.rounds.setValue(5)
    dialog.bye_points.setValue(40)
    dialog.bye_game_wins.setValue(2)
    dialog.add_fixed_table(people[2].id, 3)
    values = dialog.values()
    assert values["tie_breaks"] == ["match_wins", "point_differential", "game_wins", "head_to_head"]
    assert (values["rounds"], values["bye_points"], values["bye_game_wins"]) == (5, 40, 2)
    assert values["fixed_tables"] == {str(people[2].id): 3}

    from gin_scorer.services.writes.events import get_event, set_event_settings

    saved = set_event_settings(db, event.id, values, event.version)
    again = EventSettingsDialog(get_event(db, event.id), people)
    qtbot.addWidget(again)
    assert _ticked(again) == ["match_wins", "point_differential", "game_wins", "head_to_head"]
    assert again.values() == {**saved.settings}
    who = again.fixed.cellWidget(0, 0)
    table = again.fixed.cellWidget(0, 1)
    assert isinstance(who, QComboBox) and who.currentText() == "Cy"
    assert isinstance(table, QSpinBox) and table.value() == 3


def test_a_running_event_needs_the_pin_and_the_dialog_says_so(qtbot, swiss, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from gin_scorer.services.writes.events import get_event
    from gin_scorer.services.writes.rounds import start_round

    db, event, _people = swiss
    start_round(db, event.id)
    shown: list[EventSettingsDialog] = []
    answers = iter(["", "2468"])  # first without the PIN: refused, the dialog stays open

    def run(self: EventSettingsDialog) -> int:
        if not shown:
            self.bye_points.setValue(25)
        shown.append(self)
        self.pin.setText(next(answers, ""))
        return QDialog.DialogCode.Accepted if len(shown) <= 2 else QDialog.DialogCode.Rejected

    monkeypatch.setattr(EventSettingsDialog, "exec", run)
    saved = dialogs.edit_event_settings(None, db, event.id)
    assert saved is not None and saved.settings["bye_points"] == 25
    assert "is needed" in shown[0].problem.text()
    assert get_event(db, event.id).settings["bye_points"] == 25


def test_pin_dialog_sets_and_changes_the_pin(qtbot, swiss, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from gin_scorer.services.writes.events import get_event

    db, event, _people = swiss
    steps = iter([("0000", "1357", "1357"), ("2468", "1357", "1357")])  # wrong old PIN first
    seen: list[str] = []

    def run(self: EventPinDialog) -> int:
        seen.append(self.problem.text())
        try:
            old, new, again = next(steps)
        except StopIteration:
            return QDialog.DialogCode.Rejected
        self.old.setText(old)
        self.new.setText(new)
        self.again.setText(again)
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(EventPinDialog, "exec", run)
    assert pin_dialogs.change_event_pin(None, db, event.id) is not None
    assert "wrong" in seen[1].lower()
    from gin_scorer.services.support.errors import PinError
    from gin_scorer.services.writes.events import set_event_settings
    from gin_scorer.services.writes.rounds import start_round

    start_round(db, event.id)  # under way: settings now need the PIN, and only the new one
    with pytest.raises(PinError, match="wrong director PIN"):
        set_event_settings(db, event.id, {}, get_event(db, event.id).version, pin="2468")
    version = get_event(db, event.id).version
    assert set_event_settings(db, event.id, {}, version, pin="1357").has_pin


def test_two_different_new_pins_are_refused_in_the_dialog(qtbot, swiss) -> None:  # type: ignore[no-untyped-def]
    _db, event, _people = swiss
    dialog = EventPinDialog(event)
    qtbot.addWidget(dialog)
    dialog.new.setText("1357")
    dialog.again.setText("1375")
    dialog._accept_if_same()
    assert dialog.result() != QDialog.DialogCode.Accepted
    assert "differ" in dialog.problem.text() and dialog.again.text() == ""


def test_what_a_forfeit_and_time_called_are_worth_is_the_directors_choice(qtbot, swiss) -> None:  # type: ignore[no-untyped-def]
    from gin_scorer.services.writes.events import get_event, set_event_settings

    db, event, people = swiss
    dialog = EventSettingsDialog(event, people)
    qtbot.addWidget(dialog)
    assert dialog.forfeit_game_wins.text() == "as many as winning a match takes"
    assert not dialog.forfeits_as_played.isChecked()
    assert dialog.time_called.currentData() == "leader"
    dialog.forfeit_game_wins.setValue(2)
    dialog.forfeit_points.setValue(250)
    dialog.forfeits_as_played.setChecked(True)
    dialog.time_called.setCurrentIndex(dialog.time_called.findData("director"))
    values = dialog.values()
    assert (values["forfeit_game_wins"], values["forfeit_points_per_game"]) == (2, 250)
    assert values["forfeits_as_played"] is True and values["time_called_winner"] == "director"
    saved = set_event_settings(db, event.id, values, event.version, pin="2468")
    again = EventSettingsDialog(get_event(db, saved.id), people)
    qtbot.addWidget(again)
    assert again.forfeit_points.value() == 250 and again.time_called.currentData() == "director"
