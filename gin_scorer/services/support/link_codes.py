"""A table link's code, bound to its match (decision 0026).

A table's address is ``/t/<match>.<code>``: the code is a keyed hash (HMAC-SHA-256, under a
secret this database keeps) of the match's *identity*: its event, its number, the moment it
was made (sealed with it, never the same for two matches) and its players. A match taken back
and another made in its place never share a code, even if they shared a number (match numbers
are never reused either: migration 0011). Taking back a round revokes its links for good: each
code is remembered by its hash (``room_link``), so an old table card says the round was taken
back rather than "not a link".

A link from before these codes named the match's number only; it keeps opening its match
while the number has never belonged to another (``room_link`` "legacy", made by migration
0011).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
import secrets
from collections.abc import Sequence
from datetime import UTC

from sqlmodel import Session, col, select

from gin_scorer.core.wording import said
from gin_scorer.services.support.errors import LinkRevoked, NotFound
from gin_scorer.store.settings import get_setting, set_setting
from gin_scorer.store.tables import Match, MatchSeat, RoomLink

ROOM_SECRET = "room_secret"
LEGACY, REVOKED = "legacy", "revoked"
_TOKEN = re.compile(r"([1-9][0-9]{0,9})\.([a-z2-7]{26})")
THIRD_SEAT = 2  # match_seat.position of a table of three's third player


def identity(row: Match, third: int | None) -> str:
    """What a match's link names: its event, number, moment made, and players (A, B, C)."""
    made = row.created_at.astimezone(UTC).isoformat(timespec="microseconds")
    players = (row.entrant_a_id, row.entrant_b_id, third)
    seated = ",".join("" if p is None else str(p) for p in players)
    return f"gin-scorer table 2|event {row.event_id}|match {row.id}|{made}|{seated}"


def number_identity(match_id: int) -> str:
    """What a link made before decision 0026 named: the match's number only."""
    return f"gin-scorer table {match_id}"


def code(secret: bytes, named: str) -> str:
    """The link's code for ``named`` (an :func:`identity`) under the room ``secret``."""
    digest = hmac.new(secret, named.encode(), hashlib.sha256).digest()
    return base64.b32encode(digest[:16]).decode().lower().rstrip("=")


def link_mark(named: str) -> str:
    """Which link sent a hand, kept with its key: a hash of the link's identity (never the
    code itself, which opens the table; nor the secret, so it survives a new secret)."""
    return hashlib.sha256(named.encode()).hexdigest()[:32]


def code_hash(link_code: str) -> str:
    return hashlib.sha256(link_code.encode()).hexdigest()


def third_of(session: Session, match_id: int) -> int | None:
    """A table of three's third player (``None`` at a table of two)."""
    query = select(MatchSeat.entrant_id).where(
        MatchSeat.match_id == match_id, MatchSeat.position == THIRD_SEAT
    )
    return session.exec(query).first()


def thirds_of_event(session: Session, event_id: int) -> dict[int, int]:
    """Each table of three of the event: its match's number and its third player."""
    query = (
        select(MatchSeat.match_id, MatchSeat.entrant_id)
        .join(Match, col(Match.id) == MatchSeat.match_id)
        .where(Match.event_id == event_id, MatchSeat.position == THIRD_SEAT)
    )
    return dict(session.exec(query).all())


def kinds_of_event(session: Session, event_id: int, kind: str) -> set[int]:
    """The match numbers of the event with a link of ``kind`` (legacy or revoked)."""
    query = select(RoomLink.match_id).where(RoomLink.event_id == event_id, RoomLink.kind == kind)
    return set(session.exec(query).all())


# ---------------------------------------------------------------------------------------------
# The room secret


def made_secret(session: Session) -> bytes:
    """The database's room secret, made now if it has none yet (read from the database, not
    the handle's kept copy: links are made from what is stored)."""
    stored = get_setting(session, ROOM_SECRET)
    if stored is None:
        stored = secrets.token_hex(32)
        set_setting(session, ROOM_SECRET, stored)
    _keep_secret(session, stored)
    return bytes.fromhex(stored)


