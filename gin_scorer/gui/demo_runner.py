"""“Try a demo event”: the simulated event (``gin-scorer demo``) played in a background process.

A separate process keeps the window responsive and gives the simulation its own database
connection (SQLite in WAL mode lets the window read while it writes). Its output lines are
the progress; the exit status says whether it worked.
"""

from __future__ import annotations

import math
import re
import sys

from PySide6.QtCore import QObject, QProcess, Signal

# One game to 100 a match: a 16-player demo plays in seconds (GRA matches take far longer).
DEMO_PRESET = "wikipedia-standard"
_ROUND_LINE = re.compile(r"^round (\d+):")


def demo_rounds(entrants: int) -> int:
    """Swiss rounds for the demo: ceil(log2 N), the usual number."""
    return max(1, math.ceil(math.log2(max(entrants, 2))))


def demo_command(
    database: str, *, entrants: int = 16, event_format: str = "swiss", seed: int = 1
) -> tuple[str, list[str]]:
    """The program and arguments that play a demo event into ``database``."""
    arguments = [
        "--db",
        database,
        "demo",
        "--entrants",
        str(entrants),
        "--format",
        event_format,
        "--seed",
        str(seed),
        "--preset",
        DEMO_PRESET,
    ]
    if event_format == "swiss":
        arguments += ["--rounds", str(demo_rounds(entrants))]
    if getattr(sys, "frozen", False):  # the PyInstaller bundle is the CLI itself
        return sys.executable, arguments
    return sys.executable, ["-m", "gin_scorer", *arguments]


class DemoRunner(QObject):
    progress = Signal(str)
    rounds_done = Signal(int, int)  # rounds played, rounds in all
    finished = Signal(bool, str)  # ok, message

    def __init__(
        self,
        database: str,
        parent: QObject | None = None,
        *,
        entrants: int = 16,
        event_format: str = "swiss",
        seed: int = 1,
    ) -> None:
        super().__init__(parent)
        self.program, self.arguments = demo_command(
            database, entrants=entrants, event_format=event_format, seed=seed
        )
        self.process = QProcess(self)
        self.process.setProcessChannelMode(QProcess.ProcessChannelMode.MergedChannels)
        self.process.readyReadStandardOutput.connect(self._read)
        self.process.finished.connect(self._done)
        self.process.errorOccurred.connect(self._error)
        self.output: list[str] = []
        self.total_rounds = demo_rounds(entrants)

    def start(self) -> None:
        self.process.start(self.program, self.arguments)

    def _read(self) -> None:
        text = bytes(self.process.readAllStandardOutput().data()).decode("utf-8", "replace")
        for line in text.splitlines():
            if line.strip():
                self.output.append(line.strip())
                self.progress.emit(line.strip())
                played = _ROUND_LINE.match(line.strip())
                if played:
                    self.rounds_done.emit(int(played.group(1)), self.total_rounds)

    def _done(self, code: int, _status: object) -> None:
        self._read()
        last = self.output[-1] if self.output else ""
        if code == 0:
            summary = next((line for line in self.output if line.startswith("event ")), "")
            self.finished.emit(True, summary or "The demo event is ready.")
        else:
            self.finished.emit(False, f"The demo could not be played: {last or f'exit {code}'}")

    def _error(self, error: QProcess.ProcessError) -> None:
        if error == QProcess.ProcessError.FailedToStart:
            self.finished.emit(False, f"The demo could not start: {self.process.errorString()}")
