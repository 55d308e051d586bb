"""The keys of hands sent from the tables' phones (the room), so that a send repeated after a
lost reply records nothing twice. Bookkeeping beside the hand log, not a fact of it: not
sealed, not in the change feed.

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-25
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0006"
down_revision: str | None = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "room_submission",
        sa.Column("key", sa.String(), primary_key=True),
        sa.Column("match_id", sa.Integer(), sa.ForeignKey("match.id"), nullable=False),
        sa.Column("hand_entry_id", sa.Integer(), sa.ForeignKey("hand_entry.id"), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_room_submission_match_id", "room_submission", ["match_id"])


def downgrade() -> None:
    op.drop_index("ix_room_submission_match_id", table_name="room_submission")
    op.drop_table("room_submission")
