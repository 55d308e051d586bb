"""The last net under the app: an error no screen caught is said in a message box, never left
as a traceback on a terminal the director cannot see.

A refusal from the store or the services (a busy database, a conflict) is shown as its own
sentence. Anything else is a fault of ours: the message says what happened and that what was
saved is safe (every hand is committed before the app says so), and the traceback goes to
``errors.log`` in the data folder for whoever looks into it.
"""

from __future__ import annotations

import sys
import traceback
from pathlib import Path
from types import TracebackType

from PySide6.QtWidgets import QMessageBox, QWidget

from gin_scorer.fault_log import error_log, write_log
from gin_scorer.gui.i18n import translate
from gin_scorer.presentation.words import error_text


def describe(error: BaseException, log: Path | None) -> tuple[str, bool]:
    """The sentence for the director, and whether it is our fault (worth logging)."""
    from gin_scorer.services.support.errors import ServiceError, StoreError

    if isinstance(error, (ServiceError, StoreError)):
        return error_text(error), False
    said = translate(
        "ErrorReport",
        "Something went wrong: {0}: {1}. What was already saved is safe: every recorded hand "
        "is in the database.",
    ).format(type(error).__name__, error)
    if log is not None:
        said += " " + translate("ErrorReport", "The details are in {0}.").format(log)
    return said, True


def report(
    parent: QWidget | None,
    kind: type[BaseException],
    error: BaseException,
    tb: TracebackType | None,
    log: Path | None = None,
) -> str:
    """Log (when it is our fault) and show the error; returns the sentence shown."""
    if issubclass(kind, KeyboardInterrupt):
        sys.__excepthook__(kind, error, tb)
        return ""
    log = log if log is not None else error_log()
    text, ours = describe(error, log)
    if ours and not write_log(log, kind, error, tb):
        text, _ = describe(error, None)
    if ours:
        traceback.print_exception(kind, error, tb)  # and on the terminal, if there is one
    QMessageBox.warning(parent, translate("error_reporting", "Gin Scorer"), text)
    return text


def install(parent: QWidget | None) -> None:
    """Route uncaught errors (a slot that raised) to :func:`report`. An error raised while
    its message is on screen (a paint that fails on every repaint) is logged, not shown
    again, so the boxes cannot pile up."""
    showing = False

    def hook(kind: type[BaseException], error: BaseException, tb: TracebackType | None) -> None:
        nonlocal showing
        if showing:
            write_log(error_log(), kind, error, tb)
            return
        showing = True
        try:
            report(parent, kind, error, tb)
        finally:
            showing = False

    sys.excepthook = hook
