"""Where gin-scorer keeps things: the user's data folder, the bundled resources, the database.

The data folder follows the platform's convention (platformdirs) and is created on first use,
so the app starts on a machine that has never seen it.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import platformdirs

APP_NAME = "gin-scorer"
DB_ENV = "GIN_SCORER_DB"
DEFAULT_DB_NAME = "gin-scorer.sqlite"


def data_dir() -> Path:
    """The user's data folder (created if missing)."""
    path = Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    return path


def default_database() -> str:
    """The database chosen when neither ``--db`` nor ``GIN_SCORER_DB`` says otherwise."""
    return str(data_dir() / DEFAULT_DB_NAME)


def chosen_database(option: str | None) -> str:
    """``--db`` wins, then ``GIN_SCORER_DB``, then the SQLite file in the data folder."""
    return option or os.environ.get(DB_ENV) or default_database()


def resources_dir() -> Path:
    """The ``resources/`` folder: in a PyInstaller bundle, an installed wheel, or a checkout."""
    here = Path(__file__).resolve().parent
    candidates = []
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        candidates.append(Path(bundle) / "resources")
    candidates += [here / "resources", here.parent / "resources"]
    for candidate in candidates:
        if (candidate / "rulesets").is_dir():
            return candidate
    raise FileNotFoundError(
        "gin-scorer's resources folder is missing; looked in "
        + ", ".join(str(c) for c in candidates)
    )
