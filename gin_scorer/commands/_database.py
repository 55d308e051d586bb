"""The database a command names (``--db``, ``$GIN_SCORER_DB`` or the default file), open for the
length of the command.

A SQLite file named with ``--db`` or ``$GIN_SCORER_DB`` must exist: a mistyped path would
otherwise become a new, empty database (and its missing folders with it), and the next line
would say "there is no event 1". It is created only when asked: ``--create``, or a command
that makes a new event (``event new``, ``import event``, ``demo``). Its folder is never
created. The default file in the data folder is created on first use, as the app does.

A refusal of the layers below (a busy or damaged database, a service saying no, the engine
unable to pair) is not caught here: it travels up to :func:`gin_scorer.cli.main`, which prints
its sentence as one line and exits with status 2 (:func:`._errors.refusals`).
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from gin_scorer.commands._errors import UserError
from gin_scorer.presentation.words import translate

if TYPE_CHECKING:
    from gin_scorer.services.database import Database


def database_named(args: argparse.Namespace, *, create: bool = False) -> str:
    """The database ``args`` name, refused when it is a SQLite file that does not exist
    (unless ``create`` or ``--create`` says to make it, in a folder that exists)."""
    from gin_scorer.paths import DB_ENV, chosen_database
    from gin_scorer.services.database import sqlite_path

    named = args.db or os.environ.get(DB_ENV)
    if not named:
        return chosen_database(None)  # the data folder's own file: made on first use
    path = sqlite_path(named)
    if path is None or path.exists():
        return named
    if not path.parent.is_dir():
        raise UserError(
            translate(
                "cli",
                "there is no folder {0} for the database {1}: check the path (gin-scorer "
                "never creates folders for a database)",
            ).format(path.parent, path.name)
        )
    if create or getattr(args, "create", False):
        return named
    raise UserError(
        translate(
            "cli",
            "there is no database {0}: check the path, or create it with --create (or with "
            "gin-scorer event new, or the app's File → Open database…)",
        ).format(path)
    )


@contextmanager
def opened(
    args: argparse.Namespace, *, backups: bool = True, create: bool = False
) -> Iterator[Database]:
    """The chosen database; ``backups=False`` for a command that only reads (a report);
    ``create=True`` for a command that makes a new event, and so may make a new database
    file (``event new``, ``import event``, ``demo``)."""
    from gin_scorer.services.database import open_database

    db = open_database(database_named(args, create=create), backups=backups)
    try:
        yield db
    finally:
        db.close()


def entered_by(args: argparse.Namespace, db: Database) -> str:
    """Who enters a hand: ``--by``, else this station's name."""
    return str(args.by or db.station)
