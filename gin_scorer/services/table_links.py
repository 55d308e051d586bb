"""Each table's own address in the room: ``/t/<match>.<code>``, where the code is a keyed
hash (HMAC-SHA-256) of the match under a secret this database keeps. The link cannot be
guessed from another table's, and it opens one match only: the room checks the code before it
shows or takes anything. The secret is made the first time a link is asked for, and stays
with the database (backups and copies too), so printed table cards keep working.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
import secrets
from collections.abc import Callable
from dataclasses import dataclass

from sqlmodel import Session

from gin_scorer.core.hands import Side
from gin_scorer.core.wording import said
from gin_scorer.services.confirmation_log import words_of
from gin_scorer.services.confirmations import confirm_result
from gin_scorer.services.database import Database
from gin_scorer.services.dto import ScoreSheet
from gin_scorer.services.errors import NotFound
from gin_scorer.services.hands import ReadHand, record_read_hand
from gin_scorer.services.matches import list_matches, sheet_with_words
from gin_scorer.store.settings import get_setting, set_setting
from gin_scorer.store.tables import Match
from gin_scorer.tournament.confirmation import Confirmation

ROOM_SECRET = "room_secret"
_TOKEN = re.compile(r"([1-9][0-9]{0,9})\.([a-z2-7]{26})")


@dataclass(frozen=True, slots=True)
class TableLink:
    """One table of a round and the path of its page in the room."""

    round_number: int | None
    table: int | None
    match_id: int
    a: str
    b: str
    path: str  # "/t/12.abcdef…"
    c: str = ""  # a table of three's third player


def _secret(session: Session) -> bytes:
    """The database's room secret, made now if it has none yet (read from the database, not
    the handle's kept copy: links are made from what is stored)."""
    stored = get_setting(session, ROOM_SECRET)
    if stored is None:
        stored = secrets.token_hex(32)
        set_setting(session, ROOM_SECRET, stored)
    _keep_secret(session, stored)
    return bytes.fromhex(stored)


def _kept_secret(session: Session) -> str | None:
    """The room secret, kept on the open database's handle once read: it is made once and
    never changed, and every request from a table checks its link against it, so reading it
    again each time would be a statement more on each of them. A link the kept secret refuses
    is checked again against the stored one (see :func:`_match_row`)."""
    derived = getattr(session.info.get("database"), "derived", None)
    kept = derived.get(ROOM_SECRET) if isinstance(derived, dict) else None
    if isinstance(kept, str):
        return kept
    return _stored_secret(session)


def _stored_secret(session: Session) -> str | None:
    stored = get_setting(session, ROOM_SECRET)
    if stored is not None:
        _keep_secret(session, stored)
    return stored


def _keep_secret(session: Session, stored: str) -> None:
    derived = getattr(session.info.get("database"), "derived", None)
    if isinstance(derived, dict):
        derived[ROOM_SECRET] = stored


def _code(secret: bytes, match_id: int) -> str:
    digest = hmac.new(secret, f"gin-scorer table {match_id}".encode(), hashlib.sha256).digest()
    return base64.b32encode(digest[:16]).decode().lower().rstrip("=")


def table_token(session: Session, match_id: int) -> str:
    return f"{match_id}.{_code(_secret(session), match_id)}"


def table_links(
    db: Database, event_id: int, round_number: int | None = None
) -> tuple[TableLink, ...]:
    """Every table of the round (the latest unless given) with its page's path, by table."""
    matches = list_matches(db, event_id)
    numbers = sorted({m.round_number for m in matches if m.round_number is not None})
    chosen = round_number if round_number is not None else (numbers[-1] if numbers else None)
    if chosen is not None and chosen not in numbers:
        raise NotFound(said("event {0} has no round {1}", event_id, chosen))
    playing = [m for m in matches if m.round_number == chosen and m.b is not None]
    with db.transaction() as session:  # may make the secret
        return tuple(
            TableLink(
                round_number=m.round_number,
                table=m.table_number,
                match_id=m.id,
                a=m.a.name,
                b=m.b.name if m.b is not None else "",
                path=f"/t/{table_token(session, m.id)}",
                c=m.c.name if m.c is not None else "",
            )
            for m in sorted(playing, key=lambda m: (m.table_number or 10**6, m.id))
        )


def _not_a_table() -> NotFound:
    return NotFound(said("this is not a table's link of this event: scan the table's code again"))


def _match_row(session: Session, event_id: int, token: str) -> Match:
    match_id, code = _token_parts(token)
    kept = _kept_secret(session)
    if not _opens(kept, match_id, code):
        # Restoring a backup older than the secret, then making links, makes a new secret on
        # whichever station made them: the stored one is read before the link is refused.
        stored = _stored_secret(session)
        if stored == kept or not _opens(stored, match_id, code):
            raise _not_a_table()
    row = session.get(Match, match_id)
    if row is None or row.event_id != event_id:
        raise _not_a_table()
    return row


def _opens(secret: str | None, match_id: int, code: str) -> bool:
    """Is ``code`` the link code of ``match_id`` under ``secret``?"""
    if secret is None:
        return False
    return hmac.compare_digest(_code(bytes.fromhex(secret), match_id), code)


def sheet_of_token(db: Database, event_id: int, token: str) -> ScoreSheet:
    """The sheet of the match a table's link opens (with the players' words), in one read."""
    with db.transaction(write=False) as session:
        return sheet_with_words(session, _match_row(session, event_id, token))


def record_table_hand(
    db: Database,
    event_id: int,
    token: str,
    read: ReadHand,
    expected_version: int,
    *,
    submission: str | None,
) -> ScoreSheet:
    """Record the hand a table's page sent, read by ``read`` from the match's sheet as it
    stands (see :func:`record_read_hand`): the link checked, the sheet read and the hand
    written in one transaction."""
    return record_read_hand(
        db,
        _token_parts(token)[0],
        read,
        expected_version,
        submission=submission,
        guard=_link_guard(event_id, token),
    )


def confirm_at_table(
    db: Database,
    event_id: int,
    token: str,
    side: Side,
    version: int,
    *,
    agrees: bool,
    reason: str | None,
    entered_by: Callable[[ScoreSheet], str],
) -> Confirmation:
    """A player's word sent from a table's page (see :func:`confirm_result`), the link checked
    in the same transaction."""
    return confirm_result(
        db,
        _token_parts(token)[0],
        side,
        version,
        agrees=agrees,
        reason=reason,
        entered_by=entered_by,
        guard=_link_guard(event_id, token),
    )


def _link_guard(event_id: int, token: str) -> Callable[[Session], Match]:
    """The check a write from a table makes inside its own transaction: the link opens its
    match of this event (see :func:`_match_row`)."""
    return lambda session: _match_row(session, event_id, token)


def _token_parts(token: str) -> tuple[int, str]:
    """The match a link names and its code (not yet checked: :func:`_match_row` checks it)."""
    found = _TOKEN.fullmatch(token)
    if found is None:
        raise _not_a_table()
    return int(found.group(1)), found.group(2)


def page_state_of_token(db: Database, event_id: int, token: str) -> str:
    """What a table's page shows, in short: ``"<match version>.<players' words>"`` (has it
    changed since the page was made? A confirmation does not move the match's version)."""
    with db.transaction(write=False) as session:
        row = _match_row(session, event_id, token)
        assert row.id is not None
        return page_state(row.version, len(words_of(session, [row.id])[row.id]))


def page_state(version: int, words: int) -> str:
    """The short form of what a table's page shows: its match version and how many words the
    players have given; the page and ``/state`` must build it the same way."""
    return f"{version}.{words}"
