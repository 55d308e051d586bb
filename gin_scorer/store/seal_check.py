"""Checking the seal: does the chain hold, does the database hold what the links sealed, and
does every director action carry the director's signature?

:func:`check_seal` walks the links once, oldest first:

1. the chain: each link follows the one before it and its hash matches its contents;
2. the signatures: replaying the links gives, before each link, every event's status and
   PIN string, every match's status and the database PIN — so a link that changes a locked
   result, a finished event or a PIN must carry a valid Ed25519 signature of the PIN that
   guarded it then (no PIN then: nothing can be required);
3. the replay: the links folded together are what every sealed row must hold now; a row
   that differs, that no link sealed, or that a link sealed and is gone, was changed
   outside the app.

A printed code (:func:`gin_scorer.store.seal.seal_code`) proves more: the link it names
still exists, still has that hash, and the chain up to it holds — so recomputing the whole
chain after an edit, or cutting entries off its end, no longer passes.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey
from sqlalchemy.orm import Session

from gin_scorer.core.wording import Said, said, words_of
from gin_scorer.store.pin import public_key
from gin_scorer.store.seal import (
    DATABASE_GUARD,
    GENESIS,
    parse_seal_code,
    seal_code,
)
from gin_scorer.store.seal_rows import scan_sealed_rows
from gin_scorer.store.seal_walk import Link, UnreadableLink, walk_links
from gin_scorer.store.tables import MATCH_PART_TABLES, SEALED_TABLES

Row = dict[str, Any]
_SHOWN = 20  # problems named one by one; the rest are counted


@dataclass(frozen=True, slots=True)
class SealCheck:
    """What :func:`check_seal` found. ``problems`` come in the order found: the first one is
    the earliest link (or, for rows, the first table and id) that does not hold; each is a
    :class:`Said` (a front end says it in the reader's language; ``str()`` is its English)."""

    links: int
    latest_code: str | None
    problems: tuple[Said, ...]
    # With a code: whether it matched (None: no code asked for).
    code_matches: bool | None = None
    links_after_code: int = 0

    @property
    def holds(self) -> bool:
        return not self.problems and self.code_matches is not False


@dataclass
class _Replay:
    """The sealed rows as the links so far left them: table -> pk -> (row, link id), plus
    what the signature rule asks at every link, kept up to date as links are applied (the
    rule is checked for every row of every link, so it must be a few set lookups)."""

    rows: dict[str, dict[Any, tuple[Row, int]]] = field(
        default_factory=lambda: {name: {} for name in SEALED_TABLES}
    )
    keys: dict[str, bytes | None] = field(default_factory=dict)  # PIN string -> public key
    finished: set[Any] = field(default_factory=set)  # ids of events whose status is finished
    locked: set[Any] = field(default_factory=set)  # ids of matches whose status is locked
    match_event: dict[Any, Any] = field(default_factory=dict)  # match id -> event id

    def get(self, table: str, pk: Any) -> Row | None:
        found = self.rows.get(table, {}).get(pk)
        return None if found is None else found[0]

    def public_key_of(self, stored: Any) -> bytes | None:
        if not isinstance(stored, str) or not stored:
            return None
        if stored not in self.keys:
            self.keys[stored] = public_key(stored)
        return self.keys[stored]

    def guard_key(self, guard: str) -> bytes | None:
        if guard == DATABASE_GUARD:
            setting = self.get("setting", "director_pin")
            return self.public_key_of(setting["value"] if setting else None)
        event = self.get("event", int(guard.split(":", 1)[1]))
        return self.public_key_of(event["pin_hash"] if event else None)

    def apply(self, table: str, pk: Any, row: Row | None, link_id: int) -> None:
        if row is None:
            self.rows[table].pop(pk, None)
        else:
            self.rows[table][pk] = (row, link_id)
        if table == "event":
            (
                self.finished.add
                if row and row.get("status") == "finished"
                else self.finished.discard
            )(pk)
        elif table == "match":
            (self.locked.add if row and row.get("status") == "locked" else self.locked.discard)(pk)
            if row is not None:
                self.match_event[pk] = row.get("event_id")


def _guards(event_id: Any) -> frozenset[str]:
    return frozenset({f"event:{event_id}", DATABASE_GUARD})


def _finished(event_id: Any, table: str, pk: Any) -> Said:
    return said("changes the finished event {0} ({1} {2})", event_id, table, pk)


def _locked(match_id: Any, table: str, pk: Any) -> Said:
    return said("changes the locked result of match {0} ({1} {2})", match_id, table, pk)


def _required(replay: _Replay, entry: Row) -> Iterator[tuple[frozenset[str], Said]]:
    """``(guards any of which may sign, what the link does)`` this row write needs."""
    table, pk, new = str(entry.get("t")), entry.get("id"), entry.get("row")
    if table in MATCH_PART_TABLES:
        match_id = (new or replay.get(table, pk) or {}).get("match_id")
        event_id = replay.match_event.get(match_id)
        if event_id in replay.finished:
            yield _guards(event_id), _finished(event_id, table, pk)
        if match_id in replay.locked:
            yield _guards(event_id), _locked(match_id, table, pk)
        return
    if table == "setting":
        old = replay.get(table, pk)
        if pk == "director_pin" and old and old.get("value") != (new or {}).get("value"):
            yield frozenset({DATABASE_GUARD}), said("changes the database's director PIN")
        return
    if table == "team_member":  # a team's third or fourth player: its entrant's event
        row = new or replay.get(table, pk) or {}
        entrant = replay.get("entrant", row.get("entrant_id")) or {}
        event_id = entrant.get("event_id")
        if event_id in replay.finished:
            yield _guards(event_id), _finished(event_id, table, pk)
        return
    if table not in ("event", "entrant", "round", "match"):
        return
    old = replay.get(table, pk)
    event_id = pk if table == "event" else (old or new or {}).get("event_id")
    if table == "event" and old and old.get("pin_hash") != (new or {}).get("pin_hash"):
        yield _guards(event_id), said("changes the director PIN of event {0}", event_id)
    if event_id in replay.finished:
        yield _guards(event_id), _finished(event_id, table, pk)
    if table == "match" and pk in replay.locked:
        yield _guards(event_id), _locked(pk, table, pk)


def _signed_by(link: Link, guard: str, key: bytes) -> bool:
    signature = link.signatures().get(guard)
    if signature is None:
        return False
    try:
        Ed25519PublicKey.from_public_bytes(key).verify(
            bytes.fromhex(signature), link.hash.encode("ascii")
        )
    except (InvalidSignature, ValueError):
        return False
    return True


def _may_need_signature(replay: _Replay, entry: Row) -> bool:
    """False for the rows that cannot need one — nearly all: a hand, or a match's new
    version, in a match that is not locked of an event that is not finished."""
    table = entry.get("t")
    if table in MATCH_PART_TABLES:
        match_id = (entry.get("row") or replay.get(str(table), entry.get("id")) or {}).get(
            "match_id"
        )
        return match_id in replay.locked or replay.match_event.get(match_id) in replay.finished
    if table == "match":
        row = entry.get("row") or replay.get("match", entry.get("id")) or {}
        return entry.get("id") in replay.locked or row.get("event_id") in replay.finished
    return table in ("event", "entrant", "round", "setting", "team_member")


def _unsigned(replay: _Replay, link: Link, body: list[Row]) -> Said | None:
    """Why ``link`` should have carried a director's signature and does not (or None)."""
    for entry in body:
        if not _may_need_signature(replay, entry):
            continue
        for guards, doing in _required(replay, entry):
            keys = {g: k for g in guards if (k := replay.guard_key(g)) is not None}
            if keys and not any(_signed_by(link, g, k) for g, k in keys.items()):
                return said("{0} {1} without the director's PIN", _name(link), doing)
    return None


def _apply(replay: _Replay, link: Link, body: list[Row]) -> None:
    for entry in body:
        row = None if entry.get("op") == "delete" else entry.get("row")
        replay.apply(entry["t"], entry["id"], row, link.id)


def _name(link: Link) -> Said:
    at = link.at_text[:19].replace("T", " ")
    return said("seal link {0} ({1} UTC, {2})", link.id, at, link.station)


def _body(link: Link) -> list[Row]:
    body = link.body()
    for entry in body:
        if (
            not isinstance(entry, dict)
            or entry.get("t") not in SEALED_TABLES
            or not isinstance(entry.get("id"), int | str)
            or not isinstance(entry.get("row"), dict | None)
        ):
            raise UnreadableLink(said("a row of its body is not a sealed row"))
    return body


def _compare(replay: _Replay, session: Session) -> Iterator[Said]:
    """Rows of the database that the links do not account for, in table and id order."""
    seen: dict[str, set[Any]] = {}
    for table, pk, row in scan_sealed_rows(session.connection()):
        seen.setdefault(table, set()).add(pk)
        sealed = replay.rows.get(table, {}).get(pk)
        if sealed is None:
            yield said("{0} {1} was inserted outside the app (no seal link holds it)", table, pk)
            continue
        expected, link_id = sealed
        if expected != row:
            fields = sorted(k for k in set(expected) | set(row) if expected.get(k) != row.get(k))
            yield said(
                "{0} {1} was changed outside the app ({2}; sealed by seal link {3})",
                table,
                pk,
                ", ".join(fields),
                link_id,
            )
    for table, rows in replay.rows.items():
        for pk, (_row, link_id) in rows.items():
            if pk not in seen.get(table, set()):
                yield said(
                    "{0} {1} was deleted outside the app (sealed by seal link {2})",
                    table,
                    pk,
                    link_id,
                )


def _chain_problem(link: Link, expected_prev: str) -> Said | None:
    """Why ``link`` breaks the chain (moved, or changed since written); None when it holds."""
    if link.prev_hash != expected_prev:
        return said(
            "{0} does not follow the link before it (a link was removed, inserted or reordered)",
            _name(link),
        )
    if link.recomputed_hash() != link.hash:
        return said(
            "{0} was changed after it was written (its contents no longer match its hash)",
            _name(link),
        )
    return None


def _replay_link(replay: _Replay, link: Link) -> tuple[Said | None, bool]:
    """Replay one link's rows: the problem it shows (an unsigned director action, or a body
    that cannot be read), and whether the walk must stop there."""
    try:
        body = _body(link)
        unsigned = _unsigned(replay, link, body)
        _apply(replay, link, body)
    except (ValueError, TypeError, AttributeError, KeyError) as error:
        # A body that hashes right but is not what the app writes: forged by hand.
        # The link's own refusals are named as the ValueError they are.
        kind = "ValueError" if isinstance(error, UnreadableLink) else type(error).__name__
        return said("{0} cannot be read ({1}: {2})", _name(link), kind, words_of(error)), True
    return unsigned, False


def _rows_changed(replay: _Replay, session: Session) -> list[Said]:
    """The rows that differ from what the seal replays, the first :data:`_SHOWN` of them."""
    found: list[Said] = []
    for index, problem in enumerate(_compare(replay, session)):
        if index == _SHOWN:
            found.append(said("... and more rows changed outside the app"))
            break
        found.append(problem)
    return found


def check_seal(session: Session, *, code: str | None = None) -> SealCheck:
    """Check the seal of the database ``session`` reads (nothing is written)."""
    problems: list[Said] = []
    wanted = parse_seal_code(code) if code is not None else None
    code_matches: bool | None = None if code is None else False
    replay = _Replay()
    expected_prev = GENESIS
    count, latest, broken, after_code = 0, None, False, 0
    for link in walk_links(session):
        count += 1
        if not broken:
            chain_problem = _chain_problem(link, expected_prev)
            if chain_problem is not None:
                problems.append(chain_problem)
                broken = True
        if broken:
            continue  # past a break, nothing the links say can be trusted
        expected_prev = link.hash
        latest = link
        if wanted is not None:
            if link.id == wanted[0]:
                code_matches = seal_code(link.id, link.hash) == wanted[1]
            elif link.id > wanted[0]:
                after_code += 1
        replayed, broken = _replay_link(replay, link)
        if replayed is not None:
            problems.append(replayed)
    if not broken:
        problems += _rows_changed(replay, session)
    return SealCheck(
        links=count,
        latest_code=None if latest is None else seal_code(latest.id, latest.hash),
        problems=tuple(problems),
        code_matches=code_matches,
        links_after_code=after_code,
    )
