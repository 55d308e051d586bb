"""The event day: a 60-entrant Swiss event, from Ctrl+N to the printed standings.

Round 1: ten tables scored hand by hand from the entry line (found with Find; a correction,
a void and an undo on the first), the other twenty from their slips in one results session (a
refused line, a "Replace?" answered No, a forfeit among them); round 2 paired; the projector
on the wall; the standings printed.
"""

from __future__ import annotations

import random

from PySide6.QtWidgets import QApplication, QComboBox

from tests.rehearsal import looks
from tests.rehearsal.desk import Desk, active, focused
from tests.rehearsal.hands import ENTRANTS
from tests.rehearsal.pump import Pause, Script, Until, keys, typed
from tests.rehearsal.sheet_steps import (
    correct_void_and_undo,
    find_table,
    look_at_the_sheet,
    play_to_the_end,
    window_of,
)
from tests.rehearsal.slips import slips_session

HAND_TABLES = tuple(range(11, 21))
PIN = "2468"


def event_day(desk: Desk) -> Script:
    from gin_scorer.gui.main_window import MainWindow

    window = window_of(desk)
    yield Until("the database open", lambda: window.state.db is not None and active(MainWindow))
    yield from desk.shot("welcome")
    yield from new_event(desk, "Autumn Open 2026", ENTRANTS)
    yield from pair_round(desk, 1)
    rng = random.Random(35)
    for table in HAND_TABLES:
        yield from find_table(desk, table)
        if table == HAND_TABLES[0]:
            look_at_the_sheet(desk, "a new match's sheet", rows_wanted=desk.rows_wanted)
            yield from correct_void_and_undo(desk, rng)
        yield from play_to_the_end(desk, rng)
        if table == HAND_TABLES[0]:
            look_at_the_sheet(desk, "a finished sheet", rows_wanted=desk.rows_wanted)
            yield from desk.shot("sheet-finished")
    # Back to the first table: it opens on its newest hand.
    yield from find_table(desk, HAND_TABLES[0])
    look_at_the_sheet(desk, "a sheet opened again", rows_wanted=desk.rows_wanted)
    yield from desk.shot("sheet-reopened")
    # A table the slips will decide is open when the session starts (its sheet goes stale).
    yield from find_table(desk, 5)
    yield from slips_session(desk, 1, PIN)
    yield from pair_round(desk, 2)
    yield from projector(desk)
    yield from print_standings(desk)


def new_event(
    desk: Desk, name: str, entrants: tuple[str, ...], *, club: bool = False, preset: str = ""
) -> Script:
    """Ctrl+N: the name, the format, the PIN, the entrants pasted from a spreadsheet, the
    rules' preset (the arrow keys in its box, watching it), Enter."""
    from gin_scorer.gui.event_dialog import NewEventDialog
    from gin_scorer.gui.main_window import MainWindow

    yield keys("Ctrl+N", into=MainWindow)
    dialog = yield Until("the New event dialog", lambda: active(NewEventDialog))
    assert isinstance(dialog, NewEventDialog)
    yield Until("the cursor on the event's name", lambda: focused() is dialog.name)
    yield typed(name, into=NewEventDialog)
    if club:
        yield from desk.tab_to(lambda w: w is dialog.format)
        yield keys(*["Down"] * 4, into=NewEventDialog)  # Swiss … Club night
    yield from desk.tab_to(lambda w: w is dialog.pin)
    yield typed(PIN, into=NewEventDialog)
    yield from desk.tab_to(lambda w: w is dialog.entrants)
    QApplication.clipboard().setText("\n".join(entrants) + "\n")  # copied from a spreadsheet
    yield keys("Ctrl+V", into=NewEventDialog)
    if preset:
        box = dialog.rules.preset_box
        yield from desk.tab_to(lambda w: w is box)
        steps = choose(box, preset)
        yield keys(*["Down" if steps > 0 else "Up"] * abs(steps), into=NewEventDialog)
    count = str(len(entrants))
    yield Until("the entrants counted", lambda: count in dialog.entrants_editor.status.text(), 5)
    desk.look_at(dialog, "the New event dialog")
    yield from desk.shot("new-event")
    yield from desk.tab_to(lambda w: w is dialog.name, backwards=True)
    yield keys("Return", into=NewEventDialog)
    yield Until(
        "the event open", lambda: window_of(desk).state.event_id is not None and active(MainWindow)
    )


