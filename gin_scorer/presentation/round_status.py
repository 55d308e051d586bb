"""A round's tables as a person reads them: each table's state in words and a mark (not colour
alone), and the status board's columns — for the app's Round status tab and the room's page."""

from __future__ import annotations

from gin_scorer.core.hands import Side
from gin_scorer.presentation.columns import ColumnSpec
from gin_scorer.presentation.words import QT_TRANSLATE_NOOP, said_text, translate
from gin_scorer.tournament.confirmation import Agreement
from gin_scorer.tournament.tables import TableLine, TableState

_STATE_WORDS = {
    TableState.WAITING: QT_TRANSLATE_NOOP("round_status", "⚠ waiting for a result"),
    TableState.PLAYING: QT_TRANSLATE_NOOP("round_status", "◐ playing"),
    TableState.FINISHED: QT_TRANSLATE_NOOP("round_status", "✔ finished"),
    TableState.BYE: QT_TRANSLATE_NOOP("round_status", "bye"),
}


def state_text(state: TableState) -> str:
    """``✔ finished``, ``◐ playing``, ``⚠ waiting for a result``, ``bye``."""
    return translate("round_status", _STATE_WORDS[state])


def room_state_text(line: TableLine) -> str:
    """A table's state as the room's page says it to the players: a decided match reads
    ``◑ waiting for Bob's confirmation`` once one player has confirmed it at the table, until
    the other has (then ``✔ finished``), and ``⚑ a player says the result is wrong`` while
    disputed. A table of three, whose players do not confirm in the room, and a match not
    decided yet read as :func:`state_text`."""
    said = line.confirmation
    if line.state is not TableState.FINISHED or said is None or line.c or line.b is None:
        return state_text(line.state)
    agreement = said.agreement
    if agreement is Agreement.DISPUTED:
        return translate("round_status", "⚑ a player says the result is wrong: the desk decides")
    if agreement is Agreement.ONE_SIDE:
        agreed = next(w.side for w in said.words if w.agrees)
        waiting = line.b if agreed is Side.A else line.a
        return translate("round_status", "◑ waiting for {0}'s confirmation").format(waiting)
    # Confirmed, or nobody has answered yet: a match settled at the desk alone (a locked
    # result, a club without the room) is finished without the players' word.
    return state_text(line.state)


def table_text(line: TableLine) -> str:
    """``12`` or ``bye``."""
    return str(line.table) if line.table is not None else translate("round_status", "bye")


def agreement_text(line: TableLine) -> str:
    """What the players said at the table about the result: ``✔✔ both confirmed``,
    ``⚑ disputed by Bob: …``; empty when nobody used the room's confirmation."""
    said = line.confirmation
    if said is None:
        return ""
    agreement = said.agreement
    if agreement is Agreement.DISPUTED:
        names = {Side.A: line.a, Side.B: line.b or "—"}
        no_reason = translate("round_status", "no reason given")
        return translate("round_status", "⚑ disputed: {0}").format(
            "; ".join(f"{names[w.side]}: {w.reason or no_reason}" for w in said.disputes)
        )
    if agreement is Agreement.CONFIRMED:
        return translate("round_status", "✔✔ both confirmed")
    if agreement is Agreement.ONE_SIDE:
        return translate("round_status", "✔ one player confirmed")
    if said.overtaken:
        return translate("round_status", "↺ changed after the players confirmed")
    return ""


STATUS_COLUMNS = [
    ColumnSpec(
        QT_TRANSLATE_NOOP("columns", "Table"),
        table_text,
        lambda t: t.table if t.table is not None else 10**6,
    ),
    ColumnSpec(QT_TRANSLATE_NOOP("columns", "A"), lambda t: t.a, align_left=True),
    ColumnSpec(
        QT_TRANSLATE_NOOP("columns", "B"),
        lambda t: t.b or translate("round_status", "— bye —"),
        align_left=True,
    ),
    ColumnSpec(
        QT_TRANSLATE_NOOP("columns", "State"), lambda t: state_text(t.state), align_left=True
    ),
    ColumnSpec(QT_TRANSLATE_NOOP("columns", "Hands"), lambda t: str(t.hands), lambda t: t.hands),
    ColumnSpec(
        QT_TRANSLATE_NOOP("columns", "Score"), lambda t: said_text(t.score), align_left=True
    ),
    ColumnSpec(QT_TRANSLATE_NOOP("columns", "Players"), agreement_text, align_left=True),
]
