"""The navigator's read keeps the values of the last read for an event whose tables did not
change: the fresh copies are freed on the worker, so the collector has not 25,000 new values
to walk on the GUI thread after every refresh (issue 35: F5 froze the window 15-50 ms). And
it works out the open event's lines there too, so that opening it only makes the items."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from gin_scorer.gui import navigator
from gin_scorer.gui.navigator import NavigatorModel, Node, match_label, read_tables
from gin_scorer.presets import load_preset
from gin_scorer.services.support.database import open_database
from gin_scorer.services.support.dto import MatchStatus
from gin_scorer.services.writes import entrants, events, matches, rounds

NAMES = ("Ann Smith", "Tom Smith", "Xiomara García Márquez", "Cher", "Jan van der Berg", "Bo Li")


def _read_open_event(tmp_path: Path) -> tuple[int, navigator.Tables]:
    with open_database(str(tmp_path / "open.sqlite"), station="desk", backups=False) as db:
        event = events.create_event(
            db, name="Open", rules=load_preset("gra-tournament"), format="swiss"
        )
        for name in NAMES:
            entrants.add_entrant(db, event.id, name)
        rounds.start_round(db, event.id)
        return event.id, read_tables(db, opened=event.id)


def _lines(model: NavigatorModel, tables: navigator.Tables, event_id: int) -> dict[int, str]:
    found = {
        m.id: model.find(Node("match", event_id, m.round_number, m.id))
        for m in tables.matches[event_id]
    }
    return {i: item.text() for i, item in found.items() if item is not None}


def test_the_open_event_s_lines_are_worked_out_with_the_read(  # type: ignore[no-untyped-def]
    qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    event_id, tables = _read_open_event(tmp_path)
    model = NavigatorModel()
    model.set_events(tables.events, tables.matches, tables.rounds, tables.marks, tables.lines)

    def on_the_gui_thread(*_args: object) -> str:
        raise AssertionError("a line worked out when the event was opened")

    monkeypatch.setattr(navigator, "match_label", on_the_gui_thread)
    shown = _lines(model, tables, event_id)
    monkeypatch.undo()
    assert len(shown) == len(tables.matches[event_id]) == 3
    names = navigator.event_names(tables.matches[event_id])
    assert shown == {m.id: match_label(m, names) for m in tables.matches[event_id]}
    assert any("A. Smith" in line for line in shown.values())  # surnames, told apart
    first = tables.matches[event_id][0]
    item = model.find(Node("match", event_id, first.round_number, first.id))
    assert item is not None and item.data(Qt.ItemDataRole.ToolTipRole) == match_label(first)


def test_a_table_changed_before_its_event_opens_is_shown_as_it_is_now(  # type: ignore[no-untyped-def]
    qtbot, tmp_path: Path
) -> None:
    event_id, tables = _read_open_event(tmp_path)
    model = NavigatorModel()
    model.set_events(tables.events, tables.matches, tables.rounds, tables.marks, tables.lines)
    playing = replace(tables.matches[event_id][0], status=MatchStatus.PLAYING)
    model.update_match(playing)  # a hand entered before the tree opened the event
    shown = _lines(model, tables, event_id)
    assert shown[playing.id] == match_label(
        playing, navigator.event_names(tables.matches[event_id])
    )
    assert "◐" in shown[playing.id]


def test_an_unchanged_event_keeps_the_last_read_s_tables(tmp_path: Path) -> None:
    with open_database(str(tmp_path / "club.sqlite"), station="desk", backups=False) as db:
        made = []
        for name in ("Monday", "Tuesday"):
            event = events.create_event(
                db, name=name, rules=load_preset("gra-tournament"), format="swiss"
            )
            people = [entrants.add_entrant(db, event.id, f"{name} {n}") for n in range(4)]
            rounds.start_round(db, event.id)
            made.append((event, people))
        first = read_tables(db)
        (monday, _), (tuesday, people) = made
        matches.create_match(db, tuesday.id, people[0].id, people[1].id, table_number=9)
        second = read_tables(db, first.matches)
    assert second.matches[monday.id] is first.matches[monday.id]  # the same values
    assert second.matches[tuesday.id] != first.matches[tuesday.id]  # the new table read
    assert len(second.matches[tuesday.id]) == len(first.matches[tuesday.id]) + 1
    assert second.marks[monday.id] == first.marks[monday.id]
    assert second.marks[tuesday.id] != first.marks[tuesday.id]