def choose(box: QComboBox, wanted: str) -> int:
    """How many presses of Down (negative: Up) bring ``box`` to the item ``wanted`` starts."""
    for index in range(box.count()):
        if box.itemText(index).startswith(wanted):
            return index - box.currentIndex()
    raise AssertionError(f"no {wanted!r} among {[box.itemText(i) for i in range(box.count())]}")


def pair_round(desk: Desk, number: int) -> Script:
    """Ctrl+R, the preview read, Enter pairs it."""
    from gin_scorer.gui.main_window import MainWindow
    from gin_scorer.gui.round_dialogs import RoundPreviewDialog

    window = window_of(desk)
    yield keys("Ctrl+R", into=MainWindow)
    preview = yield Until(f"round {number}'s preview", lambda: active(RoundPreviewDialog))
    desk.look_at(preview, f"round {number}'s preview")
    yield from desk.shot(f"round-{number}-preview")
    yield keys("Return", into=RoundPreviewDialog)

    def paired() -> bool:
        rounds = {m.round_number for m in window.state.matches.get(window.state.event_id or 0, ())}
        return number in rounds and active(MainWindow) is not None

    yield Until(f"round {number} paired", paired)
    yield Pause(0.1)
    desk.look_at(window, f"round {number}'s pairings")
    yield from desk.shot(f"round-{number}-pairings")


def projector(desk: Desk) -> Script:
    """F11: the projector on this screen; its pages turned with →; Esc closes it."""
    from gin_scorer.gui.views import ProjectorWindow

    yield keys("F11")
    wall = yield Until("the projector", lambda: active(ProjectorWindow))
    assert isinstance(wall, ProjectorWindow)
    yield keys("P", into=ProjectorWindow)  # pause the turning: the rehearsal turns the pages
    # Its standings are read on a worker: on a busy machine they took longer than the pause.
    yield Until("the projector's pages", lambda: wall.pages)
    yield Pause(0.3)  # full screen, laid out
    desk.look_at(wall, "the projector")
    yield from look_at_the_standings_page(desk, wall)
    for _ in range(min(len(wall.pages) - 1, 4)):
        yield keys("Right", into=ProjectorWindow)
        yield Pause(0.1)
        desk.look_at(wall, f"the projector, page {wall.page + 1}")
        yield from desk.shot(f"projector-page-{wall.page + 1}")
    yield keys("Escape", into=ProjectorWindow)
    yield Until("the projector closed", lambda: not wall.isVisible())


def look_at_the_standings_page(desk: Desk, wall: object) -> Script:
    from gin_scorer.gui.views import ProjectorWindow

    assert isinstance(wall, ProjectorWindow)
    shown = wall.pages[wall.page]
    rows = shown.body.count("<tr>") - 1
    standings = [page for page in wall.pages if page.kind == "standings"]
    desk.check(
        "the projector: the standings page first",
        shown.kind == "standings",
        f"{shown.kind}: {shown.heading}",
    )
    desk.check(
        "the projector: 60 players' standings in at most 5 pages (12 rows a page or more)",
        len(standings) <= 5 and rows >= 12,
        f"{rows} rows a page, {len(standings)} pages",
    )
    desk.check(
        "the projector: the tie-break after the record is a column (opponents' match wins)",
        "Opp" in shown.body,
        shown.body[:300],
    )
    yield from desk.shot("projector-standings")


def print_standings(desk: Desk) -> Script:
    """Reports → Standings… by its keys (Alt+R, S), the file named, Enter: the PDF written."""
    from PySide6.QtWidgets import QFileDialog

    from gin_scorer.gui.main_window import MainWindow

    window = window_of(desk)
    target = desk.out / "standings.pdf"
    yield keys("Alt+R", into=MainWindow)
    yield Until("the Reports menu", QApplication.activePopupWidget)
    yield keys("S")
    dialog = yield Until("the save dialog", lambda: active(QFileDialog))
    yield keys("Ctrl+A", into=QFileDialog)
    yield typed(str(target), "Return", into=QFileDialog)
    del dialog
    yield Until(
        "the standings written",
        lambda: target.exists() and "Wrote" in window.statusBar().currentMessage(),
        60,
    )
    cut = looks.cut_texts(window.statusBar())
    desk.check("the status bar says where the standings went, whole", not cut, cut)
    desk.check("the standings PDF is written", target.stat().st_size > 1000, target.stat().st_size)
    yield from desk.shot("standings-printed")
