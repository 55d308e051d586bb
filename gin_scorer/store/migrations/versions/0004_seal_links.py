"""The seal: one hash-chained link per committed write, holding every sealed row it wrote.

Until now only the audit entries were chained: a hand edited, inserted or deleted directly in
the file went unnoticed. ``seal_link`` (see :mod:`gin_scorer.store.seal`) is append-only in
the database itself, like the logs of revision 0003. An existing database is sealed as it
stands at this upgrade: one first link holds every sealed row ("sealing began here"); a new
database starts with an empty chain.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-24
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels = None
depends_on = None

MESSAGE = "the seal is append-only"


def upgrade() -> None:
    op.create_table(
        "seal_link",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("station", sa.String(), nullable=False),
        sa.Column("body_json", sa.Text(), nullable=False),
        sa.Column("signatures_json", sa.Text(), nullable=True),
        sa.Column("prev_hash", sa.Text(), nullable=False, unique=True),
        sa.Column("hash", sa.Text(), nullable=False, unique=True),
    )
    if op.get_bind().dialect.name == "postgresql":
        # gin_scorer_append_only() comes from revision 0003 (a restore may replace rows).
        op.execute(
            "CREATE TRIGGER seal_link_append_only BEFORE UPDATE OR DELETE ON seal_link "
            f"FOR EACH ROW EXECUTE FUNCTION gin_scorer_append_only('{MESSAGE}')"
        )
    else:
        for action in ("update", "delete"):
            op.execute(
                f"CREATE TRIGGER seal_link_append_only_{action} BEFORE {action.upper()} ON "
                f"seal_link BEGIN SELECT RAISE(ABORT, '{MESSAGE}'); END"
            )
    # Imported here: the seal's canonical form must be exactly the one the app writes.
    from gin_scorer.store.seal import seal_everything

    seal_everything(op.get_bind(), "upgrade", reflect=True)


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute("DROP TRIGGER seal_link_append_only ON seal_link")
    else:
        for action in ("update", "delete"):
            op.execute(f"DROP TRIGGER seal_link_append_only_{action}")
    op.drop_table("seal_link")
