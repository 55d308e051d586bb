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
    used = [False] * n
    parent = [-1] * n
    base = list(range(n))
    used[root] = True
    queue = deque([root])

    def lca(a: int, b: int) -> int:
        seen = [False] * n
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

    def mark_path(v: int, b: int, child: int, blossom: list[bool]) -> None:
        while base[v] != b:
            blossom[base[v]] = blossom[base[match[v]]] = True
            parent[v] = child
            child = match[v]
            v = parent[match[v]]

    while queue:
        v = queue.popleft()
        for to in adjacent[v]:
            if base[v] == base[to] or match[v] == to:
                continue
            if to == root or (match[to] != -1 and parent[match[to]] != -1):
                current = lca(v, to)
                blossom = [False] * n
                mark_path(v, current, to, blossom)
                mark_path(to, current, v, blossom)
                for i in range(n):
                    if blossom[base[i]]:
                        base[i] = current
                        if not used[i]:
                            used[i] = True
                            queue.append(i)
            elif parent[to] == -1:
                parent[to] = v
                if match[to] == -1:
                    return to, parent
                used[match[to]] = True
                queue.append(match[to])
    return None
