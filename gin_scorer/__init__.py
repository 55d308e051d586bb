"""gin-scorer: score keeping for Gin Rummy tournaments and clubs."""

from __future__ import annotations

import functools


@functools.cache
def _installed_version() -> str:
    """The installed distribution's version, read when first asked for: importlib.metadata
    scans the installed packages, a tenth of a command's start-up (issue 41)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("gin-scorer")
    except PackageNotFoundError:  # running from a source tree that was never installed
        return "0.0.0+unknown"


def __getattr__(name: str) -> str:
    if name == "__version__":
        return _installed_version()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
