"""The rehearsal's hands and eyes on the desk: what a director does often (find a table, type
a hand, answer a question) as keystrokes, and what they look at, measured and photographed.

A :class:`Desk` keeps, for each scenario, every check it made (what, whether it held, what
was measured) and every screenshot it took; the driver writes them out as JSON for the test.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QDialog,
    QInputDialog,
    QMessageBox,
    QWidget,
)

from tests.rehearsal import looks
from tests.rehearsal.pump import Pause, Script, Until, keys, typed


@dataclass
class Scenario:
    """What one scenario checked and photographed."""

    checks: list[dict[str, Any]] = field(default_factory=list)
    shots: list[str] = field(default_factory=list)
    error: str | None = None
    seconds: float = 0.0
    started: float = field(default_factory=time.monotonic)


def active(kind: type[QWidget] | str) -> QWidget | None:
    """The active window when it is a ``kind`` (its class, or part of its title)."""
    window = QApplication.activeWindow()
    if window is None or not window.isVisible():
        return None
    if isinstance(kind, str):
        return window if kind in window.windowTitle() else None
    return window if isinstance(window, kind) else None


def focused() -> QWidget | None:
    return QApplication.focusWidget()


class Desk:
    """The window being rehearsed, and the record of what was seen (see the module)."""

    def __init__(self, window: QWidget, out: Path) -> None:
        self.window = window
        self.out = out
        self.scenarios: dict[str, Scenario] = {}
        self.name = ""
        self.faults: list[str] = []
        self.rows_wanted = 10  # hand rows a score sheet must show on this screen

    # --- the record -----------------------------------------------------------------------

    @property
    def now(self) -> Scenario:
        return self.scenarios[self.name]

    def started(self, name: str) -> None:
        self.name = name
        self.scenarios[name] = Scenario()

    def ended(self) -> None:
        if self.name:
            self.now.seconds = round(time.monotonic() - self.now.started, 1)

    def failed(self, name: str, reason: str) -> None:
        """A scenario ended early: say why, photograph the moment, close what it left open."""
        self.scenarios[name].error = reason
        self._grab(f"{name}-ended-early")
        for _ in range(10):
            modal = QApplication.activeModalWidget() or QApplication.activePopupWidget()
            if modal is None:
                break
            if isinstance(modal, QDialog):
                modal.reject()
            else:
                modal.close()

    def check(self, what: str, ok: bool, detail: object = "") -> bool:
        self.now.checks.append({"what": what, "ok": bool(ok), "detail": str(detail)})
        return bool(ok)

    def fault(self, text: str) -> None:
        self.faults.append(text)

    # --- looking --------------------------------------------------------------------------

    def shot(self, name: str) -> Script:
        """A screenshot of the whole screen, as the director sees it (after it is painted)."""
        yield Pause(0.12)
        self._grab(name)

    def _grab(self, name: str) -> None:
        screen = QGuiApplication.primaryScreen()
        number = len(self.now.shots) + 1 if self.name else 0
        path = self.out / f"{self.name or 'start'}-{number:02d}-{name}.png"
        screen.grabWindow(0).save(str(path))
        if self.name:
            self.now.shots.append(path.name)

    def look_at(self, window: QWidget, what: str) -> None:
        """The checks every window gets: on the screen, nothing past its edges, no text cut."""
        fits, said = looks.on_screen(window)
        self.check(f"{what}: the window is on the screen", fits, said)
        outside = looks.outside_window(window)
        self.check(f"{what}: nothing reaches past the window's edges", not outside, outside)
        navigator = window.findChild(QAbstractItemView, "navigator")
        cut = looks.cut_texts(window, leave_out=navigator)
        self.check(f"{what}: no text is cut", not cut, cut)
        if isinstance(navigator, QAbstractItemView):  # a known finding, reported apart
            cut = looks.cells_cut(navigator)
            self.check(f"{what}: the navigator's lines are whole", not cut, cut)

    # --- doing ----------------------------------------------------------------------------

    def tab_to(self, wanted: Callable[[QWidget], bool], *, backwards: bool = False) -> Script:
        """Tab (or Shift+Tab) until the focus is where ``wanted`` says, as a person does
        watching the cursor; at most 30 presses."""
        for _ in range(30):
            widget = focused()
            if widget is not None and wanted(widget):
                return
            yield keys("Shift+Tab" if backwards else "Tab")
        raise AssertionError(f"30 presses of Tab never reached the field (at {focused()!r})")

    def answer(self, kind: type[QWidget] | str, text: str | None, *then: str) -> Script:
        """A question (a reason, a PIN, a message box) answered: ``text`` typed into it when
        given, then the keys ``then`` (``Return`` by default)."""
        dialog = yield Until(f"the question {kind}", lambda: active(kind))
        if text is not None:
            yield typed(text, *(then or ("Return",)), into=type(dialog))
        else:
            yield keys(*(then or ("Return",)), into=type(dialog))

    def answer_reason(self, title: str, reason: str) -> Script:
        """A reason asked for (a correction, a void): typed, Enter."""
        dialog = yield Until(f"the question {title!r}", lambda: active(title))
        self.look_at(dialog, f"the question {title!r}")
        yield typed(reason, "Return", into=QInputDialog)

    def message_box(self) -> QMessageBox | None:
        box = active(QMessageBox)
        return box if isinstance(box, QMessageBox) else None
