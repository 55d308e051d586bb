"""Two short club nights, in the same window after the event day (as a director's week goes):
a Hollywood night — Ctrl+R refused with New match offered, a match started from the box, its
hands typed, its sheet measured after the Swiss sheets — and a table of three seated with
Ctrl+M and scored from the entry line.
"""

from __future__ import annotations

import random

from PySide6.QtWidgets import QMessageBox

from tests.rehearsal.desk import Desk, active, focused
from tests.rehearsal.event_day import new_event
from tests.rehearsal.pump import Script, Until, keys, typed
from tests.rehearsal.sheet_steps import enter_hand, look_at_the_sheet, panel_of, window_of

CLUB = ("Ann Lee", "Bob Marsh", "Cy Dunn", "Dee Ray", "Xiomara García Márquez", "Eve Stone")


def hollywood_night(desk: Desk) -> Script:
    from gin_scorer.gui.main_window import MainWindow

    window = window_of(desk)
    yield Until("the desk", lambda: window.state.db is not None and active(MainWindow))
    yield from new_event(desk, "Thursday club night", CLUB, club=True, preset="Hollywood")
    yield keys("Ctrl+R", into=MainWindow)  # from habit: a club night has no rounds
    box = yield Until("Ctrl+R's refusal", lambda: active(QMessageBox))
    assert isinstance(box, QMessageBox)
    desk.check(
        "Ctrl+R on a club night: the refusal names the next step, New match (Ctrl+M)",
        "New match" in box.text() and "Ctrl+M" in box.text(),
        box.text(),
    )
    desk.look_at(box, "the club night's Ctrl+R refusal")
    yield from desk.shot("club-ctrl-r-refused")
    yield keys("Return", into=QMessageBox)  # the box's own button: New match…
    yield from start_match(desk, ("Xiomara García Márquez", "Cy Dunn"))
    rng = random.Random(5)
    panel = panel_of(desk)
    for _ in range(12):  # small knocks: the three games are still being played
        if panel.sheet is None or panel.sheet.finished:
            break
        side = rng.choice("ab")
        yield from enter_hand(desk, f"{side} k {rng.randint(2, 9)} {rng.randint(12, 22)}")
    model, table = panel.model, panel.table
    games = [
        c
        for c in range(model.columnCount())
        if str(model.headerData(c, 1)).startswith("Game ") and "\n" in str(model.headerData(c, 1))
    ]
    desk.check(
        "a Hollywood sheet after a Swiss one: its three games' columns, none left hidden",
        len(games) == 3 and not any(table.isColumnHidden(c) for c in games),
        [str(model.headerData(c, 1)) for c in games],
    )
    desk.check(
        "a Hollywood sheet names the game being played first: game 1",
        "Game 1:" in panel.scoreboard.text(),
        panel.scoreboard.text(),
    )
    look_at_the_sheet(desk, "a Hollywood sheet", rows_wanted=desk.rows_wanted)
    yield from desk.shot("hollywood-sheet-after-swiss")


def table_of_three(desk: Desk) -> Script:
    from gin_scorer.gui.main_window import MainWindow

    window = window_of(desk)
    yield Until("the desk", lambda: window.state.db is not None and active(MainWindow))
    yield from new_event(desk, "Three-handed Tuesday", CLUB[:4], club=True, preset="Pagat three")
    yield keys("Ctrl+M", into=MainWindow)
    yield from start_match(desk, ("Ann Lee", "Bob Marsh", "Dee Ray"), three=True)
    rng = random.Random(3)
    panel = panel_of(desk)
    for _ in range(12):
        if panel.sheet is None or panel.sheet.finished:
            break
        desk.check(
            "a table of three: the line above the entry says who deals and who plays",
            panel.next_hand.isVisible() and "deals" in panel.next_hand.text(),
            panel.next_hand.text(),
        )
        yield from enter_hand(
            desk, f"{rng.choice('ab')} k {rng.randint(1, 9)} {rng.randint(15, 30)}"
        )
    look_at_the_sheet(desk, "a table of three's sheet", rows_wanted=min(desk.rows_wanted, 7))
    yield from desk.shot("table-of-three")


def start_match(desk: Desk, players: tuple[str, ...], *, three: bool = False) -> Script:
    """The New match dialog (or New table of three): each player typed into its box, Tab to
    the next, Enter on the button; the sheet opens with the cursor on its entry line."""
    from gin_scorer.gui.new_match_dialog import NewMatchDialog

    dialog = yield Until("the New match dialog", lambda: active(NewMatchDialog))
    assert isinstance(dialog, NewMatchDialog)
    boxes = (dialog.a, dialog.b, dialog.c)[: len(players)]
    for box, name in zip(boxes, players, strict=True):
        yield from desk.tab_to(lambda w, box=box: w is box or w.parentWidget() is box)
        yield typed(name, into=NewMatchDialog)
        yield keys("Tab", into=NewMatchDialog)
    desk.look_at(dialog, "the New match dialog" + (" (three)" if three else ""))
    yield from desk.shot("new-table-of-three" if three else "new-match")
    yield from desk.tab_to(lambda w: getattr(w, "isDefault", lambda: False)())
    yield keys("Return", into=NewMatchDialog)
    first = players[0]
    yield Until(
        "the new match's sheet, the cursor on its entry line",
        lambda: (
            (
                (sheet := panel_of(desk).sheet) is not None
                and sheet.match.a.name in players
                and first in (sheet.match.a.name, sheet.match.b.name if sheet.match.b else "")
            )
            or (panel_of(desk).sheet is not None and focused() is panel_of(desk).entry and three)
        ),
    )
