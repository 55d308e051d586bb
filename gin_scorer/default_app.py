"""A file opened as a double-click opens it: a PDF in the default viewer, to read or print.

Windows asks the shell (``os.startfile``: the app the director chose for .pdf files), macOS
``open`` and the Linux desktops ``xdg-open``. A leaf utility like :mod:`gin_scorer.paths`.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


def open_with_default_app(path: Path) -> None:
    """Open ``path`` in the app the system uses for its kind; ``OSError`` if none would."""
    if sys.platform == "win32":
        os.startfile(path)
        return
    opener = "open" if sys.platform == "darwin" else "xdg-open"
    try:
        subprocess.run([opener, str(path)], check=True, capture_output=True, timeout=30)
    except (subprocess.CalledProcessError, subprocess.TimeoutExpired) as error:
        raise OSError(f"{opener} could not open {path}") from error
