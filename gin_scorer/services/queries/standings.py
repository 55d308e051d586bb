"""Standings and brackets, recomputed from the hand log every time they are asked for.

``standings`` ranks the event's entrants with its tie-breaks (elimination events: by how far
each got in the bracket; entrants out in the same round share a place). ``bracket`` gives an
elimination event's every slot with its entrants, winner and games.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from gin_scorer.core.wording import Said, said, words_of
from gin_scorer.services.queries.rounds.facts import read_event
from gin_scorer.services.queries.rounds.model import EventFacts, MatchFacts
from gin_scorer.services.support.dto import EntrantStatus, EntrantView
from gin_scorer.services.support.errors import InvalidInput
from gin_scorer.store.database import Database
from gin_scorer.tournament import elimination, engine
from gin_scorer.tournament.errors import TournamentError
from gin_scorer.tournament.model import Format
from gin_scorer.tournament.settings import TieBreak
from gin_scorer.tournament.standings import RecordCounts, SharedPlace


@dataclass(frozen=True, slots=True)
class StandingRow(SharedPlace):
    """One line of the standings. ``place_to > place`` means the place is shared."""

    entrant: EntrantView
    counts: RecordCounts  # the tournament's own counts, held as they are
    buchholz: int
    # The event's tie-breaks with this entrant's value for each, in order.
    tie_breaks: tuple[tuple[TieBreak, int], ...] = ()
    position: elimination.Progress | None = None  # elimination: how far in the bracket

    @property
    def withdrawn(self) -> bool:
        return self.entrant.status is EntrantStatus.WITHDRAWN


def standing_rows(facts: EventFacts, after_round: int | None) -> tuple[StandingRow, ...]:
    if after_round is not None and not 0 <= after_round <= facts.state.paired_rounds:
        if facts.state.paired_rounds == 1:
            raise InvalidInput(said("after round {0}: the event has 1 round so far", after_round))
        raise InvalidInput(
            said(
                "after round {0}: the event has {1} rounds so far",
                after_round,
                facts.state.paired_rounds,
            )
        )
    try:
        ranked = engine.event_standings(_byes_of_played_rounds(facts), after_round)
    except TournamentError as error:
        raise InvalidInput(words_of(error)) from None
    ties = () if facts.format.is_elimination else facts.settings.tie_breaks
    out = []
    for s in ranked:
        r = s.record
        out.append(
            StandingRow(
                place=s.place,
                place_to=s.place_to,
                entrant=facts.views[s.entrant.id],
                counts=r.counts,
                buchholz=r.buchholz,
                tie_breaks=tuple(zip(ties, s.tie_break_values, strict=False)),
                position=s.position,
            )
        )
    return tuple(out)


def _byes_of_played_rounds(facts: EventFacts) -> engine.EventState:
    """The event as the standings count it: a bye counts once its round has been played
    (every other table of the round has a result), not the moment it is paired — else the
    player with the bye tops the table while everybody else is still at theirs."""
    playing = {
        m.round_number
        for m in facts.matches
        if m.round_number is not None and m.row.entrant_b_id is not None and not m.finished
    }
    if not playing or facts.format.is_elimination:
        return facts.state
    counted = tuple(
        o for o in facts.state.outcomes if not (o.b is None and o.round_number in playing)
    )
    return replace(facts.state, outcomes=counted)


def event_places(facts: EventFacts) -> dict[int, int] | None:
    """Each entrant's place now (the first of a shared one), by entrant id; None when the
    event has no standings to give (a club night that was never ranked)."""
    try:
        ranked = engine.event_standings(_byes_of_played_rounds(facts), None)
    except TournamentError:
        return None
    return {s.entrant.id: s.place for s in ranked}


def standings(
    db: Database, event_id: int, after_round: int | None = None
) -> tuple[StandingRow, ...]:
    """The event's standings (as they stood after ``after_round``, if given)."""
    with db.transaction(write=False) as session:
        return standing_rows(read_event(session, event_id), after_round)


