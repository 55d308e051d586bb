"""Importing an event file (:mod:`.event_export`'s output) as a new event, with its entrants,
rounds, matches and whole hand log.

Two steps: every value of the file is read and checked first (:class:`EventFile` holds the
rows it will write; every problem is listed at once, with its path); then, only when the file
is entirely sound, the rows are written in one transaction, checked by the same per-event
checks as ``verify`` before anything is committed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sqlmodel import Session

from gin_scorer.core.hand_json import record_from_json, record_to_json
from gin_scorer.core.hands import HandRecordError, score_hand
from gin_scorer.core.json_input import JsonInputError, read_json
from gin_scorer.core.rules import RuleSet
from gin_scorer.core.wording import said, words_of
from gin_scorer.services.queries.hand_checks import check_event
from gin_scorer.services.queries.views import event_view
from gin_scorer.services.support.audit_trail import record_audit
from gin_scorer.services.support.dto import (
    EntrantStatus,
    EntryKind,
    EventStatus,
    EventView,
    MatchStatus,
)
from gin_scorer.services.support.errors import InvalidInput, RowsRejected
from gin_scorer.services.support.stored_json import dumps
from gin_scorer.services.writes.exchange.event_export import (
    EVENT_FILE_KIND,
    EVENT_FILE_VERSION,
    READABLE_VERSIONS,
)
from gin_scorer.services.writes.exchange.event_reader import EventReader, short_value
from gin_scorer.services.writes.exchange.event_rows import EntrantRows, EventFile, write_rows
from gin_scorer.services.writes.exchange.result_part import read_result
from gin_scorer.store import backup
from gin_scorer.store.database import Database
from gin_scorer.store.tables import Entrant, Event, HandEntry, Match, Player, Round
from gin_scorer.tournament.errors import TournamentError
from gin_scorer.tournament.model import Format
from gin_scorer.tournament.settings import TournamentSettings

_KEYS = {"kind", "version", "event", "entrants", "rounds", "matches", "hands", "results"}
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
    "team",
    "seed",
    "status",
    "checked_in",
    "joined_round",
}
_MATCH_KEYS = {"ref", "round", "table", "a", "b", "c", "slot", "rules", "status", "created_at"}
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
    "undoes",
}


def import_event_json(
    db: Database,
    text_or_data: str | Mapping[str, Any],
    *,
    actor: str | None = None,
    link_players: bool = False,
) -> EventView:
    """Create a new event from an event file. Every problem is listed; nothing is written
    unless the file is entirely sound. Its people are new records of the registry, unless
    ``link_players`` links them as entrants typed in are (a demo kept from its scratch
    database)."""
    r = EventReader()
    doc = _document(r, text_or_data)
    read = EventFile(_event(r, doc), linked=link_players)
    _entrants(r, doc, read.entrants)
    _rounds(r, doc, read.rounds)
    _matches(r, doc, read)
    for i, item in enumerate(r.items(doc.get("hands", []), "hands")):
        _hand(r, item, f"hands[{i}]", read)
    for i, item in enumerate(r.items(doc.get("results", []), "results")):
        read_result(r, item, f"results[{i}]", read.matches, read.results, read.result_undoes)
    if r.problems:
        raise RowsRejected(r.problems, what="event file")
    with db.transaction() as session:
        view = _write(session, db, read, actor)
    # An event's worth of hands at once: the schedule decides, as after a hand (a demo kept
    # in the director's database is backed up as the hands it plays once were).
    backup.maybe_backup(db)
    return view


def _document(r: EventReader, text_or_data: str | Mapping[str, Any]) -> Mapping[str, Any]:
    """The file's top level: JSON within its bounds, this kind and version, no stray keys."""
    if isinstance(text_or_data, str):
        try:
            data: object = read_json(text_or_data, "the event file")
        except JsonInputError as error:
            raise InvalidInput(words_of(error)) from None
    else:
        data = text_or_data
    doc = r.mapping(data, said("file"))
    if r.problems:
        raise RowsRejected(r.problems, what="event file")
    if doc.get("kind") != EVENT_FILE_KIND:
        raise InvalidInput(
            said("not a gin-scorer event file (kind should be {0})", repr(EVENT_FILE_KIND))
        )
    if doc.get("version") not in READABLE_VERSIONS:
        raise InvalidInput(
            said(
                "event file version {0}: this gin-scorer reads versions 1 to {1}",
                short_value(doc.get("version")),
                EVENT_FILE_VERSION,
            )
        )
    for key in sorted(set(doc) - _KEYS):
        r.bad(
            key if key.isprintable() and len(key) <= 40 else short_value(key),
            said("is not part of an event file"),
        )
    return doc


