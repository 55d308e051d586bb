"""The registry of players: list and find them, ask about a near match (two records of one
person are merged by :mod:`.player_merge`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from sqlalchemy import or_
from sqlmodel import Session, col, func, select

from gin_scorer.core.wording import said
from gin_scorer.services.queries.player_registry import near_players, same_words, searched_words
from gin_scorer.services.support.dto import EventStatus
from gin_scorer.services.support.errors import InvalidInput, NotFound
from gin_scorer.services.support.rows import fetch
from gin_scorer.services.support.team_members import rows_of_player
from gin_scorer.store.database import Database
from gin_scorer.store.tables import Entrant, Event, Player, TeamMember


@dataclass(frozen=True, slots=True)
class PlayerView:
    """A person of the registry, with the number of events they were entered in."""

    id: int
    name: str
    club: str
    member_number: str
    events: int = 0

    @property
    def label(self) -> str:
        """The name as a list shows it: with the club and the member number, if known."""
        number = f"#{self.member_number}" if self.member_number else ""
        extra = ", ".join(x for x in (self.club, number) if x)
        return f"{self.name} ({extra})" if extra else self.name


def _view(row: Player, events: int = 0) -> PlayerView:
    assert row.id is not None
    return PlayerView(row.id, row.name, row.club or "", row.member_number or "", events)


def _event_counts(session: Session) -> dict[int, int]:
    counts: dict[int, set[int]] = {}
    for player, partner, event in session.exec(
        select(Entrant.player_id, Entrant.partner_id, Entrant.event_id)
        .join(Event, col(Event.id) == col(Entrant.event_id))
        .where(col(Event.status) != EventStatus.DELETED.value)
    ):
        for who in (player, partner):
            if who is not None:
                counts.setdefault(who, set()).add(event)
    for who, event in session.exec(  # a team's third and later players
        select(TeamMember.player_id, Entrant.event_id)
        .join(Entrant, col(Entrant.id) == col(TeamMember.entrant_id))
        .join(Event, col(Event.id) == col(Entrant.event_id))
        .where(col(Event.status) != EventStatus.DELETED.value)
    ):
        counts.setdefault(who, set()).add(event)
    return {p: len(e) for p, e in counts.items()}


def list_players(db: Database) -> tuple[PlayerView, ...]:
    """Every player, by name."""
    with db.transaction(write=False) as session:
        counts = _event_counts(session)
        rows = session.exec(select(Player).order_by(func.lower(col(Player.name)), col(Player.id)))
        return tuple(_view(r, counts.get(r.id or 0, 0)) for r in rows)


def get_player(db: Database, player_id: int) -> PlayerView:
    with db.transaction(write=False) as session:
        return _view(fetch(session, Player, player_id), _event_counts(session).get(player_id, 0))


def find_player(db: Database, text: str) -> PlayerView:
    """The one player ``text`` names: a player id ("#12" or "12"), a member number, a whole
    name, or a part of one name; NotFound or InvalidInput (several match) otherwise."""
    wanted = same_words(text)
    if not wanted:
        raise InvalidInput(said("give a player's name, member number or id"))
    players = list_players(db)
    number = wanted.removeprefix("#")
    plain = searched_words(text)  # accents and apostrophes aside, after the exact tries
    for test in (
        lambda p: number.isdigit() and p.id == int(number),
        lambda p: bool(p.member_number) and same_words(p.member_number) == wanted,
        lambda p: same_words(p.name) == wanted,
        lambda p: searched_words(p.name) == plain,
        lambda p: wanted in same_words(p.name),
        lambda p: plain in searched_words(p.name),
    ):
        found = _matching(players, test)
        if len(found) == 1:
            return found[0]
        if len(found) > 1:
            shown = "; ".join(f"#{p.id} {p.label}" for p in found[:6])
            raise InvalidInput(
                said("{0} could be {1} players: {2}; give the #id", repr(text), len(found), shown)
            )
    raise NotFound(said("no player is called {0}", repr(text)))


def _matching(
    players: Sequence[PlayerView], test: Callable[[PlayerView], bool]
) -> list[PlayerView]:
    return [p for p in players if test(p)]


def players_near(
    db: Database,
    name: str,
    club: str = "",
    member_number: str = "",
    event_id: int | None = None,
) -> tuple[PlayerView, ...]:
    """Players who might be the one being entered in ``event_id`` but would not be linked by
    themselves (see :func:`gin_scorer.services.queries.player_registry.near_players`)."""
    with db.transaction(write=False) as session:
        counts = _event_counts(session)
        near = near_players(session, name, club, member_number, event_id)
        return tuple(_view(p, counts.get(p.id or 0, 0)) for p in near)


def view_of(session: Session, row: Player) -> PlayerView:
    """A player as a list shows them, counting the events they are entered in now."""
    return _view(row, len({e.event_id for e in entries_of(session, row.id or 0)}))


def entries_of(session: Session, player_id: int) -> list[Entrant]:
    """The entrants the player is one of (alone, as partner, or in a larger team)."""
    seats = [s.entrant_id for s in rows_of_player(session, player_id)]
    return list(
        session.exec(
            select(Entrant)
            .where(
                or_(
                    col(Entrant.player_id) == player_id,
                    col(Entrant.partner_id) == player_id,
                    col(Entrant.id).in_(seats),
                )
            )
            .order_by(col(Entrant.id))
        )
    )


__all__ = [
    "PlayerView",
    "find_player",
    "get_player",
    "list_players",
    "players_near",
]
