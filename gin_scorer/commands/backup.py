"""``gin-scorer backup`` and ``restore``: the database's copies — now, on a schedule, to a file
of the director's choosing, and back."""

from __future__ import annotations

import argparse
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from gin_scorer.commands._database import opened
from gin_scorer.commands._db_password import refuse_password_in_option
from gin_scorer.commands._errors import UserError
from gin_scorer.commands._pin import ask_pin
from gin_scorer.paths import chosen_database
from gin_scorer.presentation.backup_words import backup_state
from gin_scorer.presentation.words import error_text, translate
from gin_scorer.services.support.errors import StoreError
from gin_scorer.services.writes.backup_keeper import backup_health
from gin_scorer.services.writes.backup_schedule import set_backup_schedule
from gin_scorer.services.writes.backups import back_up_now, backups_of, restore_backup
from gin_scorer.services.writes.copies import copy_to_file

if TYPE_CHECKING:
    from gin_scorer.services.support.database import Database


def run_backup(args: argparse.Namespace) -> int:
    with opened(args) as db:
        if args.every_hands is not None or args.every_minutes is not None:
            return _schedule(db, args)
        if args.list:
            return _list(db)
        return _back_up(db, args)


def _schedule(db: Database, args: argparse.Namespace) -> int:

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
