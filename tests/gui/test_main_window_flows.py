"""The main window on a real database: events, navigator, views, scoring, undo shortcuts."""

from __future__ import annotations

import shutil

import pytest
from PySide6.QtCore import Qt

from gin_scorer.gui.event_dialog import NewEvent
from gin_scorer.gui.main_window import MainWindow
from gin_scorer.gui.navigator import NODE_ROLE, Node
from gin_scorer.gui.settings import GuiSettings
from gin_scorer.presentation.names import name_key
from gin_scorer.presets import load_preset
from gin_scorer.services.support.dto import EntrantSpec, MatchStatus
from gin_scorer.services.writes.matches import list_matches
from tests.gui.conftest import settle

SETTINGS = GuiSettings(station_name="Desk 1")


def _people(*names: str) -> tuple[EntrantSpec, ...]:
    return tuple(EntrantSpec(name=name) for name in names)


def _window(qtbot, path: str) -> MainWindow:  # type: ignore[no-untyped-def]
    window = MainWindow(database=path, settings=SETTINGS)
    qtbot.addWidget(window)
    window.show()
    settle(qtbot, window)
    return window


def _copy(swiss_db, tmp_path) -> tuple[str, int]:  # type: ignore[no-untyped-def]
    source, event_id = swiss_db
    target = tmp_path / "copy.sqlite"
    shutil.copy(source, target)
    return str(target), event_id


def test_first_start_shows_the_welcome_page_and_the_status_bar(qtbot, tmp_path) -> None:  # type: ignore[no-untyped-def]
    window = _window(qtbot, str(tmp_path / "new.sqlite"))
    assert window.state.stack.currentWidget() is window.state.welcome
    assert window.state.welcome.new_button.text() == "New event…"
    assert window.state.welcome.demo_button.text() == "Try a demo event"
    assert "Station: Desk 1" in window.state.station_label.text()
    assert "new.sqlite" in window.state.database_label.text()
    shortcuts = {
        a.text().replace("&", ""): a.shortcut().toString()
        for a in window.menus.scoring_menu.actions()
    }
    assert shortcuts["Undo"] == "Ctrl+Z"
    assert window.menus.redo_action.shortcuts()[0].toString() == "Ctrl+Shift+Z"


def test_create_an_event_with_entrants_then_score_a_club_match(  # type: ignore[no-untyped-def]
    qtbot, tmp_path, monkeypatch
) -> None:
    from gin_scorer.gui.new_match_dialog import NewMatchDialog

    window = _window(qtbot, str(tmp_path / "club.sqlite"))
    event_id = window.event_actions.create_event(
        NewEvent(
            name="Club night",
            venue="",
            start_date=None,
            rules=load_preset("wikipedia-standard"),
            format="club",
            entrants=_people("Ann", "Bob", "Cy"),
            pin=None,
        )
    )
    settle(qtbot, window)
    assert event_id is not None and window.state.event_id == event_id
    assert window.state.events[0].entrant_count == 3
    problems: list[str] = []

    def type_the_players(dialog: NewMatchDialog) -> int:
        # Typed as a director types: lower case, and the same player twice at first.
        qtbot.keyClicks(dialog.a.lineEdit(), "ann")
        qtbot.keyClicks(dialog.b.lineEdit(), "ANN")
        dialog._accept()
        problems.append(dialog.problem.text())
        dialog.b.setEditText("cy")
        dialog.table.setValue(4)
        dialog._accept()
        return int(dialog.result())

    monkeypatch.setattr(NewMatchDialog, "exec", type_the_players)
    window.event_actions.new_match()
    settle(qtbot, window)
    assert problems == ["✖ Ann cannot play themself: choose another player B"]
    scoring = window.state.scoring
    assert scoring is not None and scoring.sheet is not None
    assert scoring.panel.names() == ("Ann", "Cy")
    assert scoring.sheet.match.table_number == 4
    assert window.state.tabs.currentWidget() is scoring
    qtbot.keyClicks(scoring.panel.entry, "bg20")
    qtbot.keyClick(scoring.panel.entry, Qt.Key.Key_Return)
    assert scoring.sheet.current_totals.b == 45
    saved = window.state.saved_label.text()
    assert saved.startswith("Last save: ") and "—" not in saved
    window.menus.undo_action.trigger()
    assert scoring.sheet.hands == ()
    window.menus.redo_action.trigger()
    assert len(scoring.sheet.hands) == 1


