"""``gin-scorer backup`` and ``restore``: the database's copies — now, on a schedule, to a file of
the director's choosing, and back. Its parsers only: the handlers are in
:mod:`gin_scorer.commands.backup`, imported when a command runs (see
:mod:`gin_scorer.commands.parsers`).
"""

from __future__ import annotations

from typing import Any

from gin_scorer.commands._arguments import positive
from gin_scorer.commands.parsers._handler import Handler
from gin_scorer.presentation.words import translate


def register(subparsers: Any) -> None:
    _register_backup(subparsers)
    _register_restore(subparsers)


def _register_restore(subparsers: Any) -> None:
    restore = subparsers.add_parser(
        "restore",
        help=translate(
            "cli", "replace the database by a backup (checked first; the current one is kept)"
        ),
        description=translate(
            "cli",
            "Restore a backup (a SQLite file) into the database — a SQLite file or a "
            "PostgreSQL server: FILE must pass an integrity check; the current database is "
            "backed up first (or, if damaged, renamed aside — never overwritten). "
            "If the database has a director PIN, give it with --pin or type it when asked.",
        ),
    )
    restore.add_argument("file", metavar="FILE", help=translate("cli", "the backup to restore"))
    restore.add_argument(
        "--pin",
        action="append",
        help=translate(
            "cli",
            "the database's director PIN; without one, every event's PIN (give --pin once "
            "per PIN; asked for when needed and not given)",
        ),
    )
    restore.set_defaults(func=Handler("backup", "run_restore"))


def _register_backup(subparsers: Any) -> None:
    backup = subparsers.add_parser(
        "backup",
        help=translate("cli", "back up the database now, or list its backups"),
        description=translate(
            "cli",
            "Back up the database into a SQLite file: a SQLite database through "
            "SQLite's online backup API (safe while the app runs), a PostgreSQL one row by row "
            "in one consistent snapshot. Without --out the copy joins the automatic backups in "
            "your data folder, kept by age: every one of the last hour, one a day for 30 "
            "days, one an event day before that, within a cap (2 GB by default).",
        ),
    )
    backup.add_argument(
        "--out", metavar="FILE", help=translate("cli", "write the backup to FILE instead")
    )
    backup.add_argument(
        "--list", action="store_true", help=translate("cli", "list the existing backups")
    )
    backup.add_argument(
        "--every-hands",
        type=positive,
        metavar="N",
        help=translate("cli", "from now on, back up automatically every N hands (default 25)"),
    )
    backup.add_argument(
        "--every-minutes",
        type=positive,
        metavar="M",
        help=translate("cli", "... or every M minutes with something new (default 10)"),
    )
    backup.set_defaults(func=Handler("backup", "run_backup"))
