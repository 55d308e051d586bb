"""The app asks for the director's PIN whenever the services refuse an action without it,
showing their sentence; a cancelled prompt or a refusal changes nothing."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QInputDialog, QMessageBox

from gin_scorer.gui.event_dialog import NewEvent
from gin_scorer.gui.main_window import MainWindow
from gin_scorer.gui.settings import GuiSettings
from gin_scorer.presets import load_preset
from gin_scorer.services.support.dto import EntrantSpec, EntrantStatus, EventStatus
from gin_scorer.services.writes.entrants import list_entrants
from gin_scorer.services.writes.events import get_event, set_event_status
from tests.gui.conftest import settle


def _finished_window(qtbot, tmp_path) -> tuple[MainWindow, int]:  # type: ignore[no-untyped-def]
    window = MainWindow(
        database=str(tmp_path / "a.sqlite"), settings=GuiSettings(station_name="Desk 1")
    )
    qtbot.addWidget(window)
    event_id = window.event_actions.create_event(
        NewEvent(
            name="Open",
            venue="",
            start_date=None,
            rules=load_preset("wikipedia-standard"),
            format="swiss",
            entrants=tuple(EntrantSpec(n) for n in ("Ann", "Bob", "Cy")),
            pin="2468",
        )
    )
    settle(qtbot, window)
    assert event_id is not None and window.state.db is not None
    set_event_status(
        window.state.db,
        event_id,
        EventStatus.FINISHED,
        get_event(window.state.db, event_id).version,
    )
    window.state.show_view("entrants")
    settle(qtbot, window)
    return window, event_id


def test_withdrawing_from_a_finished_event_asks_for_the_pin(
    qtbot, tmp_path, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    window, event_id = _finished_window(qtbot, tmp_path)
    assert window.state.db is not None
    view = window.state.event_views["entrants"]
    view.table.selectRow(0)  # type: ignore[attr-defined]
    prompts: list[str] = []
    answers = iter([("", False)])  # the director cancels: nothing changes
    monkeypatch.setattr(
        QInputDialog,
        "getText",
        lambda _p, _t, label, *a, **k: prompts.append(label) or next(answers),
    )
    assert not view.set_active(False)  # type: ignore[attr-defined]
    assert "PIN of 'Open' is needed to withdraw an entrant: the event is finished" in prompts[0]
    assert all(e.status is EntrantStatus.ACTIVE for e in list_entrants(window.state.db, event_id))
    answers = iter([("1111", True), ("2468", True)])
    assert view.set_active(False)  # type: ignore[attr-defined]
    assert "Wrong director PIN" in prompts[-1]
    withdrawn = [
        e for e in list_entrants(window.state.db, event_id) if e.status is EntrantStatus.WITHDRAWN
    ]
    assert len(withdrawn) == 1


def test_a_refusal_no_pin_lifts_is_shown_not_asked(
    qtbot, tmp_path, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    from gin_scorer.services.writes.rounds import list_rounds

    window, event_id = _finished_window(qtbot, tmp_path)
    assert window.state.db is not None
    asked: list[str] = []
    monkeypatch.setattr(
        QInputDialog, "getText", lambda *a, **k: asked.append("asked") or ("2468", True)
    )
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.Yes)
    shown: list[str] = []
    monkeypatch.setattr(  # the refusal's message box, read and closed
        "gin_scorer.gui.round_dialogs.show_refusal",
        lambda _parent, _title, refused: shown.append(refused.text) or "",
    )
    window.event_actions.start_round()
    assert not asked and not list_rounds(window.state.db, event_id)
    assert shown and "finished" in shown[0]  # said in a message box, not the status bar
