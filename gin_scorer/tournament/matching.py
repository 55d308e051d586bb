"""Maximum cardinality matching in a general graph (Edmonds' blossom algorithm).

The Swiss pairer's safety net: when its ordered search cannot quickly find pairings without
a rematch, this decides for certain whether such pairings exist and returns one.
Vertices are ``0 .. n-1``; ``adjacent[v]`` lists the neighbours of ``v``.

>>> matching = maximum_matching(4, [[1], [0, 2], [1, 3], [2]])
>>> sorted(matching.items())
[(0, 1), (1, 0), (2, 3), (3, 2)]
>>> len(maximum_matching(3, [[1, 2], [0, 2], [0, 1]]))  # a triangle matches one pair
2
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence


def maximum_matching(
    n: int, adjacent: Sequence[Sequence[int]], start: dict[int, int] | None = None
) -> dict[int, int]:
    """A maximum matching as ``{v: partner}`` (both directions), grown from ``start``."""
    match = [-1] * n
    for v, w in (start or {}).items():
        match[v], match[w] = w, v
    # A greedy start makes the augmenting searches few.
    for v in range(n):
        if match[v] == -1:
            for w in adjacent[v]:
                if match[w] == -1 and w != v:
                    match[v], match[w] = w, v
                    break
    for root in range(n):
        if match[root] == -1:
            end = _augmenting_path_end(n, adjacent, match, root)
            if end is not None:
                node, parent = end
                while node != -1:
                    pv = parent[node]
                    ppv = match[pv]
                    match[node], match[pv] = pv, node
                    node = ppv
    return {v: w for v, w in enumerate(match) if w != -1}


def _augmenting_path_end(
    n: int, adjacent: Sequence[Sequence[int]], match: list[int], root: int
) -> tuple[int, list[int]] | None:
    """The free vertex an augmenting path from ``root`` ends at, and the parents along it
    (blossoms contracted as they are met); None when there is none."""
    return _PathSearch(n, adjacent, match, root).run()


class _PathSearch:
    """One breadth-first search of Edmonds' algorithm from a free vertex."""

    def __init__(
        self, n: int, adjacent: Sequence[Sequence[int]], match: list[int], root: int
    ) -> None:
        self.n, self.adjacent, self.match, self.root = n, adjacent, match, root
        self.used = [False] * n
        self.parent = [-1] * n
        self.base = list(range(n))
        self.used[root] = True
        self.queue = deque([root])

    def run(self) -> tuple[int, list[int]] | None:
        match, parent = self.match, self.parent
        while self.queue:
            v = self.queue.popleft()
            for to in self.adjacent[v]:
                if self.base[v] == self.base[to] or match[v] == to:
                    continue
                if to == self.root or (match[to] != -1 and parent[match[to]] != -1):
                    self._contract(v, to)
                elif parent[to] == -1:
                    parent[to] = v
                    if match[to] == -1:
                        return to, parent
                    self.used[match[to]] = True
                    self.queue.append(match[to])
        return None

    def _contract(self, v: int, to: int) -> None:
        """An odd cycle through ``v`` and ``to``: shrink it to its base."""
        current = self._lca(v, to)
        blossom = [False] * self.n
        self._mark_path(v, current, to, blossom)
        self._mark_path(to, current, v, blossom)
        for i in range(self.n):
            if blossom[self.base[i]]:
                self.base[i] = current
                if not self.used[i]:
                    self.used[i] = True
                    self.queue.append(i)

    def _lca(self, a: int, b: int) -> int:
        base, match, parent = self.base, self.match, self.parent
        seen = [False] * self.n
        while True:
            a = base[a]
            seen[a] = True
            if match[a] == -1:
                break
            a = parent[match[a]]
        while True:
            b = base[b]
            if seen[b]:
                return b
            b = parent[match[b]]

    def _mark_path(self, v: int, b: int, child: int, blossom: list[bool]) -> None:
        base, match, parent = self.base, self.match, self.parent
        while base[v] != b:
            blossom[base[v]] = blossom[base[match[v]]] = True
            parent[v] = child
            child = match[v]
            v = parent[match[v]]
