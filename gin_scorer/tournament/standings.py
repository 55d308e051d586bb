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

from gin_scorer.tournament.elimination import Progress
from gin_scorer.tournament.model import Entrant, MatchOutcome
from gin_scorer.tournament.results import ResultKind
from gin_scorer.tournament.settings import DEFAULT_TIE_BREAKS, TieBreak


@dataclass(frozen=True, slots=True)
class RecordCounts:
    """An entrant's counts so far: the one definition that the tournament's :class:`Record`,
    the services' standing rows and the printed lines all hold, never copied field by field.

    >>> RecordCounts(played=3, match_wins=2, match_losses=1).match_wins
    2
    """

    played: int = 0
    match_wins: int = 0
    match_losses: int = 0
    game_wins: int = 0
    game_losses: int = 0
    point_differential: int = 0
    byes: int = 0
    forfeits: int = 0  # matches won or lost without play (not in ``played``)
    points_missing: int = 0  # results without game points: not in ``point_differential``


@dataclass(frozen=True, slots=True)
class Record:
    """What an entrant has done so far (byes included as the event values them): the counts,
    and whom they met with what those opponents won (Buchholz)."""

    entrant: Entrant
    counts: RecordCounts
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
    position: Progress | None = None  # elimination events: how far in the bracket


def entrant_records(
    entrants: Iterable[Entrant],
    outcomes: Iterable[MatchOutcome],
    *,
    forfeits_as_played: bool = False,
) -> dict[int, Record]:
    """Every entrant's record from the finished matches and byes.

    A forfeit (:attr:`ResultKind.unplayed`) counts in the record's wins, losses and games but
    is not a played match: not in ``played``, and neither side is the other's opponent for
    the opponents' match wins, whose count leaves forfeit wins out — unless
    ``forfeits_as_played`` (see :mod:`gin_scorer.tournament.results`)."""
    people = {e.id: e for e in entrants}
    tally: dict[int, _Tally] = defaultdict(_Tally)
    for o in outcomes:
        unplayed = o.kind.unplayed and not forfeits_as_played
        for who in (o.a,) if o.b is None else (o.a, o.b):
            if who in people:
                tally[who].add(o, who, unplayed=unplayed)
    records = {}
    for eid, entrant in people.items():
        t = tally[eid]
        opps = tuple(t.opponents)
        records[eid] = Record(
            entrant=entrant,
            counts=RecordCounts(
                played=t.played,
                match_wins=t.wins,
                match_losses=t.losses,
                game_wins=t.game_wins,
                game_losses=t.game_losses,
                point_differential=t.differential,
                byes=t.byes,
                forfeits=t.forfeits,
                points_missing=t.points_missing,
            ),
            opponents=opps,
            buchholz=sum(tally[x].wins - tally[x].unplayed_wins for x in opps),
        )
    return records


class _Tally:
    """One entrant's running counts while the outcomes are folded."""

    def __init__(self) -> None:
        self.played = self.wins = self.losses = self.byes = 0
        self.game_wins = self.game_losses = self.differential = 0
        self.forfeits = self.unplayed_wins = self.points_missing = 0
        self.opponents: list[int] = []

    def add(self, o: MatchOutcome, who: int, *, unplayed: bool) -> None:
        self.game_wins += o.games_for(who)
        self.game_losses += o.games_against(who)
        if o.points_known:
            self.differential += o.margin_for(who)
        else:
            self.points_missing += 1
        # A double forfeit has no winner and two losers (nobody came to play).
        lost = o.winner is not None or o.kind is ResultKind.DOUBLE_FORFEIT
        if o.winner == who:
            self.wins += 1
            self.unplayed_wins += int(unplayed)
        elif lost and o.b is not None:
            self.losses += 1
        if o.b is None:
            self.byes += 1
        elif unplayed:
            self.forfeits += 1
        else:
            self.played += 1
            opponent = o.opponent_of(who)
            if opponent is not None:
                self.opponents.append(opponent)


def compute_standings(
    entrants: Sequence[Entrant],
    outcomes: Sequence[MatchOutcome],
    tie_breaks: Sequence[TieBreak] = DEFAULT_TIE_BREAKS,
    *,
    stage: Callable[[int], int] | None = None,
    positions: Callable[[int], Progress] | None = None,
    forfeits_as_played: bool = False,
) -> tuple[Standing, ...]:
    """Rank ``entrants`` by ``tie_breaks``; equal entrants share a place.

    ``stage`` (elimination events) puts bracket progress first: a higher stage ranks higher
    whatever the tie-breaks say; ``positions`` gives each entrant's bracket progress.
    Within a shared place, rows are listed by seed then name, for a stable printout.
    """
    records = entrant_records(entrants, outcomes, forfeits_as_played=forfeits_as_played)
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
        # Over the matches played (a few hundred), not over every pair of the group: a first
        # round's group is the whole field, and 200 entrants are 40,000 pairs.
        members = set(group)
        keys = dict.fromkeys(group, 0)
        for (winner, loser), count in wins_against.items():
            if winner != loser and winner in members and loser in members:
                keys[winner] += count
        return keys
    return {eid: _plain_key(tie, records[eid]) for eid in group}


def _plain_key(tie: TieBreak, r: Record) -> int:
    if tie is TieBreak.MATCH_WINS:
        return r.counts.match_wins
    if tie is TieBreak.GAME_WINS:
        return r.counts.game_wins
    if tie is TieBreak.POINT_DIFFERENTIAL:
        return r.counts.point_differential
    if tie is TieBreak.BUCHHOLZ:
        return r.buchholz
    # SEED: a better (smaller) seed ranks higher; unseeded entrants last, all equal.
    seed = r.entrant.seed
    return -seed if seed is not None else -(10**9)


def _placed(
    groups: list[list[int]],
    records: Mapping[int, Record],
    values: Mapping[int, list[int]],
    positions: Callable[[int], Progress] | None,
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
                    position=positions(eid) if positions is not None else None,
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