def test_navigator_opens_a_match_and_a_hand_updates_its_line(qtbot, swiss_db, tmp_path) -> None:  # type: ignore[no-untyped-def]
    path, event_id = _copy(swiss_db, tmp_path)
    window = _window(qtbot, path)
    window.state.open_event(event_id)
    settle(qtbot, window)
    assert window.state.stack.currentWidget() is window.state.tabs
    playing = [
        m for m in list_matches(window.state.db, event_id) if m.status is MatchStatus.PLAYING
    ]
    match = playing[0]
    item = window.state.navigator_model.find(Node("match", event_id, match.round_number, match.id))
    assert item is not None and "◐" in item.text()
    window.state.node_activated(item.index())
    settle(qtbot, window)
    scoring = window.state.scoring
    assert scoring is not None and scoring.sheet is not None
    assert scoring.sheet.match.id == match.id
    # Play it out: gins for A until the match is over, watching the navigator line.
    for _ in range(10):
        if scoring.sheet.finished:
            break
        scoring.panel.entry.setText("ag40")
        qtbot.keyClick(scoring.panel.entry, Qt.Key.Key_Return)
    assert scoring.sheet.finished
    assert "●" in item.text()
    # Its round's count and its colour follow at once, not at the next refresh.
    round_item = window.state.navigator_model.find(Node("round", event_id, match.round_number))
    assert round_item is not None
    done = sum(
        m.status in (MatchStatus.FINISHED, MatchStatus.LOCKED)
        for m in list_matches(window.state.db, event_id)
        if m.round_number == match.round_number and not m.is_bye
    )
    assert f"({done}/" in round_item.text()
    assert item.data(Qt.ItemDataRole.ForegroundRole) is None  # no longer "being played" blue


def test_refresh_keeps_the_open_branches_and_the_chosen_line(qtbot, swiss_db, tmp_path) -> None:  # type: ignore[no-untyped-def]
    path, event_id = _copy(swiss_db, tmp_path)
    window = _window(qtbot, path)
    window.state.open_event(event_id)
    settle(qtbot, window)
    model, tree = window.state.navigator_model, window.state.navigator
    first = model.find(Node("round", event_id, 1))
    second = model.find(Node("round", event_id, 2))
    assert first is not None and second is not None
    tree.expand(first.index())
    tree.expand(second.index())
    node = Node("match", event_id, 1, list_matches(window.state.db, event_id)[0].id)
    chosen = model.find(node)
    assert chosen is not None
    tree.setCurrentIndex(chosen.index())
    window.state.refresh_all()  # F5
    settle(qtbot, window)
    for number in (1, 2):
        again = model.find(Node("round", event_id, number))
        assert again is not None and tree.isExpanded(again.index())
    assert tree.currentIndex().data(NODE_ROLE) == node


def test_find_searches_every_event_before_any_is_opened(qtbot, swiss_db, tmp_path) -> None:  # type: ignore[no-untyped-def]
    path, event_id = _copy(swiss_db, tmp_path)
    window = _window(qtbot, path)
    assert window.state.event_id is None  # the welcome page: no event open yet
    someone = list_matches(window.state.db, event_id)[0].a.name
    qtbot.keyClicks(window.state.find_box, someone)
    assert window.finding._find_hits, "Find found nothing before an event was opened"
    qtbot.keyClick(window.state.find_box, Qt.Key.Key_Return)
    assert window.state.event_id == event_id
    assert window.state.scoring is not None and window.state.scoring.sheet is not None
    assert someone in (
        window.state.scoring.sheet.match.a.name,
        window.state.scoring.sheet.match.b.name,
    )  # type: ignore[union-attr]


def test_event_views_show_standings_pairings_and_missing_results(  # type: ignore[no-untyped-def]
    qtbot, qtmodeltester, swiss_db, tmp_path
) -> None:
    path, event_id = _copy(swiss_db, tmp_path)
    window = _window(qtbot, path)
    window.state.open_event(event_id)
    settle(qtbot, window)
    qtmodeltester.check(window.state.navigator_model)
    standings = window.state.event_views["standings"]
    window.state.show_view("standings")
    settle(qtbot, window)
    assert standings.model.rowCount() == 8  # type: ignore[attr-defined]
    qtmodeltester.check(standings.model)  # type: ignore[attr-defined]
    first = standings.model.index(0, 0)  # type: ignore[attr-defined]
    assert standings.model.data(first).startswith("1")  # type: ignore[attr-defined]
    standings.table.sortByColumn(7, Qt.SortOrder.DescendingOrder)  # type: ignore[attr-defined]
    diffs = [row.counts.point_differential for row in standings.model.rows()]  # type: ignore[attr-defined]
    assert diffs == sorted(diffs, reverse=True)
    standings.table.sortByColumn(1, Qt.SortOrder.AscendingOrder)  # type: ignore[attr-defined]
    names = [row.entrant.name for row in standings.model.rows()]  # type: ignore[attr-defined]
    assert names == sorted(names, key=name_key)  # by surname (decision 0024)
    qtmodeltester.check(standings.model)  # type: ignore[attr-defined]
    headers = [
        standings.model.headerData(i, Qt.Orientation.Horizontal)  # type: ignore[attr-defined]
        for i in range(standings.model.columnCount())
    ]  # type: ignore[attr-defined]
    assert "Points ±" in headers and "Opponents' match wins" in headers

    pairings = window.state.event_views["pairings"]
    window.state.show_view("pairings")
    settle(qtbot, window)
    assert pairings.by_table.rowCount() == 4 and pairings.by_name.rowCount() == 8  # type: ignore[attr-defined]
    qtmodeltester.check(pairings.by_table)  # type: ignore[attr-defined]
    qtmodeltester.check(pairings.by_name)  # type: ignore[attr-defined]

    status = window.state.event_views["status"]
    window.state.show_view("status", round_number=2)
    settle(qtbot, window)
    qtmodeltester.check(status.model)  # type: ignore[attr-defined]
    assert "missing a result" in status.summary.text()  # type: ignore[attr-defined]
    waiting = [
        r
        for r in range(status.model.rowCount())  # type: ignore[attr-defined]
        if status.model.data(status.model.index(r, 3)) != "✔ finished"
    ]  # type: ignore[attr-defined]
    assert len(waiting) == 2
    first_waiting = status.model.index(waiting[0], 0)  # type: ignore[attr-defined]
    background = status.model.data(first_waiting, Qt.ItemDataRole.BackgroundRole)  # type: ignore[attr-defined]
    assert background is not None


