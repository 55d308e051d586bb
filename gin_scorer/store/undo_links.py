"""The undo links: which log row an undo or a redo wrote, and which row it takes back
(decision 0029). A table of the schema like those of :mod:`gin_scorer.store.tables` (which
lists it among the sealed tables), kept in its own module; the seal imports it, so it is
registered wherever rows are sealed or read back.
"""

from __future__ import annotations

from sqlalchemy import UniqueConstraint
from sqlmodel import Field, SQLModel


class UndoLink(SQLModel, table=True):
    """A log row written by an undo or a redo, and the row of the same log it takes back
    (decision 0029): ``log`` is "hand" (``hand_entry``) or "result" (``result_entry``),
    ``entry_id`` the row the undo wrote, ``undoes_id`` the row it undoes. A redo is an undo
    taken back. Sealed, and in its own table so that no hand or result sealed before it
    changes; a row's reason keeps only the words a person typed.
    """

    __tablename__ = "undo_link"
    __table_args__ = (UniqueConstraint("log", "entry_id", name="uq_undo_link_entry"),)

    id: int | None = Field(default=None, primary_key=True)
    match_id: int = Field(foreign_key="match.id", index=True)
    log: str  # "hand" / "result"
    entry_id: int
    undoes_id: int


HAND_LOG = "hand"  # UndoLink.log of a hand_entry row
RESULT_LOG = "result"  # UndoLink.log of a result_entry row
