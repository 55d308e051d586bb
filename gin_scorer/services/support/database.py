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

__all__ = [
    "Database",
    "default_station",
    "open_database",
    "sqlite_path",
    "url_password",
    "url_with_password",
]


def url_password(url: str) -> str | None:
    """The password a database URL carries (``None`` for a file, or a URL without one)."""
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    if "://" not in url:
        return None
    try:
        return make_url(url).password
    except (ArgumentError, ValueError):
        return None  # opening it says what is wrong with it


def url_with_password(url: str, password: str) -> tuple[str, str]:
    """``url`` with ``password`` in it, and who and where it is for (``ann@venue-server``)."""
    from sqlalchemy.engine import make_url

    parsed = make_url(url)
    return (
        parsed.set(password=password).render_as_string(hide_password=False),
        f"{parsed.username}@{parsed.host}",
    )
