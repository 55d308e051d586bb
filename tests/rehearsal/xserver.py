"""A screen for the rehearsal: Xvfb at a laptop's size with a window manager (openbox) on it,
so that windows are framed, placed, activated and given the keyboard as on a desktop.

Both run for as long as the ``with`` block and are stopped (and waited for) after it, even when
the block fails. Xvfb picks a free display number itself (``-displayfd``), so rehearsals and
other programs on the machine never collide.
"""

from __future__ import annotations

import os
import select
import shutil
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

NEEDED = ("Xvfb", "openbox", "xprop")
"""The programs a rehearsal needs (Debian: xvfb, openbox, x11-utils)."""


def missing_programs() -> list[str]:
    return [name for name in NEEDED if shutil.which(name) is None]


def _display_number(pipe: int, seconds: float) -> str:
    """The display number Xvfb writes to ``pipe`` once it accepts connections."""
    ready, _, _ = select.select([pipe], [], [], seconds)
    if not ready:
        raise RuntimeError(f"Xvfb did not start within {seconds} s")
    number = os.read(pipe, 32).decode().strip()
    if not number.isdigit():
        raise RuntimeError(f"Xvfb gave no display number ({number!r})")
    return f":{number}"


def _wait_for_window_manager(display: str, seconds: float) -> None:
    """Until openbox has taken the screen (it sets the root window's check property)."""
    deadline = time.monotonic() + seconds
    env = {**os.environ, "DISPLAY": display}
    while time.monotonic() < deadline:
        answer = subprocess.run(
            ["xprop", "-root", "_NET_SUPPORTING_WM_CHECK"],
            env=env,
            capture_output=True,
            text=True,
            check=False,
        )
        if "window id" in answer.stdout:
            return
        time.sleep(0.05)
    raise RuntimeError(f"openbox did not manage {display} within {seconds} s")


def _stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(5)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@contextmanager
def x_screen(width: int, height: int, log_folder: Path) -> Iterator[str]:
    """Xvfb at ``width``×``height`` with openbox on it; yields its ``DISPLAY``."""
    read, write = os.pipe()
    screen = f"{width}x{height}x24"
    with (log_folder / "xvfb.log").open("wb") as log:  # the child keeps its own copy
        xvfb = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write), "-screen", "0", screen, "-nolisten", "tcp"],
            pass_fds=(write,),
            stdout=subprocess.DEVNULL,
            stderr=log,
        )
    os.close(write)
    window_manager: subprocess.Popen[bytes] | None = None
    try:
        display = _display_number(read, 20)
        with (log_folder / "openbox.log").open("wb") as log:
            window_manager = subprocess.Popen(
                ["openbox", "--sm-disable"],
                env={**os.environ, "DISPLAY": display},
                stdout=subprocess.DEVNULL,
                stderr=log,
            )
        _wait_for_window_manager(display, 20)
        yield display
    finally:
        os.close(read)
        if window_manager is not None:
            _stop(window_manager)
        _stop(xvfb)
