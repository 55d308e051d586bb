"""The results mode, keyboard only: a round of 20 tables entered from slips (one forfeit, one
time called), the match named before Enter, the board of tables owing a result shrinking, a
refusal in the line's own words, and the standings after."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from gin_scorer.core.hands import Declaration, HandRecord, Side
from gin_scorer.gui.main_window import MainWindow
from gin_scorer.gui.results_dialog import ResultsDialog
from gin_scorer.gui.settings import GuiSettings
from gin_scorer.services.queries import standings
from gin_scorer.services.support.database import Database, open_database
from gin_scorer.services.support.dto import EntrantSpec, ResultKind
from gin_scorer.services.writes import entrants, events, hands, rounds
from gin_scorer.services.writes.matches import get_score_sheet, list_matches
from tests.gui.conftest import settle
from tests.gui.keyboard import when_shown

SETTINGS = GuiSettings(station_name="Desk 1")


def paired_round(path: str, tables: int) -> tuple[int, dict[int, int]]:
    """A Swiss event of ``2 × tables`` entrants with round 1 paired; match ids by table."""
    db = open_database(path, station="setup")
    try:
        event = events.create_event(db, name="Slip Open", format="swiss")
        names = [f"Player {n:02d}" for n in range(1, 2 * tables + 1)]
        entrants.add_entrants(db, event.id, [EntrantSpec(name) for name in names])
        rounds.start_round(db, event.id)
        at = {m.table_number: m.id for m in list_matches(db, event.id) if m.table_number}
        return event.id, at
    finally:
        db.close()


def type_results(dialog: ResultsDialog, lines: list[str]) -> None:
    for text in lines:
        QTest.keyClicks(dialog.line, text)
        QTest.keyClick(dialog.line, Qt.Key.Key_Return)


@pytest.fixture
def window(qtbot, tmp_path) -> Iterator[MainWindow]:  # type: ignore[no-untyped-def]
    main = MainWindow(database=str(tmp_path / "slips.sqlite"), settings=SETTINGS)
    qtbot.addWidget(main)
    main.show()
    settle(qtbot, main)
    yield main
    main.close()


def test_a_round_of_twenty_tables_from_slips_by_keyboard_alone(  # type: ignore[no-untyped-def]
    qtbot, tmp_path, window
) -> None:
    path = str(tmp_path / "slips.sqlite")
    event_id, at = paired_round(path, 20)
    # Table 5 played two hands before time was called: A leads.
    db: Database = open_database(path, station="table-5")
    knock = HandRecord(Declaration.KNOCK, Side.A, ((Side.A, 5), (Side.B, 20)))
    version = get_score_sheet(db, at[5]).version
    hands.record_hand(db, at[5], knock, version, entered_by="table 5")
    db.close()
    window.station.open_db(path)
    window.state.open_event(event_id)
    settle(qtbot, window)

    lines = [f"{t} {'a' if t % 2 else 'b'} 3-{t % 3}" for t in range(1, 21) if t not in (3, 5, 7)]
    lines += ["3 b ff", "5 t"]
    seen: dict[str, object] = {}

    def director(dialog: ResultsDialog) -> None:
        seen["owing before"] = dialog.missing.count()
        # The match is named before Enter, and what the line says is read back.
        QTest.keyClicks(dialog.line, "7 a 3-1")
        seen["named"] = dialog.said.text()
        dialog.line.clear()
        # A slip that cannot be: refused in one line, nothing entered, the text kept.
        QTest.keyClicks(dialog.line, "4 a 3-3")
        QTest.keyClick(dialog.line, Qt.Key.Key_Return)
        seen["refused"] = dialog.said.text()
        seen["kept"] = dialog.line.text()
        dialog.line.clear()
        type_results(dialog, lines)
        # Table 7's slip has its games' finals: Tab to the second line, then Enter.
        QTest.keyClicks(dialog.line, "7 a 3-1")
        QTest.keyClick(dialog.line, Qt.Key.Key_Tab)
        assert dialog.focusWidget() is dialog.totals
        QTest.keyClicks(dialog.totals, "400-10 0-401 410-0 405-90")
        seen["with totals"] = dialog.said.text()
        QTest.keyClick(dialog.totals, Qt.Key.Key_Return)
        assert dialog.focusWidget() is dialog.line and not dialog.totals.text()
        seen["owing after"] = dialog.missing.count()
        seen["title"] = dialog.missing_title.text()
        seen["last"] = dialog.last_entered.text()
        QTest.keyClick(dialog, Qt.Key.Key_Escape)

    when_shown(ResultsDialog, director)  # after the round's list is read, on a worker
    shortcut = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
    QTest.keyClick(window, Qt.Key.Key_R, shortcut)

    assert seen["owing before"] == 20
    named = str(seen["named"])
    assert named.startswith("Table 7: Player ") and named.endswith(" 3–1 (slip) ⏎")
    assert "3–3 is not a result of a best of 5" in str(seen["refused"])
    assert seen["kept"] == "4 a 3-3"
    assert seen["owing after"] == 0
    assert seen["title"] == "Every table of round 1 has its result."
    assert "(20 entered)" in str(seen["last"])
    assert "20 results entered for round 1" in window.statusBar().currentMessage()

    assert window.state.db is not None
    sheets = {t: get_score_sheet(window.state.db, m) for t, m in at.items()}
    kinds = {t: s.result.kind for t, s in sheets.items() if s.result is not None}
    assert len(kinds) == 20
    assert kinds[3] is ResultKind.FORFEIT and sheets[3].winner is Side.B
    assert kinds[5] is ResultKind.TIME_CALLED and sheets[5].winner is Side.A
    assert "(slip with game totals)" in str(seen["with totals"])
    with_totals = sheets[7].result
    assert with_totals is not None and with_totals.points_known
    assert with_totals.margin == 390 - 401 + 410 + 315
    assert sum(1 for k in kinds.values() if k is ResultKind.SLIP) == 18
    rows = standings.standings(window.state.db, event_id)
    assert sum(r.counts.match_wins for r in rows) == 20
    assert rounds.round_status(window.state.db, event_id, 1).complete


def test_a_slip_reads_as_a_slip_on_the_sheet_and_can_be_taken_back(  # type: ignore[no-untyped-def]
    qtbot, tmp_path, window
) -> None:
    from gin_scorer.services.writes.results import ResultReport, record_result

    path = str(tmp_path / "slips.sqlite")
    event_id, at = paired_round(path, 2)
    window.station.open_db(path)
    window.state.open_event(event_id)
    settle(qtbot, window)
    assert window.state.db is not None
    sheet = get_score_sheet(window.state.db, at[1])
    slip = ResultReport(ResultKind.SLIP, Side.B, (1, 3))
    record_result(window.state.db, at[1], slip, sheet.version, entered_by="Desk 1")
    window.state.open_match(at[1])
    settle(qtbot, window)
    assert window.state.scoring is not None
    board = window.state.scoring.panel.scoreboard.text()
    assert "Slip: " in board and " 3–1, no game points (entered by Desk 1)" in board
    # Hands are refused in the services' words, naming the way back.
    window.state.scoring.panel.entry.setText("ak7 15")
    said = window.state.scoring.panel.preview_label.text()
    assert "Round 1 · Table 1 is finished (" in said  # named by round and table, not an id
    assert said.endswith("take back the reported result (Scoring menu) to enter hands")
    window.state.scoring.panel.entry.returnPressed.emit()
    assert window.state.db is not None and get_score_sheet(window.state.db, at[1]).hands == ()
    assert window.report_actions.take_back_result(reason="wrong table")
    assert get_score_sheet(window.state.db, at[1]).result is None
    assert "Slip" not in window.state.scoring.panel.scoreboard.text()
    assert "taken back" in window.statusBar().currentMessage()


def test_a_match_its_hands_finished_says_so_before_enter(qtbot, tmp_path, window) -> None:  # type: ignore[no-untyped-def]
    path = str(tmp_path / "slips.sqlite")
    event_id, at = paired_round(path, 2)
    window.station.open_db(path)
    window.state.open_event(event_id)
    settle(qtbot, window)
    window.state.open_match(at[2])
    settle(qtbot, window)
    panel = window.state.scoring.panel
    while not window.state.scoring.sheet.finished:
        panel.entry.setText("ag40")
        qtbot.keyClick(panel.entry, Qt.Key.Key_Return)
    hands_before = len(window.state.scoring.sheet.hands)
    panel.entry.setText("bk3 20")
    said = panel.preview_label.text()
    assert "Round 1 · Table 2 is finished (" in said
    assert said.endswith("correct a hand with F2, or void it with Ctrl+Delete")
    qtbot.keyClick(panel.entry, Qt.Key.Key_Return)
    assert len(get_score_sheet(window.state.db, at[2]).hands) == hands_before
    assert panel.entry.text() == "bk3 20"  # kept, as every refusal keeps it
