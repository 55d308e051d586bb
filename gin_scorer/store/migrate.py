"""Alembic migrations, run from code: users never need an alembic.ini.

The revisions live in ``migrations/versions`` inside the package. :func:`prepare` upgrades a
database to head (on PostgreSQL under an advisory lock, so two stations starting together do
not both migrate) and refuses a database whose revision this version does not know.
"""

from __future__ import annotations

import functools
import re
import sqlite3
import tempfile
import threading
from pathlib import Path
from typing import TYPE_CHECKING

from sqlalchemy import inspect, text
from sqlalchemy.engine import Connection
from sqlalchemy.exc import DBAPIError

from gin_scorer.store.connection import Database, sqlite_engine
from gin_scorer.store.errors import NewerDatabase, not_ours

if TYPE_CHECKING:
    from alembic.config import Config
    from alembic.script import ScriptDirectory

MIGRATIONS_DIR = Path(__file__).resolve().parent / "migrations"
# Any fixed number: the key of the PostgreSQL advisory lock held while migrating.
_PG_MIGRATION_LOCK = 0x67696E5F
_REVISION = re.compile(r'^revision(?:: str)? = "([^"]+)"', re.M)
_DOWN = re.compile(r'^down_revision(?:: [^=]+)? = (?:"([^"]+)"|None)', re.M)


@functools.cache
def shipped_head() -> str | None:
    """The head revision, read from the revision files' own lines (``revision = "0010"``,
    ``down_revision = "0009"``) without loading Alembic: a command that finds its database
    at head never imports it (about a tenth of a command's start-up). ``None`` when the files
    do not read as one straight line of revisions: then Alembic decides."""
    revisions: dict[str, str | None] = {}
    for script in (MIGRATIONS_DIR / "versions").glob("*.py"):
        source = script.read_text(encoding="utf-8")
        revision, down = _REVISION.search(source), _DOWN.search(source)
        if revision is None or down is None:
            return None
        revisions[revision[1]] = down[1]
    heads = set(revisions) - set(revisions.values())
    return heads.pop() if len(heads) == 1 else None


def _version_read(connection: Connection) -> tuple[str, ...] | None:
    """The database's revisions read with one query (``None``: no version table yet)."""
    if "alembic_version" not in inspect(connection).get_table_names():
        return None
    try:
        rows = connection.execute(text("SELECT version_num FROM alembic_version")).all()
    except DBAPIError:
        return None
    return tuple(str(row[0]) for row in rows)


def _at_head(connection: Connection) -> bool:
    head = shipped_head()
    return head is not None and _version_read(connection) == (head,)


def alembic_config(connection: Connection | None = None) -> Config:
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    config.attributes["connection"] = connection
    return config


@functools.cache
def script_directory() -> ScriptDirectory:
    """The revisions shipped with this version (read once per process: they never change)."""
    from alembic.script import ScriptDirectory

    return ScriptDirectory.from_config(alembic_config())


@functools.cache
def head_revision() -> str:
    head = script_directory().get_current_head()
    assert head is not None, "the migrations folder has no revisions"
    return head


def current_revisions(connection: Connection) -> tuple[str, ...]:
    from alembic.runtime.migration import MigrationContext

    return tuple(MigrationContext.configure(connection).get_current_heads())


def _check_known(connection: Connection, display_name: str) -> tuple[str, ...]:
    from alembic.util.exc import CommandError

    current = current_revisions(connection)
    script = script_directory()
    for revision in current:
        try:
            known = script.get_revision(revision)
        except CommandError:
            known = None
        if known is None:
            raise NewerDatabase(revision, head_revision())
    if not current:
        foreign = set(inspect(connection).get_table_names()) - {"alembic_version"}
        if foreign:
            raise not_ours(display_name, foreign)
    return current


