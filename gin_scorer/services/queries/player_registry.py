"""The club's people across events: who a new entrant is.

An entrant is linked to a player on entry: the player with that member number; else the one
player with the same name and club (letter case and spaces aside), who then gets the member
number if one was given and they had none; else a new player. A name alone is not an
identity across clubs, so "Ann Lee" of two clubs stays two people. A near miss ("Anne Lee",
or the same name at another club) is never linked by itself: :func:`near_players` lists it
so that the desk can ask, and the director can merge the two later
(:func:`gin_scorer.services.writes.player_merge.merge_players`).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Set
from difflib import SequenceMatcher

from sqlalchemy import func
from sqlmodel import Session, col, select

from gin_scorer.core.wording import said
from gin_scorer.services.support.errors import InvalidInput
from gin_scorer.services.support.team_members import entrant_people
from gin_scorer.store.tables import Entrant, Player

NEAR = 0.85  # how alike two names must be (difflib's ratio) to be worth asking about
MOST_NEAR = 5


def same_words(text: str | None) -> str:
    """``text`` as identities compare it: case-folded, spaces collapsed."""
    return " ".join((text or "").split()).casefold()


# Apostrophes and quotes typed in names, as one (a keyboard types ', a name list has ’).
_APOSTROPHES = str.maketrans({"’": "'", "‘": "'", "ʼ": "'", "`": "'", "´": "'"})


def searched_words(text: str | None) -> str:
    """``text`` as a search compares it: :func:`same_words`, and accents and the kinds of
    apostrophe aside, so that "zoe o'brien" finds "Zoë Ó’Brien" (a search only: two records
    are still one person by :func:`same_words` alone).

    >>> searched_words("Zoë Ó’Brien") == searched_words("zoe o'brien")
    True
    """
    decomposed = unicodedata.normalize("NFKD", same_words(text))
    plain = "".join(c for c in decomposed if not unicodedata.combining(c))
    return plain.translate(_APOSTROPHES)


def players_in_event(session: Session, event_id: int) -> set[int]:
    """The players (and partners) already entered in the event."""
    rows = list(session.exec(select(Entrant).where(Entrant.event_id == event_id)))
    return {p for people in entrant_people(session, rows).values() for p in people}


def player_for_entry(
    session: Session, name: str, club: str, member_number: str, entered: Set[int]
) -> Player:
    """The player a new entrant is (see the module's text); ``entered``: the players already
    in the event, whom a member number must not name again."""
    if member_number:
        found = session.exec(select(Player).where(Player.member_number == member_number)).first()
        if found is not None:
            if found.id in entered:
                raise InvalidInput(
                    said(
                        "member number {0} is {1}, who is already entered in this event",
                        repr(member_number),
                        repr(found.name),
                    )
                )
            return found
    same = [
        p
        for p in _named(session, name)
        if same_words(p.club) == same_words(club)
        and p.id not in entered
        and (not member_number or p.member_number is None)
    ]
    if len(same) == 1:
        player = same[0]
        if member_number:
            player.member_number = member_number
            session.add(player)
        return player
    player = Player(name=name, club=club or None, member_number=member_number or None)
    session.add(player)
    session.flush()
    return player


def _named(session: Session, name: str) -> Iterable[Player]:
    """Players whose name is ``name`` but for letter case and spaces."""
    wanted = same_words(name)
    # lower() in SQL narrows the rows; same_words settles it (casefold and inner spaces).
    rows = session.exec(select(Player).where(func.lower(col(Player.name)) == wanted.lower()))
    return [p for p in rows if same_words(p.name) == wanted]


def near_players(
    session: Session,
    name: str,
    club: str = "",
    member_number: str = "",
    event_id: int | None = None,
) -> list[Player]:
    """Players who might be the person typed but would not be linked to them: a name
    spelled nearly the same, or the same name at another club (best first, at most five).
    Empty when the entry would find its player (same number, or same name and club). With
    ``event_id``, players already entered there are left out: they cannot be a new entrant."""
    wanted, wanted_club = same_words(name), same_words(club)
    if not wanted:
        return []
    if (
        member_number
        and session.exec(select(Player.id).where(Player.member_number == member_number)).first()
    ):
        return []
    scored: list[tuple[float, str, Player]] = []
    entered = players_in_event(session, event_id) if event_id is not None else set()
    for player in session.exec(select(Player)):
        if player.id in entered:
            continue
        have = same_words(player.name)
        if have == wanted and same_words(player.club) == wanted_club:
            return []
        alike = 1.0 if have == wanted else SequenceMatcher(None, have, wanted).ratio()
        if alike >= NEAR:
            scored.append((alike, have, player))
    scored.sort(key=lambda s: (-s[0], s[1], s[2].id or 0))
    return [p for _, _, p in scored[:MOST_NEAR]]