def test_reports_menu_writes_a_pdf(qtbot, swiss_db, tmp_path) -> None:  # type: ignore[no-untyped-def]
    path, event_id = _copy(swiss_db, tmp_path)
    window = _window(qtbot, path)
    window.state.open_event(event_id)
    settle(qtbot, window)
    report = window.report_actions.make_report("standings", str(tmp_path / "standings.pdf"))
    assert report is not None  # written on a worker; the window stays responsive
    qtbot.waitUntil(lambda: not report.running, timeout=60_000)
    out = tmp_path / "standings.pdf"
    assert out.read_bytes().startswith(b"%PDF")
    assert window.statusBar().currentMessage().startswith(f"Wrote {out} in ")


def test_closing_the_window_lets_a_running_report_finish(qtbot, swiss_db, tmp_path) -> None:  # type: ignore[no-untyped-def]
    path, event_id = _copy(swiss_db, tmp_path)
    window = _window(qtbot, path)
    window.state.open_event(event_id)
    settle(qtbot, window)
    assert window.report_actions.make_report("standings", str(tmp_path / "late.pdf")) is not None
    window.close()  # the database is closed only once the worker is done with it
    assert (tmp_path / "late.pdf").read_bytes().startswith(b"%PDF")
    assert window.state.db is None


def test_projector_cycles_standings_and_pairings(qtbot, swiss_db, tmp_path) -> None:  # type: ignore[no-untyped-def]
    from gin_scorer.gui.views import ProjectorWindow

    path, event_id = _copy(swiss_db, tmp_path)
    window = _window(qtbot, path)
    projector = ProjectorWindow(window.state.db, event_id, 5)  # type: ignore[arg-type]
    settle(qtbot, projector)
    qtbot.addWidget(projector)
    titles = []
    for _ in range(len(projector.pages)):
        titles.append(projector.heading.text())
        projector.next_page()
    assert any("Standings" in t for t in titles) and any("pairings" in t for t in titles)
    # Where the standings stand, and headed columns, for the back of the room.
    assert any("Standings — after round " in t or "Standings — during round " in t for t in titles)
    assert all("<th" in page.body for page in projector.pages if "<table" in page.body)
    projector.close()


