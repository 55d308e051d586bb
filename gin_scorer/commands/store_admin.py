"""``gin-scorer backup``, ``restore`` and ``audit``: looking after the database itself."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

from gin_scorer.commands._arguments import positive
from gin_scorer.commands._errors import UserError

if TYPE_CHECKING:
    from gin_scorer.store.database import Database

HELP_ORDER = 60


def register(subparsers: Any) -> None:
    backup = subparsers.add_parser(
        "backup",
        help="back up the database now, or list its backups",
        description="Back up the database into a SQLite file: a SQLite database through "
        "SQLite's online backup API (safe while the app runs), a PostgreSQL one row by row in "
        "one consistent snapshot. Without --out the copy joins the rotating backups in your "
        "data folder (the newest 20 are kept).",
    )
    backup.add_argument("--out", metavar="FILE", help="write the backup to FILE instead")
    backup.add_argument("--list", action="store_true", help="list the existing backups")
    backup.add_argument(
        "--every-hands",
        type=positive,
        metavar="N",
        help="from now on, back up automatically every N hands (default 25)",
    )
    backup.add_argument(
        "--every-minutes",
        type=positive,
        metavar="M",
        help="... or every M minutes with something new (default 10)",
    )
    backup.set_defaults(func=run_backup)

    restore = subparsers.add_parser(
        "restore",
        help="replace the database by a backup (checked first; the current one is kept)",
        description="Restore a backup (a SQLite file) into the database — a SQLite file or a "
        "PostgreSQL server: FILE must pass an integrity check; the current database is "
        "backed up first (or, if damaged, renamed aside — never overwritten). "
        "If the database has a director PIN, give it with --pin or type it when asked.",
    )
    restore.add_argument("file", metavar="FILE", help="the backup to restore")
    restore.add_argument(
        "--pin",
        action="append",
        help="the database's director PIN; without one, every event's PIN (give --pin once "
        "per PIN; asked for when needed and not given)",
    )
    restore.set_defaults(func=run_restore)

    director_pin = subparsers.add_parser(
        "director-pin",
        help="set or clear the database's director PIN (opens every event, guards restores)",
        description="The database-wide director PIN: it works wherever an event's PIN is "
        "asked, and restoring a backup over this database needs it. Changing or clearing it "
        "needs the current one; setting the first one needs the PIN of every event that has "
        "one (it will open them all). Give them with --pin (once per PIN), or type one when "
        "asked. The new PIN is typed when asked (twice), or read from stdin.",
    )
    director_pin.add_argument("action", choices=["set", "clear"])
    director_pin.add_argument(
        "--pin", action="append", help="the PIN that guards the database now (repeatable)"
    )
    director_pin.set_defaults(func=run_director_pin)

    audit = subparsers.add_parser("audit", help="check or show the tamper-evident audit log")
    actions = audit.add_subparsers(dest="audit_command", metavar="ACTION", required=True)
    verify = actions.add_parser(
        "verify", help="check every link of the hash chain (exit 1 names the first broken one)"
    )
    verify.set_defaults(func=run_audit_verify)
    show = actions.add_parser("show", help="print the newest audit entries")
    show.add_argument(
        "--last", type=positive, default=20, metavar="N", help="how many entries (default 20)"
    )
    show.set_defaults(func=run_audit_show)


def _open(args: argparse.Namespace) -> Database:
    from gin_scorer.paths import chosen_database
    from gin_scorer.store import StoreError, open_database

    try:
        return open_database(chosen_database(args.db))
    except StoreError as error:
        raise UserError(str(error)) from None


def run_backup(args: argparse.Namespace) -> int:
    from pathlib import Path

    from gin_scorer.services.backups import back_up_now, backups_of
    from gin_scorer.store import StoreError
    from gin_scorer.store.backup import copy_database
    from gin_scorer.store.snapshot import snapshot_to_sqlite

    with _open(args) as db:
        if args.every_hands is not None or args.every_minutes is not None:
            from gin_scorer.store.backup import set_backup_schedule

            with db.transaction() as session:
                schedule = set_backup_schedule(
                    session, every_hands=args.every_hands, every_minutes=args.every_minutes
                )
            print(
                f"automatic backups of {db.display_name}: every {schedule.every_hands} "
                f"hands or {schedule.every_minutes} minutes"
            )
            return 0
        if args.list:
            found = backups_of(db)
            if not found:
                print(f"no backups of {db.display_name} yet")
            for item in found:
                size = item.path.stat().st_size / 1024
                reason = f"  ({item.reason})" if item.reason else ""
                print(
                    f"{item.taken_at:%Y-%m-%d %H:%M:%S} UTC  {size:8.0f} KiB  {item.path}{reason}"
                )
            return 0
        try:
            if args.out:
                out = Path(args.out).expanduser().resolve()
                if out.exists():
                    raise UserError(f"{out} already exists; choose a new file name")
                if db.path is not None:
                    copy_database(db.path, out)
                else:
                    snapshot_to_sqlite(db, out)
                print(f"backed up {db.display_name} to {out}")
            else:
                made = back_up_now(db)
                print(f"backed up {db.display_name} to {made.path}")
        except (StoreError, OSError) as error:
            raise UserError(f"the backup failed: {error}") from None
    return 0


def _ask_pin() -> str:
    if sys.stdin.isatty():
        import getpass

        return getpass.getpass("Director PIN: ")
    return sys.stdin.readline().strip()


def run_restore(args: argparse.Namespace) -> int:
    from pathlib import Path

    from gin_scorer.paths import chosen_database
    from gin_scorer.services.backups import restore_backup
    from gin_scorer.store import StoreError

    source = Path(args.file).expanduser()
    if not source.is_file():
        raise UserError(f"{source} does not exist (or is not a file)")
    try:
        result = restore_backup(
            chosen_database(args.db), source, pins=args.pin or (), ask_pin=_ask_pin
        )
    except StoreError as error:
        raise UserError(str(error)) from None
    print(f"restored {result.database} from {result.restored_from}")
    if result.safety_backup is not None:
        print(f"the database as it was is kept in {result.safety_backup.path}")
    if result.damaged_moved_to is not None:
        print(f"the damaged database was moved to {result.damaged_moved_to}")
    return 0


def run_audit_verify(args: argparse.Namespace) -> int:
    from gin_scorer.store.audit import entry_count, latest_hash, short_code, verify_chain

    with _open(args) as db, db.transaction(write=False) as session:
        broken = verify_chain(session)
        if broken is not None:
            print(f"audit log BROKEN: {broken.describe()}")
            return 1
        count = entry_count(session)
        latest = latest_hash(session)
    if latest is None:
        print("audit log intact: 0 entries")
    else:
        print(f"audit log intact: {count} entries, latest {short_code(latest)}")
    return 0


def run_audit_show(args: argparse.Namespace) -> int:
    from gin_scorer.store.audit import canonical_json, recent

    with _open(args) as db, db.transaction(write=False) as session:
        entries = recent(session, last=args.last)
    if not entries:
        print("the audit log is empty")
    for entry in entries:
        payload = canonical_json(dict(entry.payload))
        if len(payload) > 120:
            payload = payload[:117] + "..."
        print(
            f"{entry.id:>6}  {entry.at:%Y-%m-%d %H:%M:%S}  {entry.short_hash}  "
            f"{entry.station}/{entry.actor}  {entry.action}  {entry.subject}  {payload}"
        )
    return 0


def _ask_new_pin() -> str:
    if sys.stdin.isatty():
        import getpass

        first = getpass.getpass("New director PIN: ")
        if getpass.getpass("The same again: ") != first:
            raise UserError("the two PINs differ; nothing was changed")
        return first
    return sys.stdin.readline().strip()


def run_director_pin(args: argparse.Namespace) -> int:
    from gin_scorer.services.database_pin import is_guarded, set_database_pin
    from gin_scorer.services.errors import ServiceError

    with _open(args) as db:
        given = list(args.pin or [])
        if not given and is_guarded(db):
            given = [_ask_pin()]  # the current PIN first, then the new one
        new_pin = _ask_new_pin() if args.action == "set" else None
        try:
            now_set = set_database_pin(db, new_pin, pins=given, actor="director")
        except ServiceError as error:
            raise UserError(str(error)) from None
        print(f"director PIN of {db.display_name} {'set' if now_set else 'cleared'}")
    return 0
