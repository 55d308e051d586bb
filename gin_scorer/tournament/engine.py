"""One entry point per question a service asks about an event, whatever its format.

:class:`EventState` is everything the engine needs, read from the store by the services:
settings, entrants, finished results (byes included) and what has been paired so far.

>>> people = tuple(Entrant(i, f"P{i}", seed=i) for i in range(1, 5))
>>> state = EventState(TournamentSettings(Format.SINGLE_ELIMINATION), people, ())
>>> [(p.table, p.slot, p.a, p.b) for p in plan_round(state, 1).pairings]
[(1, 'W1-1', 1, 4), (2, 'W1-2', 2, 3)]
>>> total_rounds(state)
2
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from dataclasses import field as dataclass_field

from gin_scorer.core.wording import Said, said
from gin_scorer.tournament import elimination
from gin_scorer.tournament.club import club_round
from gin_scorer.tournament.errors import TournamentError
from gin_scorer.tournament.model import Entrant, Format, MatchOutcome, RoundPlan
from gin_scorer.tournament.round_robin import (
    pair_round_robin,
    round_robin_field,
    round_robin_rounds,
)
from gin_scorer.tournament.settings import TournamentSettings
from gin_scorer.tournament.standings import Standing, compute_standings
from gin_scorer.tournament.swiss import pair_swiss, swiss_ranking
from gin_scorer.tournament.tables import number_tables
from gin_scorer.tournament.threes import seat_threes


@dataclass(frozen=True, slots=True)
class EventState:
    """An event as the engine sees it.

    ``outcomes``: finished matches and byes, each with its round number (and bracket slot).
    ``paired_rounds``: how many rounds have been paired. ``paired_slots``: bracket slots that
    already have a match. ``field``: the entrants who started a round robin or bracket (the
    entrants of round 1), ``None`` before round 1. ``previous_tables``: each entrant's table
    in the latest round. ``fixed_tables``: entrants who always sit at one table. ``seats``:
    players at a table, 2, or 3 for three-player games (:mod:`.threes`).
    """

    settings: TournamentSettings
    entrants: tuple[Entrant, ...]
    outcomes: tuple[MatchOutcome, ...]
    paired_rounds: int = 0
    paired_slots: frozenset[str] = frozenset()
    field: tuple[int, ...] | None = None
    previous_tables: Mapping[int, int] = dataclass_field(default_factory=dict)
    fixed_tables: Mapping[int, int] = dataclass_field(default_factory=dict)
    seats: int = 2

    @property
    def format(self) -> Format:
        return self.settings.format

    def entrant(self, eid: int) -> Entrant:
        for e in self.entrants:
            if e.id == eid:
                return e
        raise TournamentError(said("entrant {0} is not in this event", eid))

    def starting_field(self) -> list[Entrant]:
        """The entrants of round 1 (recorded, or those who could play it now)."""
        if self.field is not None:
            wanted = set(self.field)
            return [e for e in self.entrants if e.id in wanted]
        need = self.settings.require_check_in
        return [e for e in self.entrants if e.can_play(1, require_check_in=need)]


def bracket_of(state: EventState) -> elimination.Bracket:
    """The elimination bracket of the event (its starting field, seeded)."""
    if not state.format.is_elimination:
        raise TournamentError(_HAS_NO_BRACKET[state.format])
    return elimination.build_bracket(
        state.starting_field(),
        double=state.format is Format.DOUBLE_ELIMINATION,
        bracket_reset=state.settings.bracket_reset,
    )


_HAS_NO_BRACKET: dict[Format, Said] = {
    Format.SWISS: said("a swiss event has no bracket"),
    Format.ROUND_ROBIN: said("a round robin event has no bracket"),
    Format.SINGLE_ELIMINATION: said("a single elimination event has no bracket"),
    Format.DOUBLE_ELIMINATION: said("a double elimination event has no bracket"),
    Format.CLUB: said("a club night event has no bracket"),
}
"""Why an event of a format shows no bracket: one whole sentence per format, to translate."""

_PAIRS_ITSELF: dict[Format, Said] = {
    Format.SWISS: said("a swiss event pairs itself; leave pairings out"),
    Format.ROUND_ROBIN: said("a round robin event pairs itself; leave pairings out"),
    Format.SINGLE_ELIMINATION: said("a single elimination event pairs itself; leave pairings out"),
    Format.DOUBLE_ELIMINATION: said("a double elimination event pairs itself; leave pairings out"),
    Format.CLUB: said("a club night event pairs itself; leave pairings out"),
}
"""Why pairings chosen by hand are refused for a format: one sentence per format."""


def bracket_states(state: EventState) -> dict[str, elimination.SlotState]:
    withdrawn = [e.id for e in state.entrants if not e.active]
    return elimination.resolve(bracket_of(state), state.outcomes, withdrawn)


def plan_round(
    state: EventState,
    round_number: int,
    chosen: Sequence[tuple[int, ...]] | None = None,
) -> RoundPlan:
    """The pairings of ``round_number`` with tables (``chosen``: a club night's tables, two
    or, for three-player games, three entrants each)."""
    if round_number != state.paired_rounds + 1:
        raise TournamentError(
            said(
                "round {0} is the next round to pair, not round {1}",
                state.paired_rounds + 1,
                round_number,
            )
        )
    fmt = state.format
    if fmt is Format.CLUB:
        if chosen is None:
            raise TournamentError(said("a club night's pairings are chosen by the director"))
        return club_round(state.entrants, chosen, round_number, seats=state.seats)
    if chosen is not None:
        raise TournamentError(_PAIRS_ITSELF[fmt])
    if is_complete(state):
        raise TournamentError(said("the event is complete: every round has been played"))
    if state.seats == 3:
        return _seat_threes(state, round_number)
    if fmt is Format.SWISS:
        return pair_swiss(
            state.entrants,
            state.outcomes,
            round_number,
            state.settings.tie_breaks,
            require_check_in=state.settings.require_check_in,
            fixed_tables=_fixed(state),
            absent=state.settings.absent_in(round_number),
        )
    if fmt is Format.ROUND_ROBIN:
        field_ids = round_robin_field(state.starting_field())
        plan = pair_round_robin(
            state.entrants,
            round_number,
            field=field_ids,
            previous_tables=state.previous_tables,
        )
        if _fixed(state):
            fixed = number_tables(plan.pairings, fixed=_fixed(state))
            return replace(plan, pairings=fixed)
        return plan
    return _plan_elimination(state, round_number)


def _seat_threes(state: EventState, round_number: int) -> RoundPlan:
    """A round of three-player tables: Swiss in threes (other formats have no such form)."""
    if state.format is not Format.SWISS:
        raise TournamentError(THREES_FORMATS[state.format])
    ranking = swiss_ranking(
        state.entrants,
        state.outcomes,
        round_number,
        state.settings.tie_breaks,
        require_check_in=state.settings.require_check_in,
        absent=state.settings.absent_in(round_number),
    )
    names = {e.id: e.display_name for e in state.entrants}
    return seat_threes(ranking, names, round_number, fixed_tables=_fixed(state))


THREES_FORMATS: dict[Format, Said] = {
    Format.ROUND_ROBIN: said(
        "a round robin has no three-player form: play tables of three as a Swiss event or a "
        "club night"
    ),
    Format.SINGLE_ELIMINATION: said(
        "a single elimination bracket has no three-player form: play tables of three as a "
        "Swiss event or a club night"
    ),
    Format.DOUBLE_ELIMINATION: said(
        "a double elimination bracket has no three-player form: play tables of three as a "
        "Swiss event or a club night"
    ),
}
"""Why a format cannot seat three-player tables (Swiss and club nights can)."""


def _plan_elimination(state: EventState, round_number: int) -> RoundPlan:
    """The next bracket matches ready to be played (an elimination event's round)."""
    late = [e for e in state.entrants if e.active and e.joined_round > 1]
    if late:
        raise TournamentError(
            said(
                "{0} joined late: an elimination bracket is fixed at round 1 "
                "(withdraw the late entry to go on)",
                late[0].display_name,
            )
        )
    bracket = bracket_of(state)
    states = bracket_states(state)
    # A wave that only byes would fill is skipped, so no round is left without a match.
    for wave in range(round_number, bracket.rounds + 1):
        pairings = elimination.bracket_round(bracket, states, wave, state.paired_slots)
        if pairings:
            order = {m.slot: i for i, m in enumerate(bracket.matches)}
            ordered = sorted(pairings, key=lambda p: order[p.slot or ""])
            return RoundPlan(round_number, number_tables(ordered, fixed=_fixed(state)))
    raise TournamentError(said("no match is ready to be paired: finish the current round first"))


def _fixed(state: EventState) -> dict[int, int]:
    """Fixed tables: the event's settings, and any given with the state itself."""
    return {**dict(state.settings.fixed_tables), **dict(state.fixed_tables)}


def total_rounds(state: EventState) -> int | None:
    """How many rounds the event is planned to take (``None`` for club nights)."""
    fmt = state.format
    if fmt is Format.SWISS:
        return state.settings.swiss_rounds(len(state.starting_field()))
    if fmt is Format.ROUND_ROBIN:
        size = len(state.field) if state.field is not None else len(state.starting_field())
        return round_robin_rounds(size)
    if fmt.is_elimination:
        return bracket_of(state).rounds
    return None


def is_complete(state: EventState) -> bool:
    """Has the event played its last round (elimination: is there a champion)?"""
    fmt = state.format
    if fmt is Format.CLUB:
        return False
    if fmt.is_elimination:
        bracket = bracket_of(state)
        states = bracket_states(state)
        if elimination.champion(bracket, states) is None:
            return False
        # A walkover in the final still makes a round, so the champion's bye is on record.
        last = elimination.deciding_slot(bracket, states)
        return last in state.paired_slots or states[last].outcome is not None
    planned = total_rounds(state)
    assert planned is not None
    finished_rounds = state.paired_rounds
    return finished_rounds >= planned


def event_standings(state: EventState, after_round: int | None = None) -> tuple[Standing, ...]:
    """The standings, optionally as they stood after ``after_round``.

    Elimination events rank by bracket progress (entrants out in the same round share a
    place) and show each entrant's bracket position; other formats use the tie-breaks.
    """
    outcomes = state.outcomes
    if after_round is not None:
        outcomes = tuple(o for o in outcomes if o.round_number <= after_round)
    if not state.format.is_elimination:
        return compute_standings(
            state.entrants,
            outcomes,
            state.settings.tie_breaks,
            forfeits_as_played=state.settings.results.forfeits_as_played,
        )
    shown = replace(state, outcomes=outcomes)
    bracket = bracket_of(shown)
    progress = elimination.progress(bracket, bracket_states(shown))
    in_bracket = [e for e in state.entrants if e.id in progress]
    return compute_standings(
        in_bracket,
        outcomes,
        (),
        stage=lambda eid: progress[eid].stage,
        positions=lambda eid: progress[eid],
        forfeits_as_played=state.settings.results.forfeits_as_played,
    )


def bye_outcomes(state: EventState, plan: RoundPlan) -> tuple[MatchOutcome, ...]:
    """The byes of ``plan`` as results, worth what the event's settings say."""
    return tuple(
        MatchOutcome.bye(p.a, state.settings.bye, plan.round_number, p.slot)
        for p in plan.pairings
        if p.is_bye
    )


def after_round(state: EventState, plan: RoundPlan, results: Sequence[MatchOutcome]) -> EventState:
    """The event once ``plan`` has been played with ``results`` (byes are added here).

    Used by simulations and tests; the services rebuild the state from the store instead.
    """
    played = {frozenset(p.entrants) for p in plan.matches}
    for r in results:
        if r.b is None or frozenset((r.a, r.b)) not in played:
            raise TournamentError(
                said("{0} v {1} was not paired in round {2}", r.a, r.b, plan.round_number)
            )
    field_ids = state.field
    if field_ids is None:
        field_ids = tuple(sorted({e for p in plan.pairings for e in p.entrants}))
        if state.format is Format.ROUND_ROBIN:
            field_ids = tuple(round_robin_field(state.starting_field()))
        elif state.format.is_elimination:
            field_ids = tuple(e.id for e in state.starting_field())
    tables = {e: p.table for p in plan.pairings if p.table is not None for e in p.entrants}
    return replace(
        state,
        outcomes=state.outcomes + bye_outcomes(state, plan) + tuple(results),
        paired_rounds=plan.round_number,
        paired_slots=state.paired_slots | {p.slot for p in plan.pairings if p.slot},
        field=field_ids,
        previous_tables=tables,
    )
