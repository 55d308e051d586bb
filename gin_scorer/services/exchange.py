"""Import and export: entrants from CSV; results and hand records to CSV or JSON; whole events
to a JSON file that imports back into an identical event (on another laptop, another database).

Imports are all or nothing: every row is checked first and every problem is reported with its
row ("row 7: seed 'x' is not a number"); only a clean file is written, in one transaction.

The event file refers to entrants, rounds, matches and hand-log rows by their position in
the file (1-based), never by database ids, so the same event exports the same file from any
database it lives in.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from datetime import UTC, date, datetime
from typing import Any

from sqlmodel import Session, col, select

from gin_scorer.core.hand_json import record_from_json, record_to_json
from gin_scorer.core.hands import HandRecordError, score_hand
from gin_scorer.core.json_input import JsonInputError, read_json
from gin_scorer.core.rules import RuleSet, RuleSetError
from gin_scorer.services._common import clean_text, dumps, fetch, loads_mapping, record_audit
from gin_scorer.services.dto import (
    EntrantStatus,
    EntrantView,
    EntryKind,
    EventStatus,
    EventView,
    MatchStatus,
)
from gin_scorer.services.entrant_rows import (
    ENTRANT_COLUMNS,
    ParsedEntrants,
    parse_entrants_csv,
    problem_order,
)
from gin_scorer.services.entrants import insert_entrants
from gin_scorer.services.errors import InvalidInput, RowsRejected
from gin_scorer.services.hand_checks import check_event
from gin_scorer.services.matches import sheet_in
from gin_scorer.services.spreadsheet_csv import csv_text
from gin_scorer.services.views import entrant_views, event_view
from gin_scorer.store.database import Database
from gin_scorer.store.tables import Entrant, Event, HandEntry, Match, Player, Round

EVENT_FILE_KIND = "gin-scorer-event"
EVENT_FILE_VERSION = 1


# --- entrants from CSV ------------------------------------------------------------------------


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
            raise RowsRejected(["the file has a header but no entrants"], what="file")
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


def _event_matches(session: Session, event_id: int) -> list[Match]:
    query = select(Match).where(Match.event_id == event_id).order_by(col(Match.id))
    return list(session.exec(query))


def result_rows(db: Database, event_id: int) -> list[dict[str, object]]:
    """One row per match: who played, the status and the result the ledger gives."""
    out: list[dict[str, object]] = []
    with db.transaction(write=False) as session:
        fetch(session, Event, event_id)
        for row in _event_matches(session, event_id):
            sheet = sheet_in(session, row, validate=False)
            m = sheet.match
            summary = getattr(sheet.ledger, "totals", None)
            winner = sheet.winner_entrant
            out.append(
                {
                    "match": m.id,
                    "round": m.round_number,
                    "table": m.table_number,
                    "slot": m.bracket_slot,
                    "a": m.a.name,
                    "b": m.b.name if m.b else None,
                    "status": m.status.value,
                    "games_a": sheet.games_won.a,
                    "games_b": sheet.games_won.b,
                    "winner": winner.name if winner else None,
                    "margin": getattr(sheet.ledger, "margin", 0),
                    "points_a": summary.a if summary is not None else None,
                    "points_b": summary.b if summary is not None else None,
                    "hands": len(sheet.hands),
                }
            )
    return out


def hand_rows(db: Database, event_id: int) -> list[dict[str, object]]:
    """One row per hand that counts, in match order, with its score and running totals."""
    out: list[dict[str, object]] = []
    with db.transaction(write=False) as session:
        fetch(session, Event, event_id)
        for row in _event_matches(session, event_id):
            sheet = sheet_in(session, row, validate=False)
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
    return to_csv(rows, RESULT_COLUMNS) if fmt == "csv" else _pretty(rows)


def export_hands(db: Database, event_id: int, fmt: str = "csv") -> str:
    rows = hand_rows(db, event_id)
    return to_csv(rows, HAND_COLUMNS) if fmt == "csv" else _pretty(rows)


def entrant_export_rows(db: Database, event_id: int) -> list[dict[str, object]]:
    """One row per entrant in the columns the entrants import reads, so the CSV re-imports
    into another event as the same entrants (a pair as its two players' names)."""
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
            "name": view.members[0] if len(view.members) == 2 else view.name,
            "club": view.club,
            "member_number": view.member_number,
            "seed": view.seed,
            "partner": view.members[1] if len(view.members) == 2 else "",
        }
        for view in views
    ]


