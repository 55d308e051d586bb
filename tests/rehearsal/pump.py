"""Keystrokes for a script that reads like a director's day, delivered as a keyboard would.

A scenario is a generator: it ``yield``\\s what it wants done — :class:`Keys` pressed,
:class:`Until` something shows, a :class:`Pause` — and gets back what it waited for. The
:class:`Pump` runs it from a timer on the application's own event loop, so:

- keys go to the widget that has the focus in the active window (or the open menu), through
  the application, with the shortcut override first: shortcuts, default buttons, focus
  chains and mnemonics act as they do for a person; nothing calls a slot;
- a key that opens a dialog (``exec()``) does not stop the script: the dialog's own loop runs
  the same timer, and the script goes on typing into the dialog;
- while the desk waits for the database (its wait cursor shows, see
  ``gui.background.wait_for``), nothing is typed: a person's keys would wait too.

A step that never comes true ends its scenario with the reason (and the scenario's driver
takes a screenshot of the moment and closes the dialogs left open).
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtGui import QKeyEvent, QKeySequence
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QWidget


@dataclass(frozen=True)
class Keys:
    """Keys pressed one after another: chords as Qt names them (``Ctrl+N``, ``Return``,
    ``F2``, ``Shift+Tab``) and text to type (:class:`Text`). ``into`` names the window they
    are meant for (its class, or part of its title): they wait until it is the active one."""

    keys: tuple[str | Text, ...]
    into: type[QWidget] | str | None = None


@dataclass(frozen=True)
class Text:
    text: str


@dataclass(frozen=True)
class Until:
    """Wait until ``ready()`` gives something true (sent back to the script)."""

    what: str
    ready: Callable[[], object]
    seconds: float = 20.0


@dataclass(frozen=True)
class Pause:
    seconds: float


Step = Keys | Until | Pause
Script = Generator[Step, Any, None]


class StepFailed(Exception):
    """A step that could not be done: what the script waited for never came."""


def keys(*pressed: str | Text, into: type[QWidget] | str | None = None) -> Keys:
    return Keys(tuple(pressed), into)


def typed(text: str, *then: str, into: type[QWidget] | str | None = None) -> Keys:
    """``text`` typed, then the chords ``then`` (``typed("12 a 3-1", "Return")``)."""
    return Keys((Text(text), *then), into)


def target() -> QWidget | None:
    """Where a key goes now, as Qt sends a keyboard's: the open menu, else the focused
    widget, else the active window itself (a window with nothing focusable in it)."""
    return (
        QApplication.activePopupWidget()
        or QApplication.focusWidget()
        or QApplication.activeWindow()
    )


def window_matches(window: QWidget | None, into: type[QWidget] | str | None) -> bool:
    if window is None:
        return False
    if into is None:
        return True
    if isinstance(into, str):
        return into in window.windowTitle()
    return isinstance(window, into)


def ready_for_keys(into: type[QWidget] | str | None) -> bool:
    """The window meant is shown and active, and the focus is in it (or a menu is open)."""
    if QApplication.activePopupWidget() is not None:
        return True
    active = QApplication.activeWindow()
    focus = QApplication.focusWidget() or active
    if active is None or focus is None or not active.isVisible():
        return False
    return focus.window() is active and window_matches(active, into)


def press(chord: str) -> None:
    """One chord on the widget that has the focus now."""
    widget = target()
    if widget is None:
        raise StepFailed(f"{chord}: no widget has the keyboard focus")
    combination = QKeySequence(chord)[0]
    QTest.keyClick(widget, combination.key(), combination.keyboardModifiers())


def type_text(text: str) -> None:
    for character in text:  # the focus may move (a completer, a dialog): each key finds it
        widget = target()
        if widget is None:
            raise StepFailed(f"typing {text!r}: no widget has the keyboard focus")
        if character.isascii():
            QTest.keyClicks(widget, character)
        else:  # í, ễ: QTest knows only ASCII; a keyboard sends the key with its text
            _type_letter(widget, character)


def _type_letter(widget: QWidget, character: str) -> None:
    """A letter beyond ASCII as a keyboard's layout sends it: the key (Latin-1's own code,
    else none) carrying the letter as its text."""
    code = ord(character.upper()) if ord(character.upper()) < 256 else 0
    for kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
        event = QKeyEvent(kind, code, Qt.KeyboardModifier.NoModifier, character)
        QApplication.sendEvent(widget, event)


def _where() -> str:
    """Where the keyboard is: the active window and the focused widget."""
    active, focus = QApplication.activeWindow(), QApplication.focusWidget()
    window = f"{type(active).__name__} {active.windowTitle()!r}" if active else "no window"
    widget = f"{type(focus).__name__} {focus.objectName()!r}" if focus else "no widget"
    return f"active: {window}; focus: {widget}"


def _log(step: Step) -> None:
    """Each step on the driver's standard error: where a rehearsal that hangs had got to."""
    said = step.what if isinstance(step, Until) else step
    print(f"{time.monotonic():.2f} {said}", file=sys.stderr, flush=True)


