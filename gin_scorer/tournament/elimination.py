"""Single and double elimination brackets: structure, progress, the next round, places.

A bracket is a list of :class:`BracketMatch` slots ("W2-1" = winners' round 2, match 1;
"L3-2" = losers' round 3, match 2; "GF" and "GF2", the grand final and its reset). Each side
of a slot is fed by a seed line or by the winner / loser of an earlier slot. Progress is
*derived*: :func:`resolve` walks the slots in order and fills each side from the recorded
outcomes, so a corrected result re-flows through the bracket on its own.

A side may be a phantom (:data:`PHANTOM`): an empty seed line, the loser of a bye, or an
entrant who withdrew before playing the slot. A real entrant facing a phantom has a bye and
advances; two phantoms produce a phantom.

Each slot has a *wave*: the event round it is played in (winners' round r in round r,
losers' round m in round m + 1, the grand final after both), so a bye never lets an entrant
play their next match a round early.

>>> from gin_scorer.tournament.model import Entrant
>>> b = build_bracket([Entrant(i, seed=i) for i in range(1, 6)], double=False)
>>> [(m.slot, m.wave) for m in b.matches]
[('W1-1', 1), ('W1-2', 1), ('W1-3', 1), ('W1-4', 1), ('W2-1', 2), ('W2-2', 2), ('W3-1', 3)]
>>> [(p.slot, p.a, p.b) for p in bracket_round(b, {}, 1, frozenset())]
[('W1-1', 1, None), ('W1-2', 4, 5), ('W1-3', 2, None), ('W1-4', 3, None)]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import Enum

from gin_scorer.tournament.bracket import (
    PHANTOM,
    Bracket,
    BracketMatch,
    Source,
    SourceKind,
    build_bracket,
)
from gin_scorer.tournament.model import MatchOutcome, Pairing

__all__ = [
    "PHANTOM",
    "Bracket",
    "BracketMatch",
    "BracketOutcome",
    "Progress",
    "SlotState",
    "Source",
    "SourceKind",
    "bracket_round",
    "build_bracket",
    "champion",
    "deciding_slot",
    "progress",
    "resolve",
]


@dataclass(frozen=True, slots=True)
class SlotState:
    """A slot with what is known so far: sides (``None`` = not known yet), winner, loser."""

    match: BracketMatch
    a: int | None
    b: int | None
    winner: int | None
    loser: int | None
    outcome: MatchOutcome | None
    needed: bool = True  # False only for a grand-final reset that is not played
    forfeit: int | None = None  # an entrant who withdrew before playing this slot

    @property
    def slot(self) -> str:
        return self.match.slot

    @property
    def is_bye(self) -> bool:
        return (self.a == PHANTOM) != (self.b == PHANTOM) and None not in (self.a, self.b)

    @property
    def decided(self) -> bool:
        return self.winner is not None or not self.needed


def resolve(
    bracket: Bracket,
    outcomes: Iterable[MatchOutcome],
    withdrawn: Iterable[int] = (),
) -> dict[str, SlotState]:
    """Fill every slot from the seeds and the recorded outcomes (keyed by their ``slot``)."""
    by_slot: dict[str, MatchOutcome] = {}
    for o in outcomes:
        if o.slot is not None:
            by_slot[o.slot] = o
    gone = set(withdrawn)
    states: dict[str, SlotState] = {}

    def side(src: Source) -> int | None:
        if src.kind is SourceKind.SEED:
            return bracket.seeds[src.seed - 1] if src.seed <= len(bracket.seeds) else PHANTOM
        state = states.get(src.slot)
        if state is None:
            return None
        return state.winner if src.kind is SourceKind.WINNER else state.loser

    for m in bracket.matches:
        a, b = side(m.a), side(m.b)
        reset = _reset_not_played(m, a, b, states) if m.slot == "GF2" else None
        if reset is not None:
            states[m.slot] = reset
            continue
        outcome = by_slot.get(m.slot)
        forfeit = None
        if outcome is None and a is not None and b is not None:
            # Someone who withdrew before playing the slot gives their opponent a walkover.
            if a in gone:
                forfeit, a = a, PHANTOM
            elif b in gone:
                forfeit, b = b, PHANTOM
        winner, loser = _decided(a, b, outcome)
        states[m.slot] = SlotState(m, a, b, winner, loser, outcome, forfeit=forfeit)
    return states


def _reset_not_played(
    m: BracketMatch, a: int | None, b: int | None, states: Mapping[str, SlotState]
) -> SlotState | None:
    """The grand final's reset while the first final is unplayed, or when it is not needed
    (the winners' champion won, or nobody to play); None when the reset is to be played."""
    gf = states["GF"]
    if gf.winner is None:
        return SlotState(m, a, b, None, None, None)
    if gf.winner != gf.b or PHANTOM in (gf.b, gf.a):
        return SlotState(m, a, b, gf.winner, gf.loser, None, needed=False)
    return None


def _decided(
    a: int | None, b: int | None, outcome: MatchOutcome | None
) -> tuple[int | None, int | None]:
    """(winner, loser) of a slot: a phantom loses at once; otherwise the recorded outcome."""
    if a is None or b is None:
        return None, None
    if PHANTOM in (a, b):
        return (b if a == PHANTOM else a), PHANTOM
    if outcome is not None and outcome.winner in (a, b):
        return outcome.winner, (b if outcome.winner == a else a)
    return None, None


def bracket_round(
    bracket: Bracket,
    states: Mapping[str, SlotState],
    round_number: int,
    paired_slots: frozenset[str],
) -> tuple[Pairing, ...]:
    """The pairings of event round ``round_number``: every ready slot of that wave or earlier.

    ``paired_slots`` are the slots already given a match; they are never paired twice. A real
    entrant facing a phantom gets a bye (``b is None``); two phantoms need no pairing.
    """
    if not states:
        states = resolve(bracket, ())
    pairings = []
    for m in bracket.matches:
        if m.wave > round_number or m.slot in paired_slots:
            continue
        st = states[m.slot]
        if not st.needed or st.a is None or st.b is None:
            continue
        if st.a == PHANTOM and st.b == PHANTOM:
            continue
        if st.is_bye:
            real = st.b if st.a == PHANTOM else st.a
            assert real is not None
            pairings.append(Pairing(real, None, slot=m.slot))
        elif st.winner is None:
            pairings.append(Pairing(st.a, st.b, slot=m.slot))
    return tuple(pairings)


def deciding_slot(bracket: Bracket, states: Mapping[str, SlotState]) -> str:
    """The slot that decides the event: the final, or the reset when it is needed."""
    if bracket.double:
        if bracket.bracket_reset and states["GF2"].needed:
            return "GF2"
        return "GF"
    return bracket.matches[-1].slot


def champion(bracket: Bracket, states: Mapping[str, SlotState]) -> int | None:
    """The winner of the event, once decided (``None`` while it is still being played)."""
    final = states[bracket.matches[-1].slot]
    if bracket.double:
        final = states["GF2"] if bracket.bracket_reset else states["GF"]
    if final.winner is None or final.winner == PHANTOM:
        return None
    return final.winner


class BracketOutcome(Enum):
    """Where an entrant's bracket run stands (the presentation layer says it in words)."""

    CHAMPION = "champion"
    RUNNER_UP = "runner_up"
    OUT = "out"  # lost in ``slot`` and is out of the event
    WITHDREW = "withdrew"  # withdrew before playing ``slot``
    STILL_IN = "still_in"


@dataclass(frozen=True, slots=True)
class Progress:
    """How far an entrant got: ``stage`` orders entrants (higher = further), ``outcome`` says
    what became of them, and for OUT and WITHDREW the slot it happened in, with the slot's
    stage (one of :data:`~gin_scorer.tournament.bracket.STAGES`, ``{0}``: ``slot_round``).

    >>> from gin_scorer.tournament.model import Entrant
    >>> final = build_bracket([Entrant(1), Entrant(2)], double=False).matches[0]
    >>> lost = Progress.at(final, BracketOutcome.RUNNER_UP)
    >>> lost.outcome, lost.slot, lost.slot_stage, lost.alive
    (<BracketOutcome.RUNNER_UP: 'runner_up'>, 'W1-1', 'Final', False)
    """

    stage: int
    outcome: BracketOutcome
    alive: bool = False
    slot: str = ""
    slot_stage: str = ""
    slot_round: int = 0

    @classmethod
    def at(cls, match: BracketMatch, outcome: BracketOutcome) -> Progress:
        """Out of the bracket (``outcome``) at ``match``."""
        return cls(match.wave, outcome, False, match.slot, match.stage, match.stage_round)


def progress(bracket: Bracket, states: Mapping[str, SlotState]) -> dict[int, Progress]:
    """Every bracket entrant's progress: champion, runner-up, out in which slot, or still in."""
    out: dict[int, Progress] = {}
    losses: dict[int, int] = {}
    top = bracket.rounds + 2
    winner = champion(bracket, states)
    for m in bracket.matches:
        st = states[m.slot]
        if st.forfeit is not None and st.forfeit not in out:
            out[st.forfeit] = Progress.at(m, BracketOutcome.WITHDREW)
        if not st.needed or st.loser in (None, PHANTOM) or st.winner is None:
            continue
        loser = st.loser
        assert loser is not None
        losses[loser] = losses.get(loser, 0) + 1
        eliminated = not bracket.double or m.section in ("L", "GF") or losses[loser] >= 2
        if m.slot == "GF" and bracket.bracket_reset and st.loser == st.a:
            eliminated = False  # the winners' champion's first loss forces the reset
        if eliminated and loser not in out:
            final = m.section == "GF" or m is bracket.matches[-1]
            out[loser] = Progress.at(m, BracketOutcome.RUNNER_UP if final else BracketOutcome.OUT)
    for eid in bracket.seeds:
        if eid in out:
            continue
        if eid == winner:
            out[eid] = Progress(top + 1, BracketOutcome.CHAMPION)
        else:
            out[eid] = Progress(top, BracketOutcome.STILL_IN, alive=True)
    return out
