"""Swiss pairing: players meet others with the same record, never the same opponent twice
while that can be avoided, and the bye goes to the lowest-ranked player who has not had one.

How: entrants are ranked by the standings (match wins first, so score groups are contiguous).
The odd one out gets the bye (lowest-ranked without one). The rest are paired by a
depth-first search that takes the highest-ranked unpaired player and tries opponents in
Dutch order (the top half of a score group meets the bottom half: 1–5, 2–6, 3–7, 4–8 in a
group of eight), then players of lower groups. It backtracks as soon as some unpaired player
would be left with nobody new to play. If the search runs out of its step budget, Edmonds'
blossom matching decides for certain whether rematch-free pairings exist (and gives them);
only when none exist are rematches (then a second bye) allowed, the fewest the search finds,
and the plan says so in its notes.

>>> people = [Entrant(i, f"P{i}", seed=i) for i in range(1, 9)]
>>> [(p.table, p.a, p.b) for p in pair_swiss(people, [], 1).pairings]
[(1, 1, 5), (2, 2, 6), (3, 3, 7), (4, 4, 8)]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from gin_scorer.core.wording import Said, joined, said
from gin_scorer.tournament.errors import TournamentError
from gin_scorer.tournament.matching import maximum_matching
from gin_scorer.tournament.model import Entrant, MatchOutcome, Pairing, RoundPlan
from gin_scorer.tournament.settings import DEFAULT_TIE_BREAKS, TieBreak
from gin_scorer.tournament.standings import compute_standings
from gin_scorer.tournament.tables import number_tables

DEFAULT_SEARCH_BUDGET = 20_000
"""Search steps before the blossom matching takes over (a normal round needs about N/2)."""


GUIDED_LIMIT = 160
"""Up to this many entrants, a search that ran out of steps is redone with a complete
matching check at every step (same preference order, never a dead end); above it, the
blossom matching's pairs are used as they come."""


class _OutOfBudget(Exception):
    pass


@dataclass(frozen=True, slots=True)
class SwissRanking:
    """Entrants to pair, best first, with their scores (match wins) and history."""

    order: tuple[int, ...]
    score: dict[int, int]
    played: dict[int, frozenset[int]]
    had_bye: frozenset[int]


def swiss_ranking(
    entrants: Sequence[Entrant],
    outcomes: Sequence[MatchOutcome],
    round_number: int,
    tie_breaks: Sequence[TieBreak] = DEFAULT_TIE_BREAKS,
    *,
    require_check_in: bool = False,
    absent: frozenset[int] = frozenset(),
) -> SwissRanking:
    """Who is paired in ``round_number`` and in which order (standings, then seed); the
    ``absent`` sit the round out (not paired, no bye)."""
    need = require_check_in
    eligible = {
        e.id
        for e in entrants
        if e.can_play(round_number, require_check_in=need) and e.id not in absent
    }
    if outcomes:
        rows = compute_standings(entrants, outcomes, tie_breaks)
        rank = {row.entrant.id: i for i, row in enumerate(rows)}
        score = {row.entrant.id: row.record.counts.match_wins for row in rows}
    else:
        seeded = sorted(entrants, key=lambda e: e.seed_key)
        rank = {e.id: i for i, e in enumerate(seeded)}
        score = {e.id: 0 for e in entrants}
    order = tuple(sorted(eligible, key=lambda eid: (-score[eid], rank[eid])))
    played: dict[int, set[int]] = {eid: set() for eid in order}
    had_bye: set[int] = set()
    for o in outcomes:
        if o.b is None:
            had_bye.add(o.a)
            continue
        if o.a in played:
            played[o.a].add(o.b)
        if o.b in played:
            played[o.b].add(o.a)
    return SwissRanking(
        order, score, {k: frozenset(v) for k, v in played.items()}, frozenset(had_bye)
    )


def pair_swiss(
    entrants: Sequence[Entrant],
    outcomes: Sequence[MatchOutcome],
    round_number: int,
    tie_breaks: Sequence[TieBreak] = DEFAULT_TIE_BREAKS,
    *,
    require_check_in: bool = False,
    search_budget: int = DEFAULT_SEARCH_BUDGET,
    fixed_tables: dict[int, int] | None = None,
    absent: frozenset[int] = frozenset(),
) -> RoundPlan:
    """Pair Swiss round ``round_number`` from the results so far; tables by standing. The
    ``absent`` (marked away for this round before it was paired) sit it out, with no bye."""
    ranking = swiss_ranking(
        entrants,
        outcomes,
        round_number,
        tie_breaks,
        require_check_in=require_check_in,
        absent=absent,
    )
    pairs, bye, notes = swiss_pairs(ranking, search_budget=search_budget)
    names = {e.id: e.display_name for e in entrants}
    readable = tuple(_named(note, names) for note in notes)
    rank = {eid: i for i, eid in enumerate(ranking.order)}
    ordered = sorted(pairs, key=lambda p: min(rank[p[0]], rank[p[1]]))
    pairings = [Pairing(a, b) for a, b in ordered]
    if bye is not None:
        pairings.append(Pairing(bye, None))
    return RoundPlan(round_number, number_tables(pairings, fixed=fixed_tables), readable)


