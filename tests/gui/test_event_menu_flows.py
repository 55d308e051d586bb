"""The Event menu end to end on a real SQLite file: a new event whose entrant list the services
refuse stays open and nothing is half made; entrants added late, pasted or imported from CSV;
format settings, rule set and director's PIN through their dialogs."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from PySide6.QtWidgets import QDialog

from gin_scorer.gui.entrants_editor import AddEntrantsDialog
from gin_scorer.gui.event_dialog import NewEventDialog
from gin_scorer.gui.event_pin_dialog import EventPinDialog
from gin_scorer.gui.event_rules_dialog import EventRulesDialog
from gin_scorer.gui.event_settings_dialog import EventSettingsDialog
from gin_scorer.gui.main_window import MainWindow
from gin_scorer.gui.settings import GuiSettings
from gin_scorer.services.writes.entrants import list_entrants
from gin_scorer.services.writes.events import get_event, list_events
from tests.gui.conftest import settle

SETTINGS = GuiSettings(station_name="Desk 1")


@pytest.fixture
def window(qtbot, tmp_path) -> Iterator[MainWindow]:  # type: ignore[no-untyped-def]
    main = MainWindow(database=str(tmp_path / "events.sqlite"), settings=SETTINGS)
    qtbot.addWidget(main)
    main.show()
    settle(qtbot, main)
    yield main
    main.close()


def _script(
    monkeypatch,
    dialog_class: type[QDialog],  # type: ignore[no-untyped-def]
    *steps: Callable[[QDialog], bool],
) -> list[QDialog]:
    """Stand in for the director at a modal dialog: each exec() runs the next step on the
    open dialog (True = the OK button, False = Cancel). Returns the dialogs seen."""
    remaining = iter(steps)
    seen: list[QDialog] = []

    def run(self: QDialog) -> int:
        seen.append(self)
        step = next(remaining, None)
        accepted = step is not None and step(self)
        return int(QDialog.DialogCode.Accepted if accepted else QDialog.DialogCode.Rejected)

    monkeypatch.setattr(dialog_class, "exec", run)
    return seen


def test_a_refused_entrant_list_keeps_the_new_event_dialog_open_and_makes_nothing(  # type: ignore[no-untyped-def]
    window, monkeypatch
) -> None:
    def first(dialog: QDialog) -> bool:
        assert isinstance(dialog, NewEventDialog)
        dialog.name.setText("County open")
        dialog.format.setCurrentIndex(dialog.format.findData("swiss"))
        dialog.entrants.setPlainText("Ann Lee\tNorth\t\t1\nBob Marsh\tSouth\t\t1\nCy Dunn")
        return True

    def second(dialog: QDialog) -> bool:
        assert isinstance(dialog, NewEventDialog)
        # The services' sentence names the line of the box; everything typed is still there.
        assert dialog.problem.text() == (
            "✖ nothing was saved: 1 problem in the entrants:\nline 2: seed 1 is already 'Ann Lee''s"
        )
        assert dialog.name.text() == "County open"
        assert window.state.db is not None and list_events(window.state.db) == ()
        dialog.entrants.setPlainText("Ann Lee\tNorth\t\t1\nBob Marsh\tSouth\t\t2\nCy Dunn")
        return True

    seen = _script(monkeypatch, NewEventDialog, first, second)
    window.event_actions.new_event()
    assert len(seen) == 2
    (event,) = list_events(window.state.db)
    assert (event.name, event.format, event.entrant_count) == ("County open", "swiss", 3)
    assert window.state.event_id == event.id
    ann = list_entrants(window.state.db, event.id)[0]
    assert (ann.name, ann.club, ann.seed) == ("Ann Lee", "North", 1)


def test_late_entrants_are_imported_from_csv_after_a_refusal(
    qtbot,  # type: ignore[no-untyped-def]
    window,
    monkeypatch,
    tmp_path,
) -> None:
    from gin_scorer.gui.event_dialog import NewEvent
    from gin_scorer.presets import load_preset
    from gin_scorer.services.support.dto import EntrantSpec

    event_id = window.event_actions.create_event(
        NewEvent(
            name="Club night",
            venue="",
            start_date=None,
            rules=load_preset("gra-tournament"),
            format="club",
            entrants=(EntrantSpec("Ann"), EntrantSpec("Bob")),
            pin=None,
        )
    )
    settle(qtbot, window)
    csv_file = tmp_path / "late.csv"
    csv_file.write_text(
        "name,club,member_number\nAnn,North,17\nDee,South,22\nEve,,\n", encoding="utf-8"
    )

    def with_a_name_already_in(dialog: QDialog) -> bool:
        assert isinstance(dialog, AddEntrantsDialog)
        assert dialog.editor.status.text() == "3 entrants"
        return True

    def after_the_refusal(dialog: QDialog) -> bool:
        assert isinstance(dialog, AddEntrantsDialog)
        assert dialog.editor.status.text() == (
            "✖ nothing was saved: 1 problem in the entrants:\n"
            "line 2: 'Ann' is already entered in this event"
        )
        dialog.editor.box.setPlainText("name,club,member_number\nDee,South,22\nEve,,\n")
        return True

    monkeypatch.setattr(
        "PySide6.QtWidgets.QFileDialog.getOpenFileName", lambda *a, **k: (str(csv_file), "")
    )
    _script(monkeypatch, AddEntrantsDialog, with_a_name_already_in, after_the_refusal)
    window.event_actions.import_entrants()
    names = [(e.name, e.club, e.member_number) for e in list_entrants(window.state.db, event_id)]
    assert ("Dee", "South", "22") in names and ("Eve", "", "") in names and len(names) == 4
    assert window.statusBar().currentMessage() == "2 entrants added"

    _script(monkeypatch, AddEntrantsDialog, lambda d: False)  # Cancel adds nothing
    assert window.event_actions.add_entrants() == 0
    assert len(list_entrants(window.state.db, event_id)) == 4

    def one_more(dialog: QDialog) -> bool:
        assert isinstance(dialog, AddEntrantsDialog)
        dialog.editor.box.setPlainText("Fay Moss\tEast\n")
        return True

    _script(monkeypatch, AddEntrantsDialog, one_more)
    window.state.show_view("entrants")
    settle(qtbot, window)
    entrants_tab = window.state.event_views["entrants"]
    entrants_tab.add_button.click()  # the same dialog from the Entrants tab
    assert len(list_entrants(window.state.db, event_id)) == 5
    settle(qtbot, window)
    assert entrants_tab.model.rowCount() == 5


def test_event_menu_reaches_settings_rules_and_pin(qtbot, window, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from gin_scorer.gui.event_dialog import NewEvent
    from gin_scorer.presets import load_preset
    from gin_scorer.services.support.dto import EntrantSpec

    titles = [a.text() for a in window.menus.event_menu.actions() if a.text()]
    for wanted in (
        "&Format settings…",
        "R&ule set…",
        "&Director's PIN…",
        "&Import entrants from CSV…",
    ):
        assert wanted in titles
    event_id = window.event_actions.create_event(
        NewEvent(
            name="Swiss night",
            venue="",
            start_date=None,
            rules=load_preset("gra-tournament"),
            format="swiss",
            entrants=tuple(EntrantSpec(n) for n in ("Ann", "Bob", "Cy", "Dee")),
            pin="2468",
        )
    )
    settle(qtbot, window)

    def five_rounds(dialog: QDialog) -> bool:
        assert isinstance(dialog, EventSettingsDialog)
        dialog.rounds.setValue(5)
        return True

    _script(monkeypatch, EventSettingsDialog, five_rounds)
    window.event_actions.edit_format_settings()
    assert get_event(window.state.db, event_id).settings["rounds"] == 5

    from gin_scorer.gui.round_dialogs import RoundPreviewDialog

    _script(monkeypatch, RoundPreviewDialog, lambda d: True)
    window.event_actions.start_round()  # under way: the rules now need the PIN

    def gin_bonus_30_wrong_pin(dialog: QDialog) -> bool:
        assert isinstance(dialog, EventRulesDialog)
        assert dialog.rules.current.key == "gra-tournament"
        dialog.rules.widgets["gin_bonus"].setValue(30)  # type: ignore[attr-defined]
        dialog.pin.setText("1111")
        return True

    def right_pin(dialog: QDialog) -> bool:
        assert isinstance(dialog, EventRulesDialog)
        assert "PIN" in dialog.problem.text()
        assert dialog.rules.current.gin_bonus == 30  # the change is still there
        dialog.pin.setText("2468")
        return True

    _script(monkeypatch, EventRulesDialog, gin_bonus_30_wrong_pin, right_pin)
    window.event_actions.edit_event_rules()
    rules = get_event(window.state.db, event_id).rules
    assert (rules.key, rules.gin_bonus) == ("custom-gra-tournament", 30)
    assert window.statusBar().currentMessage() == "Rule set saved: new matches use it"

    def clear_the_pin(dialog: QDialog) -> bool:
        assert isinstance(dialog, EventPinDialog)
        dialog.old.setText("2468")
        return True

    _script(monkeypatch, EventPinDialog, clear_the_pin)
    window.event_actions.change_pin()
    assert not get_event(window.state.db, event_id).has_pin
    assert window.statusBar().currentMessage() == "Director's PIN cleared"


def test_an_entrant_renamed_on_the_entrants_tab_keeps_results_and_refusals_stay_open(
    qtbot,  # type: ignore[no-untyped-def]
    window,
    monkeypatch,
) -> None:
    from gin_scorer.gui.entrant_edit_dialog import EntrantEditDialog
    from gin_scorer.gui.event_dialog import NewEvent
    from gin_scorer.presets import load_preset
    from gin_scorer.services.support.dto import EntrantSpec

    event_id = window.event_actions.create_event(
        NewEvent(
            name="Club night",
            venue="",
            start_date=None,
            rules=load_preset("gra-tournament"),
            format="club",
            entrants=(EntrantSpec("Ann Le", seed=1), EntrantSpec("Bob")),
            pin=None,
        )
    )
    settle(qtbot, window)
    window.state.show_view("entrants")
    settle(qtbot, window)
    tab = window.state.event_views["entrants"]
    shown = [tab.model.index(r, 0).data() for r in range(tab.model.rowCount())]
    assert shown == ["Bob", "Ann Le"]  # by surname: Bob's only name, then Le
    tab.table.selectRow(shown.index("Ann Le"))
    assert tab.selected().name == "Ann Le"

    def a_name_already_taken(dialog: QDialog) -> bool:
        assert isinstance(dialog, EntrantEditDialog)
        assert dialog.seed.value() == 1
        dialog.name.setText("bob")
        return True

    def fixed(dialog: QDialog) -> bool:
        assert isinstance(dialog, EntrantEditDialog)
        assert dialog.problem.text() == "✖ 'Bob' is already entered in this event"
        dialog.name.setText("Ann Lee")
        dialog.club.setText("North")
        dialog.seed.setValue(0)  # "no seed"
        return True

    _script(monkeypatch, EntrantEditDialog, a_name_already_taken, fixed)
    assert tab.edit_selected()
    ann = next(e for e in list_entrants(window.state.db, event_id) if e.club == "North")
    assert (ann.name, ann.seed) == ("Ann Lee", None)
    settle(qtbot, window)
    names = [tab.model.index(r, 0).data() for r in range(tab.model.rowCount())]
    assert "Ann Lee" in names


def test_enter_pairs_the_previewed_round(qtbot, window) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtCore import Qt

    from gin_scorer.gui.round_dialogs import RoundPreviewDialog
    from gin_scorer.services.support.dto import EntrantSpec
    from gin_scorer.services.writes.events import create_event
    from gin_scorer.services.writes.rounds import preview_round

    event = create_event(
        window.state.db,
        name="Swiss",
        format="swiss",
        entrants=[EntrantSpec(n) for n in ("Ann", "Bob", "Cy")],
    )
    dialog = RoundPreviewDialog(preview_round(window.state.db, event.id), event.name, window)
    qtbot.addWidget(dialog)
    dialog.show()
    assert dialog.pair_button.text() == "&Pair round 1"
    qtbot.keyClick(dialog, Qt.Key.Key_Return)
    assert dialog.result() == QDialog.DialogCode.Accepted


def test_finish_then_reopen_with_the_pin(qtbot, window, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtWidgets import QInputDialog, QMessageBox

    from gin_scorer.services.support.dto import EntrantSpec, EventStatus
    from gin_scorer.services.writes.events import create_event
    from gin_scorer.services.writes.rounds import preview_round

    event = create_event(
        window.state.db,
        name="Open",
        format="swiss",
        pin="2468",
        entrants=[EntrantSpec(n) for n in ("Ann", "Bob")],
    )
    window.state.open_event(event.id)
    settle(qtbot, window)
    warnings: list[str] = []
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.Yes)
    monkeypatch.setattr(QMessageBox, "warning", lambda _p, _t, text, *a: warnings.append(text))
    window.event_actions.finish_or_reopen()
    assert get_event(window.state.db, event.id).status is EventStatus.FINISHED
    assert window.statusBar().currentMessage() == "Open is finished"
    from gin_scorer.services.support.errors import ServiceError

    with pytest.raises(ServiceError):
        preview_round(window.state.db, event.id)  # closed: no more rounds
    answers = iter([("1111", True), ("2468", True)])
    prompts: list[str] = []
    monkeypatch.setattr(
        QInputDialog,
        "getText",
        lambda _p, _t, label, *a, **k: prompts.append(label) or next(answers),
    )
    window.event_actions.finish_or_reopen()
    # The services' sentence is the prompt: which PIN, for what; then that one was wrong.
    assert "The director's PIN of 'Open' is needed to reopen the event" in prompts[0]
    assert "Wrong director PIN for 'Open'" in prompts[1] and not warnings
    assert get_event(window.state.db, event.id).status is EventStatus.RUNNING
    assert window.statusBar().currentMessage() == "Open is open again"


def test_every_menu_item_has_its_own_alt_key(window) -> None:  # type: ignore[no-untyped-def]
    """Keyboard first: within a menu, Alt+letter must reach one item, not cycle between two."""
    window.menus.reports_menu.aboutToShow.emit()
    for title, menu in window.menus.by_key.items():
        keys: dict[str, str] = {}
        for action in menu.actions():
            text = action.text()
            if "&" not in text:
                continue
            key = text[text.index("&") + 1].lower()
            assert key not in keys, f"{title} menu: {text!r} and {keys[key]!r} share Alt+{key}"
            keys[key] = text
