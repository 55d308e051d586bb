"""``gin-scorer backup`` and ``restore``: the database's copies — now, on a schedule, to a file
of the director's choosing, and back."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gin_scorer.commands._arguments import positive
from gin_scorer.commands._database import opened
from gin_scorer.commands._errors import UserError
from gin_scorer.commands._pin import ask_pin
from gin_scorer.presentation.words import error_text, translate

if TYPE_CHECKING:
    from gin_scorer.services.database import Database


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
    restore.set_defaults(func=run_restore)


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
    backup.set_defaults(func=run_backup)


def run_backup(args: argparse.Namespace) -> int:
    with opened(args) as db:
        if args.every_hands is not None or args.every_minutes is not None:
            return _schedule(db, args)
        if args.list:
            return _list(db)
        return _back_up(db, args)


def _schedule(db: Database, args: argparse.Namespace) -> int:
    from gin_scorer.services.backup_schedule import set_backup_schedule

    schedule = set_backup_schedule(
        db, every_hands=args.every_hands, every_minutes=args.every_minutes
    )
    print(_schedule_line(db.display_name, schedule.every_hands, schedule.every_minutes))
    return 0


def _schedule_line(name: str, hands: int, minutes: int) -> str:
    """``automatic backups of club.sqlite: every 25 hands or 10 minutes`` (every hand, every
    minute for one: each its own whole pattern)."""
    if hands == 1 and minutes == 1:
        said = translate("cli", "automatic backups of {0}: every hand or every minute")
    elif hands == 1:
        said = translate("cli", "automatic backups of {0}: every hand or {2} minutes")
    elif minutes == 1:
        said = translate("cli", "automatic backups of {0}: every {1} hands or every minute")
    else:
        said = translate("cli", "automatic backups of {0}: every {1} hands or {2} minutes")
    return said.format(name, hands, minutes)


def _list(db: Database) -> int:
    from gin_scorer.services.backups import backups_of

    found = backups_of(db)
    if not found:
        print(translate("cli", "no backups of {0} yet").format(db.display_name))
    for item in found:
        size = item.path.stat().st_size / 1024
        reason = f"  ({item.reason})" if item.reason else ""
        print(f"{item.taken_at:%Y-%m-%d %H:%M:%S} UTC  {size:8.0f} KiB  {item.path}{reason}")
    return _health(db)


def _health(db: Database) -> int:
    """The age of the newest backup, and a warning when writes have waited too long."""
    from datetime import UTC, datetime

    from gin_scorer.presentation.backup_words import backup_state
    from gin_scorer.services.backup_keeper import backup_health

    health = backup_health(db)
    now = datetime.now(UTC)
    line, warning = backup_state(
        health.newest_at,
        now,
        failure=health.failure,
        unbacked_since=health.unbacked_since,
        overdue=health.overdue(now),
    )
    print(translate("cli", "newest: {0}").format(line) if not warning else line)
    return 0


def _back_up(db: Database, args: argparse.Namespace) -> int:
    from gin_scorer.services.backups import back_up_now
    from gin_scorer.services.copies import copy_to_file
    from gin_scorer.services.errors import StoreError

    try:
        if args.out:
            out = Path(args.out).expanduser().resolve()
            if out.exists():
                raise UserError(
                    translate("cli", "{0} already exists; choose a new file name").format(out)
                )
            copy_to_file(db, out)
            print(translate("cli", "backed up {0} to {1}").format(db.display_name, out))
        else:
            made = back_up_now(db)
            print(translate("cli", "backed up {0} to {1}").format(db.display_name, made.path))
    except (StoreError, OSError) as error:
        raise UserError(
            translate("cli", "the backup failed: {0}").format(error_text(error))
        ) from None
    return 0


def run_restore(args: argparse.Namespace) -> int:
    from gin_scorer.commands._db_password import refuse_password_in_option
    from gin_scorer.paths import chosen_database
    from gin_scorer.services.backups import restore_backup

    refuse_password_in_option(args.db)
    source = Path(args.file).expanduser()
    if not source.is_file():
        raise UserError(translate("cli", "{0} does not exist (or is not a file)").format(source))
    result = restore_backup(chosen_database(args.db), source, pins=args.pin or (), ask_pin=ask_pin)
    print(translate("cli", "restored {0} from {1}").format(result.database, result.restored_from))
    if result.safety_backup is not None:
        print(
            translate("cli", "the database as it was is kept in {0}").format(
                result.safety_backup.path
            )
        )
    if result.damaged_moved_to is not None:
        print(
            translate("cli", "the damaged database was moved to {0}").format(
                result.damaged_moved_to
            )
        )
    return 0
