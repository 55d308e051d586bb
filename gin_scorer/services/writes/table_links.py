"""Each table's own address in the room: ``/t/<match>.<code>``, where the code is a keyed
hash of the match's identity under a secret this database keeps (:mod:`.link_codes`). The link
cannot be guessed from another table's, and it opens one match only, never another made in its
place: the room checks the code before it shows or takes anything. The secret is made the
first time a link is asked for, and stays with the database (backups and copies too), so
printed table cards keep working.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from sqlalchemy import func
from sqlmodel import Session, col, select

from gin_scorer.core.hands import Side
from gin_scorer.core.wording import said
from gin_scorer.services.queries.confirmation_log import words_of
from gin_scorer.services.support.database import Database
from gin_scorer.services.support.dto import ScoreSheet
from gin_scorer.services.support.errors import NotFound
from gin_scorer.services.support.link_codes import (
    LEGACY,
    code,
    identity,
    kept_secret,
    kinds_of_event,
    made_secret,
    number_identity,
    opened_match,
    third_of,
    thirds_of_event,
    token_parts,
)
from gin_scorer.services.support.link_codes import (
    ROOM_SECRET as ROOM_SECRET,
)
from gin_scorer.services.writes.confirmations import confirm_result
from gin_scorer.services.writes.hands import ReadHand, record_read_hand
from gin_scorer.services.writes.matches import list_matches, sheet_with_words
from gin_scorer.store.tables import Match, ResultConfirmation
from gin_scorer.tournament.confirmation import Confirmation


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


def _token(session: Session, secret: bytes, match_id: int) -> str:
    row = session.get(Match, match_id)
    if row is None:
        raise NotFound(said("match {0} does not exist", match_id))
    return f"{match_id}.{code(secret, identity(row, third_of(session, match_id)))}"


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
    with db.transaction() as session:
        secret = made_secret(session)  # made now for the first links
        return tuple(
            TableLink(
                round_number=m.round_number,
                table=m.table_number,
                match_id=m.id,
                a=m.a.name,
                b=m.b.name if m.b is not None else "",
                path=f"/t/{_token(session, secret, m.id)}",
                c=m.c.name if m.c is not None else "",
            )
            for m in sorted(playing, key=lambda m: (m.table_number or 10**6, m.id))
        )


def _match_row(session: Session, event_id: int, token: str) -> Match:
    return opened_match(session, event_id, token)[0]


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
        token_parts(token)[0],
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
        token_parts(token)[0],
        side,
        version,
        agrees=agrees,
        reason=reason,
        entered_by=entered_by,
        guard=_link_guard(event_id, token),
    )


def _link_guard(event_id: int, token: str) -> Callable[[Session], str]:
    """The check a write from a table makes inside its own transaction: the link opens its
    match of this event (see :func:`opened_match`); the mark of the link is kept with what it
    sent."""
    return lambda session: opened_match(session, event_id, token)[1]


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


@dataclass(frozen=True, slots=True)
class TableState:
    """A table's link codes (its own; an old one still honoured) and its page's short state."""

    codes: tuple[str, ...]
    state: str


def table_states(db: Database, event_id: int) -> dict[int, TableState]:
    """Every match of the event by number, with its links' codes and :func:`page_state`, in
    one read: the room answers each table page's ``/state`` from it, once per change."""
    with db.transaction(write=False) as session:
        secret = kept_secret(session)
        if secret is None:
            return {}  # no link was ever made
        key = bytes.fromhex(secret)
        rows = session.exec(select(Match).where(Match.event_id == event_id)).all()
        thirds = thirds_of_event(session, event_id)
        words = dict(
            session.exec(
                select(ResultConfirmation.match_id, func.count())
                .join(Match, col(Match.id) == ResultConfirmation.match_id)
                .where(Match.event_id == event_id)
                .group_by(col(ResultConfirmation.match_id))
            ).all()
        )
        legacy = kinds_of_event(session, event_id, LEGACY)
    states = {}
    for row in rows:
        assert row.id is not None
        codes = [code(key, identity(row, thirds.get(row.id)))]
        if row.id in legacy:
            codes.append(code(key, number_identity(row.id)))
        states[row.id] = TableState(tuple(codes), page_state(row.version, words.get(row.id, 0)))
    return states