def kept_secret(session: Session) -> str | None:
    """The room secret, kept on the open database's handle once read: it is made once and
    never changed, and every request from a table checks its link against it, so reading it
    again each time would be a statement more on each of them. A link the kept secret refuses
    is checked again against the stored one (see :func:`opened_match`)."""
    derived = getattr(session.info.get("database"), "derived", None)
    kept = derived.get(ROOM_SECRET) if isinstance(derived, dict) else None
    if isinstance(kept, str):
        return kept
    return stored_secret(session)


def stored_secret(session: Session) -> str | None:
    stored = get_setting(session, ROOM_SECRET)
    if stored is not None:
        _keep_secret(session, stored)
    return stored


def _keep_secret(session: Session, stored: str) -> None:
    derived = getattr(session.info.get("database"), "derived", None)
    if isinstance(derived, dict):
        derived[ROOM_SECRET] = stored


# ---------------------------------------------------------------------------------------------
# Opening a link


def token_parts(token: str) -> tuple[int, str]:
    """The match a link names and its code (not yet checked: :func:`opened_match` checks it)."""
    found = _TOKEN.fullmatch(token)
    if found is None:
        raise not_a_table()
    return int(found.group(1)), found.group(2)


def not_a_table() -> NotFound:
    return NotFound(said("this is not a table's link of this event: scan the table's code again"))


def opened_match(session: Session, event_id: int, token: str) -> tuple[Match, str]:
    """The match of this event the link ``token`` opens, and the mark of that link (for the
    hand it sends); :class:`LinkRevoked` for a link taken back with its round, else
    :class:`NotFound`."""
    match_id, given = token_parts(token)
    row = session.get(Match, match_id)
    if row is not None and row.event_id == event_id:
        named = identity(row, third_of(session, match_id))
        kept = kept_secret(session)
        if _opens(kept, named, given):
            return row, link_mark(named)
        # Restoring a backup older than the secret, then making links, makes a new secret on
        # whichever station made them: the stored one is read before the link is refused.
        stored = stored_secret(session)
        if stored != kept and _opens(stored, named, given):
            return row, link_mark(named)
        old = number_identity(match_id)
        if (_opens(kept, old, given) or _opens(stored, old, given)) and _legacy(session, row):
            return row, link_mark(old)
    raise _refusal(session, event_id, match_id, given)


def _opens(secret: str | None, named: str, given: str) -> bool:
    """Is ``given`` the code of ``named`` under ``secret``?"""
    return secret is not None and hmac.compare_digest(code(bytes.fromhex(secret), named), given)


def _legacy(session: Session, row: Match) -> bool:
    query = select(RoomLink.id).where(RoomLink.match_id == row.id, RoomLink.kind == LEGACY)
    return session.exec(query).first() is not None


def _refusal(session: Session, event_id: int, match_id: int, given: str) -> NotFound:
    """Why a link opens nothing: its round was taken back, or it is no link of this event."""
    query = select(RoomLink).where(
        RoomLink.match_id == match_id,
        RoomLink.event_id == event_id,
        RoomLink.kind == REVOKED,
        RoomLink.code_hash == code_hash(given),
    )
    if session.exec(query).first() is not None:
        return LinkRevoked(said("this round was taken back: ask the desk for your new table"))
    return not_a_table()


# ---------------------------------------------------------------------------------------------
# Taking links back


def revoke_links(session: Session, round_number: int | None, rows: Sequence[Match]) -> None:
    """The links of ``rows`` (a round being taken back), revoked for good, in the take-back's
    own transaction: remembered by their codes' hashes so their cards say what happened."""
    secret = get_setting(session, ROOM_SECRET)
    if secret is None or not rows:
        return  # no link was ever made
    ids = [row.id for row in rows if row.id is not None]
    legacy = set(
        session.exec(
            select(RoomLink.match_id).where(
                col(RoomLink.match_id).in_(ids), RoomLink.kind == LEGACY
            )
        )
    )
    for row in rows:
        assert row.id is not None
        named = [identity(row, third_of(session, row.id))]
        if row.id in legacy:
            named.append(number_identity(row.id))
        for one in named:
            session.add(
                RoomLink(
                    match_id=row.id,
                    event_id=row.event_id,
                    round_number=round_number,
                    kind=REVOKED,
                    code_hash=code_hash(code(bytes.fromhex(secret), one)),
                )
            )
    for old in session.exec(
        select(RoomLink).where(col(RoomLink.match_id).in_(ids), RoomLink.kind == LEGACY)
    ):
        session.delete(old)
