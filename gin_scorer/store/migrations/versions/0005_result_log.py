"""Results reported without their hands: a slip, a forfeit, time called, an adjudication.

``result_entry`` is a match's second append-only log, beside the hand log: a correction or a
void is a new row superseding an old one, and the database refuses an UPDATE or DELETE of it
as it does for the hand log (revision 0003's function on PostgreSQL). It is sealed like every
other fact; a database sealed before this revision has no such rows, so its chain is unchanged.

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-25
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0005"
down_revision: str | None = "0004"
branch_labels = None
depends_on = None

MESSAGE = "result entries are append-only: record a correction or a void instead"


def upgrade() -> None:
    op.create_table(
        "result_entry",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("match_id", sa.Integer(), sa.ForeignKey("match.id"), nullable=False),
        sa.Column("kind", sa.String(), nullable=False),
        sa.Column("supersedes_id", sa.Integer(), sa.ForeignKey("result_entry.id"), nullable=True),
        sa.Column("outcome", sa.String(), nullable=False),
        sa.Column("winner", sa.String(), nullable=True),
        sa.Column("games_a", sa.Integer(), nullable=False),
        sa.Column("games_b", sa.Integer(), nullable=False),
        sa.Column("game_points_json", sa.Text(), nullable=False),
        sa.Column("reason", sa.Text(), nullable=True),
        sa.Column("entered_by", sa.String(), nullable=False),
        sa.Column("station", sa.String(), nullable=False),
        sa.Column("entered_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_result_entry_match", "result_entry", ["match_id"])
    if op.get_bind().dialect.name == "postgresql":
        op.execute(
            "CREATE TRIGGER result_entry_append_only BEFORE UPDATE OR DELETE ON result_entry "
            f"FOR EACH ROW EXECUTE FUNCTION gin_scorer_append_only('{MESSAGE}')"
        )
        return
    for action in ("update", "delete"):
        op.execute(
            f"CREATE TRIGGER result_entry_append_only_{action} BEFORE {action.upper()} ON "
            f"result_entry BEGIN SELECT RAISE(ABORT, '{MESSAGE}'); END"
        )


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute("DROP TRIGGER result_entry_append_only ON result_entry")
    else:
        for action in ("update", "delete"):
            op.execute(f"DROP TRIGGER result_entry_append_only_{action}")
    op.drop_index("ix_result_entry_match", table_name="result_entry")
    op.drop_table("result_entry")
