"""Several stations: a change feed to poll, database settings, and the indexes the screens use.

Revision 0001 answered "all hands of match M" and "matches of round R" with full scans; with
a few thousand hands a busy event noticed. This adds those indexes, the ``change`` table other
stations poll (``id > last seen``) to refresh, and ``setting`` for database-wide settings
(director PIN, backup interval).

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-22
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index("ix_hand_entry_match_seq", "hand_entry", ["match_id", "seq"])
    op.create_index("ix_match_event_round", "match", ["event_id", "round_id"])
    op.create_table(
        "change",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("station", sa.String(), nullable=False),
        sa.Column("table_name", sa.String(), nullable=False),
        sa.Column("row_id", sa.Integer(), nullable=True),
        sa.Column("op", sa.String(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=True),
    )
    op.create_index("ix_change_event_id", "change", ["event_id"])
    op.create_table(
        "setting",
        sa.Column("key", sa.String(), primary_key=True),
        sa.Column("value", sa.Text(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("setting")
    op.drop_index("ix_change_event_id", table_name="change")
    op.drop_table("change")
    op.drop_index("ix_match_event_round", table_name="match")
    op.drop_index("ix_hand_entry_match_seq", table_name="hand_entry")
