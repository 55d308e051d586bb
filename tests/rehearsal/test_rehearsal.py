"""The desk as a director uses it (issue 35): the real window on three laptop screens, driven
by keystrokes, what it shows measured.

Each screen is an X server (Xvfb, openbox managing its windows) and a process of its own
(``tests.rehearsal.driver``): the xcb platform and the scale factor must be chosen before the
application exists, and the rest of the suite runs offscreen in this one. The three start
together (docs/decisions/0022). The driver plays the event day, a Hollywood night and a
table of three in one window, and writes what it checked and the screenshot of each step to
the test's folder; ``GIN_SCORER_REHEARSAL_SHOTS``
copies them, the checks and the driver's log to a folder of your choice (a CI artifact). A
failed check is said with what was measured; a scenario that could not go on says the step
and where the keyboard was, beside a screenshot of that moment.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.rehearsal.xserver import missing_programs, x_screen

ROOT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class Screen:
    width: int
    height: int
    scale: float
    rows: int  # hand rows a score sheet must show on it (issue 35)


SCREENS = {
    "1366x768": Screen(1366, 768, 1.0, rows=10),
    "1920x1080-at-150": Screen(1920, 1080, 1.5, rows=6),
    "1280x800": Screen(1280, 800, 1.0, rows=10),
}
SCENARIOS = ("event_day", "hollywood_night", "table_of_three")
NAVIGATOR = "the navigator's lines are whole"


@dataclass(frozen=True)
class Rehearsal:
    name: str
    folder: Path
    returncode: int
    output: str
    record: dict[str, Any] | None


@dataclass(frozen=True)
class Running:
    folder: Path
    process: subprocess.Popen[bytes]


@pytest.fixture(scope="module")
def running(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Running]]:
    """Every screen's X server and driver, started at once: on two cores two screens play at
    a time, and the three take about as long as the slowest two one after the other."""
    missing = missing_programs()
    if missing:
        pytest.skip(f"the rehearsal needs {', '.join(missing)} (scripts/bootstrap.sh test)")
    with ExitStack() as stack:
        started = {}
        for name, screen in SCREENS.items():
            folder = tmp_path_factory.mktemp(f"rehearsal-{name}")
            display = stack.enter_context(x_screen(screen.width, screen.height, folder))
            driver = [sys.executable, "-m", "tests.rehearsal.driver", "--out", str(folder)]
            with (folder / "driver.log").open("wb") as log:
                process = subprocess.Popen(
                    [*driver, "--rows", str(screen.rows)],
                    env=_environment(display, screen, folder),
                    cwd=ROOT,
                    stdout=log,
                    stderr=subprocess.STDOUT,
                )
            stack.callback(_stop, process)
            started[name] = Running(folder, process)
        yield started


def _stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        process.kill()
        process.wait()


@pytest.fixture(scope="module", params=list(SCREENS))
def rehearsal(request: pytest.FixtureRequest, running: dict[str, Running]) -> Rehearsal:
    name = request.param
    run = running[name]
    try:
        returncode = run.process.wait(timeout=900)
    except subprocess.TimeoutExpired:
        _stop(run.process)
        returncode = -1
    folder = run.folder
    path = folder / "rehearsal.json"
    record = json.loads(path.read_text(encoding="utf-8")) if path.exists() else None
    _printed_standings(folder)
    _copy_shots(folder, name)
    output = (folder / "driver.log").read_text(encoding="utf-8", errors="replace")
    return Rehearsal(name, folder, returncode, output, record)


def _environment(display: str, screen: Screen, folder: Path) -> dict[str, str]:
    """A desktop of the rehearsal's own: its display and scale, its home (settings, file
    dialogs), its backups; nothing of the tester's desktop (its theme, its scaling)."""
    home = folder / "home"
    home.mkdir(exist_ok=True)
    kept = {k: v for k, v in os.environ.items() if not k.startswith(("QT_", "XDG_"))}
    return {
        **kept,
        "DISPLAY": display,
        "QT_QPA_PLATFORM": "xcb",
        "QT_SCALE_FACTOR": str(screen.scale),
        "HOME": str(home),
        "XDG_CONFIG_HOME": str(home / ".config"),
        "XDG_DATA_HOME": str(home / ".local" / "share"),
        "GIN_SCORER_BACKUP_DIR": str(folder / "backups"),
    }


def _printed_standings(folder: Path) -> None:
    """The printed standings' first page as a picture beside the screenshots."""
    pdf = folder / "standings.pdf"
    if pdf.exists() and shutil.which("pdftoppm"):
        subprocess.run(
            [
                "pdftoppm",
                "-png",
                "-r",
                "60",
                "-f",
                "1",
                "-l",
                "1",
                str(pdf),
                str(folder / "zz-standings-pdf"),
            ],
            check=False,
        )


def _copy_shots(folder: Path, name: str) -> None:
    wanted = os.environ.get("GIN_SCORER_REHEARSAL_SHOTS")
    if not wanted:
        return
    target = Path(wanted) / name
    target.mkdir(parents=True, exist_ok=True)
    for kept in [*folder.glob("*.png"), folder / "rehearsal.json", folder / "driver.log"]:
        if kept.exists():
            shutil.copy(kept, target / kept.name)


def _said(rehearsal: Rehearsal) -> str:
    return f"{rehearsal.name}: screenshots and rehearsal.json in {rehearsal.folder}"


def _failed(checks: list[dict[str, Any]], *, navigator: bool) -> list[str]:
    return [
        f"✖ {c['what']}: {c['detail']}"
        for c in checks
        if not c["ok"] and c["what"].endswith(NAVIGATOR) == navigator
    ]


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_the_desk_as_a_director_uses_it(rehearsal: Rehearsal, scenario: str) -> None:
    assert rehearsal.record is not None, f"{_said(rehearsal)}\n{rehearsal.output[-3000:]}"
    played = rehearsal.record["scenarios"].get(scenario)
    assert played is not None, f"{scenario} never started; {_said(rehearsal)}"
    assert played["error"] is None, f"{scenario} stopped: {played['error']}; {_said(rehearsal)}"
    failed = _failed(played["checks"], navigator=False)
    assert not failed, "\n".join([_said(rehearsal), *failed])
    assert len(played["checks"]) >= 10  # it looked, and said what it saw


def test_the_app_ran_without_a_fault(rehearsal: Rehearsal) -> None:
    assert rehearsal.record is not None, rehearsal.output[-3000:]
    assert rehearsal.record["faults"] == [], _said(rehearsal)
    assert rehearsal.returncode == 0, rehearsal.output[-3000:]


def test_the_navigators_lines_are_whole(rehearsal: Rehearsal) -> None:
    assert rehearsal.record is not None
    checks = [c for s in rehearsal.record["scenarios"].values() for c in s["checks"]]
    failed = _failed(checks, navigator=True)
    assert not failed, "\n".join(failed[:3])
