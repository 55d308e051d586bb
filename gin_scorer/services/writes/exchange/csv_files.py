"""Entrants from a CSV file (all rows or none, every problem with its row); results, hand
records and entrants out to CSV or JSON, for a spreadsheet or another program."""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from sqlmodel import Session, col, select

from gin_scorer.core.hand_json import record_to_json
from gin_scorer.core.wording import said
from gin_scorer.services.queries.sheet_reading import sheet_in
from gin_scorer.services.queries.views import entrant_views
from gin_scorer.services.support.dto import EntrantView, ScoreSheet
from gin_scorer.services.support.entrant_rows import (
    ENTRANT_COLUMNS,
    parse_entrants_csv,
    problem_order,
)
from gin_scorer.services.support.errors import RowsRejected
from gin_scorer.services.support.rows import fetch
from gin_scorer.services.support.spreadsheet_csv import csv_text
from gin_scorer.services.writes.entrants import insert_entrants
from gin_scorer.store.database import Database
from gin_scorer.store.tables import Entrant, Event, Match


def import_entrants_csv(
    db: Database, event_id: int, text: str, *, actor: str | None = None
) -> tuple[EntrantView, ...]:
    """Enter every row of an entrants CSV in ``event_id``, or none: :class:`RowsRejected`
    lists every problem (bad cells, names already entered, seeds taken twice ...)."""
    parsed = parse_entrants_csv(text)
    if parsed.problems and not parsed.specs:
        raise RowsRejected(parsed.problems, what="file")
    with db.transaction() as session:
        fetch(session, Event, event_id)
        try:
            rows = (
                insert_entrants(
                    session, db, event_id, parsed.specs, actor=actor, labels=parsed.labels
                )
                if parsed.specs
                else []
            )
        except RowsRejected as error:
            problems = sorted((*parsed.problems, *error.problems), key=problem_order)
            raise RowsRejected(problems, what="file") from None
        if parsed.problems:
            raise RowsRejected(sorted(parsed.problems, key=problem_order), what="file")
        if not rows:
            raise RowsRejected([said("the file has a header but no entrants")], what="file")
        return entrant_views(session, rows)


# --- results and hands -----------------------------------------------------------------------

RESULT_COLUMNS = (
    "match",
    "round",
    "table",
    "slot",
    "a",
    "b",
    "status",
    "result",
    "games_a",
    "games_b",
    "winner",
    "margin",
    "points_a",
    "points_b",
    "hands",
)
HAND_COLUMNS = (
    "match",
    "round",
    "table",
    "number",
    "hand_id",
    "a",
    "b",
    "dealer",
    "declaration",
    "declarer",
    "deadwood_a",
    "deadwood_b",
    "upcard",
    "outcome",
    "winner",
    "points",
    "game",
    "total_a",
    "total_b",
    "corrected",
    "override_reason",
    "entered_by",
    "station",
    "entered_at",
    "record",
)


