"""The database a command names (``--db``, ``$GIN_SCORER_DB`` or the default file), open for the
length of the command.

A refusal of the layers below (a busy or damaged database, a service saying no, the engine
unable to pair) is not caught here: it travels up to :func:`gin_scorer.cli.main`, which prints
its sentence as one line and exits with status 2 (:func:`._errors.refusals`).
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gin_scorer.services.backups import BackupNews
    from gin_scorer.services.database import Database


@contextmanager
def opened(
    args: argparse.Namespace, *, backups: bool = True, one_shot: bool = True
) -> Iterator[Database]:
    """The chosen database; ``backups=False`` for a command that only reads (a report);
    ``one_shot=False`` for one that runs long (serve): a server's automatic backups are then
    copied in a process of their own rather than on the command's thread."""
    from gin_scorer.commands._db_password import asking_for_password, refuse_password_in_option
    from gin_scorer.paths import chosen_database
    from gin_scorer.services.database import open_database

    refuse_password_in_option(args.db)
    db = asking_for_password(
        chosen_database(args.db),
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
    import sys

    from gin_scorer.presentation.words import say, translate

    if news.failure is not None:
        print(f"gin-scorer: {say(news.failure)}", file=sys.stderr, flush=True)
    else:
        print(translate("cli", "gin-scorer: automatic backups work again"), file=sys.stderr)


def entered_by(args: argparse.Namespace, db: Database) -> str:
    """Who enters a hand: ``--by``, else this station's name."""
    return str(args.by or db.station)
