"""A match's third seat (three-player games, decision 0014): who sits there and seating them
(whether a rule set's tables seat three is its format's profile's ``seats``, decision 0030).
"""

from __future__ import annotations

from collections.abc import Sequence

from sqlmodel import Session, col, select

from gin_scorer.store.tables import Match, MatchSeat

SEAT_LETTERS = "ABC"
"""A seat's letter, as a table's winner is kept in a derived result ("C": the third seat)."""


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
