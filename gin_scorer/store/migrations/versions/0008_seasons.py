"""Seasons and leagues: a season counts events (club nights, tournaments) into one table by
its own knobs. Both tables are sealed and in the change feed: which nights count and how many
points a win is worth decide a league table as much as the hands do. A database sealed before
this revision has no such rows: its chain is unchanged.

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-25
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0008"
down_revision: str | None = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "season",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("name", sa.String(), nullable=False),
        sa.Column("scoring_json", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
    )
    op.create_table(
        "season_event",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("season_id", sa.Integer(), sa.ForeignKey("season.id"), nullable=False),
        sa.Column("event_id", sa.Integer(), sa.ForeignKey("event.id"), nullable=False),
        sa.UniqueConstraint("season_id", "event_id", name="uq_season_event"),
    )
    op.create_index("ix_season_event_season_id", "season_event", ["season_id"])


def downgrade() -> None:
    op.drop_index("ix_season_event_season_id", table_name="season_event")
    op.drop_table("season_event")
    op.drop_table("season")
