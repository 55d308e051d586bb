"""Alembic's entry point. gin-scorer runs it from :mod:`gin_scorer.store.migrate` with an
open connection in ``config.attributes["connection"]``; there is no alembic.ini."""

from __future__ import annotations

from alembic import context
from sqlmodel import SQLModel

import gin_scorer.store.tables
import gin_scorer.store.undo_links  # noqa: F401  (and the one kept in its own module)


def run_migrations() -> None:
    connection = context.config.attributes.get("connection")
    if connection is None:
        raise RuntimeError("run gin-scorer's migrations through gin_scorer.store.migrate")
    context.configure(
        connection=connection,
        target_metadata=SQLModel.metadata,
        # SQLite cannot ALTER most things: batch mode copies the table instead.
        render_as_batch=connection.dialect.name == "sqlite",
    )
    with context.begin_transaction():
        context.run_migrations()


# Only while Alembic runs this file (pytest's doctest collection merely imports it).
if getattr(context, "config", None) is not None:
    run_migrations()