@dataclass(frozen=True, slots=True)
class Who:
    """An entrant named in a pairing note, by id until the names are known (:func:`_named`)."""

    id: int

    def __str__(self) -> str:
        return f"#{self.id}"


def _named(note: Said, names: Mapping[int, str]) -> Said:
    """``note`` with every :class:`Who` in it (sentences inside it too) replaced by a name."""
    values = tuple(
        names.get(v.id, str(v))
        if isinstance(v, Who)
        else _named(v, names)
        if isinstance(v, Said)
        else v
        for v in note.values
    )
    return Said(note.pattern, values)


def swiss_pairs(
    ranking: SwissRanking, *, search_budget: int = DEFAULT_SEARCH_BUDGET
) -> tuple[list[tuple[int, int]], int | None, list[Said]]:
    """The pairs (higher-ranked first), the bye (or ``None``) and notes on any compromise
    (naming entrants as :class:`Who`)."""
    order = list(ranking.order)
    if not order:
        raise TournamentError(
            said("a Swiss round needs at least 2 entrants who can play; there are none")
        )
    if len(order) == 1:
        raise TournamentError(
            said("a Swiss round needs at least 2 entrants who can play; there is 1")
        )
    notes: list[Said] = []
    if len(order) % 2 == 0:
        bye_choices: list[int | None] = [None]
        second_byes: list[int | None] = []
    else:
        lowest_first = list(reversed(order))
        bye_choices = [e for e in lowest_first if e not in ranking.had_bye]
        second_byes = [e for e in lowest_first if e in ranking.had_bye]
    budget = [search_budget]
    for allowed in (bye_choices, second_byes):
        second = allowed is second_byes
        for bye in allowed:
            rest = [e for e in order if e != bye]
            try:
                found = _search(rest, ranking, budget, strict=True)
            except _OutOfBudget:
                complete = _without_budget(order, ranking, allowed, second=second)
                if complete is not None:
                    return complete[0], complete[1], notes + complete[2]
                break  # certain: no rematch-free pairing with these byes
            if found is not None:
                if second and bye is not None:
                    notes.append(_second_bye(bye))
                return found, bye, notes
    # Rematches cannot be avoided: the fewest the ordered search finds, bye as usual.
    last_bye = (bye_choices or second_byes or [None])[0]
    rest = [e for e in order if e != last_bye]
    forced = _search(rest, ranking, [10**9], strict=False)
    assert forced is not None  # without the rematch rule every order pairs
    repeats = [
        said("{0} v {1}", Who(a), Who(b)) for a, b in forced if b in ranking.played.get(a, ())
    ]
    notes.append(said("rematches could not be avoided: {0}", joined(repeats, ", ")))
    return forced, last_bye, notes


def _second_bye(bye: int) -> Said:
    return said("{0} has a second bye: no other choice avoids rematches", Who(bye))


def _without_budget(
    order: list[int], ranking: SwissRanking, allowed: Sequence[int | None], *, second: bool
) -> tuple[list[tuple[int, int]], int | None, list[Said]] | None:
    """When the score-group search runs out of budget: the guided search for small fields, a
    complete matching for large ones; None when neither finds a rematch-free pairing."""
    notes: list[Said] = []
    if len(order) <= GUIDED_LIMIT:
        guided = _guided(order, ranking, allowed)
        if guided is None:
            return None
        pairs, bye = guided
    else:
        matched = _blossom(order, ranking, allowed)
        if matched is None:
            return None
        pairs, bye = matched
        notes.append(
            said(
                "the score-group search gave up; these rematch-free pairings come "
                "from a complete matching and may mix score groups more"
            )
        )
    if second and bye is not None:
        notes.append(_second_bye(bye))
    return pairs, bye, notes


def _search(
    order: list[int], ranking: SwissRanking, budget: list[int], *, strict: bool
) -> list[tuple[int, int]] | None:
    """Depth-first pairing of ``order`` (best first); ``None`` if no rematch-free pairing."""
    search = _PairSearch(order, ranking, budget, strict=strict)
    if strict and order and min(search.avail) == 0:
        return None
    if not search.solve(0):
        return None
    search.pairs.reverse()
    return search.pairs


