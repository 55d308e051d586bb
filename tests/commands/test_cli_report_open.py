"""``report … --open``: the PDF opens in the default viewer, to read or print (Windows: the
shell's choice for .pdf, through os.startfile); if no viewer opens it, the PDF is written all
the same and the terminal says why it is not on screen."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from gin_scorer import default_app


def test_open_shows_the_written_pdf_in_the_default_viewer(
    run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    opened: list[Path] = []
    monkeypatch.setattr(default_app, "open_with_default_app", opened.append)
    out = tmp_path / "Zoë's pad.pdf"
    status, _, stderr = run("report", "pad", "--blank", "--out", str(out), "--open")
    assert status == 0, stderr
    assert opened == [out] and out.read_bytes().startswith(b"%PDF")
    assert stderr == ""


def test_without_a_viewer_the_pdf_is_written_and_the_terminal_says_so(
    run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    def no_viewer(path: Path) -> None:
        raise OSError(f"No application is associated with {path.name}")

    monkeypatch.setattr(default_app, "open_with_default_app", no_viewer)
    out = tmp_path / "pad.pdf"
    status, _, stderr = run("report", "pad", "--blank", "--out", str(out), "--open")
    assert status == 0
    assert out.is_file()
    assert stderr.strip() == (
        "gin-scorer: the PDF is written, but no viewer opened it "
        "(No application is associated with pad.pdf)"
    )


def test_windows_asks_the_shell_and_other_systems_their_opener(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pdf = tmp_path / "standings.pdf"
    started: list[object] = []
    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setattr(default_app.os, "startfile", started.append, raising=False)
    default_app.open_with_default_app(pdf)
    assert started == [pdf]

    ran: list[list[str]] = []

    def fake_run(command: list[str], **_: object) -> subprocess.CompletedProcess[str]:
        ran.append(command)
        return subprocess.CompletedProcess(command, 0)

    monkeypatch.setattr(default_app.subprocess, "run", fake_run)
    for platform, opener in (("darwin", "open"), ("linux", "xdg-open")):
        monkeypatch.setattr(sys, "platform", platform)
        default_app.open_with_default_app(pdf)
        assert ran[-1] == [opener, str(pdf)]


def test_a_failing_opener_is_an_os_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def fails(command: list[str], **_: object) -> None:
        raise subprocess.CalledProcessError(3, command)

    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setattr(default_app.subprocess, "run", fails)
    with pytest.raises(OSError, match="xdg-open could not open"):
        default_app.open_with_default_app(tmp_path / "x.pdf")
