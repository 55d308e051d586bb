"""The hand log and the audit log are append-only in the database itself.

Hands are facts: a correction or a void is a new row that supersedes an old one, and the audit
log is a hash chain. Until now only the code kept to that; from this revision the database
refuses an UPDATE or DELETE of either log from any program (a bug, a hand-edited SQL session),
so a recorded hand can never silently change. A PostgreSQL restore (which replaces every row
in one transaction) sets ``gin_scorer.restoring`` for its transaction; a SQLite restore copies
pages and never deletes rows.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-22
"""

from __future__ import annotations

from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels = None
depends_on = None

LOGS = {
    "hand_entry": "hand entries are append-only: record a correction or a void instead",
    "audit_entry": "the audit log is append-only",
}


def upgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute(
            """
            CREATE FUNCTION gin_scorer_append_only() RETURNS trigger
            LANGUAGE plpgsql AS $$
            BEGIN
                IF current_setting('gin_scorer.restoring', true) = 'on' THEN
                    IF TG_OP = 'DELETE' THEN
                        RETURN OLD;
                    END IF;
                    RETURN NEW;
                END IF;
                RAISE EXCEPTION '%', TG_ARGV[0];
            END $$
            """
        )
        for table, message in LOGS.items():
            op.execute(
                f"CREATE TRIGGER {table}_append_only BEFORE UPDATE OR DELETE ON {table} "
                f"FOR EACH ROW EXECUTE FUNCTION gin_scorer_append_only('{message}')"
            )
        return
    for table, message in LOGS.items():
        for action in ("update", "delete"):
            op.execute(
                f"CREATE TRIGGER {table}_append_only_{action} BEFORE {action.upper()} ON "
                f"{table} BEGIN SELECT RAISE(ABORT, '{message}'); END"
            )


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        for table in LOGS:
            op.execute(f"DROP TRIGGER {table}_append_only ON {table}")
        op.execute("DROP FUNCTION gin_scorer_append_only()")
        return
    for table in LOGS:
        for action in ("update", "delete"):
            op.execute(f"DROP TRIGGER {table}_append_only_{action}")
