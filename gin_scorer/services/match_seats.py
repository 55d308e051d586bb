"""A match's third seat (three-player games, decision 0014): who sits there, seating them,
and whether an event's tables seat three.
"""

from __future__ import annotations

from collections.abc import Sequence

from sqlmodel import Session, col, select

from gin_scorer.core.rules import MatchFormat, RuleSet
from gin_scorer.core.wording import said
from gin_scorer.services.stored_json import rules_from_json
from gin_scorer.store.tables import Event, Match, MatchSeat

SEAT_LETTERS = "ABC"
"""A seat's letter, as a table's winner is kept in a derived result ("C": the third seat)."""


def seats_of(event: Event) -> int:
    """Players at each of the event's tables: 3 under a three-player rule set, else 2."""
    rules = rules_from_json(event.rules_json, said("event rules"))
    return 3 if rules.match_format is MatchFormat.THREE_PLAYER else 2


def is_three_player(rules: RuleSet) -> bool:
    return rules.match_format is MatchFormat.THREE_PLAYER


def third_seats(session: Session, match_ids: Sequence[int]) -> dict[int, int]:
    """Each three-player match's third player: {match id: entrant id}."""
    found: dict[int, int] = {}
    for start in range(0, len(match_ids), 400):
        chunk = match_ids[start : start + 400]
        for match_id, entrant_id in session.exec(
            select(MatchSeat.match_id, MatchSeat.entrant_id).where(
                col(MatchSeat.match_id).in_(chunk), col(MatchSeat.position) == 2
            )
        ):
            found[match_id] = entrant_id
    return found


def add_third_seat(session: Session, match: Match, entrant_id: int) -> MatchSeat:
    """Seat ``entrant_id`` as the third player of ``match`` (flushed, so that it has an id)."""
    assert match.id is not None
    seat = MatchSeat(match_id=match.id, position=2, entrant_id=entrant_id)
    session.add(seat)
    session.flush()
    return seat