def test_the_projector_shows_names_as_typed(qtbot, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """A name is text, never markup: "Pat <Jr>" and "Lee & Co" show as typed."""
    from gin_scorer.gui.views import ProjectorWindow
    from gin_scorer.services.writes.entrants import add_entrant
    from gin_scorer.services.writes.events import create_event
    from gin_scorer.services.writes.rounds import start_round

    window = _window(qtbot, str(tmp_path / "names.sqlite"))
    assert window.state.db is not None
    event = create_event(window.state.db, name="Names <b>night</b>", format="swiss")
    for name in ("Pat <Jr>", "Lee & Co", "Cy", "Di"):
        add_entrant(window.state.db, event.id, name)
    start_round(window.state.db, event.id)
    projector = ProjectorWindow(window.state.db, event.id, 5)
    settle(qtbot, projector)
    qtbot.addWidget(projector)
    bodies = " ".join(page.body for page in projector.pages)
    assert "Pat &lt;Jr&gt;" in bodies and "Lee &amp; Co" in bodies and "<Jr>" not in bodies
    assert projector.event_label.text() == "Names <b>night</b>"  # plain text, as typed
    projector.close()


def test_exports_and_locking_go_through_the_services(qtbot, swiss_db, tmp_path) -> None:  # type: ignore[no-untyped-def]
    import json

    path, event_id = _copy(swiss_db, tmp_path)
    window = _window(qtbot, path)
    window.state.open_event(event_id)
    settle(qtbot, window)
    event_json = window.report_actions.export("event", str(tmp_path / "event.json"))
    assert event_json is not None and json.loads(event_json.read_text())
    results = window.report_actions.export("results", str(tmp_path / "results.csv"))
    assert results is not None and results.read_text().count("\n") >= 8
    finished = [
        m for m in list_matches(window.state.db, event_id) if m.status is MatchStatus.FINISHED
    ]
    window.state.open_match(finished[0].id)
    settle(qtbot, window)
    assert not window.report_actions.set_locked(
        True, pin="0000"
    )  # wrong PIN: refused, said on the line
    assert window.state.scoring is not None
    assert window.state.scoring.panel.preview_label.text().startswith("✖")
    assert window.report_actions.set_locked(True, pin="1234")
    assert window.state.scoring.sheet is not None and window.state.scoring.sheet.match.locked
    assert "locked" in window.state.scoring.panel.scoreboard.text()


def test_an_event_file_from_another_laptop_imports_whole(  # type: ignore[no-untyped-def]
    qtbot, swiss_db, tmp_path, monkeypatch
) -> None:
    from PySide6.QtWidgets import QMessageBox

    from gin_scorer.services.queries.standings import standings
    from gin_scorer.services.writes.events import list_events

    path, event_id = _copy(swiss_db, tmp_path)
    there = _window(qtbot, path)
    there.state.open_event(event_id)
    exported = there.report_actions.export("event", str(tmp_path / "event.json"))
    assert exported is not None
    here = _window(qtbot, str(tmp_path / "laptop.sqlite"))
    new_id = here.event_actions.import_event_file(exported)
    assert new_id is not None and here.state.event_id == new_id
    assert here.statusBar().currentMessage().startswith("Imported ")
    mine = [(r.entrant.name, r.place) for r in standings(here.state.db, new_id)]
    theirs = [(r.entrant.name, r.place) for r in standings(there.state.db, event_id)]
    assert mine == theirs
    warnings: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda _p, _t, text, *a: warnings.append(text))
    broken = tmp_path / "broken.json"
    broken.write_text('{"kind": "gin-scorer-event", "version": 1}', encoding="utf-8")
    assert here.event_actions.import_event_file(broken) is None
    assert warnings and warnings[0].startswith("broken.json: ")
    assert len(list_events(here.state.db)) == 1  # nothing half imported


def test_try_a_demo_event_plays_it_on_a_worker_with_a_progress_dialog(qtbot, tmp_path) -> None:  # type: ignore[no-untyped-def]
    window = _window(qtbot, str(tmp_path / "demo.sqlite"))
    steps: list[tuple[int, int]] = []
    window.event_actions.try_demo()
    assert window.state.demo is not None
    window.state.demo.rounds_done.connect(lambda done, total: steps.append((done, total)))
    assert window.state.demo.dialog.isVisible()
    assert not window.state.welcome.demo_button.isEnabled()
    window.event_actions.try_demo()  # a second click while it plays starts nothing
    with qtbot.waitSignal(window.state.demo.finished, timeout=120_000) as signal:
        pass
    settle(qtbot, window)
    ok, message = signal.args
    assert ok, message
    assert message.startswith("event 1: 4 rounds, 32 matches")
    assert not window.state.demo.dialog.isVisible()
    assert steps and steps[-1] == (4, 4)
    assert window.state.events and window.state.event_id == window.state.events[0].id
    assert window.state.stack.currentWidget() is window.state.tabs
    assert window.state.events[0].entrant_count == 16


def test_stopping_the_demo_keeps_what_was_played(qtbot, tmp_path) -> None:  # type: ignore[no-untyped-def]
    window = _window(qtbot, str(tmp_path / "demo.sqlite"))
    window.event_actions.try_demo()
    assert window.state.demo is not None
    window.state.demo.stop()  # as the dialog's Stop does: the run ends between two matches
    with qtbot.waitSignal(window.state.demo.finished, timeout=120_000) as signal:
        pass
    settle(qtbot, window)
    ok, message = signal.args
    assert ok and message.startswith("The demo was stopped: event 1 keeps the"), message
    assert window.state.welcome.demo_button.isEnabled()
    assert [e.entrant_count for e in window.state.events] == [
        16
    ]  # the event stays, as far as it got


