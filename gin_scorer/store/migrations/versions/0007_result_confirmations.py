"""The players' word on a decided match, given at the table (the room): one append-only row
per word, bound to the match version it was given at. Sealed and in the change feed like the
logs beside it; UPDATE and DELETE are refused as for them (revision 0003's function on
PostgreSQL). A database sealed before this revision has no such rows: its chain is unchanged.

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-25
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0007"
down_revision: str | None = "0006"
branch_labels = None
depends_on = None

MESSAGE = "confirmations are append-only: a player who changes their mind adds a new one"


def upgrade() -> None:
    op.create_table(
        "result_confirmation",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("match_id", sa.Integer(), sa.ForeignKey("match.id"), nullable=False),
        sa.Column("side", sa.String(), nullable=False),
        sa.Column("match_version", sa.Integer(), nullable=False),
        sa.Column("agrees", sa.Boolean(), nullable=False),
        sa.Column("reason", sa.Text(), nullable=True),
        sa.Column("entered_by", sa.String(), nullable=False),
        sa.Column("station", sa.String(), nullable=False),
        sa.Column("entered_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_result_confirmation_match", "result_confirmation", ["match_id"])
    if op.get_bind().dialect.name == "postgresql":
        op.execute(
            "CREATE TRIGGER result_confirmation_append_only BEFORE UPDATE OR DELETE ON "
            "result_confirmation FOR EACH ROW EXECUTE FUNCTION "
            f"gin_scorer_append_only('{MESSAGE}')"
        )
        return
    for action in ("update", "delete"):
        op.execute(
            f"CREATE TRIGGER result_confirmation_append_only_{action} BEFORE {action.upper()} "
            f"ON result_confirmation BEGIN SELECT RAISE(ABORT, '{MESSAGE}'); END"
        )


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute("DROP TRIGGER result_confirmation_append_only ON result_confirmation")
    else:
        for action in ("update", "delete"):
            op.execute(f"DROP TRIGGER result_confirmation_append_only_{action}")
    op.drop_index("ix_result_confirmation_match", table_name="result_confirmation")
    op.drop_table("result_confirmation")
