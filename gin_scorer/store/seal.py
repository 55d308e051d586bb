"""The seal: a hash chain over every fact a standing is computed from.

Every committed write transaction that touches a sealed row (hands, matches, rounds,
entrants, events, players, the audit log and the director PIN setting) appends ONE
:class:`~gin_scorer.store.tables.SealLink` holding those rows as they stand after it
(``{"t": table, "id": pk, "op": ..., "row": {column: value} | null}``), chained by
``hash = sha256(prev_hash, body, at, station)``. Replaying the links gives the content every
sealed row must have now, so a row changed, inserted or deleted behind the app's back shows
(see :mod:`gin_scorer.store.seal_check`).

How writes are collected: :func:`watch_session` (installed by ``Database.transaction``) notes
every ORM-flushed sealed row; core ``UPDATE``/``INSERT``/``DELETE`` statements bypass the
flush, so code issuing one calls :func:`note_row` (as ``concurrency.bump_version`` does).
At commit the noted rows are re-read by primary key and the link is written in the same
transaction: a fact and its seal commit together or not at all.

- :func:`authorize` — a service calls it inside a transaction after it has checked a PIN,
  naming the guard whose PIN allowed the action (``"database"`` for the database-wide
  director PIN, ``"event:<id>"`` for an event's PIN). The link is then signed with an Ed25519
  key derived from that PIN (:func:`gin_scorer.store.pin.signing_key`), so nobody without it
  can forge a director action.

The short code (:func:`seal_code`, ``<link id>-XXXX-XXXX-XXXX``) anchors the chain outside
the file: 60 bits of the newest link's hash, printed on sheets.
"""

from __future__ import annotations

import base64
import functools
import hashlib
import re
from collections.abc import Iterable, Mapping
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from sqlalchemy import (
    Insert,
    Select,
    Table,
    event,
    func,
    insert,
    select,
)
from sqlalchemy.engine import Connection
from sqlalchemy.orm import Session

from gin_scorer.store import audit
from gin_scorer.store.audit import canonical_json
from gin_scorer.store.seal_rows import (
    all_sealed_rows,
    canonical_row,
    pk_column,
    read_rows,
)
from gin_scorer.store.tables import (
    SEALED_SETTINGS,
    SEALED_TABLES,
    AuditEntry,
    SealLink,
    utcnow,
)

if TYPE_CHECKING:
    from gin_scorer.store.connection import Database

AUTHORIZATIONS = "seal_authorizations"
_GUARD_PINS = "seal_guard_pins"  # guard -> its stored PIN string when authorize() was called
_NOTED = "seal_noted"  # (table, pk) -> True when the transaction inserted it
_PG_SEAL_LOCK = 0x67696E73
GENESIS = ""
DATABASE_GUARD = "database"
_CODE = re.compile(r"^\s*(\d+)-([A-Z2-7]{4})-?([A-Z2-7]{4})-?([A-Z2-7]{4})\s*$")


# ---------------------------------------------------------------------------------------------
# Which rows are sealed


def is_sealed_row(table: str, pk: Any) -> bool:
    return table in SEALED_TABLES and (table != "setting" or pk in SEALED_SETTINGS)


def _sort_key(entry: Mapping[str, Any]) -> tuple[int, int, str]:
    pk = entry["id"]
    return (SEALED_TABLES.index(entry["t"]), pk if isinstance(pk, int) else 0, str(pk))


# ---------------------------------------------------------------------------------------------
# Hashes and codes


def link_hash(prev_hash: str, body_json: str, at: datetime, station: str) -> str:
    """``sha256(prev_hash + body + at + station)``, the parts separated by newlines (the
    canonical body and the time hold none), so no two different links hash the same text."""
    return link_text_hash(
        prev_hash, body_json, at.astimezone(UTC).isoformat(timespec="microseconds"), station
    )


def link_text_hash(prev_hash: str, body_json: str, at_text: str, station: str) -> str:
    text = "\n".join((prev_hash, body_json, at_text, station))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def seal_code(link_id: int, hash_hex: str) -> str:
    """``<link id>-XXXX-XXXX-XXXX``: 12 base32 characters (60 bits) of the link's hash —
    short enough to read aloud, too long to grind a forged history that matches it."""
    letters = base64.b32encode(bytes.fromhex(hash_hex)[:8]).decode("ascii")[:12]
    return f"{link_id}-{letters[0:4]}-{letters[4:8]}-{letters[8:12]}"


def parse_seal_code(code: str) -> tuple[int, str] | None:
    """``(link id, canonical code)`` of a code as a person typed it, or ``None`` if it is not
    one (letters are read case-insensitively; dashes between groups may be left out)."""
    found = _CODE.match(code.upper())
    if found is None:
        return None
    link_id = int(found.group(1))
    return link_id, f"{link_id}-{found.group(2)}-{found.group(3)}-{found.group(4)}"