def test_another_stations_hand_appears_after_a_poll(qtbot, swiss_db, tmp_path) -> None:  # type: ignore[no-untyped-def]
    from gin_scorer.presentation.entry_grammar import read_entry
    from gin_scorer.services.writes.hands import record_hand
    from gin_scorer.services.writes.matches import get_score_sheet
    from gin_scorer.store.database import open_database

    path, event_id = _copy(swiss_db, tmp_path)
    window = _window(qtbot, path)
    window.state.open_event(event_id)
    settle(qtbot, window)
    playing = [
        m for m in list_matches(window.state.db, event_id) if m.status is MatchStatus.PLAYING
    ]
    window.state.open_match(playing[0].id)
    settle(qtbot, window)
    assert window.state.scoring is not None and window.state.scoring.sheet is not None
    before = len(window.state.scoring.sheet.hands)
    other = open_database(path, station="Desk 2", backups=False)
    sheet = get_score_sheet(other, playing[0].id)
    record = read_entry("d", sheet.rules).record
    record_hand(other, playing[0].id, record, sheet.version, entered_by="Desk 2")  # type: ignore[arg-type]
    other.close()
    poll = window.station.poll_changes()  # on a worker: the answer comes back to the UI thread
    assert poll is not None
    qtbot.waitUntil(lambda: not poll.running)
    settle(qtbot, window)
    assert len(window.state.scoring.sheet.hands) == before + 1


@pytest.mark.postgres
def test_scoring_on_a_postgresql_database(qtbot, pg_url) -> None:  # type: ignore[no-untyped-def]
    window = _window(qtbot, pg_url)
    assert window.state.db is not None and not window.state.db.is_sqlite
    event_id = window.event_actions.create_event(
        NewEvent(
            name="Server night",
            venue="",
            start_date=None,
            rules=load_preset("wikipedia-standard"),
            format="club",
            entrants=_people("Ann", "Bob"),
            pin=None,
        )
    )
    settle(qtbot, window)
    assert event_id is not None
    from gin_scorer.services.writes.entrants import list_entrants
    from gin_scorer.services.writes.matches import create_match

    ann, bob = list_entrants(window.state.db, event_id)
    match = create_match(window.state.db, event_id, ann.id, bob.id)
    window.state.open_match(match.id)
    settle(qtbot, window)
    scoring = window.state.scoring
    assert scoring is not None
    qtbot.keyClicks(scoring.panel.entry, "ak7 15")
    qtbot.keyClick(scoring.panel.entry, Qt.Key.Key_Return)
    assert scoring.sheet is not None and scoring.sheet.current_totals.a == 8
    window.menus.undo_action.trigger()
    assert scoring.sheet.hands == ()
    window.close()


def test_enter_on_a_status_board_row_opens_that_tables_sheet(qtbot, swiss_db, tmp_path) -> None:  # type: ignore[no-untyped-def]
    path, event_id = _copy(swiss_db, tmp_path)
    window = _window(qtbot, path)
    window.state.open_event(event_id)
    settle(qtbot, window)
    window.state.show_view("status", round_number=2)
    settle(qtbot, window)
    status = window.state.event_views["status"]
    table = status.table  # type: ignore[attr-defined]
    index = table.model().index(0, 0)
    wanted = index.data(Qt.ItemDataRole.UserRole + 21).match_id
    table.activated.emit(index)
    assert window.state.tabs.currentWidget() is window.state.scoring
    assert window.state.scoring is not None and window.state.scoring.sheet is not None
    assert window.state.scoring.sheet.match.id == wanted
    node = window.state.navigator.currentIndex().data(Qt.ItemDataRole.UserRole + 10)
    assert node.match_id == wanted


