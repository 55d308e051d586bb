"""Results from slips, rehearsed: one uninterrupted session (Ctrl+Shift+R) for every table of
the round the entry line did not score, in the order the slips come off the pile — with a
refused line (``3-3`` in a best of five), a "Replace?" answered No (a table already scored
by hands) and a forfeit among them. The window must stay open through every Enter, say each
refusal where the director is looking, and leave the sheet behind it up to date.
"""

from __future__ import annotations

import random

from PySide6.QtWidgets import QWidget
from shiboken6 import isValid

from tests.rehearsal import looks
from tests.rehearsal.desk import Desk, active
from tests.rehearsal.pump import Pause, Script, StepFailed, Until, keys, typed
from tests.rehearsal.sheet_steps import panel_of

FORFEIT_TABLE = 25
REFUSED_TABLE = 23


def slip_lines(tables: list[int], rng: random.Random) -> list[str]:
    """A slip per table: the winner and the games, best of five."""
    lines = []
    for table in tables:
        if table == FORFEIT_TABLE:
            lines.append(f"{table} a ff")
            continue
        winner = rng.choice("ab")
        lines.append(f"{table} {winner} 3-{rng.randint(0, 2)}")
    return lines


def slips_session(desk: Desk, round_number: int, pin: str) -> Script:
    from gin_scorer.gui.main_window import MainWindow
    from gin_scorer.gui.results_dialog import ResultsDialog

    yield keys("Ctrl+Shift+R", into=MainWindow)
    dialog = yield Until("the results session", lambda: active(ResultsDialog))
    assert isinstance(dialog, ResultsDialog)
    desk.look_at(dialog, "the results session, opened")
    yield from desk.shot("slips-opened")
    tables = [t for t in range(1, 31) if not 11 <= t <= 20]
    random.Random(7).shuffle(tables)  # the order the slips come off the pile
    for entered, line in enumerate(slip_lines(tables, random.Random(23)), start=1):
        if line.startswith(f"{REFUSED_TABLE} "):
            yield from refused_line(desk, dialog)
        yield typed(line, "Return", into=ResultsDialog)
        yield Until(
            f"slip {line!r} entered",
            lambda n=entered: not shown(dialog) or f"({n} entered)" in dialog.last_entered.text(),
        )
        still_open(desk, dialog, f"{line!r} ⏎")
        if entered == 4:
            yield from replace_answered_no(desk, dialog)
    desk.check(
        "after 20 slips: every table of the round has its result, said in the window",
        "Every table" in dialog.missing_title.text(),
        dialog.missing_title.text(),
    )
    desk.look_at(dialog, "the results session after 20 slips")
    yield from desk.shot("slips-after-20")
    yield keys("Return", into=ResultsDialog)  # Enter on an empty line: nothing happens
    yield Pause(0.2)
    desk.check("Enter on the empty results line leaves the window open", shown(dialog))
    yield keys("Escape", into=ResultsDialog)
    yield Until("the results window closed by Esc", lambda: active(MainWindow))
    yield Pause(0.2)
    yield from the_sheet_behind(desk)


def shown(dialog: QWidget) -> bool:
    """The window is still there and on the screen (a closed dialog is deleted)."""
    return isValid(dialog) and dialog.isVisible()


def still_open(desk: Desk, dialog: QWidget, after: str) -> None:
    """The window must still be there after ``after``; the session cannot go on without it."""
    if not desk.check(f"the results window is still open after {after}", shown(dialog)):
        raise StepFailed(f"the results window closed after {after}")


def refused_line(desk: Desk, dialog: object) -> Script:
    """``23 a 3-3``: refused as it is typed, refused again on Enter, the window open."""
    from gin_scorer.gui.results_dialog import ResultsDialog

    assert isinstance(dialog, ResultsDialog)
    yield typed(f"{REFUSED_TABLE} a 3-3", into=ResultsDialog)
    desk.check(
        "3-3 in a best of five is refused as it is typed",
        "✖" in dialog.said.text(),
        dialog.said.text(),
    )
    yield keys("Return", into=ResultsDialog)
    yield Pause(0.2)
    still_open(desk, dialog, "a refused line ⏎")
    said = dialog.said
    readable = said.isVisible() and "✖" in said.text() and not looks.cut_texts(dialog)
    desk.check("the refusal stays readable in the window", readable, said.text())
    yield from desk.shot("slips-refused-line")
    yield keys("Ctrl+A", into=ResultsDialog)  # the line typed again over the refused one


def replace_answered_no(desk: Desk, dialog: object) -> Script:
    """A slip for table 12, already scored by hands: "Replace?" — No; the table keeps them."""
    from PySide6.QtWidgets import QMessageBox

    from gin_scorer.gui.results_dialog import ResultsDialog

    assert isinstance(dialog, ResultsDialog)
    yield typed("12 b 3-0", "Return", into=ResultsDialog)
    box = yield Until("the question Replace?", lambda: active(QMessageBox))
    assert isinstance(box, QMessageBox)
    desk.look_at(box, "the Replace? question")
    desk.check(
        "Replace? names the table, not the match's number",
        "Table 12" in box.text() or "table 12" in box.text(),
        box.text(),
    )
    yield from desk.shot("slips-replace-question")
    yield keys("N", into=QMessageBox)  # &No
    yield Until("back in the results window", lambda: active(ResultsDialog))
    yield Pause(0.2)
    still_open(desk, dialog, "Replace? — No")
    desk.check(
        "after No: the window says nothing was entered",
        "Nothing entered" in dialog.said.text(),
        dialog.said.text(),
    )
    yield keys("Ctrl+A", into=ResultsDialog)


def the_sheet_behind(desk: Desk) -> Script:
    """The sheet open when the session began (table 5) now shows its slip's result."""
    panel = panel_of(desk)
    sheet = panel.sheet
    desk.check(
        "after the session: the sheet behind it is table 5's, up to date",
        sheet is not None and sheet.match.table_number == 5 and sheet.finished,
        panel.scoreboard.text(),
    )
    desk.check(
        "after the session: the sheet no longer offers the next dealer",
        "next dealer" not in panel.scoreboard.text(),
        panel.scoreboard.text(),
    )
    yield from desk.shot("sheet-after-slips")
