"""Teams of three and more: a team's third and later players (Tedesco's team game as an event
format). Sealed and in the change feed like the entrant they belong to. A database sealed
before this revision has no such rows: its chain is unchanged.

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-25
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0009"
down_revision: str | None = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "team_member",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("entrant_id", sa.Integer(), sa.ForeignKey("entrant.id"), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), sa.ForeignKey("player.id"), nullable=False),
        sa.UniqueConstraint("entrant_id", "position", name="uq_team_member"),
    )
    op.create_index("ix_team_member_entrant_id", "team_member", ["entrant_id"])


def downgrade() -> None:
    op.drop_index("ix_team_member_entrant_id", table_name="team_member")
    op.drop_table("team_member")