def test_a_swiss_evening_from_new_event_to_round_two(qtbot, tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtWidgets import QDialog, QMessageBox

    from gin_scorer.gui.round_dialogs import RoundPreviewDialog

    window = _window(qtbot, str(tmp_path / "swiss.sqlite"))
    event_id = window.event_actions.create_event(
        NewEvent(
            name="Tuesday Swiss",
            venue="Club room",
            start_date=None,
            rules=load_preset("wikipedia-standard"),
            format="swiss",
            entrants=_people("Ann", "Bob", "Cy", "Dee", "Eve"),
            pin="2468",
        )
    )
    settle(qtbot, window)
    assert event_id is not None
    previews: list[list[str]] = []
    answer = [QDialog.DialogCode.Rejected]

    def look_then_answer(dialog: RoundPreviewDialog) -> int:
        table = dialog.table
        previews.append(
            [
                " | ".join(table.item(r, c).text() for c in range(table.columnCount()))
                for r in range(table.rowCount())
            ]
        )
        return int(answer[0])

    monkeypatch.setattr(RoundPreviewDialog, "exec", look_then_answer)
    window.event_actions.start_round()  # the director looks, then cancels: nothing is paired
    settle(qtbot, window)
    assert len(previews[0]) == 3 and previews[0][-1].endswith("| bye")
    assert list_matches(window.state.db, event_id) == ()
    answer[0] = QDialog.DialogCode.Accepted
    window.event_actions.start_round()
    settle(qtbot, window)
    assert previews[1] == previews[0]  # the round paired is the round shown
    assert "Round 1 paired: 2 tables, 1 bye" in window.statusBar().currentMessage()
    pairings = window.state.event_views["pairings"]
    assert window.state.tabs.currentWidget() is pairings
    assert pairings.by_table.rowCount() == 3  # type: ignore[attr-defined]
    shown = len(previews)
    boxes: list[str] = []
    monkeypatch.setattr(  # the refusal's message box, read and closed
        "gin_scorer.gui.round_dialogs.show_refusal",
        lambda _parent, _title, refused: boxes.append(refused.text) or "",
    )
    window.event_actions.start_round()  # refused up front while tables owe a result: no pairings
    settle(qtbot, window)
    assert len(previews) == shown  # the preview never opened
    refusal = boxes[0]  # said in a message box, which offers the slips
    assert refusal.startswith("Round 1 is not finished: table 1") and "still owe" in refusal
    assert refusal.endswith("or from their slips (Ctrl+Shift+R).")
    for match in list_matches(window.state.db, event_id, round_number=1):
        if match.b is None:
            continue
        window.state.open_match(match.id)
        settle(qtbot, window)
        scoring = window.state.scoring
        assert scoring is not None
        while scoring.sheet is not None and not scoring.sheet.finished:
            scoring.panel.entry.setText("ag40")
            qtbot.keyClick(scoring.panel.entry, Qt.Key.Key_Return)
    window.state.show_view("status", round_number=1)
    settle(qtbot, window)
    assert "every table has its result" in window.state.event_views["status"].summary.text()  # type: ignore[attr-defined]
    window.event_actions.start_round()
    settle(qtbot, window)
    assert "Round 2 paired" in window.statusBar().currentMessage()
    item = window.state.navigator_model.find(Node("round", event_id, 2))
    assert item is not None and item.text().endswith("(0/2 done, 1 bye)")

    # A late arrival: take round 2 back, enter her, pair again — six players, no bye.
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.Yes)
    window.event_actions.take_back_round()
    settle(qtbot, window)
    assert window.statusBar().currentMessage().startswith("Round 2's pairings taken back")
    assert list_matches(window.state.db, event_id, round_number=2) == ()
    from gin_scorer.services.writes.entrants import add_entrant

    add_entrant(window.state.db, event_id, "Fay")
    window.event_actions.start_round()
    settle(qtbot, window)
    assert not any(line.endswith("| bye") for line in previews[-1])
    assert len(list_matches(window.state.db, event_id, round_number=2)) == 3


def test_entrants_tab_checks_in_withdraws_and_reinstates(qtbot, qtmodeltester, tmp_path) -> None:  # type: ignore[no-untyped-def]
    window = _window(qtbot, str(tmp_path / "entrants.sqlite"))
    event_id = window.event_actions.create_event(
        NewEvent(
            name="Check-in test",
            venue="",
            start_date=None,
            rules=load_preset("wikipedia-standard"),
            format="swiss",
            entrants=_people("Ann", "Bob", "Cy"),
            pin=None,
        )
    )
    settle(qtbot, window)
    assert event_id is not None
    window.state.show_view("entrants")
    settle(qtbot, window)
    view = window.state.event_views["entrants"]
    qtmodeltester.check(view.model)  # type: ignore[attr-defined]
    assert view.model.rowCount() == 3  # type: ignore[attr-defined]
    view.table.selectRow(0)  # type: ignore[attr-defined]
    name = view.selected().name  # type: ignore[attr-defined]
    window.state.saved_label.setText("")  # whatever the event's creation said
    assert view.toggle_check_in()  # type: ignore[attr-defined]
    settle(qtbot, window)
    assert "1 checked in" in view.note.text()  # type: ignore[attr-defined]
    assert window.state.saved_label.text().startswith("Last save: ")  # a time, not "—"
    assert window.state.saved_label.text() != "Last save: —"
    row = next(i for i, e in enumerate(view.model.rows()) if e.name == name)  # type: ignore[attr-defined]
    view.table.selectRow(row)  # type: ignore[attr-defined]
    assert view.set_active(False)  # type: ignore[attr-defined]
    settle(qtbot, window)
    assert "2 active" in view.note.text()  # type: ignore[attr-defined]
    row = next(i for i, e in enumerate(view.model.rows()) if e.name == name)  # type: ignore[attr-defined]
    assert view.model.data(view.model.index(row, 4)) == "✖ withdrawn"  # type: ignore[attr-defined]
    view.table.selectRow(row)  # type: ignore[attr-defined]
    assert view.set_active(True)  # type: ignore[attr-defined]
    settle(qtbot, window)
    assert "3 active" in view.note.text()  # type: ignore[attr-defined]
    # Away for the next Swiss round, then back after all.
    view.table.selectRow(row)  # type: ignore[attr-defined]
    assert view.toggle_away()  # type: ignore[attr-defined]
    settle(qtbot, window)
    assert f"away next round: {name}" in view.note.text()  # type: ignore[attr-defined]
    view.table.selectRow(row)  # type: ignore[attr-defined]
    assert view.toggle_away()  # type: ignore[attr-defined]
    settle(qtbot, window)
    assert "away next round" not in view.note.text()  # type: ignore[attr-defined]


