"""The score sheet, rehearsed: a table found with Find, hands typed on the entry line, a hand
corrected (F2), voided (Ctrl+Delete) and undone (Ctrl+Z), and what the director sees of the
sheet measured — rows, columns, totals, the game line, the newest hand.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from tests.rehearsal import looks
from tests.rehearsal.desk import Desk, active, focused
from tests.rehearsal.hands import hand_line
from tests.rehearsal.pump import Script, Until, keys, typed

if TYPE_CHECKING:
    from gin_scorer.gui.main_window import MainWindow
    from gin_scorer.gui.match_panel import MatchPanel


def window_of(desk: Desk) -> MainWindow:
    from gin_scorer.gui.main_window import MainWindow

    assert isinstance(desk.window, MainWindow)
    return desk.window


def panel_of(desk: Desk) -> MatchPanel:
    scoring = window_of(desk).state.scoring
    assert scoring is not None, "no event is open"
    return scoring.panel


def find_table(desk: Desk, table: int, round_number: int | None = 1) -> Script:
    """Ctrl+F, ``T12``, Enter: the table's sheet opens with the cursor on its entry line."""
    from gin_scorer.gui.main_window import MainWindow

    window = window_of(desk)
    yield keys("Ctrl+F", into=MainWindow)
    yield Until("the find box", lambda: focused() is window.state.find_box)
    yield keys("Ctrl+A", into=MainWindow)
    yield typed(f"T{table}", "Return", into=MainWindow)

    def opened() -> bool:
        sheet = panel_of(desk).sheet
        return (
            sheet is not None
            and sheet.match.table_number == table
            and sheet.match.round_number == round_number
            and focused() is panel_of(desk).entry
        )

    yield Until(f"table {table}'s sheet, the cursor on its entry line", opened, 10)


def enter_hand(desk: Desk, line: str) -> Script:
    """One hand typed and entered; waits until the sheet holds it."""
    from gin_scorer.gui.main_window import MainWindow

    panel = panel_of(desk)
    sheet = panel.sheet
    assert sheet is not None
    before = len(sheet.hands)
    yield typed(line, "Return", into=MainWindow)
    yield Until(
        f"hand {line!r} on the sheet ({panel.preview_label.text()})",
        lambda: panel.sheet is not None and len(panel.sheet.hands) == before + 1,
        10,
    )


def play_to_the_end(desk: Desk, rng: random.Random, *, at_most: int = 120) -> Script:
    """Hands until the sheet says the match is won."""
    panel = panel_of(desk)
    for _ in range(at_most):
        if panel.sheet is None or panel.sheet.finished:
            return
        yield from enter_hand(desk, hand_line(rng))
    raise AssertionError(f"{at_most} hands and the match is not over")


def select_hand_from_the_end(desk: Desk, back: int) -> Script:
    """Tab from the entry line to the sheet, Ctrl+End to the newest hand, Up ``back``
    times: the hand chosen as a person chooses it."""
    from gin_scorer.gui.main_window import MainWindow

    panel = panel_of(desk)
    yield keys("Tab", into=MainWindow)
    yield Until("the cursor on the sheet", lambda: focused() is panel.table)
    yield keys("Ctrl+End", *(["Up"] * back), into=MainWindow)


def correct_void_and_undo(desk: Desk, rng: random.Random) -> Script:
    """Seven hands, then hand 5 corrected (F2, a reason), the last voided (Ctrl+Delete, a
    reason), one more hand entered and taken back (Ctrl+Z)."""
    from gin_scorer.gui.main_window import MainWindow

    panel = panel_of(desk)
    for _ in range(7):
        yield from enter_hand(desk, hand_line(rng))
    yield from select_hand_from_the_end(desk, 2)
    yield keys("F2", into=MainWindow)
    yield Until("hand 5 on the entry line", lambda: focused() is panel.entry and panel.editing)
    desk.check(
        "F2: the hand chosen on the sheet is the one being corrected",
        panel.editing is not None and panel.editing.number == 5,
        panel.mode_label.text(),
    )
    yield typed("b g 44", "Return", into=MainWindow)
    yield from desk.answer_reason("Correct hand", "players recounted: B went gin, A held 44")
    yield Until("hand 5 corrected", lambda: panel.editing is None and not panel.entry.text())
    yield from desk.shot("hand-5-corrected")
    yield from select_hand_from_the_end(desk, 0)
    yield keys("Ctrl+Del", into=MainWindow)
    yield from desk.answer_reason("Void hand", "entered at the wrong table")
    yield Until(
        "hand 7 voided, the cursor back on the entry line", lambda: focused() is panel.entry
    )
    yield from desk.shot("hand-7-voided")
    sheet = panel.sheet
    assert sheet is not None
    counted = len(sheet.hands)
    yield from enter_hand(desk, "a k 3 40")
    yield keys("Ctrl+Z", into=MainWindow)
    yield Until(
        "Ctrl+Z: the hand just entered taken back",
        lambda: panel.sheet is not None and len(panel.sheet.hands) == counted,
    )
    desk.check(
        "Ctrl+Z: the entry line says the hand was undone",
        "undone" in panel.preview_label.text().lower() or "undo" in panel.preview_label.text(),
        panel.preview_label.text(),
    )
    yield from desk.shot("hand-undone")


def look_at_the_sheet(desk: Desk, what: str, *, rows_wanted: int) -> None:
    """Everything the issue asks of a sheet on a laptop, measured."""
    panel = panel_of(desk)
    table = panel.table
    room = looks.row_room(table)
    desk.check(f"{what}: room for at least {rows_wanted} hand rows", room >= rows_wanted, room)
    count = table.model().rowCount()
    if count >= rows_wanted:
        seen = looks.rows_in_sight(table)
        desk.check(f"{what}: {rows_wanted} hand rows in sight", seen >= rows_wanted, seen)
    out = looks.columns_out_of_sight(table)
    desk.check(f"{what}: every column in sight", not out, out or looks.shown_columns(table))
    desk.check(
        f"{what}: no horizontal scrollbar on the sheet", not looks.scrolls_sideways(table), ""
    )
    if count:
        desk.check(
            f"{what}: the newest hand in sight",
            looks.row_shown(table, count - 1),
            f"row {count} of {count}",
        )
    games = panel.games_table
    if games.isVisible() and games.model().rowCount():
        last = games.model().rowCount() - 1
        desk.check(
            f"{what}: the current game's line in sight",
            looks.row_shown(games, last),
            f"game {last + 1}; games table {games.height()} px high",
        )
    desk.look_at(window_of(desk), what)


def sheet_is_open(desk: Desk) -> bool:
    from gin_scorer.gui.main_window import MainWindow

    return active(MainWindow) is not None and panel_of(desk).isVisible()