# ---------------------------------------------------------------------------------------------
# Collecting the writes of a transaction


def note_row(session: Session, table: str, pk: Any, *, inserted: bool = False) -> None:
    """Seal row ``pk`` of ``table`` at commit: for writes made with core statements, which
    the ORM flush does not see. Rows of tables the seal does not cover are ignored."""
    if is_sealed_row(table, pk):
        noted: dict[tuple[str, Any], bool] = session.info.setdefault(_NOTED, {})
        noted[(table, pk)] = noted.get((table, pk), False) or inserted


def _note_flushed(session: Session) -> None:
    groups: Iterable[tuple[bool, Iterable[Any]]] = (
        (True, session.new),
        (False, (o for o in session.dirty if session.is_modified(o))),
        (False, session.deleted),
    )
    for inserted, objects in groups:
        for obj in objects:
            table = getattr(obj, "__tablename__", None)
            if table is not None:
                note_row(session, table, getattr(obj, pk_column(table), None), inserted=inserted)


def _body(connection: Connection, noted: Mapping[tuple[str, Any], bool]) -> list[dict[str, Any]]:
    by_table: dict[str, list[Any]] = {}
    for table, pk in noted:
        by_table.setdefault(table, []).append(pk)
    entries: list[dict[str, Any]] = []
    for table, pks in by_table.items():
        rows = read_rows(connection, table, pks)
        for pk in pks:
            row = rows.get(pk)
            if row is None and noted[(table, pk)]:
                continue  # inserted and deleted again in the same transaction: nothing
            op = "delete" if row is None else "insert" if noted[(table, pk)] else "update"
            entries.append({"t": table, "id": pk, "op": op, "row": row})
    entries.sort(key=_sort_key)
    return entries


@functools.cache
def _latest_statement() -> Select[Any]:
    table = sealed_link_table()
    return select(table.c.id, table.c.hash).order_by(table.c.id.desc()).limit(1)


def latest_link(session_or_connection: Session | Connection) -> tuple[int, str] | None:
    """``(id, hash)`` of the newest link, ``None`` while nothing is sealed."""
    row = session_or_connection.execute(_latest_statement()).first()
    return None if row is None else (int(row[0]), str(row[1]))


def sealed_link_table() -> Table:
    return SealLink.__table__  # type: ignore[attr-defined, no-any-return]


def _signatures(session: Session, hash_hex: str) -> str | None:
    from gin_scorer.store.pin import signing_key

    granted: dict[str, str] = session.info.get(AUTHORIZATIONS, {})
    stored: dict[str, str | None] = session.info.get(_GUARD_PINS, {})
    signatures: dict[str, str] = {}
    for guard, pin in granted.items():
        current = stored.get(guard)
        key = signing_key(pin, current) if current else None
        if key is not None:
            signatures[guard] = key.sign(hash_hex.encode("ascii")).hex()
    return canonical_json(signatures) if signatures else None


@functools.cache
def _insert_statement() -> Insert:
    return insert(sealed_link_table())


def append_link(
    connection: Connection,
    body: list[dict[str, Any]],
    station: str,
    signatures: Any = None,
    *,
    prev: str | None = None,
) -> tuple[int, str]:
    """Append a link holding ``body`` after the newest one; return its ``(id, hash)``.

    ``signatures`` is a callable ``hash -> signatures_json | None`` (or ``None``). ``prev``:
    the newest link's hash, read by a caller that already holds the chain's lock."""
    if prev is None:
        if connection.dialect.name == "postgresql":
            connection.execute(select(func.pg_advisory_xact_lock(_PG_SEAL_LOCK)))
        latest = latest_link(connection)
        prev = latest[1] if latest else GENESIS
    at = utcnow()
    body_json = canonical_json(body)
    digest = link_hash(prev, body_json, at, station)
    signed = signatures(digest) if signatures is not None else None
    result = connection.execute(
        _insert_statement(),
        {
            "at": at,
            "station": station,
            "body_json": body_json,
            "signatures_json": signed,
            "prev_hash": prev,
            "hash": digest,
        },
    )
    inserted = result.inserted_primary_key
    assert inserted is not None
    return int(inserted[0]), digest