def test_backup_interval_from_settings_reaches_the_database(qtbot, tmp_path) -> None:  # type: ignore[no-untyped-def]
    from gin_scorer.store.backup import backup_schedule

    window = MainWindow(
        database=str(tmp_path / "b.sqlite"), settings=GuiSettings(backup_interval_minutes=3)
    )
    qtbot.addWidget(window)
    assert window.station.apply_backup_interval()
    assert window.state.db is not None
    with window.state.db.transaction() as session:
        assert backup_schedule(session).every_minutes == 3


def test_bracket_view_draws_an_elimination_event(qtbot, tmp_path) -> None:  # type: ignore[no-untyped-def]
    from gin_scorer.services.writes.demo import DemoPlan, play_demo
    from gin_scorer.store.database import open_database

    path = str(tmp_path / "ko.sqlite")
    db = open_database(path, station="desk", backups=False)
    sample = play_demo(
        db,
        DemoPlan(
            name="Knockout",
            entrants=4,
            event_format="single-elim",
            preset="wikipedia-standard",
            seed=4,
            finish=False,
            with_cards=False,
        ),
    )
    db.close()
    window = _window(qtbot, path)
    window.state.open_event(sample.event.id)
    settle(qtbot, window)
    window.state.show_view("bracket")
    settle(qtbot, window)
    bracket = window.state.event_views["bracket"]
    assert bracket.title.text().startswith("Single elimination, 4 places — champion: ")  # type: ignore[attr-defined]
    canvas = bracket.canvas  # type: ignore[attr-defined]
    texts = canvas.box_texts()
    assert sum("✔" in t for t in texts) == 3  # two semi-finals and the final decided
    # The final sits midway between the two semi-finals that feed it.
    rects = {placed.slot.slot: placed.rect for placed in canvas.boxes}
    final = next(placed for placed in canvas.boxes if placed.slot.a_from)
    feeders = [rects[final.slot.a_from], rects[final.slot.b_from]]
    assert final.rect.center().y() == pytest.approx(
        (feeders[0].center().y() + feeders[1].center().y()) / 2
    )
    assert final.rect.left() > feeders[0].right()
    # Double-clicking a box opens that match's score sheet.
    from PySide6.QtCore import QPoint

    qtbot.mouseDClick(
        canvas,
        Qt.MouseButton.LeftButton,
        pos=QPoint(int(final.rect.center().x()), int(final.rect.center().y())),
    )
    assert window.state.scoring is not None and window.state.scoring.sheet is not None
    assert window.state.scoring.sheet.match.id == final.slot.match_id
    assert window.state.tabs.currentWidget() is window.state.scoring
    # The projector shows a knockout's bracket too, scaled to its screen.
    from gin_scorer.gui.views import ProjectorWindow

    projector = ProjectorWindow(window.state.db, sample.event.id, 5)
    settle(qtbot, projector)
    qtbot.addWidget(projector)
    projector.resize(1280, 720)
    projector.show()
    assert (projector.event_label.text(), projector.heading.text()) == ("Knockout", "Bracket")
    assert projector.body_stack.currentWidget() is projector.bracket
    assert projector.bracket.box_texts() == texts
    assert projector.bracket._scale() > 1.0  # four players' bracket fills a big screen
    projector.next_page()
    assert projector.body_stack.currentWidget() is projector.body
    projector.close()


