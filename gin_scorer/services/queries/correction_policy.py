"""When may a recorded result still be corrected without the director's PIN?

Round robin and club nights: always. Swiss: until the next round has been paired (its
pairings were made from this result). Elimination: until a match fed by this one (the
winner's or, in double elimination, the loser's next match) has started. The rule itself is
pure (:func:`gin_scorer.tournament.corrections.correction_refusal_reason`); this module only
reads the facts it needs from the store. The services ask it; the PIN overrides it.
"""

from __future__ import annotations

from sqlmodel import Session, col, func, select

from gin_scorer.core.wording import Said
from gin_scorer.store.tables import Event, HandEntry, Match, Round
from gin_scorer.tournament.corrections import correction_refusal_reason
from gin_scorer.tournament.errors import TournamentError
from gin_scorer.tournament.model import Format


def correction_refusal(session: Session, match_id: int) -> Said | None:
    """Why a correction of ``match_id`` needs the director's PIN, or ``None`` if it does not."""
    match = session.get(Match, match_id)
    if match is None or match.round_id is None:
        return None  # an ad hoc match belongs to no round: nothing depends on it
    event = session.get(Event, match.event_id)
    if event is None:
        return None
    try:
        fmt = Format.parse(event.format)
    except TournamentError:
        return None
    if fmt in (Format.ROUND_ROBIN, Format.CLUB):
        return None
    own_round = session.get(Round, match.round_id)
    latest = session.exec(
        select(func.max(Round.number)).where(Round.event_id == match.event_id)
    ).one_or_none()
    started: list[str] = []
    if fmt.is_elimination and match.bracket_slot:
        started = _started_dependants(session, event, fmt, match.bracket_slot)
    return correction_refusal_reason(
        fmt,
        match_round=own_round.number if own_round is not None else None,
        latest_paired_round=int(latest or 0),
        started_dependants=started,
    )


def _started_dependants(session: Session, event: Event, fmt: Format, slot: str) -> list[str]:
    """Slots fed by ``slot`` whose match has a hand entered (or is already over)."""
    from gin_scorer.services.support.event_settings import event_settings
    from gin_scorer.tournament.elimination import build_bracket
    from gin_scorer.tournament.model import Entrant

    first_round = list(
        session.exec(
            select(Match)
            .join(Round, col(Round.id) == col(Match.round_id))
            .where(Match.event_id == event.id, Round.number == 1)
        )
    )
    field = sorted(
        {eid for m in first_round for eid in (m.entrant_a_id, m.entrant_b_id) if eid is not None}
    )
    if len(field) < 2:
        return []
    # Only the bracket's shape matters here, and it depends on the field's size alone.
    settings = event_settings(event)
    shape = build_bracket(
        [Entrant(i) for i in field],
        double=fmt is Format.DOUBLE_ELIMINATION,
        bracket_reset=settings.bracket_reset,
    )
    try:
        dependants = shape.dependants(slot)
    except TournamentError:
        return []
    if not dependants:
        return []
    rows = list(
        session.exec(
            select(Match).where(Match.event_id == event.id, col(Match.bracket_slot).in_(dependants))
        )
    )
    started = []
    for row in rows:
        if row.entrant_b_id is None:
            continue  # a bye starts nothing
        hands = session.exec(
            select(func.count()).select_from(HandEntry).where(HandEntry.match_id == row.id)
        ).one()
        if hands or row.status in ("playing", "finished", "locked"):
            started.append(row.bracket_slot or "")
    return sorted(started)
