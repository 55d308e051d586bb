"""The event file's ``results``: every row of the matches' result logs (a slip, a forfeit,
time called, an adjudication, and their corrections and voids), written and read back so an
exported event imports into an identical one. Refs are positions in the file, as for hands.

An event with no reported result writes no ``results`` key, so its file is what it was before
results existed."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from sqlmodel import Session, col, select

from gin_scorer.core.wording import said
from gin_scorer.services.support.dto import EntryKind, ResultKind
from gin_scorer.services.support.slip_games import finals_json, slip_games
from gin_scorer.services.writes.exchange.event_reader import EventReader
from gin_scorer.store.tables import ResultEntry
from gin_scorer.tournament.slips import PointsScale

ResultRows = dict[int, tuple[ResultEntry, int, int | None]]
"""By ref: the row to write, its match's ref, the ref of the row it supersedes."""

_RESULT_KEYS = {
    "ref",
    "match",
    "kind",
    "supersedes",
    "outcome",
    "winner",
    "games",
    "game_points",
    "reason",
    "entered_by",
    "station",
    "entered_at",
    "undoes",
}


def result_log_rows(session: Session, match_ids: list[int | None]) -> list[ResultEntry]:
    if not match_ids:
        return []
    query = select(ResultEntry).where(col(ResultEntry.match_id).in_(match_ids))
    return list(session.exec(query.order_by(col(ResultEntry.id))))


def result_part(
    row: ResultEntry,
    result_ref: Mapping[int | None, int],
    match_ref: Mapping[int | None, int],
    undoes: int | None = None,
) -> dict[str, Any]:
    """A row of the result log; ``undoes``: the row a take-back that wrote it undoes."""
    return {
        "ref": result_ref[row.id],
        "match": match_ref[row.match_id],
        "kind": row.kind,
        "supersedes": result_ref.get(row.supersedes_id) if row.supersedes_id else None,
        "outcome": row.outcome,
        "winner": row.winner,
        "games": [row.games_a, row.games_b],
        "game_points": json.loads(row.game_points_json or "[]"),
        "reason": row.reason,
        "entered_by": row.entered_by,
        "station": row.station,
        "entered_at": row.entered_at.isoformat(),
        **({"undoes": result_ref[undoes]} if undoes in result_ref else {}),
    }


def read_result(
    r: EventReader,
    item: object,
    where: str,
    match_refs: Mapping[int, Any],
    read: ResultRows,
    undoes: dict[int, int],
) -> None:
    """One result-log row of the file, checked value by value (every problem noted); what the
    result is worth is checked later, with the event's other checks, before anything commits."""
    h = r.mapping(item, where)
    r.only(h, where, _RESULT_KEYS)
    ref = r.whole(h.get("ref"), f"{where}.ref", optional=False, low=1)
    match_ref = r.ref(h.get("match"), f"{where}.match", match_refs, "match")
    kind = r.choice(h.get("kind"), f"{where}.kind", [k.value for k in EntryKind])
    outcome = r.choice(
        h.get("outcome"),
        f"{where}.outcome",
        [k.value for k in ResultKind if k is not ResultKind.PLAYED],
    )
    winner = h.get("winner")
    if winner is not None:
        winner = r.choice(winner, f"{where}.winner", ["A", "B"])
    games = _pair(r, h.get("games", [0, 0]), f"{where}.games")
    stored = _stored_games(r, h.get("game_points", []), f"{where}.game_points")
    row = ResultEntry(
        match_id=0,
        kind=kind,
        outcome=outcome,
        winner=winner,
        games_a=games[0],
        games_b=games[1],
        game_points_json=stored,
        reason=r.text(h.get("reason"), f"{where}.reason"),
        entered_by=r.text(h.get("entered_by"), f"{where}.entered_by", optional=False) or "",
        station=r.text(h.get("station"), f"{where}.station", optional=False) or "",
        entered_at=r.stamp(h.get("entered_at"), f"{where}.entered_at"),
    )
    replaces = kind != EntryKind.ENTRY.value
    supersedes = r.superseded(h, where, replaces, match_ref, read, "result")
    undone = r.undone(h, where, replaces, match_ref, read, undoes, "result")
    if ref is not None and match_ref is not None:
        if ref in read:
            r.bad(f"{where}.ref", said("result {0} appears twice", ref))
        read[ref] = (row, match_ref, supersedes)
        if undone is not None:
            undoes[ref] = undone


def _stored_games(r: EventReader, value: object, where: str) -> str:
    """A slip's games as the file has them — each game's finals and winner, or a file from
    before decision 0016 with hand points — checked, in the form the log stores."""
    try:
        games = slip_games(value)
    except ValueError as error:
        r.bad(where, said("{0}", str(error)))
        return "[]"
    if games.scale is PointsScale.FINALS:
        return finals_json(games.finals)
    return json.dumps([list(p) for p in games.points])


def _pair(r: EventReader, value: object, where: str) -> tuple[int, int]:
    items = r.items(value, where)
    if len(items) != 2:
        r.bad(where, said("must be two whole numbers, A's then B's"))
        return (0, 0)
    a = r.whole(items[0], f"{where}[0]", optional=False)
    b = r.whole(items[1], f"{where}[1]", optional=False)
    return (a or 0, b or 0)


def write_results(
    session: Session, read: ResultRows, match_ids: Mapping[int, int]
) -> dict[int, int]:
    """The rows, refs turned into ids, in file order (a row before what supersedes it); the
    ids by ref."""
    ids: dict[int, int] = {}
    for ref, (row, match_ref, supersedes) in read.items():
        row.match_id = match_ids[match_ref]
        row.supersedes_id = ids[supersedes] if supersedes is not None else None
        session.add(row)
        session.flush()
        assert row.id is not None
        ids[ref] = row.id
    return ids
