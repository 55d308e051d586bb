"""A round's tables as a person reads them: each table's state in words and a mark (not colour
alone), and the status board's columns — for the app's Round status tab and the room's page."""

from __future__ import annotations

from gin_scorer.presentation.columns import ColumnSpec
from gin_scorer.tournament.tables import TableLine, TableState

_STATE_WORDS = {
    TableState.WAITING: "⚠ waiting for a result",
    TableState.PLAYING: "◐ playing",
    TableState.FINISHED: "✔ finished",
    TableState.BYE: "bye",
}


def state_text(state: TableState) -> str:
    """``✔ finished``, ``◐ playing``, ``⚠ waiting for a result``, ``bye``."""
    return _STATE_WORDS[state]


def table_text(line: TableLine) -> str:
    """``12`` or ``bye``."""
    return str(line.table) if line.table is not None else "bye"


STATUS_COLUMNS = [
    ColumnSpec("Table", table_text, lambda t: t.table if t.table is not None else 10**6),
    ColumnSpec("A", lambda t: t.a, align_left=True),
    ColumnSpec("B", lambda t: t.b or "— bye —", align_left=True),
    ColumnSpec("State", lambda t: state_text(t.state), align_left=True),
    ColumnSpec("Hands", lambda t: str(t.hands), lambda t: t.hands),
    ColumnSpec("Score", lambda t: t.score, align_left=True),
]
