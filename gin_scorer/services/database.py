"""The open database, as the front ends hold it: the one handle every service takes first.

The GUI, the command line, the reports and (later) the web room open a database here and pass
the handle to the services; they never import :mod:`gin_scorer.store` themselves (an
import-linter contract in pyproject.toml says so). The handle is the store's
:class:`~gin_scorer.store.database.Database`: opening, migrating and the backup taken on open
are the store's work, and there is nothing to add between the two, so the names are the store's
own rather than wrappers that could drift from them.
"""

from __future__ import annotations

from gin_scorer.store.database import Database, default_station, open_database, sqlite_path

__all__ = ["Database", "default_station", "open_database", "sqlite_path"]