def _desk_busy() -> bool:
    """The desk waits for the database (``wait_for`` shows the wait cursor meanwhile)."""
    return QApplication.overrideCursor() is not None


class Pump(QObject):
    """Runs scenarios one after another (see the module); ``failed(name, reason)`` is told
    when one ends early, ``finished()`` when all are done."""

    def __init__(
        self,
        scenarios: list[tuple[str, Callable[[], Script]]],
        *,
        failed: Callable[[str, str], None],
        started: Callable[[str], None],
        finished: Callable[[], None],
    ) -> None:
        super().__init__()
        self._queue = list(scenarios)
        self._failed = failed
        self._started = started
        self._finished = finished
        self._name = ""
        self._script: Script | None = None
        self._step: Step | None = None
        self._since = 0.0
        self._pressing = False
        self._timer = QTimer(self)
        self._timer.setInterval(3)
        self._timer.timeout.connect(self._tick)

    def start(self) -> None:
        self._timer.start()

    def _tick(self) -> None:
        if self._pressing or _desk_busy():
            return
        if self._script is None:
            self._next_scenario()
            return
        step = self._step
        if step is None:
            self._advance(None)
        elif isinstance(step, Pause):
            if time.monotonic() - self._since >= step.seconds:
                self._advance(None)
        elif isinstance(step, Until):
            self._wait(step)
        elif ready_for_keys(step.into):
            # Pressed from a timer of their own: a key that opens a dialog does not return
            # until it closes, and Qt never runs a timer again while its handler runs — this
            # one must keep ticking in the dialog's loop.
            self._step = None
            self._pressing = True
            QTimer.singleShot(0, lambda: self._press(step))
        elif time.monotonic() - self._since > 20:
            active = QApplication.activeWindow()
            title = active.windowTitle() if active is not None else "none"
            self._throw(StepFailed(f"keys {step.keys} for {step.into}: active window {title!r}"))

    def _wait(self, step: Until) -> None:
        try:
            value = step.ready()
        except Exception as error:  # the script's own check failed: its scenario ends
            self._throw(error)
            return
        if value:
            self._advance(value)
        elif time.monotonic() - self._since > step.seconds:
            self._throw(StepFailed(f"waited {step.seconds:.0f} s for {step.what} ({_where()})"))

    def _press(self, step: Keys) -> None:
        self._pressing = False  # from here on, ticks come only from a dialog a key opened
        try:
            for key in step.keys:
                if isinstance(key, Text):
                    type_text(key.text)
                else:
                    press(key)
        except StepFailed as error:
            self._throw(error)

    def _advance(self, value: object) -> None:
        assert self._script is not None
        try:
            self._step = self._script.send(value)
            _log(self._step)
        except StopIteration:
            self._script = None
        except Exception as error:
            self._script = None
            self._failed(self._name, f"{type(error).__name__}: {error}")
        self._since = time.monotonic()

    def _throw(self, error: Exception) -> None:
        if self._script is None:
            return
        try:
            self._step = self._script.throw(error)
            self._since = time.monotonic()
        except StopIteration:
            self._script = None
        except Exception as raised:
            self._script = None
            self._failed(self._name, f"{type(raised).__name__}: {raised}")

    def _next_scenario(self) -> None:
        if not self._queue:
            self._timer.stop()
            self._finished()
            return
        self._name, make = self._queue.pop(0)
        self._started(self._name)
        self._script = make()
        self._step = None
        self._since = time.monotonic()
