"""Plain, obviously correct (and slow) answers the fast search is checked against.

Nothing here shares code with gin_scorer.core.melds / layoffs beyond the Card type: melds are
recognised from first principles, every candidate meld is listed by trying every subset of
the hand, and every combination of disjoint melds is tried. Layoffs are tried card by card,
in every order, onto every meld a card fits at that moment.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from gin_scorer.core.cards import Card, Rank


def points(card: Card, tedesco: bool) -> int:
    if card.rank is Rank.ACE:
        return 15 if tedesco else 1
    return min(int(card.rank), 10)


def is_set(cards: Sequence[Card]) -> bool:
    return (
        len(cards) in (3, 4) and len({c.rank for c in cards}) == 1 and len(set(cards)) == len(cards)
    )


def is_run(cards: Sequence[Card], tedesco: bool) -> bool:
    if len(cards) < 3 or len({c.suit for c in cards}) != 1:
        return False
    ranks = sorted(int(c.rank) for c in cards)
    if len(set(ranks)) != len(ranks):
        return False
    if ranks[-1] - ranks[0] + 1 == len(ranks):
        return True
    if not tedesco:
        return False
    # Round the corner: some rotation of the 13 ranks makes them consecutive.
    for shift in range(13):
        rotated = sorted((r - 1 + shift) % 13 for r in ranks)
        if rotated[-1] - rotated[0] + 1 == len(rotated):
            return True
    return False


def is_meld(cards: Sequence[Card], tedesco: bool) -> bool:
    return is_set(cards) or is_run(cards, tedesco)


def all_melds(cards: Sequence[Card], tedesco: bool) -> list[frozenset[Card]]:
    found: list[frozenset[Card]] = []
    for size in range(3, len(cards) + 1):
        for group in combinations(cards, size):
            if is_meld(group, tedesco):
                found.append(frozenset(group))
    return found


def packings(melds: list[frozenset[Card]]) -> list[list[frozenset[Card]]]:
    """Every list of pairwise disjoint melds (including the empty list)."""
    result: list[list[frozenset[Card]]] = []

    def extend(start: int, chosen: list[frozenset[Card]], used: frozenset[Card]) -> None:
        result.append(list(chosen))
        for i in range(start, len(melds)):
            if not melds[i] & used:
                chosen.append(melds[i])
                extend(i + 1, chosen, used | melds[i])
                chosen.pop()

    extend(0, [], frozenset())
    return result


def min_deadwood(cards: Sequence[Card], tedesco: bool = False) -> int:
    total = sum(points(c, tedesco) for c in cards)
    best = total
    for packing in packings(all_melds(cards, tedesco)):
        melded = sum(points(c, tedesco) for meld in packing for c in meld)
        best = min(best, total - melded)
    return best


def best_key(cards: Sequence[Card], tedesco: bool = False) -> tuple[int, int, int]:
    """The best arrangement's (deadwood points, deadwood cards, melds), least first."""
    total = sum(points(c, tedesco) for c in cards)
    return min(
        (
            total - sum(points(c, tedesco) for meld in packing for c in meld),
            len(cards) - sum(len(meld) for meld in packing),
            len(packing),
        )
        for packing in packings(all_melds(cards, tedesco))
    )


def min_deadwood_after_discard(cards: Sequence[Card], tedesco: bool = False) -> int:
    return min(min_deadwood([c for c in cards if c != discard], tedesco) for discard in cards)


def fits(meld: frozenset[Card], card: Card, tedesco: bool) -> bool:
    grown = [*meld, card]
    if card in meld:
        return False
    if is_set(list(meld)):
        return is_set(grown)
    return is_run(grown, tedesco)


def most_laid_off(knocker: list[frozenset[Card]], free: frozenset[Card], tedesco: bool) -> int:
    """The most points of ``free`` that can be laid off, trying every order and target."""
    seen: dict[tuple[frozenset[Card], ...], int] = {}

    def search(table: tuple[frozenset[Card], ...]) -> int:
        if table in seen:
            return seen[table]
        on_table = frozenset().union(*table) if table else frozenset()
        best = 0
        for card in free - on_table:
            for i, meld in enumerate(table):
                if fits(meld, card, tedesco):
                    grown = (*table[:i], meld | {card}, *table[i + 1 :])
                    best = max(best, points(card, tedesco) + search(grown))
        seen[table] = best
        return best

    return search(tuple(knocker))


def min_defence_deadwood(
    knocker: Sequence[Sequence[Card]], defender: Sequence[Card], tedesco: bool = False
) -> int:
    knocker_sets = [frozenset(m) for m in knocker]
    total = sum(points(c, tedesco) for c in defender)
    best = total
    for packing in packings(all_melds(defender, tedesco)):
        melded = frozenset().union(*packing) if packing else frozenset()
        free = frozenset(defender) - melded
        left = sum(points(c, tedesco) for c in free)
        best = min(best, left - most_laid_off(knocker_sets, free, tedesco))
    return best
