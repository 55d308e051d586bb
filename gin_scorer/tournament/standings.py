"""Standings: each entrant's record and its place under the event's tie-breaks.

Tie-breaks are applied in order, each one splitting the groups the previous ones left tied.
Head-to-head is computed *inside* a tied group (match wins against the other members of that
group only), so it is a group property, not a number per entrant. Entrants still equal after
every tie-break share a place ("3=", places 3–4).

>>> rows = compute_standings(
...     [Entrant(1, "Ann"), Entrant(2, "Bob"), Entrant(3, "Cy"), Entrant(4, "Di")],
...     [MatchOutcome(1, 2, 1, 3, 0, 300), MatchOutcome(3, 4, 3, 3, 0, 300)],
...     (TieBreak.MATCH_WINS, TieBreak.GAME_WINS, TieBreak.POINT_DIFFERENTIAL),
... )
>>> [(r.place_label, r.entrant.name) for r in rows]
[('1=', 'Ann'), ('1=', 'Cy'), ('3=', 'Bob'), ('3=', 'Di')]
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from gin_scorer.tournament.model import Entrant, MatchOutcome
from gin_scorer.tournament.settings import DEFAULT_TIE_BREAKS, TieBreak


@dataclass(frozen=True, slots=True)
class Record:
    """What an entrant has done so far (byes included as the event values them)."""

    entrant: Entrant
    played: int
    match_wins: int
    match_losses: int
    game_wins: int
    game_losses: int
    point_differential: int
    byes: int
    opponents: tuple[int, ...]
    buchholz: int


@dataclass(frozen=True, slots=True)
class SharedPlace:
    """A place in the standings, shared with the entrants up to ``place_to`` when it is
    beyond ``place``: the one definition of "3=" and "3–4" that the tournament's rows, the
    services' rows and the printed lines all inherit.

    >>> SharedPlace(3, 4).place_label, SharedPlace(3, 4).place_range, SharedPlace(3, 3).place_label
    ('3=', '3–4', '3')
    """

    place: int
    place_to: int

    @property
    def shared(self) -> bool:
        return self.place_to > self.place

    @property
    def place_label(self) -> str:
        """``"3"`` alone, ``"3="`` when shared."""
        return f"{self.place}=" if self.shared else str(self.place)

    @property
    def place_range(self) -> str:
        """``"3"`` alone, ``"3–4"`` when shared."""
        return f"{self.place}–{self.place_to}" if self.shared else str(self.place)


@dataclass(frozen=True, slots=True)
class Standing(SharedPlace):
    """One row of the standings: the place (shared when ``shared``), the record, the keys."""

    entrant: Entrant
    record: Record
    # The values of the tie-breaks, in the event's order (head-to-head within the tied group).
    tie_break_values: tuple[int, ...]
    position: str = ""  # elimination events: where in the bracket the entrant finished


def entrant_records(
    entrants: Iterable[Entrant], outcomes: Iterable[MatchOutcome]
) -> dict[int, Record]:
    """Every entrant's record from the finished matches and byes."""
    people = {e.id: e for e in entrants}
    played: dict[int, int] = defaultdict(int)
    wins: dict[int, int] = defaultdict(int)
    losses: dict[int, int] = defaultdict(int)
    gw: dict[int, int] = defaultdict(int)
    gl: dict[int, int] = defaultdict(int)
    diff: dict[int, int] = defaultdict(int)
    byes: dict[int, int] = defaultdict(int)
    opponents: dict[int, list[int]] = defaultdict(list)
    for o in outcomes:
        sides = (o.a,) if o.b is None else (o.a, o.b)
        for who in sides:
            if who not in people:
                continue
            gw[who] += o.games_for(who)
            gl[who] += o.games_against(who)
            diff[who] += o.margin_for(who)
            if o.winner == who:
                wins[who] += 1
            elif o.winner is not None:
                losses[who] += 1
            if o.b is None:
                byes[who] += 1
            else:
                played[who] += 1
                opponent = o.opponent_of(who)
                if opponent is not None:
                    opponents[who].append(opponent)
    records = {}
    for eid, entrant in people.items():
        opps = tuple(opponents[eid])
        records[eid] = Record(
            entrant=entrant,
            played=played[eid],
            match_wins=wins[eid],
            match_losses=losses[eid],
            game_wins=gw[eid],
            game_losses=gl[eid],
            point_differential=diff[eid],
            byes=byes[eid],
            opponents=opps,
            buchholz=sum(wins[x] for x in opps),
        )
    return records