class _PairSearch:
    """The state of one depth-first pairing: who is taken, who can still meet whom (without a
    rematch), and the budget of steps shared by every search of the round."""

    def __init__(
        self, order: list[int], ranking: SwissRanking, budget: list[int], *, strict: bool
    ) -> None:
        self.order, self.budget, self.strict = order, budget, strict
        n = self.n = len(order)
        self.played = [[False] * n for _ in range(n)]
        for i, a in enumerate(order):
            seen = ranking.played.get(a, frozenset())
            for j, b in enumerate(order):
                self.played[i][j] = i == j or b in seen
        self.scores = [ranking.score.get(e, 0) for e in order]
        self.taken = [False] * n
        self.avail = [sum(1 for j in range(n) if not self.played[i][j]) for i in range(n)]
        self.pairs: list[tuple[int, int]] = []

    def candidates(self, i: int) -> list[int]:
        """Opponents for ``i``: its score group from the middle out, then the others; those
        already met last (or not at all when strict)."""
        n, taken, scores, played = self.n, self.taken, self.scores, self.played
        group = [j for j in range(i, n) if not taken[j] and scores[j] == scores[i]]
        half = len(group) // 2
        ranked = sorted(range(1, len(group)), key=lambda k: (abs(k - half), -k))
        first = [group[k] for k in ranked]
        others = [j for j in range(i + 1, n) if not taken[j] and scores[j] != scores[i]]
        choice = first + others
        fresh = [j for j in choice if not played[i][j]]
        if self.strict:
            return fresh
        return fresh + [j for j in choice if played[i][j]]

    def take(self, i: int, j: int, sign: int) -> bool:
        """Mark i and j (un)paired and keep ``avail`` counts; False if someone is stranded."""
        ok = True
        for k in range(self.n):
            if self.taken[k] or k in (i, j):
                continue
            if not self.played[k][i]:
                self.avail[k] -= sign
            if not self.played[k][j]:
                self.avail[k] -= sign
            if sign > 0 and self.avail[k] <= 0:
                ok = False
        return ok

    def solve(self, start: int) -> bool:
        i = start
        while i < self.n and self.taken[i]:
            i += 1
        if i >= self.n:
            return True
        for j in self.candidates(i):
            self.budget[0] -= 1
            if self.budget[0] < 0:
                raise _OutOfBudget
            self.taken[i] = self.taken[j] = True
            alive = self.take(i, j, +1)
            if (alive or not self.strict) and self.solve(i + 1):
                self.pairs.append((self.order[i], self.order[j]))
                return True
            self.take(i, j, -1)
            self.taken[i] = self.taken[j] = False
        return False


def _perfect(people: Sequence[int], ranking: SwissRanking) -> bool:
    """Can ``people`` all be paired without a rematch? (Edmonds' matching decides.)"""
    n = len(people)
    if n % 2:
        return False
    adjacent: list[list[int]] = [[] for _ in range(n)]
    for i, a in enumerate(people):
        seen = ranking.played.get(a, frozenset())
        for j in range(i + 1, n):
            if people[j] not in seen:
                adjacent[i].append(j)
                adjacent[j].append(i)
    return len(maximum_matching(n, adjacent)) == n


def _guided(
    order: list[int], ranking: SwissRanking, bye_allowed: Sequence[int | None]
) -> tuple[list[tuple[int, int]], int | None] | None:
    """The ordered search's choices, each checked by a complete matching: no dead ends."""
    for bye in bye_allowed:
        remaining = [e for e in order if e != bye]
        if not _perfect(remaining, ranking):
            continue
        pairs: list[tuple[int, int]] = []
        while remaining:
            top = remaining[0]
            score = ranking.score.get(top, 0)
            group = [e for e in remaining if ranking.score.get(e, 0) == score]
            half = len(group) // 2
            preferred = [
                group[k] for k in sorted(range(1, len(group)), key=lambda k: (abs(k - half), -k))
            ]
            others = [e for e in remaining[1:] if ranking.score.get(e, 0) != score]
            seen = ranking.played.get(top, frozenset())
            for other in preferred + others:
                if other in seen:
                    continue
                rest = [e for e in remaining if e not in (top, other)]
                if _perfect(rest, ranking):
                    pairs.append((top, other))
                    remaining = rest
                    break
            else:  # cannot happen: the matching said a perfect pairing exists
                return None
        return pairs, bye
    return None


def _blossom(
    order: list[int], ranking: SwissRanking, bye_allowed: Sequence[int | None]
) -> tuple[list[tuple[int, int]], int | None] | None:
    """Rematch-free pairs (bye among ``bye_allowed``) if they exist, found by matching."""
    n = len(order)
    index = {e: i for i, e in enumerate(order)}
    odd = n % 2 == 1
    size = n + 1 if odd else n
    adjacent: list[list[int]] = [[] for _ in range(size)]
    for i, a in enumerate(order):
        seen = ranking.played.get(a, frozenset())
        for j in range(i + 1, n):
            if order[j] not in seen:
                adjacent[i].append(j)
                adjacent[j].append(i)
    if odd:
        for e in bye_allowed:
            if e is not None:
                adjacent[index[e]].append(n)
                adjacent[n].append(index[e])
    matching = maximum_matching(size, adjacent)
    if len(matching) < size:
        return None
    bye = order[matching[n]] if odd else None
    pairs = [(order[i], order[j]) for i, j in matching.items() if i < j < n]
    return pairs, bye