def _event(r: EventReader, doc: Mapping[str, Any]) -> Event:
    ev = r.mapping(doc.get("event"), "event")
    r.only(ev, "event", _EVENT_KEYS)
    name = r.text(ev.get("name"), "event.name", optional=False)
    rules = r.rules(ev.get("rules"), "event.rules")
    settings = r.mapping(ev.get("settings", {}), "event.settings")
    fmt = r.text(ev.get("format"), "event.format", optional=False)
    if fmt is not None:
        try:
            Format.parse(fmt)
            TournamentSettings.from_dict(settings, origin="event.settings")
        except TournamentError as error:
            r.problems.append(words_of(error))
    return Event(
        name=name or "",
        venue=r.text(ev.get("venue"), "event.venue"),
        start_date=r.day(ev.get("start_date"), "event.start_date"),
        end_date=r.day(ev.get("end_date"), "event.end_date"),
        format=fmt or "",
        rules_json=dumps(rules.to_dict()) if rules else "{}",
        settings_json=dumps(dict(settings)),
        status=r.choice(ev.get("status"), "event.status", _IMPORTED_STATES),
        pin_hash=r.text(ev.get("pin_hash"), "event.pin_hash"),
        created_at=r.stamp(ev.get("created_at"), "event.created_at"),
    )


# An event file brings an event to play or to read: never a deleted one's tombstone.
_IMPORTED_STATES = [s.value for s in EventStatus if s is not EventStatus.DELETED]


def _person(r: EventReader, value: object, where: str) -> Player | None:
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


def _entrants(r: EventReader, doc: Mapping[str, Any], entrants: EntrantRows) -> None:
    seen_names: set[str] = set()
    for i, item in enumerate(r.items(doc.get("entrants", []), "entrants")):
        where = f"entrants[{i}]"
        e = r.mapping(item, where)
        r.only(e, where, _ENTRANT_KEYS)
        ref = r.whole(e.get("ref"), f"{where}.ref", optional=False, low=1)
        ename = r.text(e.get("name"), f"{where}.name", optional=False) or ""
        if ename.casefold() in seen_names:
            r.bad(f"{where}.name", said("{0} appears twice", short_value(ename)))
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
        if ref is None:
            continue
        if ref in entrants:
            r.bad(f"{where}.ref", said("entrant {0} appears twice", ref))
        player = _person(r, e.get("player"), f"{where}.player")
        partner = _person(r, e.get("partner"), f"{where}.partner")
        team = [
            person
            for j, value in enumerate(r.items(e.get("team", []), f"{where}.team"))
            if (person := _person(r, value, f"{where}.team[{j}]")) is not None
        ]
        if team and partner is None:  # entry fills the partner first; readers rely on it
            r.bad(
                f"{where}.team",
                said("a team's third player comes after its partner: give the partner"),
            )
        entrants[ref] = (row, player, partner, team)


def _rounds(r: EventReader, doc: Mapping[str, Any], rounds: dict[int, Round]) -> None:
    for i, item in enumerate(r.items(doc.get("rounds", []), "rounds")):
        where = f"rounds[{i}]"
        rd = r.mapping(item, where)
        r.only(rd, where, {"ref", "number", "status", "paired_at"})
        ref = r.whole(rd.get("ref"), f"{where}.ref", optional=False, low=1)
        row = Round(
            event_id=0,
            number=r.whole(rd.get("number"), f"{where}.number", optional=False, low=1) or 1,
            status=r.choice(rd.get("status"), f"{where}.status", ["paired", "playing", "finished"]),
            paired_at=r.moment(rd.get("paired_at"), f"{where}.paired_at"),
        )
        if ref is not None:
            if ref in rounds:
                r.bad(f"{where}.ref", said("round {0} appears twice", ref))
            rounds[ref] = row


