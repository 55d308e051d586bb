"""Find (Ctrl+F) answers "where is it now?": "T3" is the running event's table 3 in its
current round, not table 30 and not a finished demo event's; a name is the table that player
is playing now, not an old slip (issue 35, finding 5). Driven by keys, in a shown window."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from gin_scorer.core.hands import Side
from gin_scorer.gui.main_window import MainWindow
from gin_scorer.gui.navigator import NODE_ROLE, Node
from gin_scorer.gui.settings import GuiSettings
from gin_scorer.presets import load_preset
from gin_scorer.services.support.dto import EntrantSpec, MatchStatus, MatchView, ResultKind
from gin_scorer.services.writes.matches import list_matches
from tests.gui.conftest import settle
from tests.gui.keyboard import activate, press, type_text

CTRL = Qt.KeyboardModifier.ControlModifier


@dataclass(frozen=True)
class Day:
    path: Path
    demo: int  # a demo event, finished, newer than the live one
    live: int  # the event being played: round 1 of 31 tables
    club: int  # a club night: Xiomara's slip entered, her next match in play
    veteran: str  # a demo player who plays in the live event too
    xiomara_now: int  # the club night's match Xiomara is playing now


@pytest.fixture(scope="module")
def day(tmp_path_factory) -> Day:  # type: ignore[no-untyped-def]
    from gin_scorer.services.writes.demo import DemoPlan, play_demo
    from gin_scorer.services.writes.entrants import add_entrant
    from gin_scorer.services.writes.events import create_event
    from gin_scorer.services.writes.matches import create_match, get_score_sheet
    from gin_scorer.services.writes.results import ResultReport, record_result
    from gin_scorer.services.writes.rounds import start_round
    from gin_scorer.store.database import open_database

    path = tmp_path_factory.mktemp("find") / "day.sqlite"
    db = open_database(str(path), station="desk", backups=False)
    try:
        live = create_event(
            db,
            name="Spring Open",
            format="swiss",
            start_date=date(2026, 5, 2),
            entrants=tuple(EntrantSpec(f"Player {n:02}") for n in range(1, 62)),
        )
        demo = play_demo(
            db,
            DemoPlan(
                entrants=8,
                rounds=2,
                seed=3,
                name="Demo",
                slips=0.5,
                with_cards=False,
                start_date=date(2026, 6, 1),
            ),
        )
        veteran = list_matches(db, demo.event.id)[-1].a.name  # played the demo's last round
        add_entrant(db, live.id, veteran)
        start_round(db, live.id)
        club = create_event(
            db, name="Thursday club", format="club", rules=load_preset("wikipedia-standard")
        )
        xiomara, bob, cat = (
            add_entrant(db, club.id, name).id for name in ("Xiomara García Márquez", "Bob", "Cat")
        )
        earlier = create_match(db, club.id, xiomara, bob)
        slip = ResultReport(ResultKind.SLIP, Side.A, (1, 0))
        version = get_score_sheet(db, earlier.id).version
        record_result(db, earlier.id, slip, version, entered_by="desk")
        now = create_match(db, club.id, cat, xiomara)
    finally:
        db.close()
    return Day(path, demo.event.id, live.id, club.id, veteran, now.id)


def _window(qtbot, day: Day, tmp_path: Path) -> MainWindow:  # type: ignore[no-untyped-def]
    import shutil

    copy = tmp_path / "day.sqlite"
    shutil.copy(day.path, copy)
    window = MainWindow(database=str(copy), settings=GuiSettings(station_name="Desk 1"))
    qtbot.addWidget(window)
    activate(qtbot, window)
    settle(qtbot, window)
    return window


def _chosen(window: MainWindow) -> Node:
    node = window.state.navigator.currentIndex().data(NODE_ROLE)
    assert isinstance(node, Node)
    return node


def _match(window: MainWindow, node: Node) -> MatchView:
    assert window.state.db is not None and node.match_id is not None
    return next(m for m in list_matches(window.state.db, node.event_id) if m.id == node.match_id)


def _find(window: MainWindow, text: str) -> None:
    press(window, Qt.Key.Key_F, CTRL)
    assert window.state.find_box.hasFocus()
    type_text(window, text)


def test_t3_is_the_running_events_table_3_and_no_other(qtbot, day: Day, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    window = _window(qtbot, day, tmp_path)
    _find(window, "T3")
    first = _chosen(window)
    assert (first.event_id, first.round_number) == (day.live, 1)
    assert _match(window, first).table_number == 3
    # Only table 3s: the live event's, then the demo's (its latest round first); no T30, T31.
    message = window.statusBar().currentMessage()
    assert message.startswith("1 of 3: Spring Open") and "Enter opens it" in message, message
    press(window, Qt.Key.Key_Down)
    second = _chosen(window)
    assert (second.event_id, second.round_number) == (day.demo, 2)
    assert _match(window, second).table_number == 3
    press(window, Qt.Key.Key_Up)
    press(window, Qt.Key.Key_Return)
    settle(qtbot, window)
    assert window.state.scoring is not None and window.state.scoring.sheet is not None
    assert window.state.scoring.sheet.match.id == first.match_id
    assert window.state.scoring.panel.entry.hasFocus()  # the next keys score that table
    assert _chosen(window) == first  # the tree still shows where it is, once it is read


def test_a_name_finds_the_table_that_player_is_playing_now(qtbot, day: Day, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    window = _window(qtbot, day, tmp_path)
    _find(window, day.veteran)  # in the demo's last round too, which sorts later
    first = _chosen(window)
    assert first.event_id == day.live
    press(window, Qt.Key.Key_Return)
    assert window.state.scoring is not None and window.state.scoring.sheet is not None
    assert day.veteran in window.state.scoring.panel.names()
    assert window.state.scoring.sheet.match.event_id == day.live


def test_a_name_skips_the_slip_already_entered_and_ignores_accents(  # type: ignore[no-untyped-def]
    qtbot, day: Day, tmp_path: Path
) -> None:
    window = _window(qtbot, day, tmp_path)
    _find(window, "Xiomara")
    assert _chosen(window).match_id == day.xiomara_now  # not the slip entered earlier
    press(window, Qt.Key.Key_Down)
    earlier = _match(window, _chosen(window))
    assert earlier.status is MatchStatus.FINISHED
    window.state.find_box.selectAll()
    type_text(window, "garcia marquez")  # typed without the accents
    assert _chosen(window).match_id == day.xiomara_now
    assert window.statusBar().currentMessage().startswith("1 of 2")
