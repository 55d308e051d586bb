"""Blossom matching against brute force; table numbering; status board; corrections."""

from __future__ import annotations

from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from gin_scorer.tournament.corrections import correction_refusal_reason
from gin_scorer.tournament.matching import maximum_matching
from gin_scorer.tournament.model import Format, Pairing
from gin_scorer.tournament.tables import StatusBoard, TableLine, TableState, number_tables


def _brute_max(n: int, edges: list[tuple[int, int]]) -> int:
    best = 0

    def go(k: int, used: set[int], size: int) -> None:
        nonlocal best
        best = max(best, size)
        for idx in range(k, len(edges)):
            a, b = edges[idx]
            if a not in used and b not in used:
                go(idx + 1, used | {a, b}, size + 1)

    go(0, set(), 0)
    return best


@settings(max_examples=150, deadline=None)
@given(n=st.integers(1, 10), data=st.data())
def test_blossom_finds_a_maximum_matching(n: int, data: st.DataObject) -> None:
    all_edges = list(combinations(range(n), 2))
    edges = data.draw(st.lists(st.sampled_from(all_edges), unique=True)) if all_edges else []
    adjacent: list[list[int]] = [[] for _ in range(n)]
    for a, b in edges:
        adjacent[a].append(b)
        adjacent[b].append(a)
    matching = maximum_matching(n, adjacent)
    for v, w in matching.items():
        assert matching[w] == v and (min(v, w), max(v, w)) in edges
    assert len(matching) // 2 == _brute_max(n, edges)


def test_tables_keep_previous_seats_when_free() -> None:
    pairings = [Pairing(1, 2), Pairing(3, 4), Pairing(5, 6)]
    numbered = number_tables(pairings, previous={3: 1, 6: 3})
    assert {(p.a, p.table) for p in numbered} == {(3, 1), (1, 2), (5, 3)}


def test_status_board_lists_missing_results() -> None:
    board = StatusBoard(
        4,
        (
            TableLine(1, 10, "Ann", "Bob", TableState.FINISHED, 9, "3–1"),
            TableLine(2, 11, "Cy", "Di", TableState.PLAYING, 4, "1–1"),
            TableLine(3, 12, "Ed", "Flo", TableState.WAITING, 0, ""),
            TableLine(None, 13, "Gus", None, TableState.BYE, 0, ""),
        ),
    )
    assert [t.table for t in board.missing] == [2, 3]
    assert not board.complete
    assert (len(board.finished), len(board.playing), len(board.waiting)) == (1, 1, 1)


def test_corrections_policy_per_format() -> None:
    assert (
        correction_refusal_reason(Format.ROUND_ROBIN, match_round=1, latest_paired_round=9) is None
    )
    assert correction_refusal_reason(Format.SWISS, match_round=3, latest_paired_round=3) is None
    assert "round 4" in str(
        correction_refusal_reason(Format.SWISS, match_round=3, latest_paired_round=4) or ""
    )
    assert (
        correction_refusal_reason(Format.SINGLE_ELIMINATION, match_round=1, latest_paired_round=2)
        is None
    )
    reason = correction_refusal_reason(
        Format.DOUBLE_ELIMINATION,
        match_round=1,
        latest_paired_round=2,
        started_dependants=("W2-1",),
    )
    assert reason is not None and "W2-1" in str(reason)
