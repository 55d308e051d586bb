"""Three-player tables: a match's third seat (Pagat's three-player game as an event format,
decision 0014). Sealed and in the change feed like the match it belongs to. A database sealed
before this revision has no such rows: its chain is unchanged.

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-26
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0010"
down_revision: str | None = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "match_seat",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("match_id", sa.Integer(), sa.ForeignKey("match.id"), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("entrant_id", sa.Integer(), sa.ForeignKey("entrant.id"), nullable=False),
        sa.UniqueConstraint("match_id", "position", name="uq_match_seat"),
    )
    op.create_index("ix_match_seat_match_id", "match_seat", ["match_id"])


def downgrade() -> None:
    op.drop_index("ix_match_seat_match_id", table_name="match_seat")
    op.drop_table("match_seat")