def test_ctrl_z_on_the_empty_entry_line_undoes_the_last_hand(qtbot, tmp_path) -> None:  # type: ignore[no-untyped-def]
    window = _window(qtbot, str(tmp_path / "keys.sqlite"))
    event_id = window.event_actions.create_event(
        NewEvent(
            name="Keys",
            venue="",
            start_date=None,
            rules=load_preset("wikipedia-standard"),
            format="club",
            entrants=_people("Ann", "Bob"),
            pin=None,
        )
    )
    settle(qtbot, window)
    from gin_scorer.services.writes.entrants import list_entrants
    from gin_scorer.services.writes.matches import create_match

    ann, bob = list_entrants(window.state.db, event_id)  # type: ignore[arg-type]
    window.state.open_match(create_match(window.state.db, event_id, ann.id, bob.id).id)  # type: ignore[arg-type]
    settle(qtbot, window)
    window.activateWindow()
    qtbot.waitUntil(lambda: window.isActiveWindow(), timeout=2000)
    scoring = window.state.scoring
    assert scoring is not None
    entry = scoring.panel.entry
    entry.setFocus()
    qtbot.keyClicks(entry, "ag20")
    qtbot.keyClick(entry, Qt.Key.Key_Return)
    assert scoring.sheet is not None and len(scoring.sheet.hands) == 1
    qtbot.keyClick(entry, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert scoring.sheet.hands == ()
    qtbot.keyClick(
        entry, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
    )
    assert len(scoring.sheet.hands) == 1
    # With text on the line, Ctrl+Z edits the text instead.
    qtbot.keyClicks(entry, "bk")
    qtbot.keyClick(entry, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert len(scoring.sheet.hands) == 1


def test_a_double_elimination_bracket_draws_both_brackets_and_the_final(qtbot, tmp_path) -> None:  # type: ignore[no-untyped-def]
    from gin_scorer.gui.bracket_canvas import BracketCanvas
    from gin_scorer.services.queries.standings import bracket
    from gin_scorer.services.writes.demo import DemoPlan, play_demo
    from gin_scorer.store.database import open_database

    db = open_database(str(tmp_path / "de.sqlite"), station="desk", backups=False)
    sample = play_demo(
        db,
        DemoPlan(
            name="Double",
            entrants=6,
            event_format="double-elim",
            preset="wikipedia-standard",
            seed=5,
            finish=False,
            with_cards=False,
        ),
    )
    view = bracket(db, sample.event.id)
    db.close()
    canvas = BracketCanvas()
    qtbot.addWidget(canvas)
    canvas.show_bracket(view)
    by_section: dict[str, list] = {}
    for placed in canvas.boxes:
        by_section.setdefault(placed.slot.section, []).append(placed.rect)
    winners, losers = by_section["W"], by_section["L"]
    finals = [r for s, rects in by_section.items() if s not in ("W", "L") for r in rects]
    assert max(r.bottom() for r in winners) < min(r.top() for r in losers)  # W above L
    assert finals and min(r.left() for r in finals) > max(r.right() for r in winners + losers)
    assert canvas.minimumWidth() >= max(r.right() for r in finals)
    assert len(canvas.box_texts()) == len(view.slots)
    chosen: list[int] = []
    canvas.match_chosen.connect(chosen.append)
    canvas.setFocus()
    qtbot.keyClick(canvas, Qt.Key.Key_Down)  # the first box
    qtbot.keyClick(canvas, Qt.Key.Key_Return)
    assert chosen == [canvas.boxes[0].slot.match_id]


def test_find_a_player_jumps_to_their_latest_table_and_enter_opens_it(  # type: ignore[no-untyped-def]
    qtbot, swiss_db, tmp_path
) -> None:
    path, event_id = _copy(swiss_db, tmp_path)
    window = _window(qtbot, path)
    window.state.open_event(event_id)
    settle(qtbot, window)
    someone = list_matches(window.state.db, event_id)[-1].a.name  # plays in the latest round
    window.finding.focus_find()
    qtbot.keyClicks(window.state.find_box, someone.lower()[:5])
    node = window.state.navigator.currentIndex().data(Qt.ItemDataRole.UserRole + 10)
    latest = max(m.round_number or 0 for m in list_matches(window.state.db, event_id))
    assert node.kind == "match" and node.round_number == latest
    assert window.statusBar().currentMessage().startswith("1 of ")
    qtbot.keyClick(window.state.find_box, Qt.Key.Key_Down)  # an earlier round's table
    assert window.state.navigator.currentIndex().data(Qt.ItemDataRole.UserRole + 10) != node
    qtbot.keyClick(window.state.find_box, Qt.Key.Key_Up)
    qtbot.keyClick(window.state.find_box, Qt.Key.Key_Return)
    assert window.state.scoring is not None and window.state.scoring.sheet is not None
    assert window.state.scoring.sheet.match.id == node.match_id
    assert someone in window.state.scoring.panel.names()
    window.state.find_box.setText("nobody by that name")
    assert window.statusBar().currentMessage().startswith("No table has")


def test_only_a_knockout_shows_a_bracket_tab(qtbot, tmp_path) -> None:  # type: ignore[no-untyped-def]
    from gin_scorer.services.writes.events import create_event

    window = _window(qtbot, str(tmp_path / "tabs.sqlite"))
    assert window.state.db is not None
    swiss = create_event(window.state.db, name="Swiss", format="swiss")
    cup = create_event(window.state.db, name="Cup", format="single-elim")
    bracket = window.state.tabs.indexOf(window.state.event_views["bracket"])
    window.state.open_event(swiss.id)
    settle(qtbot, window)
    assert not window.state.tabs.isTabVisible(bracket)
    window.state.open_event(cup.id)
    settle(qtbot, window)
    assert window.state.tabs.isTabVisible(bracket)