_ONE_RUN_AT_A_TIME = threading.Lock()
"""Alembic's ``context`` and ``op`` are module-wide proxies set for the length of one run: two
runs at once in two threads (a backup writing its SQLite copy on a worker while the desk opens
another file) would mix them up and fail, or crash the process."""


def refuse_newer(db: Database) -> None:
    """Raise :class:`NewerDatabase` if ``db`` was migrated past what this version knows."""
    with db.read_engine.connect() as connection:
        if not _at_head(connection):
            _check_known(connection, db.display_name)


def needs_upgrade(db: Database) -> bool:
    with db.read_engine.connect() as connection:
        if _at_head(connection):
            return False
        return current_revisions(connection) != (head_revision(),)


def prepare(db: Database, *, migrate: bool) -> None:
    """Refuse a newer database; with ``migrate``, upgrade it to head in one transaction.

    A database already at head is only read (no write lock taken), so opening it while
    other stations write costs them nothing.
    """
    with db.read_engine.connect() as connection:
        if _at_head(connection):
            return  # one query; Alembic is loaded only when there is work for it
        current = _check_known(connection, db.display_name)
    if not migrate or current == (head_revision(),):
        return
    from alembic import command

    with db.engine.begin() as connection:
        if connection.dialect.name == "postgresql":
            # Two stations starting together: the second waits, then finds nothing to do.
            connection.exec_driver_sql(f"SELECT pg_advisory_xact_lock({_PG_MIGRATION_LOCK})")
        current = _check_known(connection, db.display_name)
        if current != (head_revision(),):
            with _ONE_RUN_AT_A_TIME:
                command.upgrade(alembic_config(connection), "head")


def upgrade_to(db: Database, revision: str) -> None:
    """Upgrade ``db`` to a given revision (tests build old databases with it)."""
    from alembic import command

    with db.engine.begin() as connection, _ONE_RUN_AT_A_TIME:
        command.upgrade(alembic_config(connection), revision)


def open_copy(path: Path, *, station: str) -> Database:
    """A SQLite file the store writes or reads for itself (a snapshot being written, a backup
    staged for a restore), migrated to head. None of ``open_database``'s checks, backups or
    transaction watchers: those are for the database people score in.

    A new file starts as a copy of an empty database at head rather than running every
    migration again: a PostgreSQL station writes one every 25 hands, and the migrations cost
    it more than copying the rows did (a room's requests wait on them)."""
    if not path.exists():
        _write_empty_at_head(path)
    db = _bare_sqlite(path, station)
    try:
        prepare(db, migrate=True)
    except BaseException:
        db.close()
        raise
    return db


def _bare_sqlite(path: Path, station: str) -> Database:
    return Database(
        url=f"sqlite:///{path}",
        station=station,
        is_sqlite=True,
        engine=sqlite_engine(path),
        path=path,
        backups_enabled=False,
    )


_EMPTY_AT_HEAD: list[sqlite3.Connection] = []  # at most one: the empty database, in memory
_EMPTY_LOCK = threading.Lock()


def _write_empty_at_head(path: Path) -> None:
    """Write an empty database at head to the new file ``path`` (through SQLite's backup API,
    from one kept in memory, made once per process by running the migrations)."""
    with _EMPTY_LOCK:
        if not _EMPTY_AT_HEAD:
            _EMPTY_AT_HEAD.append(_migrated_in_memory())
        target = sqlite3.connect(path)
        try:
            _EMPTY_AT_HEAD[0].backup(target)
        finally:
            target.close()


def _migrated_in_memory() -> sqlite3.Connection:
    with tempfile.TemporaryDirectory(prefix="gin-scorer-empty-") as folder:
        made = Path(folder) / "empty.sqlite"
        db = _bare_sqlite(made, "empty")
        try:
            prepare(db, migrate=True)
        finally:
            db.close()
        memory = sqlite3.connect(":memory:", check_same_thread=False)
        source = sqlite3.connect(made)
        try:
            source.backup(memory)
        finally:
            source.close()
    return memory