def pretty_json(value: object) -> str:
    """JSON for a person to read (and a program to load): indented, keys sorted."""
    return json.dumps(value, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def event_matches(session: Session, event_id: int) -> list[Match]:
    query = select(Match).where(Match.event_id == event_id).order_by(col(Match.id))
    return list(session.exec(query))


def _event_sheets(session: Session, event_id: int) -> Iterator[ScoreSheet]:
    """Every match's score sheet of the event, in match order (NotFound names a wrong id)."""
    fetch(session, Event, event_id)
    for row in event_matches(session, event_id):
        yield sheet_in(session, row, validate=False)


def result_rows(db: Database, event_id: int) -> list[dict[str, object]]:
    """One row per match: who played, the status and the result the ledger gives."""
    out: list[dict[str, object]] = []
    with db.transaction(write=False) as session:
        for sheet in _event_sheets(session, event_id):
            m = sheet.match
            winner = sheet.winner_entrant
            margin, points = _result_figures(sheet)
            out.append(
                {
                    "match": m.id,
                    "round": m.round_number,
                    "table": m.table_number,
                    "slot": m.bracket_slot,
                    "a": m.a.name,
                    "b": m.b.name if m.b else None,
                    "status": m.status.value,
                    "result": sheet.result.kind.value if sheet.result else "played",
                    "games_a": sheet.games_won.a,
                    "games_b": sheet.games_won.b,
                    "winner": winner.name if winner else None,
                    "margin": margin,
                    "points_a": points[0],
                    "points_b": points[1],
                    "hands": len(sheet.hands),
                }
            )
    return out


def _result_figures(sheet: ScoreSheet) -> tuple[int | None, tuple[int | None, int | None]]:
    """The margin and each side's points as the result has them: the hands' ledger; a slip's
    game totals; empty (never 0) when a reported result has no points."""
    result = sheet.result
    if result is None:
        summary = getattr(sheet.ledger, "totals", None)
        points = (summary.a, summary.b) if summary is not None else (None, None)
        return getattr(sheet.ledger, "margin", 0), points
    totals = result.slip_totals
    if totals is not None:
        return result.margin, (totals.a, totals.b)
    return (result.margin if result.points_known else None), (None, None)


def hand_rows(db: Database, event_id: int) -> list[dict[str, object]]:
    """One row per hand that counts, in match order, with its score and running totals."""
    out: list[dict[str, object]] = []
    with db.transaction(write=False) as session:
        for sheet in _event_sheets(session, event_id):
            m = sheet.match
            for h in sheet.hands:
                record = record_to_json(h.record)
                out.append(
                    {
                        "match": m.id,
                        "round": m.round_number,
                        "table": m.table_number,
                        "number": h.number,
                        "hand_id": h.hand_id,
                        "a": m.a.name,
                        "b": m.b.name if m.b else None,
                        "dealer": h.dealer.value if h.dealer else None,
                        "declaration": h.record.declaration.value,
                        "declarer": h.record.declarer.value if h.record.declarer else None,
                        "deadwood_a": _declared(h.record, "A"),
                        "deadwood_b": _declared(h.record, "B"),
                        "upcard": h.record.upcard.code if h.record.upcard else None,
                        "outcome": h.result.outcome.value,
                        "winner": h.result.winner.value if h.result.winner else None,
                        "points": h.result.points,
                        "game": h.game_number,
                        "total_a": h.totals_after.a,
                        "total_b": h.totals_after.b,
                        "corrected": h.corrected,
                        "override_reason": h.override_reason,
                        "entered_by": h.entered_by,
                        "station": h.station,
                        "entered_at": h.entered_at.isoformat(),
                        "record": record,
                    }
                )
    return out


def _declared(record: Any, side: str) -> int | None:
    from gin_scorer.core.hands import Side

    return record.declared(Side(side))  # type: ignore[no-any-return]


def to_csv(rows: Sequence[Mapping[str, object]], columns: Sequence[str]) -> str:
    """CSV text with a header through the one CSV writer (services.spreadsheet_csv): nested
    values (a hand record) as compact JSON, numbers as numbers, no text a live formula."""
    return csv_text(columns, ([row.get(name) for name in columns] for row in rows))


def export_results(db: Database, event_id: int, fmt: str = "csv") -> str:
    rows = result_rows(db, event_id)
    return to_csv(rows, RESULT_COLUMNS) if fmt == "csv" else pretty_json(rows)


def export_hands(db: Database, event_id: int, fmt: str = "csv") -> str:
    rows = hand_rows(db, event_id)
    return to_csv(rows, HAND_COLUMNS) if fmt == "csv" else pretty_json(rows)


def entrant_export_rows(db: Database, event_id: int) -> list[dict[str, object]]:
    """One row per entrant in the columns the entrants import reads, so the CSV re-imports
    into another event as the same entrants (a team as its first player's name, the others
    in the partner cell: "Bob & Cy")."""
    with db.transaction(write=False) as session:
        fetch(session, Event, event_id)
        views = entrant_views(
            session,
            list(
                session.exec(
                    select(Entrant).where(Entrant.event_id == event_id).order_by(col(Entrant.id))
                )
            ),
        )
    return [
        {
            "name": view.members[0] if len(view.members) >= 2 else view.name,
            "club": view.club,
            "member_number": view.member_number,
            "seed": view.seed,
            "partner": " & ".join(view.members[1:]) if len(view.members) >= 2 else "",
        }
        for view in views
    ]


def export_entrants(db: Database, event_id: int, fmt: str = "csv") -> str:
    """The event's entrants as an entrants CSV (re-importable) or JSON."""
    rows = entrant_export_rows(db, event_id)
    return to_csv(rows, ENTRANT_COLUMNS) if fmt == "csv" else pretty_json(rows)
