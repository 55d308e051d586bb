"""Errors no screen caught reach the director as a sentence, and ours reach a log file."""

from __future__ import annotations

import sys

from PySide6.QtWidgets import QMessageBox

from gin_scorer.gui.error_reporting import report
from gin_scorer.store.errors import StoreError


def _raised(error: BaseException):  # type: ignore[no-untyped-def]
    try:
        raise error
    except BaseException:  # the point is to capture it
        return sys.exc_info()


def test_a_refusal_is_its_own_sentence_and_a_fault_is_logged(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda _p, _t, text, *a: shown.append(text))
    log = tmp_path / "errors.log"
    busy = StoreError("the database is busy: another station is writing; try again")
    assert report(None, *_raised(busy), log=log) == str(busy)
    assert not log.exists()  # a refusal is not a fault: nothing to log
    text = report(None, *_raised(KeyError("table")), log=log)
    assert text.startswith("Something went wrong: KeyError: 'table'.")
    assert "What was already saved is safe" in text and str(log) in text
    assert "Traceback" in log.read_text() and "KeyError: 'table'" in log.read_text()
    assert shown == [str(busy), text]


def test_an_error_while_its_message_is_up_is_logged_not_shown_again(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from gin_scorer.gui import error_reporting

    monkeypatch.setattr(error_reporting, "error_log", lambda: tmp_path / "errors.log")
    monkeypatch.setattr(sys, "excepthook", sys.excepthook)  # restored after the test
    shown: list[str] = []

    def warning(_parent, _title, text, *args):  # type: ignore[no-untyped-def]
        shown.append(text)
        sys.excepthook(*_raised(ValueError("again, from a repaint")))  # while the box is up

    monkeypatch.setattr(QMessageBox, "warning", warning)
    error_reporting.install(None)
    sys.excepthook(*_raised(ValueError("first")))
    assert len(shown) == 1 and "ValueError: first" in shown[0]
    log = (tmp_path / "errors.log").read_text()
    assert "ValueError: first" in log and "ValueError: again, from a repaint" in log
