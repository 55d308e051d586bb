"""``verify``'s look at the hands the tables' phones sent: each was sent through a link of its
own match (decision 0026). The room checks the link in the hand's own transaction; this finds
a hand whose kept link mark names another match (the bookkeeping changed behind the app's
back), and notes the hands sent before links named their match into a match whose number had
been a match taken back, where which card sent them cannot be known."""

from __future__ import annotations

from dataclasses import dataclass, field

from sqlmodel import Session, col, select

from gin_scorer.core.wording import Said, said
from gin_scorer.services.support.link_codes import (
    LEGACY,
    REVOKED,
    identity,
    kinds_of_event,
    link_mark,
    number_identity,
    thirds_of_event,
)
from gin_scorer.store.tables import Event, HandEntry, Match, RoomSubmission


@dataclass
class LinkFindings:
    problems: list[Said] = field(default_factory=list)
    notes: list[Said] = field(default_factory=list)


def link_findings(session: Session, event: Event) -> LinkFindings:
    """The event's hands sent from the tables' pages, checked against their matches' links."""
    event_id, found = event.id, LinkFindings()
    assert event_id is not None
    sent = session.exec(
        select(RoomSubmission.link, HandEntry.seq, Match)
        .join(HandEntry, col(HandEntry.id) == RoomSubmission.hand_entry_id)
        .join(Match, col(Match.id) == RoomSubmission.match_id)
        .where(Match.event_id == event_id)
        .order_by(col(Match.id), col(HandEntry.seq))
    ).all()
    if not sent:
        return found
    thirds = thirds_of_event(session, event_id)
    legacy, revoked = (
        kinds_of_event(session, event_id, LEGACY),
        kinds_of_event(session, event_id, REVOKED),
    )
    for mark, seq, match in sent:
        assert match.id is not None
        if mark is None:
            if match.id in revoked:  # sent before 0011, into a number used twice
                found.notes.append(
                    said(
                        "match {0}, hand {1}: sent from a table's page before links named "
                        "their match, and match {0}'s number had belonged to a match taken "
                        "back: whether its link was this match's cannot be known; check the "
                        "hand with its players",
                        match.id,
                        seq,
                    )
                )
            continue
        marks = {link_mark(identity(match, thirds.get(match.id)))}
        if match.id in legacy:
            marks.add(link_mark(number_identity(match.id)))
        if mark not in marks:
            found.problems.append(
                said(
                    "match {0}, hand {1}: sent from a table's link that does not belong to "
                    "this match",
                    match.id,
                    seq,
                )
            )
    return found