def export_entrants(db: Database, event_id: int, fmt: str = "csv") -> str:
    """The event's entrants as an entrants CSV (re-importable) or JSON."""
    rows = entrant_export_rows(db, event_id)
    return to_csv(rows, ENTRANT_COLUMNS) if fmt == "csv" else _pretty(rows)


def _pretty(value: object) -> str:
    return json.dumps(value, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


# --- whole events as JSON --------------------------------------------------------------------


def _when(value: datetime | None) -> str | None:
    return value.isoformat() if value is not None else None


def _day(value: date | None) -> str | None:
    return value.isoformat() if value is not None else None


def event_document(db: Database, event_id: int) -> dict[str, Any]:
    """The whole event as a JSON-ready dict: rules, settings, entrants, rounds, matches and
    the complete hand log (corrections and voids included)."""
    with db.transaction(write=False) as session:
        event = fetch(session, Event, event_id)
        entrant_rows = list(
            session.exec(
                select(Entrant).where(Entrant.event_id == event_id).order_by(col(Entrant.id))
            )
        )
        player_ids = {p for e in entrant_rows for p in (e.player_id, e.partner_id) if p}
        players = (
            {p.id: p for p in session.exec(select(Player).where(col(Player.id).in_(player_ids)))}
            if player_ids
            else {}
        )
        round_rows = list(
            session.exec(
                select(Round).where(Round.event_id == event_id).order_by(col(Round.number))
            )
        )
        match_rows = _event_matches(session, event_id)
        match_ids = [m.id for m in match_rows]
        hand_rows_ = (
            list(
                session.exec(
                    select(HandEntry)
                    .where(col(HandEntry.match_id).in_(match_ids))
                    .order_by(col(HandEntry.id))
                )
            )
            if match_ids
            else []
        )

    entrant_ref = {e.id: i + 1 for i, e in enumerate(entrant_rows)}
    round_ref = {r.id: i + 1 for i, r in enumerate(round_rows)}
    match_ref = {m.id: i + 1 for i, m in enumerate(match_rows)}
    hand_ref = {h.id: i + 1 for i, h in enumerate(hand_rows_)}

    def person(player_id: int | None) -> dict[str, Any] | None:
        p = players.get(player_id) if player_id else None
        if p is None:
            return None
        return {
            "name": p.name,
            "club": p.club,
            "member_number": p.member_number,
            "contact": p.contact,
        }

    return {
        "kind": EVENT_FILE_KIND,
        "version": EVENT_FILE_VERSION,
        "event": {
            "name": event.name,
            "venue": event.venue,
            "start_date": _day(event.start_date),
            "end_date": _day(event.end_date),
            "format": event.format,
            "rules": loads_mapping(event.rules_json, "event rules"),
            "settings": loads_mapping(event.settings_json, "event settings"),
            "status": event.status,
            "pin_hash": event.pin_hash,
            "created_at": _when(event.created_at),
        },
        "entrants": [
            {
                "ref": entrant_ref[e.id],
                "name": e.name,
                "club": e.club,
                "player": person(e.player_id),
                "partner": person(e.partner_id),
                "seed": e.seed,
                "status": e.status,
                "checked_in": e.checked_in,
                "joined_round": e.joined_round,
            }
            for e in entrant_rows
        ],
        "rounds": [
            {
                "ref": round_ref[r.id],
                "number": r.number,
                "status": r.status,
                "paired_at": _when(r.paired_at),
            }
            for r in round_rows
        ],
        "matches": [
            {
                "ref": match_ref[m.id],
                "round": round_ref.get(m.round_id) if m.round_id else None,
                "table": m.table_number,
                "a": entrant_ref[m.entrant_a_id],
                "b": entrant_ref[m.entrant_b_id] if m.entrant_b_id else None,
                "slot": m.bracket_slot,
                "rules": loads_mapping(m.rules_json, f"match {m.id} rules"),
                "status": m.status,
                "created_at": _when(m.created_at),
            }
            for m in match_rows
        ],
        "hands": [
            {
                "ref": hand_ref[h.id],
                "match": match_ref[h.match_id],
                "seq": h.seq,
                "kind": h.kind,
                "supersedes": hand_ref.get(h.supersedes_id) if h.supersedes_id else None,
                "record": loads_mapping(h.record_json, f"hand entry {h.id}")
                if h.kind != EntryKind.VOID.value
                else None,
                "dealer": h.dealer,
                "override_reason": h.override_reason,
                "entered_by": h.entered_by,
                "station": h.station,
                "entered_at": _when(h.entered_at),
            }
            for h in hand_rows_
        ],
    }


def export_event_json(db: Database, event_id: int) -> str:
    return _pretty(event_document(db, event_id))


class _Reader:
    """Checks an event document, collecting every problem with the path to the bad value."""

    def __init__(self) -> None:
        self.problems: list[str] = []

    def bad(self, where: str, message: str) -> None:
        self.problems.append(f"{where}: {message}")

    def mapping(self, value: object, where: str) -> Mapping[str, Any]:
        if isinstance(value, Mapping):
            return value
        self.bad(where, f"{_short(value)} is not an object")
        return {}

    def only(self, value: Mapping[str, Any], where: str, allowed: set[str]) -> None:
        """Name the first key that has no place here (a typo would otherwise be ignored)."""
        unknown = sorted(str(k) for k in set(value) - allowed)
        if unknown:
            key = (
                unknown[0]
                if unknown[0].isprintable() and len(unknown[0]) <= 40
                else _short(unknown[0])
            )
            self.bad(f"{where}.{key}", "is not a field here")

    def items(self, value: object, where: str) -> list[Any]:
        if isinstance(value, list):
            return value
        self.bad(where, f"{_short(value)} is not a list")
        return []

    def text(self, value: object, where: str, *, optional: bool = True) -> str | None:
        if value is None and optional:
            return None
        if isinstance(value, str) and (optional or value.strip()):
            try:  # the same text rules as typing it in: no control characters, a sane length
                return clean_text(value, where, limit=500)
            except InvalidInput as error:
                self.problems.append(str(error))
                return None
        self.bad(where, f"{_short(value)} is not text" if value is not None else "is missing")
        return None

    def whole(
        self, value: object, where: str, *, optional: bool = True, low: int = 0
    ) -> int | None:
        if value is None and optional:
            return None
        if isinstance(value, int) and not isinstance(value, bool) and value >= low:
            return value
        self.bad(where, f"{_short(value)} is not a whole number of {low} or more")
        return None

    def flag(self, value: object, where: str) -> bool:
        if isinstance(value, bool):
            return value
        self.bad(where, f"{_short(value)} is not true or false")
        return False

    def choice(self, value: object, where: str, choices: Sequence[str]) -> str:
        if isinstance(value, str) and value in choices:
            return value
        self.bad(where, f"{_short(value)} is not one of {', '.join(choices)}")
        return choices[0]

    def moment(self, value: object, where: str, *, optional: bool = True) -> datetime | None:
        if value is None and optional:
            return None
        if isinstance(value, str):
            try:
                parsed = datetime.fromisoformat(value)
            except ValueError:
                pass
            else:
                if parsed.tzinfo is not None:
                    return parsed
        self.bad(where, f"{_short(value)} is not a time with its zone (ISO 8601)")
        return None

    def stamp(self, value: object, where: str) -> datetime:
        """A required time; on a problem a placeholder (the problem stops the import)."""
        return self.moment(value, where, optional=False) or datetime.min.replace(tzinfo=UTC)

    def day(self, value: object, where: str) -> date | None:
        if value is None:
            return None
        if isinstance(value, str):
            try:
                return date.fromisoformat(value)
            except ValueError:
                pass
        self.bad(where, f"{_short(value)} is not a date (YYYY-MM-DD)")
        return None

    def rules(self, value: object, where: str) -> RuleSet | None:
        data = self.mapping(value, where)
        try:
            return RuleSet.from_dict(data, origin=where)
        except RuleSetError as error:
            self.problems.append(str(error))
            return None

    def ref(self, value: object, where: str, known: Mapping[int, Any], what: str) -> int | None:
        number = self.whole(value, where, low=1)
        if number is not None and number not in known:
            self.bad(where, f"{what} {number} is not in the file")
            return None
        return number


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


_KEYS = {"kind", "version", "event", "entrants", "rounds", "matches", "hands"}
_EVENT_KEYS = {
    "name",
    "venue",
    "start_date",
    "end_date",
    "format",
    "rules",
    "settings",
    "status",
    "pin_hash",
    "created_at",
}
_ENTRANT_KEYS = {
    "ref",
    "name",
    "club",
    "player",
    "partner",
    "seed",
    "status",
    "checked_in",
    "joined_round",
}
_MATCH_KEYS = {"ref", "round", "table", "a", "b", "slot", "rules", "status", "created_at"}
_HAND_KEYS = {
    "ref",
    "match",
    "seq",
    "kind",
    "supersedes",
    "record",
    "dealer",
    "override_reason",
    "entered_by",
    "station",
    "entered_at",
}


def import_event_json(
    db: Database, text_or_data: str | Mapping[str, Any], *, actor: str | None = None
) -> EventView:
    """Create a new event from an event file (:func:`export_event_json`'s output), with its
    entrants, rounds, matches and whole hand log. Every problem is listed; nothing is written
    unless the file is entirely sound."""
    if isinstance(text_or_data, str):
        try:
            data = read_json(text_or_data, "the event file")
        except JsonInputError as error:
            raise InvalidInput(str(error)) from None
    else:
        data = text_or_data
    r = _Reader()
    doc = r.mapping(data, "file")
    if r.problems:
        raise RowsRejected(r.problems, what="event file")
    if doc.get("kind") != EVENT_FILE_KIND:
        raise InvalidInput(f"not a gin-scorer event file (kind should be {EVENT_FILE_KIND!r})")
    if doc.get("version") != EVENT_FILE_VERSION:
        raise InvalidInput(
            f"event file version {_short(doc.get('version'))}: this gin-scorer reads version "
            f"{EVENT_FILE_VERSION}"
        )
    for key in sorted(set(doc) - _KEYS):
        r.bad(
            key if key.isprintable() and len(key) <= 40 else _short(key),
            "is not part of an event file",
        )

    ev = r.mapping(doc.get("event"), "event")
    r.only(ev, "event", _EVENT_KEYS)
    name = r.text(ev.get("name"), "event.name", optional=False)
    rules = r.rules(ev.get("rules"), "event.rules")
    settings = r.mapping(ev.get("settings", {}), "event.settings")
    fmt = r.text(ev.get("format"), "event.format", optional=False)
    if fmt is not None:
        from gin_scorer.tournament.errors import TournamentError
        from gin_scorer.tournament.model import Format
        from gin_scorer.tournament.settings import TournamentSettings

        try:
            Format.parse(fmt)
            TournamentSettings.from_dict(settings, origin="event.settings")
        except TournamentError as error:
            r.problems.append(str(error))
    status = r.choice(ev.get("status"), "event.status", [s.value for s in EventStatus])
    event_row = Event(
        name=name or "",
        venue=r.text(ev.get("venue"), "event.venue"),
        start_date=r.day(ev.get("start_date"), "event.start_date"),
        end_date=r.day(ev.get("end_date"), "event.end_date"),
        format=fmt or "",
        rules_json=dumps(rules.to_dict()) if rules else "{}",
        settings_json=dumps(dict(settings)),
        status=status,
        pin_hash=r.text(ev.get("pin_hash"), "event.pin_hash"),
        created_at=r.stamp(ev.get("created_at"), "event.created_at"),
    )

    def person(value: object, where: str) -> Player | None:
        if value is None:
            return None
        p = r.mapping(value, where)
        r.only(p, where, {"name", "club", "member_number", "contact"})
        return Player(
            name=r.text(p.get("name"), f"{where}.name", optional=False) or "",
            club=r.text(p.get("club"), f"{where}.club"),
            member_number=r.text(p.get("member_number"), f"{where}.member_number"),
            contact=r.text(p.get("contact"), f"{where}.contact"),
        )

    entrants: dict[int, tuple[Entrant, Player | None, Player | None]] = {}
    seen_names: set[str] = set()
    for i, item in enumerate(r.items(doc.get("entrants", []), "entrants")):
        where = f"entrants[{i}]"
        e = r.mapping(item, where)
        r.only(e, where, _ENTRANT_KEYS)
        ref = r.whole(e.get("ref"), f"{where}.ref", optional=False, low=1)
        ename = r.text(e.get("name"), f"{where}.name", optional=False) or ""
        if ename.casefold() in seen_names:
            r.bad(f"{where}.name", f"{_short(ename)} appears twice")
        seen_names.add(ename.casefold())
        row = Entrant(
            event_id=0,
            name=ename,
            club=r.text(e.get("club"), f"{where}.club"),
            seed=r.whole(e.get("seed"), f"{where}.seed", low=1),
            status=r.choice(e.get("status"), f"{where}.status", [s.value for s in EntrantStatus]),
            checked_in=r.flag(e.get("checked_in", False), f"{where}.checked_in"),
            joined_round=r.whole(e.get("joined_round", 1), f"{where}.joined_round", low=1) or 1,
        )
        if ref is not None:
            if ref in entrants:
                r.bad(f"{where}.ref", f"entrant {ref} appears twice")
            entrants[ref] = (
                row,
                person(e.get("player"), f"{where}.player"),
                person(e.get("partner"), f"{where}.partner"),
            )

    rounds: dict[int, Round] = {}
    for i, item in enumerate(r.items(doc.get("rounds", []), "rounds")):
        where = f"rounds[{i}]"
        rd = r.mapping(item, where)
        r.only(rd, where, {"ref", "number", "status", "paired_at"})
        ref = r.whole(rd.get("ref"), f"{where}.ref", optional=False, low=1)
        row_r = Round(
            event_id=0,
            number=r.whole(rd.get("number"), f"{where}.number", optional=False, low=1) or 1,
            status=r.choice(rd.get("status"), f"{where}.status", ["paired", "playing", "finished"]),
            paired_at=r.moment(rd.get("paired_at"), f"{where}.paired_at"),
        )
        if ref is not None:
            if ref in rounds:
                r.bad(f"{where}.ref", f"round {ref} appears twice")
            rounds[ref] = row_r

    matches: dict[int, tuple[Match, int | None, int | None, int | None, RuleSet | None]] = {}
    for i, item in enumerate(r.items(doc.get("matches", []), "matches")):
        where = f"matches[{i}]"
        m = r.mapping(item, where)
        r.only(m, where, _MATCH_KEYS)
        ref = r.whole(m.get("ref"), f"{where}.ref", optional=False, low=1)
        a = r.ref(m.get("a"), f"{where}.a", entrants, "entrant")
        if m.get("a") is None:
            r.bad(f"{where}.a", "is missing")
        b = r.ref(m.get("b"), f"{where}.b", entrants, "entrant") if m.get("b") is not None else None
        if a is not None and a == b:
            r.bad(f"{where}.b", "is the same entrant as a")
        rnd = (
            r.ref(m.get("round"), f"{where}.round", rounds, "round")
            if m.get("round") is not None
            else None
        )
        match_rules = r.rules(m.get("rules"), f"{where}.rules")
        row_m = Match(
            event_id=0,
            entrant_a_id=0,
            table_number=r.whole(m.get("table"), f"{where}.table", low=1),
            bracket_slot=r.text(m.get("slot"), f"{where}.slot"),
            rules_json=dumps(match_rules.to_dict()) if match_rules else "{}",
            status=r.choice(m.get("status"), f"{where}.status", [s.value for s in MatchStatus]),
            created_at=r.stamp(m.get("created_at"), f"{where}.created_at"),
        )
        if ref is not None:
            if ref in matches:
                r.bad(f"{where}.ref", f"match {ref} appears twice")
            matches[ref] = (row_m, a, b, rnd, match_rules)

    hands: dict[int, tuple[HandEntry, int, int | None]] = {}
    for i, item in enumerate(r.items(doc.get("hands", []), "hands")):
        where = f"hands[{i}]"
        h = r.mapping(item, where)
        r.only(h, where, _HAND_KEYS)
        ref = r.whole(h.get("ref"), f"{where}.ref", optional=False, low=1)
        match_ref = r.ref(h.get("match"), f"{where}.match", matches, "match")
        kind = r.choice(h.get("kind"), f"{where}.kind", [k.value for k in EntryKind])
        supersedes = None
        if h.get("supersedes") is not None:
            supersedes = r.ref(h.get("supersedes"), f"{where}.supersedes", hands, "earlier hand")
            if (
                supersedes is not None
                and match_ref is not None
                and (hands[supersedes][1] != match_ref)
            ):
                r.bad(f"{where}.supersedes", f"hand {supersedes} belongs to another match")
        elif kind != EntryKind.ENTRY.value:
            r.bad(f"{where}.supersedes", f"a {kind} must name the hand it replaces")
        record_json = "{}"
        if kind != EntryKind.VOID.value:
            raw = r.mapping(h.get("record"), f"{where}.record")
            try:
                record = record_from_json(raw)
                if match_ref is not None and matches[match_ref][4] is not None:
                    score_hand(record, matches[match_ref][4])  # type: ignore[arg-type]
                record_json = dumps(record_to_json(record))
            except HandRecordError as error:
                r.bad(f"{where}.record", str(error))
        dealer = h.get("dealer")
        if dealer is not None:
            dealer = r.choice(dealer, f"{where}.dealer", ["A", "B"])
        row_h = HandEntry(
            match_id=0,
            seq=r.whole(h.get("seq"), f"{where}.seq", optional=False, low=1) or 1,
            kind=kind,
            record_json=record_json,
            dealer=dealer,
            override_reason=r.text(h.get("override_reason"), f"{where}.override_reason"),
            entered_by=r.text(h.get("entered_by"), f"{where}.entered_by", optional=False) or "",
            station=r.text(h.get("station"), f"{where}.station", optional=False) or "",
            entered_at=r.stamp(h.get("entered_at"), f"{where}.entered_at"),
        )
        if ref is not None and match_ref is not None:
            if ref in hands:
                r.bad(f"{where}.ref", f"hand {ref} appears twice")
            hands[ref] = (row_h, match_ref, supersedes)

    if r.problems:
        raise RowsRejected(r.problems, what="event file")

    with db.transaction() as session:
        session.add(event_row)
        session.flush()
        assert event_row.id is not None
        entrant_ids: dict[int, int] = {}
        for ref, (row, player, partner) in entrants.items():
            for p in (player, partner):
                if p is not None:
                    session.add(p)
            session.flush()
            row.event_id = event_row.id
            row.player_id = player.id if player is not None else None
            row.partner_id = partner.id if partner is not None else None
            session.add(row)
            session.flush()
            assert row.id is not None
            entrant_ids[ref] = row.id
        round_ids: dict[int, int] = {}
        for ref, row_r in rounds.items():
            row_r.event_id = event_row.id
            session.add(row_r)
            session.flush()
            assert row_r.id is not None
            round_ids[ref] = row_r.id
        match_ids: dict[int, int] = {}
        for ref, (row_m, a, b, rnd, _rules) in matches.items():
            row_m.event_id = event_row.id
            row_m.entrant_a_id = entrant_ids[a or 0]
            row_m.entrant_b_id = entrant_ids[b] if b is not None else None
            row_m.round_id = round_ids[rnd] if rnd is not None else None
            session.add(row_m)
            session.flush()
            assert row_m.id is not None
            match_ids[ref] = row_m.id
        hand_ids: dict[int, int] = {}
        for ref, (row_h, match_ref, supersedes) in hands.items():
            row_h.match_id = match_ids[match_ref]
            row_h.supersedes_id = hand_ids[supersedes] if supersedes is not None else None
            session.add(row_h)
            session.flush()
            assert row_h.id is not None
            hand_ids[ref] = row_h.id
        # What verify would reject is refused now, before anything is committed: every hand
        # through the scoring core, every match's status against its hands, rounds, bracket.
        place = {ref: i for i, ref in enumerate(matches)}
        found = check_event(
            session,
            event_row,
            match_names={
                match_id: f"matches[{place[ref]}] (ref {ref})"
                for ref, match_id in match_ids.items()
            },
            event_name="event file",
        )
        if found.problems:
            raise RowsRejected(found.problems, what="event file")
        record_audit(
            session,
            db,
            actor=actor,
            action="event.import",
            subject=f"event:{event_row.id}",
            payload={
                "name": event_row.name,
                "entrants": len(entrants),
                "matches": len(matches),
                "hands": len(hands),
            },
        )
        return event_view(session, event_row)


__all__ = [
    "ENTRANT_COLUMNS",
    "ParsedEntrants",
    "event_document",
    "export_entrants",
    "export_event_json",
    "export_hands",
    "export_results",
    "import_entrants_csv",
    "import_event_json",
    "parse_entrants_csv",
]