def _seal_transaction(session: Session) -> None:
    """The commit step: this transaction's audit entries chained onto the log, and its link.

    The transaction's own rows are read first: they are final, and no other writer can
    change them. Only then is the chains' lock taken (on PostgreSQL, the audit's and the
    seal's in one statement, in the order every writer takes them), and held for the last
    statements: both chains' newest hashes, the audit entries, the link, and the commit."""
    session.flush()
    noted: dict[tuple[str, Any], bool] = session.info.pop(_NOTED, {})
    pending: list[AuditEntry] = session.info.pop(audit.PENDING, [])
    if not noted and not pending:
        return
    connection = session.connection()
    body = _body(connection, noted)
    if not body and not pending:
        return
    if connection.dialect.name == "postgresql":
        locks = [func.pg_advisory_xact_lock(_PG_SEAL_LOCK)]
        if pending:
            locks.insert(0, func.pg_advisory_xact_lock(audit.PG_AUDIT_LOCK))
        connection.execute(select(*locks))
    audit_prev, seal_prev = connection.execute(_newest_hashes()).one()
    if pending:
        audit.chain(session, pending, audit_prev or audit.GENESIS)
        session.info.pop(_NOTED, None)  # the entries just flushed: sealed from their values
        body = sorted(body + [_inserted_entry(entry) for entry in pending], key=_sort_key)
    station = str(session.info.get("station") or "unknown")
    signer = lambda digest: _signatures(session, digest)  # noqa: E731
    append_link(connection, body, station, signer, prev=seal_prev or GENESIS)


@functools.cache
def _newest_hashes() -> Select[Any]:
    """The audit log's and the seal's newest hashes, in one statement (built once)."""
    return select(
        audit.latest_hash_statement().scalar_subquery(),
        _latest_statement().with_only_columns(sealed_link_table().c.hash).scalar_subquery(),
    )


def _inserted_entry(entry: AuditEntry) -> dict[str, Any]:
    """The seal's record of an audit entry this transaction inserted (as read back)."""
    columns = AuditEntry.__table__.columns  # type: ignore[attr-defined]
    row = canonical_row("audit_entry", {c.name: getattr(entry, c.name) for c in columns})
    return {"t": "audit_entry", "id": entry.id, "op": "insert", "row": row}


def watch_session(session: Session, db: Database | None = None) -> None:
    """Seal every write of ``session`` (called by ``Database.transaction``)."""

    def after_flush(flushed: Session, _context: Any) -> None:
        _note_flushed(flushed)

    def before_commit(committing: Session) -> None:
        _seal_transaction(committing)

    def after_rollback(rolled_back: Session) -> None:
        rolled_back.info.pop(_NOTED, None)
        rolled_back.info.pop(audit.PENDING, None)

    session.info[audit.CHAINED_AT_COMMIT] = True

    event.listen(session, "after_flush", after_flush)
    event.listen(session, "before_commit", before_commit)
    event.listen(session, "after_rollback", after_rollback)


# ---------------------------------------------------------------------------------------------
# Director actions


def guard_pin(session: Session, guard: str) -> str | None:
    """The stored PIN string guarding ``guard`` as this transaction sees it now."""
    from gin_scorer.store.tables import Event, Setting

    connection = session.connection()
    if guard == DATABASE_GUARD:
        setting = Setting.__table__  # type: ignore[attr-defined]
        value = connection.execute(
            select(setting.c.value).where(setting.c.key == "director_pin")
        ).scalar_one_or_none()
    elif guard.startswith("event:") and guard[6:].isdigit():
        events = Event.__table__  # type: ignore[attr-defined]
        value = connection.execute(
            select(events.c.pin_hash).where(events.c.id == int(guard[6:]))
        ).scalar_one_or_none()
    else:
        raise ValueError(f"unknown guard {guard!r}: 'database' or 'event:<id>'")
    return str(value) if value else None


def authorize(session: Session, guard: str, pin: str) -> None:
    """Record that ``pin`` (already checked against ``guard``'s stored hash) allowed what this
    transaction does. Call it once per guard per transaction, after the PIN check passed
    (before the transaction changes that PIN: the link is signed with the key of the PIN
    string stored when this is called)."""
    granted: dict[str, str] = session.info.setdefault(AUTHORIZATIONS, {})
    granted[guard] = pin
    stored: dict[str, str | None] = session.info.setdefault(_GUARD_PINS, {})
    if guard not in stored:
        stored[guard] = guard_pin(session, guard)


def seal_everything(connection: Connection, station: str, *, reflect: bool = False) -> int | None:
    """Write one link holding every sealed row as it stands (sealing an existing database
    that was never sealed: "sealing began here"); ``None`` when there is nothing to seal."""
    body = [
        {"t": name, "id": pk, "op": "insert", "row": row}
        for name, pk, row in all_sealed_rows(connection, reflect=reflect)
    ]
    if not body:
        return None
    return append_link(connection, body, station)[0]