@dataclass(frozen=True, slots=True)
class BracketSlotView:
    """One slot of an elimination bracket as it stands.

    ``a`` / ``b`` are ``None`` while not known yet: the front ends then say where the side
    comes from, in the reader's language, from ``a_source`` / ``b_source`` and ``a_bye`` /
    ``b_bye`` (``presentation.bracket_words``). ``winner`` is "A", "B" or "".
    """

    slot: str
    section: str
    round_in_section: int
    index: int
    wave: int
    a: EntrantView | None
    b: EntrantView | None
    a_from: str
    b_from: str
    winner: str
    games_a: int | None
    games_b: int | None
    match_id: int | None
    table: int | None
    needed: bool
    a_source: elimination.Source
    b_source: elimination.Source
    a_bye: bool
    b_bye: bool
    stage: str  # one of tournament.bracket.STAGES ({0}: stage_round)
    stage_round: int
    result_mark: str = ""  # a result reported without hands: "S" slip, "F" forfeit …

    def games_text(self, side: str) -> str:
        """Games won by ``side`` ("A"/"B"), the winner's carrying the result's mark ("3F");
        "" before the match is played."""
        games = self.games_a if side == "A" else self.games_b
        if games is None:
            return ""
        return f"{games}{self.result_mark if self.winner == side else ''}"


@dataclass(frozen=True, slots=True)
class BracketView:
    event_id: int
    double: bool
    size: int
    bracket_reset: bool
    slots: tuple[BracketSlotView, ...]
    champion: EntrantView | None


def _no_bracket(event_id: int, kind: Format) -> Said:
    """Refusing a bracket of an event that pairs without one, a sentence per format."""
    if kind is Format.SWISS:
        return said("event {0} is a swiss event: it has no bracket", event_id)
    if kind is Format.ROUND_ROBIN:
        return said("event {0} is a round robin event: it has no bracket", event_id)
    if kind is Format.CLUB:
        return said("event {0} is a club night event: it has no bracket", event_id)
    if kind is Format.SINGLE_ELIMINATION:  # never asked: an elimination event has one
        return said("event {0} is a single elimination event: it has no bracket", event_id)
    return said("event {0} is a double elimination event: it has no bracket", event_id)


def bracket(db: Database, event_id: int) -> BracketView:
    """An elimination event's bracket: every slot, who is in it, who won, the games."""
    with db.transaction(write=False) as session:
        facts = read_event(session, event_id)
        if not facts.format.is_elimination:
            raise InvalidInput(_no_bracket(event_id, facts.format))
        state = facts.state
        try:
            shape = engine.bracket_of(state)
            slots = engine.bracket_states(state)
        except TournamentError as error:
            raise InvalidInput(words_of(error)) from None
        by_slot = {m.row.bracket_slot: m for m in facts.matches if m.row.bracket_slot}
        views = [_slot_view(m, slots[m.slot], by_slot.get(m.slot), facts) for m in shape.matches]
        champ = elimination.champion(shape, slots)
        return BracketView(
            event_id=event_id,
            double=shape.double,
            size=shape.size,
            bracket_reset=shape.bracket_reset,
            slots=tuple(views),
            champion=facts.views.get(champ) if champ is not None else None,
        )


def _slot_view(
    m: elimination.BracketMatch,
    st: elimination.SlotState,
    played: MatchFacts | None,
    facts: EventFacts,
) -> BracketSlotView:
    """One slot as the bracket chart shows it: who is in it, how they got there, who won."""

    def who(eid: int | None) -> EntrantView | None:
        return facts.views.get(eid) if eid is not None and eid >= 0 else None

    winner = ""
    if st.winner is not None and st.winner != elimination.PHANTOM and st.needed:
        winner = "A" if st.winner == st.a else "B"
    games_a = games_b = None
    if played is not None and played.row.entrant_b_id is not None:
        games_a, games_b = played.games_a, played.games_b
        if played.row.entrant_a_id != st.a:  # stored the other way round
            games_a, games_b = games_b, games_a
    return BracketSlotView(
        slot=m.slot,
        section=m.section,
        round_in_section=m.round_in_section,
        index=m.index,
        wave=m.wave,
        a=who(st.a),
        b=who(st.b),
        a_from=m.a.slot,
        b_from=m.b.slot,
        winner=winner,
        games_a=games_a,
        games_b=games_b,
        match_id=played.row.id if played is not None else None,
        table=played.row.table_number if played is not None else None,
        needed=st.needed,
        result_mark=played.outcome.kind.mark if played and played.outcome else "",
        a_source=m.a,
        b_source=m.b,
        a_bye=st.a == elimination.PHANTOM,
        b_bye=st.b == elimination.PHANTOM,
        stage=m.stage,
        stage_round=m.stage_round,
    )


def with_tie_break_names(row: StandingRow) -> dict[str, int]:
    """A row's tie-break values by their printed names (for tables and exports)."""
    return {tie.label: value for tie, value in row.tie_breaks}


__all__ = [
    "BracketSlotView",
    "BracketView",
    "StandingRow",
    "bracket",
    "standings",
    "with_tie_break_names",
]
