"""Score sheets built by hand (no database) for the model and widget tests."""

from __future__ import annotations

import gc
import shutil
from datetime import datetime
from pathlib import Path

import pytest

from gin_scorer.core.hands import HandRecord, Problem, Severity, Side, score_hand
from gin_scorer.core.ledgers.per_side import PerSide
from gin_scorer.core.rules import RuleSet
from gin_scorer.core.wording import said
from gin_scorer.presentation.entry_grammar import read_entry
from gin_scorer.services.support.dto import (
    EntrantStatus,
    EntrantView,
    HandRow,
    MatchStatus,
    MatchView,
    ScoreSheet,
)


def entrant(entrant_id: int, name: str) -> EntrantView:
    return EntrantView(
        id=entrant_id,
        event_id=1,
        name=name,
        club="",
        members=(name,),
        seed=None,
        status=EntrantStatus.ACTIVE,
        checked_in=True,
    )


def record(text: str, rules: RuleSet) -> HandRecord:
    preview = read_entry(text, rules)
    assert preview.record is not None, preview.message
    return preview.record


def sheet_from(
    entries: list[str],
    rules: RuleSet | None = None,
    *,
    target: int = 100,
    problems_on: int | None = None,
) -> ScoreSheet:
    """A sheet whose running totals restart when a side reaches ``target`` (a new game)."""
    rules = rules or RuleSet()
    rows: list[HandRow] = []
    totals = {Side.A: 0, Side.B: 0}
    game = 1
    dealer = Side.A
    for number, text in enumerate(entries, start=1):
        rec = record(text, rules)
        result = score_hand(rec, rules)
        if result.winner is not None:
            totals[result.winner] += result.points
        problems: tuple[Problem, ...] = ()
        if problems_on == number:
            problems = (
                Problem(
                    Severity.WARNING,
                    "better_arrangement",
                    said("declared 12, best is 8: {0} makes a run", "7♣ 8♣ 9♣"),
                    side=Side.B,
                ),
            )
        rows.append(
            HandRow(
                hand_id=100 + number,
                number=number,
                record=rec,
                result=result,
                dealer=dealer,
                totals_after=PerSide(totals[Side.A], totals[Side.B]),
                game_number=game,
                problems=problems,
                override_reason=None,
                entered_by="td",
                station="desk",
                entered_at=datetime(2026, 11, 22, 10, 0, number),
            )
        )
        dealer = dealer.other
        if max(totals.values()) >= target:
            totals = {Side.A: 0, Side.B: 0}
            game += 1
    match = MatchView(
        id=7,
        event_id=1,
        round_number=1,
        table_number=3,
        a=entrant(1, "Ann"),
        b=entrant(2, "Bob"),
        status=MatchStatus.PLAYING,
        version=len(rows) + 1,
    )
    return ScoreSheet(
        match=match,
        rules=rules,
        hands=tuple(rows),
        ledger=None,
        games_won=PerSide(),
        finished=False,
        winner=None,
        next_dealer=dealer,
        version=len(rows) + 1,
        current_totals=PerSide(totals[Side.A], totals[Side.B]),
    )


@pytest.fixture
def make_sheet():  # type: ignore[no-untyped-def]
    """``make_sheet(["ak7 15", "bg22"], target=100)`` → a ScoreSheet built without a database."""
    return sheet_from


@pytest.fixture
def club_match(tmp_path):  # type: ignore[no-untyped-def]
    """A real SQLite database with a club event (Wikipedia standard rules), Ann v Bob."""
    from gin_scorer.presets import load_preset
    from gin_scorer.services.writes.entrants import add_entrant
    from gin_scorer.services.writes.events import create_event
    from gin_scorer.services.writes.matches import create_match
    from gin_scorer.store.database import open_database

    db = open_database(str(tmp_path / "club.sqlite"), station="desk", backups=False)
    event = create_event(
        db, name="Club night", rules=load_preset("wikipedia-standard"), format="club", pin="2468"
    )
    ann = add_entrant(db, event.id, "Ann")
    bob = add_entrant(db, event.id, "Bob")
    match = create_match(db, event.id, ann.id, bob.id)
    yield db, event, match
    db.close()


@pytest.fixture(scope="module")
def swiss_db(tmp_path_factory):  # type: ignore[no-untyped-def]
    """A SQLite file holding a simulated 8-player Swiss event, round 2 part-played."""
    from gin_scorer.services.support.database import open_database
    from gin_scorer.services.writes.demo import DemoPlan, play_demo

    path = tmp_path_factory.mktemp("swiss") / "swiss.sqlite"
    db = open_database(str(path), station="desk", backups=False)
    sample = play_demo(
        db,
        DemoPlan(
            entrants=8,
            rounds=2,
            seed=5,
            preset="wikipedia-standard",
            pin="1234",
            unfinished_tables=2,
            with_cards=False,
        ),
    )
    db.close()
    return str(path), sample.event.id


def swiss_copy(swiss_db: tuple[str, int], tmp_path: Path) -> tuple[Path, int]:
    """A copy of ``swiss_db`` for one test to change (the module's file stays as played) and
    its event's id."""
    source, event_id = swiss_db
    path = tmp_path / "copy.sqlite"
    shutil.copy(source, path)
    return path, event_id


@pytest.fixture(autouse=True)
def _isolated_settings(tmp_path, monkeypatch):  # type: ignore[no-untyped-def]
    """QSettings go to a temporary INI file, never the tester's own settings."""
    from PySide6.QtCore import QSettings

    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(tmp_path))


@pytest.fixture(autouse=True)
def _no_key_held_over(qapp):  # type: ignore[no-untyped-def]
    """No modifier key left held for the next test. A key press that opens a modal window
    (Ctrl+Shift+R, the slips) is released after it closes, and Qt's idea of the keys held
    is the last key event's: a test that ends inside such a window leaves Shift "held",
    and the next test's selectRow extends a selection instead of choosing one row."""
    yield
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QGuiApplication
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QWidget

    if QGuiApplication.keyboardModifiers() != Qt.KeyboardModifier.NoModifier:
        spare = QWidget()
        QTest.keyRelease(spare, Qt.Key.Key_Shift, Qt.KeyboardModifier.NoModifier)
        spare.deleteLater()


@pytest.hookimpl(trylast=True)
def pytest_runtest_teardown(item: pytest.Item) -> None:
    """Let each test's windows die before the next test starts, while no worker runs.

    pytest-qt closes a test's widgets with ``deleteLater``, and ``processEvents`` never
    delivers deferred deletes: the old window was deleted inside the next test's first event
    loop — usually ``wait_for``'s loop in the new window's constructor, with a worker opening
    the database — and the garbage it left was collected there. A CI run died of a
    segmentation fault at exactly that point. Here the deletes are delivered, and the young
    garbage collected (a full collection each test would add ~50 s to the GUI tests), at a
    quiet moment — as in the application, whose deferred deletes run in the loop that asked
    for them, never in a nested ``wait_for`` loop."""
    from PySide6.QtCore import QCoreApplication, QEvent

    if QCoreApplication.instance() is not None:
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete.value)
        gc.collect(1)


def settle(qtbot, widget) -> None:  # type: ignore[no-untyped-def]
    """Wait until ``widget`` (the window, a view, the projector) shows everything it set out
    to read: its reads run on a worker and are applied when they are back."""
    from gin_scorer.gui.main_window import MainWindow

    reads = widget.state.reads if isinstance(widget, MainWindow) else widget.reads
    qtbot.waitUntil(reads.idle, timeout=20_000)
