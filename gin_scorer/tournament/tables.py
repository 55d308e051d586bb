"""Table numbers for a round, and the round status board a director watches.

Tables are numbered from 1 in the order the pairings come (Swiss: by standing, so the top
boards are table 1, 2 ...). An entrant given a fixed table (a wheelchair place, a streamed
board) keeps it; byes get no table.

>>> [p.table for p in number_tables([Pairing(1, 2), Pairing(3, 4), Pairing(5, None)])]
[1, 2, None]
>>> [p.table for p in number_tables([Pairing(1, 2), Pairing(3, 4)], fixed={4: 1})]
[2, 1]
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, replace
from enum import Enum

from gin_scorer.core.wording import Said
from gin_scorer.tournament.confirmation import Agreement, Confirmation
from gin_scorer.tournament.model import Pairing


def number_tables(
    pairings: Sequence[Pairing],
    *,
    fixed: Mapping[int, int] | None = None,
    previous: Mapping[int, int] | None = None,
    taken: Collection[int] = (),
) -> tuple[Pairing, ...]:
    """Give each match a table: fixed tables first, then (``previous``) a player's last
    table if it is free, then the lowest free numbers in pairing order. Byes come last.
    ``taken`` tables are in use (a club night's tables still playing) and never given.

    >>> [p.table for p in number_tables([Pairing(1, 2), Pairing(3, 4)], taken={1, 3})]
    [2, 4]
    """
    fixed = fixed or {}
    previous = previous or {}
    matches = [p for p in pairings if not p.is_bye]
    tables: dict[int, int] = {}
    used: set[int] = set(taken)
    for k, p in enumerate(matches):
        for eid in p.entrants:
            t = fixed.get(eid)
            if t is not None and t not in used:
                tables[k] = t
                used.add(t)
                break
    for k, p in enumerate(matches):
        if k in tables:
            continue
        for eid in p.entrants:
            t = previous.get(eid)
            if t is not None and t not in used and t <= len(matches) + len(fixed):
                tables[k] = t
                used.add(t)
                break
    next_free = 1
    for k in range(len(matches)):
        if k in tables:
            continue
        while next_free in used:
            next_free += 1
        tables[k] = next_free
        used.add(next_free)
    numbered = [replace(p, table=tables[k]) for k, p in enumerate(matches)]
    if previous and not fixed:
        numbered.sort(key=lambda p: p.table or 0)
    byes = [replace(p, table=None) for p in pairings if p.is_bye]
    return tuple(numbered + byes)


class TableState(Enum):
    """Where a table's match stands, as the round status board shows it."""

    WAITING = "waiting"  # paired, no hand entered yet
    PLAYING = "playing"  # hands entered, match not over
    FINISHED = "finished"
    BYE = "bye"

    @property
    def missing_result(self) -> bool:
        return self in (TableState.WAITING, TableState.PLAYING)


@dataclass(frozen=True, slots=True)
class TableLine:
    table: int | None
    match_id: int | None
    a: str
    b: str | None
    state: TableState
    hands: int
    score: Said | str  # "2–1", "2–1 (slip)" (a sentence: say it), "" before the first hand
    confirmation: Confirmation | None = None  # the players' words from the table, if any
    c: str | None = None  # a three-player table's third player


@dataclass(frozen=True, slots=True)
class StatusBoard:
    """A round at a glance: every table's state, and the tables still owing a result."""

    round_number: int
    lines: tuple[TableLine, ...]

    @property
    def playing(self) -> tuple[TableLine, ...]:
        return tuple(t for t in self.lines if t.state is TableState.PLAYING)

    @property
    def waiting(self) -> tuple[TableLine, ...]:
        return tuple(t for t in self.lines if t.state is TableState.WAITING)

    @property
    def finished(self) -> tuple[TableLine, ...]:
        return tuple(t for t in self.lines if t.state is TableState.FINISHED)

    @property
    def disputed(self) -> tuple[TableLine, ...]:
        """Tables whose players say the result is wrong: the director goes to them."""
        return tuple(
            t
            for t in self.lines
            if t.confirmation is not None and t.confirmation.agreement is Agreement.DISPUTED
        )

    @property
    def missing(self) -> tuple[TableLine, ...]:
        """Tables still owing a result, lowest table first."""
        return tuple(t for t in self.lines if t.state.missing_result)

    @property
    def complete(self) -> bool:
        return not self.missing
