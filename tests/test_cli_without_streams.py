"""Started by a windowed launcher on Windows (pythonw.exe, or a windowed PyInstaller
executable), Python has no standard streams: sys.stdout and sys.stderr are None. The command
line's first step, making piped output UTF-8, must let the app start all the same."""

from __future__ import annotations

import sys

import pytest

from gin_scorer import cli


def test_no_standard_streams_at_all_is_not_an_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdout", None)
    monkeypatch.setattr(sys, "stderr", None)
    cli._speak_utf8_when_piped()  # nothing to reconfigure, and no AttributeError
    assert sys.stdout is None and sys.stderr is None