def _matches(r: EventReader, doc: Mapping[str, Any], read: EventFile) -> None:
    for i, item in enumerate(r.items(doc.get("matches", []), "matches")):
        where = f"matches[{i}]"
        m = r.mapping(item, where)
        r.only(m, where, _MATCH_KEYS)
        ref = r.whole(m.get("ref"), f"{where}.ref", optional=False, low=1)
        a = r.ref(m.get("a"), f"{where}.a", read.entrants, "entrant")
        if m.get("a") is None:
            r.bad(f"{where}.a", said("is missing"))
        b = None
        if m.get("b") is not None:
            b = r.ref(m.get("b"), f"{where}.b", read.entrants, "entrant")
        if a is not None and a == b:
            r.bad(f"{where}.b", said("is the same entrant as a"))
        c = r.ref(m.get("c"), f"{where}.c", read.entrants, "entrant") if "c" in m else None
        if c is not None and c in (a, b):
            r.bad(f"{where}.c", said("is already at this table"))
        rnd = None
        if m.get("round") is not None:
            rnd = r.ref(m.get("round"), f"{where}.round", read.rounds, "round")
        match_rules = r.rules(m.get("rules"), f"{where}.rules")
        row = Match(
            event_id=0,
            entrant_a_id=0,
            table_number=r.whole(m.get("table"), f"{where}.table", low=1),
            bracket_slot=r.text(m.get("slot"), f"{where}.slot"),
            rules_json=dumps(match_rules.to_dict()) if match_rules else "{}",
            status=r.choice(m.get("status"), f"{where}.status", [s.value for s in MatchStatus]),
            created_at=r.stamp(m.get("created_at"), f"{where}.created_at"),
        )
        if ref is not None:
            if ref in read.matches:
                r.bad(f"{where}.ref", said("match {0} appears twice", ref))
            read.matches[ref] = (row, a, b, rnd, match_rules)
            if c is not None:
                read.thirds[ref] = c


def _hand(r: EventReader, item: object, where: str, read: EventFile) -> None:
    h = r.mapping(item, where)
    r.only(h, where, _HAND_KEYS)
    ref = r.whole(h.get("ref"), f"{where}.ref", optional=False, low=1)
    match_ref = r.ref(h.get("match"), f"{where}.match", read.matches, "match")
    kind = r.choice(h.get("kind"), f"{where}.kind", [k.value for k in EntryKind])
    replaces = kind != EntryKind.ENTRY.value
    supersedes = r.superseded(h, where, replaces, match_ref, read.hands, "hand")
    undoes = r.undone(h, where, replaces, match_ref, read.hands, read.hand_undoes, "hand")
    record_json = "{}"
    if kind != EntryKind.VOID.value:
        rules = read.matches[match_ref][4] if match_ref is not None else None
        record_json = _record_json(r, h.get("record"), f"{where}.record", rules)
    dealer = h.get("dealer")
    if dealer is not None:
        dealer = r.choice(dealer, f"{where}.dealer", ["A", "B"])
    row = HandEntry(
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
        if ref in read.hands:
            r.bad(f"{where}.ref", said("hand {0} appears twice", ref))
        read.hands[ref] = (row, match_ref, supersedes)
        if undoes is not None:
            read.hand_undoes[ref] = undoes


def _record_json(r: EventReader, value: object, where: str, rules: RuleSet | None) -> str:
    """The hand record as stored, after the core has read it (and scored it, when the match's
    rules are known)."""
    raw = r.mapping(value, where)
    try:
        record = record_from_json(raw)
        if rules is not None:
            score_hand(record, rules)
        return dumps(record_to_json(record))
    except HandRecordError as error:
        r.bad(where, words_of(error))
        return "{}"


def _write(session: Session, db: Database, read: EventFile, actor: str | None) -> EventView:
    """Every row, refs turned into ids; the per-event checks before the transaction commits."""
    event_row = read.event
    session.add(event_row)
    session.flush()
    assert event_row.id is not None
    match_ids = write_rows(session, event_row.id, read)
    # What verify would reject is refused now, before anything is committed: every hand
    # through the scoring core, every match's status against its hands, rounds, bracket.
    place = {ref: i for i, ref in enumerate(read.matches)}
    found = check_event(
        session,
        event_row,
        match_names={
            match_id: f"matches[{place[ref]}] (ref {ref})" for ref, match_id in match_ids.items()
        },
        event_name=said("event file"),
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
            "entrants": len(read.entrants),
            "matches": len(read.matches),
            "hands": len(read.hands),
            "results": len(read.results),
        },
    )
    return event_view(session, event_row)
