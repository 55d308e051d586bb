"""Table links bound to their match, and match numbers never used twice (decision 0026).

- ``match.id`` is never reused: SQLite's table is rebuilt with AUTOINCREMENT (its rows copied
  as they are, so the seal still holds them), and on both databases the next number starts
  above every match number the database ever held (its change feed and its take-backs in the
  audit log say which), so a number freed by a round taken back before this revision is not
  handed out again either.
- ``room_link``: the links the room knows beyond a match's own code. A match that existed
  before this revision keeps its old link ("legacy": a code of its number only) — unless its
  number had belonged to a match taken back earlier: that old link was the taken-back
  match's too, so it cannot tell the two apart, and the match opens only by its new link
  (``gin-scorer links`` prints it). Every match number taken back before this revision is
  recorded as a revoked link, so its old table card says the round was taken back.
- ``room_submission.link``: which link sent each hand (``verify`` compares it with its match).

Bookkeeping, not facts: nothing sealed is written, and the seal verifies as before.

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-27
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
from collections.abc import Iterator
from datetime import UTC, datetime

import sqlalchemy as sa
from alembic import op
from sqlalchemy.engine import Connection

revision: str = "0011"
down_revision: str | None = "0010"
branch_labels = None
depends_on = None

WHEN = sa.DateTime(timezone=True)
_MATCH_COLUMNS = (
    "id, event_id, round_id, table_number, entrant_a_id, entrant_b_id, bracket_slot, "
    "rules_json, status, version, created_at"
)


def upgrade() -> None:
    bind = op.get_bind()
    op.create_table(
        "room_link",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("match_id", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("round_number", sa.Integer(), nullable=True),
        sa.Column("kind", sa.String(), nullable=False),
        sa.Column("code_hash", sa.String(), nullable=True),
        sa.Column("at", WHEN, nullable=False),
    )
    op.create_index("ix_room_link_match_id", "room_link", ["match_id"])
    op.add_column("room_submission", sa.Column("link", sa.String(), nullable=True))
    gone = dict(_taken_back(bind))
    highest = max([_scalar(bind, 'SELECT max(id) FROM "match"'), *gone], default=0)
    if bind.dialect.name == "sqlite":
        _rebuild_with_autoincrement(bind)
        _sqlite_sequence_above(bind, highest)
    else:
        _pg_sequence_above(bind, highest)
    secret = bind.exec_driver_sql("SELECT value FROM setting WHERE key = 'room_secret'").scalar()
    if secret is not None:  # links were made: keep the old ones that still say one match
        _old_links(bind, str(secret), gone)


def _scalar(bind: Connection, sql: str) -> int:
    return int(bind.exec_driver_sql(sql).scalar() or 0)


def _taken_back(bind: Connection) -> Iterator[tuple[int, tuple[int, int | None]]]:
    """Every match number removed so far, with its event and round where known: the change
    feed's deletes of match rows, and the match numbers in each take-back's audit entry."""
    feed = "SELECT row_id, event_id FROM change WHERE table_name = 'match' AND op = 'delete'"
    for row_id, event_id in bind.exec_driver_sql(feed):
        if row_id is not None and event_id is not None:
            yield int(row_id), (int(event_id), None)
    audit = "SELECT subject, payload_json FROM audit_entry WHERE action = 'round.cancel'"
    for subject, payload in bind.exec_driver_sql(audit):
        try:
            said = json.loads(payload)
            event_id = int(str(subject).removeprefix("event:"))
        except ValueError:
            continue
        number = said.get("round") if isinstance(said, dict) else None
        for match_id in said.get("matches", []) if isinstance(said, dict) else []:
            if isinstance(match_id, int):
                yield match_id, (event_id, number if isinstance(number, int) else None)


def _rebuild_with_autoincrement(bind: Connection) -> None:
    """SQLite reuses the highest free rowid unless the table says AUTOINCREMENT, which only a
    new table can. Other tables' foreign keys name ``match``: they are checked at commit
    (``defer_foreign_keys``), once the same rows are back under the same numbers."""
    bind.exec_driver_sql("PRAGMA defer_foreign_keys = ON")
    bind.exec_driver_sql('CREATE TEMPORARY TABLE match_rows AS SELECT * FROM "match"')
    op.drop_index("ix_match_event_round", table_name="match")
    bind.exec_driver_sql('DROP TABLE "match"')
    op.create_table(
        "match",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("event_id", sa.Integer(), sa.ForeignKey("event.id"), nullable=False),
        sa.Column("round_id", sa.Integer(), sa.ForeignKey("round.id"), nullable=True),
        sa.Column("table_number", sa.Integer(), nullable=True),
        sa.Column("entrant_a_id", sa.Integer(), sa.ForeignKey("entrant.id"), nullable=False),
        sa.Column("entrant_b_id", sa.Integer(), sa.ForeignKey("entrant.id"), nullable=True),
        sa.Column("bracket_slot", sa.String(), nullable=True),
        sa.Column("rules_json", sa.Text(), nullable=False),
        sa.Column("status", sa.String(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("created_at", WHEN, nullable=False),
        sqlite_autoincrement=True,
    )
    op.create_index("ix_match_event_round", "match", ["event_id", "round_id"])
    bind.exec_driver_sql(
        f'INSERT INTO "match" ({_MATCH_COLUMNS}) '
        f"SELECT {_MATCH_COLUMNS} FROM match_rows ORDER BY id"
    )
    bind.exec_driver_sql("DROP TABLE match_rows")


def _sqlite_sequence_above(bind: Connection, highest: int) -> None:
    """The next match number is above ``highest``, the largest the database ever held."""
    if highest <= 0:
        return
    found = bind.exec_driver_sql("SELECT seq FROM sqlite_sequence WHERE name = 'match'").scalar()
    if found is None:
        bind.exec_driver_sql(
            "INSERT INTO sqlite_sequence (name, seq) VALUES ('match', ?)", (highest,)
        )
    elif int(found) < highest:
        bind.exec_driver_sql("UPDATE sqlite_sequence SET seq = ? WHERE name = 'match'", (highest,))


def _pg_sequence_above(bind: Connection, highest: int) -> None:
    """PostgreSQL's sequence never goes back by itself; a restore set it to the highest
    number present, which could be below one a take-back had freed."""
    sequence = bind.exec_driver_sql("SELECT pg_get_serial_sequence('\"match\"', 'id')").scalar()
    if sequence is None or highest <= 0:
        return
    last, called = bind.exec_driver_sql(f"SELECT last_value, is_called FROM {sequence}").one()
    used = int(last) if called else int(last) - 1
    if used < highest:
        bind.exec_driver_sql("SELECT setval(%(s)s, %(n)s, true)", {"s": sequence, "n": highest})


def _old_links(bind: Connection, secret: str, gone: dict[int, tuple[int, int | None]]) -> None:
    """Links made before this revision named a match by its number only. Each taken-back
    number's link is revoked; a match now holding such a number gets no old link (it would
    open for the taken-back match's card too); every other match keeps its old link."""
    now = datetime.now(UTC)
    if bind.dialect.name == "sqlite":
        now = now.replace(tzinfo=None)  # the store keeps naive UTC on SQLite
    table = sa.table(
        "room_link",
        sa.column("match_id", sa.Integer()),
        sa.column("event_id", sa.Integer()),
        sa.column("round_number", sa.Integer()),
        sa.column("kind", sa.String()),
        sa.column("code_hash", sa.String()),
        sa.column("at", WHEN),
    )
    rows = [
        {
            "match_id": match_id,
            "event_id": event_id,
            "round_number": number,
            "kind": "revoked",
            "code_hash": _hashed(_number_code(secret, match_id)),
            "at": now,
        }
        for match_id, (event_id, number) in sorted(gone.items())
    ]
    for match_id, event_id in bind.exec_driver_sql('SELECT id, event_id FROM "match"'):
        if int(match_id) not in gone:
            rows.append(
                {
                    "match_id": int(match_id),
                    "event_id": int(event_id),
                    "round_number": None,
                    "kind": "legacy",
                    "code_hash": None,
                    "at": now,
                }
            )
    if rows:
        bind.execute(table.insert(), rows)


def _number_code(secret: str, match_id: int) -> str:
    """A link's code before this revision: a keyed hash of the match's number only."""
    message = f"gin-scorer table {match_id}".encode()
    digest = hmac.new(bytes.fromhex(secret), message, hashlib.sha256).digest()
    return base64.b32encode(digest[:16]).decode().lower().rstrip("=")


def _hashed(code: str) -> str:
    return hashlib.sha256(code.encode()).hexdigest()


def downgrade() -> None:
    with op.batch_alter_table("room_submission") as batch:
        batch.drop_column("link")
    op.drop_index("ix_room_link_match_id", table_name="room_link")
    op.drop_table("room_link")