def compute_standings(
    entrants: Sequence[Entrant],
    outcomes: Sequence[MatchOutcome],
    tie_breaks: Sequence[TieBreak] = DEFAULT_TIE_BREAKS,
    *,
    stage: Callable[[int], int] | None = None,
    positions: Callable[[int], str] | None = None,
) -> tuple[Standing, ...]:
    """Rank ``entrants`` by ``tie_breaks``; equal entrants share a place.

    ``stage`` (elimination events) puts bracket progress first: a higher stage ranks higher
    whatever the tie-breaks say; ``positions`` gives each entrant's bracket position text.
    Within a shared place, rows are listed by seed then name, for a stable printout.
    """
    records = entrant_records(entrants, outcomes)
    wins_against: dict[tuple[int, int], int] = defaultdict(int)
    for o in outcomes:
        if o.b is not None and o.winner is not None:
            loser = o.b if o.winner == o.a else o.a
            wins_against[(o.winner, loser)] += 1
    # Each group is a list of entrant ids still tied; values[eid] collects the keys used.
    values: dict[int, list[int]] = {eid: [] for eid in records}
    groups: list[list[int]] = [list(records)]
    if stage is not None:
        groups = _split(groups[0], {eid: stage(eid) for eid in records})
    for tie in tie_breaks:
        refined: list[list[int]] = []
        for group in groups:
            keys = _tie_keys(tie, group, records, wins_against)
            for eid in group:
                values[eid].append(keys[eid])
            refined.extend(_split(group, keys) if len(group) > 1 else [group])
        groups = refined
    return _placed(groups, records, values, positions)


def _tie_keys(
    tie: TieBreak,
    group: list[int],
    records: Mapping[int, Record],
    wins_against: Mapping[tuple[int, int], int],
) -> dict[int, int]:
    """Each tied entrant's value under ``tie`` (higher ranks higher)."""
    if tie is TieBreak.HEAD_TO_HEAD:
        members = set(group)
        return {
            eid: sum(wins_against[(eid, other)] for other in members if other != eid)
            for eid in group
        }
    return {eid: _plain_key(tie, records[eid]) for eid in group}


def _plain_key(tie: TieBreak, r: Record) -> int:
    if tie is TieBreak.MATCH_WINS:
        return r.match_wins
    if tie is TieBreak.GAME_WINS:
        return r.game_wins
    if tie is TieBreak.POINT_DIFFERENTIAL:
        return r.point_differential
    if tie is TieBreak.BUCHHOLZ:
        return r.buchholz
    # SEED: a better (smaller) seed ranks higher; unseeded entrants last, all equal.
    seed = r.entrant.seed
    return -seed if seed is not None else -(10**9)


def _placed(
    groups: list[list[int]],
    records: Mapping[int, Record],
    values: Mapping[int, list[int]],
    positions: Callable[[int], str] | None,
) -> tuple[Standing, ...]:
    """The rows in place order; a tied group shares its place, listed by seed then name."""
    rows: list[Standing] = []
    place = 1
    for group in groups:
        ordered = sorted(
            group, key=lambda eid: (records[eid].entrant.seed_key, records[eid].entrant.name)
        )
        for eid in ordered:
            rows.append(
                Standing(
                    place=place,
                    place_to=place + len(group) - 1,
                    entrant=records[eid].entrant,
                    record=records[eid],
                    tie_break_values=tuple(values[eid]),
                    position=positions(eid) if positions is not None else "",
                )
            )
        place += len(group)
    return tuple(rows)


def _split(group: list[int], keys: dict[int, int]) -> list[list[int]]:
    """Split a tied group by a key, highest key first."""
    buckets: dict[int, list[int]] = defaultdict(list)
    for eid in group:
        buckets[keys[eid]].append(eid)
    return [buckets[k] for k in sorted(buckets, reverse=True)]
