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
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from gin_scorer.commands._db_password import asking_for_password, refuse_password_in_option
from gin_scorer.commands._errors import UserError
from gin_scorer.paths import DB_ENV, chosen_database
from gin_scorer.presentation.words import say, translate
from gin_scorer.services.support.database import open_database, sqlite_path

if TYPE_CHECKING:
    from gin_scorer.services.support.database import Database
    from gin_scorer.services.writes.backups import BackupNews


def database_named(args: argparse.Namespace, *, create: bool = False) -> str:
    """The database ``args`` name, refused when it is a SQLite file that does not exist
    (unless ``create`` or ``--create`` says to make it, in a folder that exists)."""

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
    args: argparse.Namespace,
    *,
    backups: bool = True,
    one_shot: bool = True,
    create: bool = False,
) -> Iterator[Database]:
    """The chosen database; ``backups=False`` for a command that only reads (a report);
    ``one_shot=False`` for one that runs long (serve): a server's automatic backups are then
    copied in a process of their own rather than on the command's thread; ``create=True``
    for a command that makes a new event, and so may make a new database file (``event
    new``, ``import event``, ``demo``)."""

    refuse_password_in_option(args.db)
    db = asking_for_password(
        database_named(args, create=create),
        lambda url: open_database(url, backups=backups, backups_beside=not one_shot),
    )
    db.backup_news.listen(say_backup_news)
    try:
        yield db
    finally:
        db.close()


def say_backup_news(news: BackupNews) -> None:
    """A failed automatic backup, said once on the terminal (it is in errors.log too); and
    that backups work again after one failed."""

    if news.failure is not None:
        print(f"gin-scorer: {say(news.failure)}", file=sys.stderr, flush=True)
    else:
        print(translate("cli", "gin-scorer: automatic backups work again"), file=sys.stderr)


def entered_by(args: argparse.Namespace, db: Database) -> str:
    """Who enters a hand: ``--by``, else this station's name."""
    return str(args.by or db.station)
