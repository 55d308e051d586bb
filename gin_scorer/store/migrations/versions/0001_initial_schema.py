"""The initial schema: players, events, entrants, rounds, matches, the hand log, the audit log.

Revision ID: 0001
Revises:
Create Date: 2026-11-22
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0001"
down_revision: str | None = None
branch_labels = None
depends_on = None

WHEN = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "player",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("name", sa.String(), nullable=False),
        sa.Column("club", sa.String(), nullable=True),
        sa.Column("member_number", sa.String(), nullable=True),
        sa.Column("contact", sa.String(), nullable=True),
    )
    op.create_table(
        "event",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("name", sa.String(), nullable=False),
        sa.Column("venue", sa.String(), nullable=True),
        sa.Column("start_date", sa.Date(), nullable=True),
        sa.Column("end_date", sa.Date(), nullable=True),
        sa.Column("format", sa.String(), nullable=False),
        sa.Column("rules_json", sa.Text(), nullable=False),
        sa.Column("settings_json", sa.Text(), nullable=False),
        sa.Column("status", sa.String(), nullable=False),
        sa.Column("pin_hash", sa.Text(), nullable=True),
        sa.Column("created_at", WHEN, nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
    )
    op.create_table(
        "entrant",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("event_id", sa.Integer(), sa.ForeignKey("event.id"), nullable=False),
        sa.Column("name", sa.String(), nullable=False),
        sa.Column("club", sa.String(), nullable=True),
        sa.Column("player_id", sa.Integer(), sa.ForeignKey("player.id"), nullable=True),
        sa.Column("partner_id", sa.Integer(), sa.ForeignKey("player.id"), nullable=True),
        sa.Column("seed", sa.Integer(), nullable=True),
        sa.Column("status", sa.String(), nullable=False),
        sa.Column("checked_in", sa.Boolean(), nullable=False),
        sa.Column("joined_round", sa.Integer(), nullable=False),
    )
    op.create_index("ix_entrant_event_id", "entrant", ["event_id"])
    op.create_table(
        "round",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("event_id", sa.Integer(), sa.ForeignKey("event.id"), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("status", sa.String(), nullable=False),
        sa.Column("paired_at", WHEN, nullable=True),
    )
    op.create_index("ix_round_event_id", "round", ["event_id"])
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
    )
    op.create_table(
        "hand_entry",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("match_id", sa.Integer(), sa.ForeignKey("match.id"), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(), nullable=False),
        sa.Column("supersedes_id", sa.Integer(), sa.ForeignKey("hand_entry.id"), nullable=True),
        sa.Column("record_json", sa.Text(), nullable=False),
        sa.Column("dealer", sa.String(), nullable=True),
        sa.Column("override_reason", sa.Text(), nullable=True),
        sa.Column("entered_by", sa.String(), nullable=False),
        sa.Column("station", sa.String(), nullable=False),
        sa.Column("entered_at", WHEN, nullable=False),
    )
    op.create_table(
        "audit_entry",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("at", WHEN, nullable=False),
        sa.Column("station", sa.String(), nullable=False),
        sa.Column("actor", sa.String(), nullable=False),
        sa.Column("action", sa.String(), nullable=False),
        sa.Column("subject", sa.String(), nullable=False),
        sa.Column("payload_json", sa.Text(), nullable=False),
        sa.Column("prev_hash", sa.Text(), nullable=False, unique=True),
        sa.Column("hash", sa.Text(), nullable=False, unique=True),
    )


def downgrade() -> None:
    for table in ("audit_entry", "hand_entry", "match", "round", "entrant", "event", "player"):
        op.drop_table(table)
