"""``verify``'s look at an event's undo links (decision 0029): each names a row an undo or a
redo wrote and the row it takes back. The services write them in the undo's own transaction,
so a link that fails here was made or changed behind the app's back (the seal says which
row); this says what is wrong with it, in one line each: a row that does not exist, a row of
another match, an undo row that is no undo, a row taken back twice, a link pointing forward
in time. What the links make of the sheet (the undo fold) reads them as they are."""

from __future__ import annotations

from collections.abc import Iterable

from sqlmodel import Session, col, select

from gin_scorer.core.wording import Said, said
from gin_scorer.services.queries.hand_checks import event_place
from gin_scorer.services.support.dto import EntryKind
from gin_scorer.store.tables import Event, HandEntry, Match, ResultEntry
from gin_scorer.store.undo_links import HAND_LOG, RESULT_LOG, UndoLink

_Row = tuple[int, str]  # a log row's match id and kind


def undo_link_findings(session: Session, event: Event) -> list[Said]:
    """One sentence for each thing wrong with the undo links of ``event``'s matches."""
    links = list(
        session.exec(
            select(UndoLink)
            .join(Match, col(Match.id) == col(UndoLink.match_id))
            .where(Match.event_id == event.id)
            .order_by(col(UndoLink.id))
        )
    )
    if not links:
        return []
    rows = {
        HAND_LOG: _log_rows(session, HandEntry, links, HAND_LOG),
        RESULT_LOG: _log_rows(session, ResultEntry, links, RESULT_LOG),
    }
    found: list[Said] = []
    first_taker: dict[tuple[str, int], int] = {}
    for link in links:
        assert link.id is not None
        where = said("{0}, match {1}", event_place(event), link.match_id)
        problem = _problem(link, rows.get(link.log))
        if problem is None:
            taker = first_taker.setdefault((link.log, link.undoes_id), link.id)
            if taker != link.id:
                problem = said(
                    "undo links {0} and {1} both take back {2}",
                    taker,
                    link.id,
                    _row_name(link.log, link.undoes_id),
                )
        if problem is not None:
            found.append(said("{0}: {1}", where, problem))
    return found


def _log_rows(
    session: Session,
    table: type[HandEntry] | type[ResultEntry],
    links: Iterable[UndoLink],
    log: str,
) -> dict[int, _Row]:
    """The rows of one log the links name: id -> (match id, kind)."""
    ids = {i for link in links if link.log == log for i in (link.entry_id, link.undoes_id)}
    if not ids:
        return {}
    query = select(table.id, table.match_id, table.kind).where(col(table.id).in_(ids))
    return {int(i or 0): (int(m), str(k)) for i, m, k in session.exec(query)}


def _problem(link: UndoLink, rows: dict[int, _Row] | None) -> Said | None:
    """What is wrong with the link on its own (None: nothing)."""
    if rows is None:
        return said("undo link {0} names a log {1}, which does not exist", link.id, link.log)
    for row_id in (link.entry_id, link.undoes_id):
        row = rows.get(row_id)
        if row is None:
            return said(
                "undo link {0} names {1}, which does not exist",
                link.id,
                _row_name(link.log, row_id),
            )
        if row[0] != link.match_id:
            return said(
                "undo link {0} names {1}, a row of match {2}",
                link.id,
                _row_name(link.log, row_id),
                row[0],
            )
    if rows[link.entry_id][1] == EntryKind.ENTRY.value:
        return said(
            "undo link {0} says {1} takes back {2}, but {1} is a new entry, not an undo",
            link.id,
            _row_name(link.log, link.entry_id),
            _row_name(link.log, link.undoes_id),
        )
    if link.undoes_id == link.entry_id:
        return said(
            "undo link {0} says {1} takes itself back", link.id, _row_name(link.log, link.entry_id)
        )
    if link.undoes_id > link.entry_id:  # the log's ids are its order in time
        return said(
            "undo link {0} points forward in time: {1} takes back {2}, written after it",
            link.id,
            _row_name(link.log, link.entry_id),
            _row_name(link.log, link.undoes_id),
        )
    return None


def _row_name(log: str, row_id: int) -> Said:
    if log == HAND_LOG:
        return said("hand entry {0}", row_id)
    return said("result entry {0}", row_id)
