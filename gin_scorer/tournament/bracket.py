"""An elimination bracket laid out: where each entrant starts (byes to the top seeds), which
match feeds which, the losers' bracket of a double elimination and the grand final with its
reset. Pure layout: who actually won is :mod:`.elimination`'s.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum

from gin_scorer.core.wording import said
from gin_scorer.tournament.errors import TournamentError
from gin_scorer.tournament.model import Entrant
from gin_scorer.tournament.seeding import bracket_order, bracket_size

PHANTOM = -1
"""A side with nobody on it (an empty seed line, the loser of a bye, a withdrawal)."""


class SourceKind(Enum):
    SEED = "seed"
    WINNER = "winner"
    LOSER = "loser"


@dataclass(frozen=True, slots=True)
class Source:
    """Where a side of a slot comes from: seed number ``seed``, or the winner/loser of ``slot``."""

    kind: SourceKind
    seed: int = 0
    slot: str = ""


@dataclass(frozen=True, slots=True)
class BracketMatch:
    slot: str
    section: str  # "W", "L" or "GF"
    round_in_section: int
    index: int
    wave: int
    a: Source
    b: Source
    # The stage as an English pattern, one of STAGES ({0}: the round): the presentation
    # layer translates these very patterns, so a slot is named in the reader's language.
    stage: str
    stage_round: int = 0

    @property
    def label(self) -> str:
        """``Semi-final``, ``Losers' round 3``, ``Grand final`` (in English)."""
        return self.stage.format(self.stage_round)


STAGES = (
    "Round {0}",
    "Quarter-final",
    "Semi-final",
    "Final",
    "Winners' round {0}",
    "Winners' quarter-final",
    "Winners' semi-final",
    "Winners' final",
    "Losers' round {0}",
    "Losers' final",
    "Grand final",
    "Grand final (reset)",
)
"""Every stage a bracket slot is in (presentation/bracket_words.py marks the same texts)."""


@dataclass(frozen=True, slots=True)
class Bracket:
    """The fixed shape of an elimination event: seeds by number and every slot in wave order."""

    double: bool
    size: int
    seeds: tuple[int, ...]  # entrant id of seed 1, seed 2, ...
    matches: tuple[BracketMatch, ...]
    bracket_reset: bool

    @property
    def rounds(self) -> int:
        """How many event rounds the bracket takes at most (the reset counted)."""
        return max(m.wave for m in self.matches)

    def match(self, slot: str) -> BracketMatch:
        for m in self.matches:
            if m.slot == slot:
                return m
        raise TournamentError(said("the bracket has no slot {0}", repr(slot)))

    def dependants(self, slot: str) -> tuple[str, ...]:
        """Slots fed by the winner or loser of ``slot`` (GF2 also depends on GF)."""
        found = [m.slot for m in self.matches if slot in (m.a.slot, m.b.slot)]
        if slot == "GF" and any(m.slot == "GF2" for m in self.matches):
            found.append("GF2")
        return tuple(dict.fromkeys(found))


def build_bracket(field: Sequence[Entrant], *, double: bool, bracket_reset: bool = True) -> Bracket:
    """The bracket for ``field`` (seeded by :attr:`Entrant.seed_key`): byes to the top seeds."""
    ordered = sorted(field, key=lambda e: e.seed_key)
    ids = [e.id for e in ordered]
    if len(set(ids)) != len(ids):
        raise TournamentError(said("an entrant is listed twice in the bracket"))
    size = bracket_size(len(ordered))
    rounds = size.bit_length() - 1
    built = _Matches()
    _winners_bracket(built, size, rounds, double)
    if double:
        lb_champion = _losers_bracket(built, size, rounds)
        gf_wave = 2 * rounds if rounds > 1 else 2
        wb_champion = Source(SourceKind.WINNER, slot=f"W{rounds}-1")
        built.add("GF", 1, 1, gf_wave, wb_champion, lb_champion, ("Grand final", 0))
        if bracket_reset:
            reset = ("Grand final (reset)", 0)
            built.add("GF", 2, 1, gf_wave + 1, wb_champion, lb_champion, reset)
    matches = sorted(built.matches, key=lambda m: m.wave)  # stable: the order added in a wave
    return Bracket(double, size, tuple(ids), tuple(matches), bracket_reset and double)


