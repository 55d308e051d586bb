"""Undo as a link, not a text (decision 0029): ``undo_link`` names, for each log row written
by an undo or a redo, the row of the same log it takes back.

Until this revision an undo was told by its reason's first words: the desk's Ctrl+Z and the
command line's ``hand undo`` stored ``undo of ...`` in ``hand_entry.override_reason``. Those
rows are read here, once, and nowhere else afterwards:

- ``undo of entry N`` (the command line, the phone's take-back): row N;
- ``undo of recording hand N`` (the desk's undo of a hand it recorded: a void of the row then
  in force for that hand): the first row of the hand the void withdraws, the recording;
- ``undo of correction (...)`` (the desk's undo of a correction: a correction back, written
  over the correction then in force): the row it supersedes.

A result-log void was only ever written by a take-back (``void_result``), so each links to
the row it voids. The links are new rows of a new table, so no hand or result sealed before
changes; they are sealed by one link written here (station ``upgrade``), as revision 0004
sealed what it found, so ``verify`` accounts for them and every older seal code still holds.

Revision ID: 0012
Revises: 0011
Create Date: 2026-11-28
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import sqlalchemy as sa
from alembic import op
from sqlalchemy.engine import Connection

revision: str = "0012"
down_revision: str | None = "0011"
branch_labels = None
depends_on = None

_OF_ENTRY = re.compile(r"undo of entry (\d+)\Z")
_OF_RECORDING = re.compile(r"undo of recording hand \d+\Z")
_OF_CORRECTION = re.compile(r"undo of correction \(.*\)\Z", re.DOTALL)


def upgrade() -> None:
    op.create_table(
        "undo_link",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("match_id", sa.Integer(), sa.ForeignKey("match.id"), nullable=False),
        sa.Column("log", sa.String(), nullable=False),
        sa.Column("entry_id", sa.Integer(), nullable=False),
        sa.Column("undoes_id", sa.Integer(), nullable=False),
        sa.UniqueConstraint("log", "entry_id", name="uq_undo_link_entry"),
    )
    op.create_index("ix_undo_link_match_id", "undo_link", ["match_id"])
    bind = op.get_bind()
    links = [*_hand_links(bind), *_result_links(bind)]
    if links:
        _write_and_seal(bind, links)


def downgrade() -> None:
    op.drop_index("ix_undo_link_match_id", table_name="undo_link")
    op.drop_table("undo_link")


def undone_by_text(
    reason: str | None, supersedes: int | None, chain: dict[int, int | None]
) -> int | None:
    """The row an old text-marked undo row takes back (None: not an undo's reason).
    ``chain`` maps each row of the match's hand log to the row it supersedes."""
    if reason is None:
        return None
    if found := _OF_ENTRY.match(reason):
        return int(found.group(1))
    if _OF_RECORDING.match(reason) and supersedes is not None:
        root = supersedes
        while (before := chain.get(root)) is not None:
            root = before
        return root
    if _OF_CORRECTION.match(reason):
        return supersedes
    return None


def _hand_links(bind: Connection) -> Iterator[tuple[int, str, int, int]]:
    rows = bind.execute(
        sa.text("SELECT id, match_id, supersedes_id, override_reason FROM hand_entry ORDER BY id")
    ).all()
    chains: dict[int, dict[int, int | None]] = {}
    for entry_id, match_id, supersedes, _reason in rows:
        chains.setdefault(match_id, {})[entry_id] = supersedes
    for entry_id, match_id, supersedes, reason in rows:
        undoes = undone_by_text(reason, supersedes, chains[match_id])
        if undoes is not None and undoes in chains[match_id]:
            yield match_id, "hand", entry_id, undoes


def _result_links(bind: Connection) -> Iterator[tuple[int, str, int, int]]:
    query = "SELECT id, match_id, supersedes_id FROM result_entry WHERE kind = 'void' ORDER BY id"
    for entry_id, match_id, supersedes in bind.execute(sa.text(query)):
        if supersedes is not None:
            yield match_id, "result", entry_id, supersedes


def _write_and_seal(bind: Connection, links: list[tuple[int, str, int, int]]) -> None:
    # Imported here: the seal's canonical form must be exactly the one the app writes.
    from gin_scorer.store.seal import append_link
    from gin_scorer.store.seal_rows import canonical_row

    table = sa.Table("undo_link", sa.MetaData(), autoload_with=bind)
    bind.execute(
        table.insert(),
        [{"match_id": m, "log": log, "entry_id": e, "undoes_id": u} for m, log, e, u in links],
    )
    written = bind.execute(sa.select(table).order_by(table.c.id)).mappings()
    body = [
        {"t": "undo_link", "id": row["id"], "op": "insert", "row": canonical_row("undo_link", row)}
        for row in written
    ]
    append_link(bind, body, "upgrade")
