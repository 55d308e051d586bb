"""``errors.log`` in the data folder: where a fault of ours is written down, by the app and
the command line alike, so the person at the keyboard sees one sentence and whoever looks
into it later finds the traceback."""

from __future__ import annotations

import traceback
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType

from gin_scorer import __version__

LOG_NAME = "errors.log"


def error_log() -> Path:
    from gin_scorer.paths import data_dir

    return data_dir() / LOG_NAME


def write_log(
    log: Path, kind: type[BaseException], error: BaseException, tb: TracebackType | None
) -> bool:
    """Append the traceback with the time and version; False when it could not be written."""
    try:
        log.parent.mkdir(parents=True, exist_ok=True)
        with log.open("a", encoding="utf-8") as out:
            out.write(f"--- {datetime.now(UTC):%Y-%m-%d %H:%M:%S} UTC: gin-scorer {__version__}\n")
            out.write("".join(traceback.format_exception(kind, error, tb)))
        return True
    except OSError:
        return False


def write_note(text: str, log: Path | None = None) -> bool:
    """Append one line, with the time and version, for a trouble that is not a fault of ours
    but must not go unrecorded (a backup that failed); False when it could not be written."""
    try:
        target = log if log is not None else error_log()
        target.parent.mkdir(parents=True, exist_ok=True)
        with target.open("a", encoding="utf-8") as out:
            when = f"{datetime.now(UTC):%Y-%m-%d %H:%M:%S}"
            out.write(f"--- {when} UTC: gin-scorer {__version__}: {' '.join(text.split())}\n")
        return True
    except OSError:
        return False