@dataclass
class _Matches:
    """The bracket's matches as they are laid out, each named by its section and place."""

    matches: list[BracketMatch] = field(default_factory=list)

    def add(
        self,
        section: str,
        rnd: int,
        index: int,
        wave: int,
        a: Source,
        b: Source,
        stage: tuple[str, int],
    ) -> None:
        name = "GF" if section == "GF" else f"{section}{rnd}-{index}"
        if section == "GF" and rnd == 2:
            name = "GF2"
        self.matches.append(BracketMatch(name, section, rnd, index, wave, a, b, *stage))


def _winners_bracket(built: _Matches, size: int, rounds: int, double: bool) -> None:
    """Round 1 by seed lines (byes to the top seeds), then winner meets winner."""
    lines = bracket_order(size)
    for i in range(size // 2):
        built.add(
            "W",
            1,
            i + 1,
            1,
            Source(SourceKind.SEED, seed=lines[2 * i]),
            Source(SourceKind.SEED, seed=lines[2 * i + 1]),
            _winners_label(1, rounds, double),
        )
    for r in range(2, rounds + 1):
        for i in range(size >> r):
            built.add(
                "W",
                r,
                i + 1,
                r,
                Source(SourceKind.WINNER, slot=f"W{r - 1}-{2 * i + 1}"),
                Source(SourceKind.WINNER, slot=f"W{r - 1}-{2 * i + 2}"),
                _winners_label(r, rounds, double),
            )


def _losers_bracket(built: _Matches, size: int, rounds: int) -> Source:
    """The losers' bracket: round 1's losers meet, then each winners' round drops its losers
    in; where its champion comes from."""
    if rounds == 1:
        return Source(SourceKind.LOSER, slot="W1-1")
    last = 2 * (rounds - 1)
    count = size // 4
    for i in range(count):
        built.add(
            "L",
            1,
            i + 1,
            2,
            Source(SourceKind.LOSER, slot=f"W1-{2 * i + 1}"),
            Source(SourceKind.LOSER, slot=f"W1-{2 * i + 2}"),
            _losers_label(1, last),
        )
    for j in range(1, rounds):
        m = 2 * j
        for i in range(count):
            # Alternate the order losers drop in, so early rematches are rare.
            x = count - i if j % 2 == 1 else i + 1
            built.add(
                "L",
                m,
                i + 1,
                m + 1,
                Source(SourceKind.WINNER, slot=f"L{m - 1}-{i + 1}"),
                Source(SourceKind.LOSER, slot=f"W{j + 1}-{x}"),
                _losers_label(m, last),
            )
        if j < rounds - 1:
            count //= 2
            _losers_halving(built, 2 * j + 1, count, last)
    return Source(SourceKind.WINNER, slot=f"L{last}-1")


def _losers_halving(built: _Matches, m: int, count: int, last: int) -> None:
    """A losers' round among themselves: the field halves."""
    for i in range(count):
        built.add(
            "L",
            m,
            i + 1,
            m + 1,
            Source(SourceKind.WINNER, slot=f"L{m - 1}-{2 * i + 1}"),
            Source(SourceKind.WINNER, slot=f"L{m - 1}-{2 * i + 2}"),
            _losers_label(m, last),
        )


def _winners_label(r: int, rounds: int, double: bool) -> tuple[str, int]:
    """The stage of winners' round ``r`` of ``rounds``, as a pattern of STAGES and its round."""
    left = rounds - r
    named = {0: "final", 1: "semi-final", 2: "quarter-final"}.get(left)
    if named is not None:
        return ("Winners' " + named if double else named.capitalize()), 0
    return ("Winners' round {0}" if double else "Round {0}"), r


def _losers_label(m: int, last: int) -> tuple[str, int]:
    return ("Losers' final", 0) if m == last else ("Losers' round {0}", m)
