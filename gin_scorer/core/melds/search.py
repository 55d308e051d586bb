"""The exact search for the least deadwood: the candidate melds of a hand, the best disjoint
packing of them, and the public answers (best arrangement, least deadwood, best discard)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from operator import itemgetter

from gin_scorer.core.cards import (
    ALL_CARDS,
    Card,
    CardError,
    parse_cards,  # noqa: F401  (the doctests use it)
)
from gin_scorer.core.melds.model import AceRule, Arrangement, ElevenCardAnalysis
from gin_scorer.core.melds.tables import (
    _CARD_WEIGHT,
    _POINTS_SHIFT,
    _RANK_BITS,
    _RUN_STARTS,
    _SUIT_BITS,
    _TABLES,
    _arrangement,
    _checked_mask,
    _indexes,
    _mask_points,
    _sorted_cards,
    _Tables,
)
from gin_scorer.core.wording import said


def _candidates(hand: int, tables: _Tables) -> list[tuple[int, int]]:
    """Every legal meld inside ``hand`` as (mask, worth): sets by rank, then runs by suit,
    start and length. Cheap bit tests skip ranks and suits that hold no meld."""
    a = hand & _SUIT_BITS
    b = hand >> 13 & _SUIT_BITS
    c = hand >> 26 & _SUIT_BITS
    d = hand >> 39
    found: list[tuple[int, int]] = []
    three = (a & b & (c | d)) | (c & d & (a | b))  # ranks held in at least three suits
    while three:
        low = three & -three
        three ^= low
        rank = low.bit_length() - 1
        found += tables.sets[rank][
            (a >> rank & 1) | (b >> rank & 1) << 1 | (c >> rank & 1) << 2 | (d >> rank & 1) << 3
        ]
    worth = tables.worth
    if not tables.wrap:
        # Bit i of ``starts``: cards i, i+1, i+2 are held and in one suit. Runs then grow
        # card by card while the next card is held and still in the same suit.
        starts = hand & hand >> 1 & hand >> 2 & _RUN_STARTS
        while starts:
            low = starts & -starts
            starts ^= low
            following = low.bit_length() + 2  # the index after a run of three from ``low``
            run = low * 7
            found.append((run, worth[run]))
            while hand >> following & 1 and following % 13:
                run |= 1 << following
                following += 1
                found.append((run, worth[run]))
        return found
    for shift, held in ((0, a), (13, b), (26, c), (39, d)):
        doubled = held | held << 13  # two turns of the circle, to read runs round the corner
        starts = doubled & doubled >> 1 & doubled >> 2 & _SUIT_BITS
        while starts:
            low = starts & -starts
            starts ^= low
            start = low.bit_length() - 1
            run = low * 7
            length = 3
            while True:
                if length < 13 or start == 0:  # the whole suit is listed once
                    mask = ((run & _SUIT_BITS) | run >> 13) << shift
                    found.append((mask, worth[mask]))
                following = start + length
                if length == 13 or not doubled >> following & 1:
                    break
                run |= 1 << following
                length += 1
    return found


_WORTH = itemgetter(1)


def _pack(candidates: list[tuple[int, int]], cards: int) -> tuple[int, tuple[int, ...]]:
    """The disjoint melds of greatest total worth among ``candidates``: (worth, their masks).

    ``cards`` is how many cards the hand has (so at most ``cards // 3`` melds fit). Depth-first
    over the candidates, most worth first; a branch stops as soon as the best it could still
    reach (its worth plus the next candidates' for the melds that could still fit) cannot beat
    the best found. Ties keep the first found, which depends only on the candidate list, which
    depends only on the hand.
    """
    used = 0
    total = 0
    for mask, worth in candidates:  # the common case: no two candidates share a card
        if used & mask:
            break
        used |= mask
        total += worth
    else:
        return total, tuple([mask for mask, _ in candidates])
    if len(candidates) == 2:  # two melds sharing a card: the better one (the first on a tie)
        (first, first_worth), (second, second_worth) = candidates
        return (second_worth, (second,)) if second_worth > first_worth else (first_worth, (first,))
    ordered = sorted(candidates, key=_WORTH, reverse=True)  # stable: ties keep their order
    return _pack_deep(ordered) if cards > 11 else _pack_three(ordered)


def _pack_three(ordered: list[tuple[int, int]]) -> tuple[int, tuple[int, ...]]:
    """:func:`_pack` for up to eleven cards, where at most three melds fit: the depth-first
    search written out as three loops (the hot path of every hand's arrangement)."""
    masks, worths_only = zip(*ordered, strict=True)
    worths = (*worths_only, 0, 0)
    count = len(masks)
    best = 0
    best_masks: tuple[int, ...] = ()
    for i in range(count):
        first = worths[i]
        if first + worths[i + 1] + worths[i + 2] <= best:
            break
        first_mask = masks[i]
        if first > best:
            best, best_masks = first, (first_mask,)
        for j in range(i + 1, count):
            two = first + worths[j]
            if two + worths[j + 1] <= best:
                break
            second_mask = masks[j]
            if first_mask & second_mask:
                continue
            if two > best:
                best, best_masks = two, (first_mask, second_mask)
            both = first_mask | second_mask
            for k in range(j + 1, count):
                three = two + worths[k]
                if three <= best:
                    break
                if not both & masks[k]:
                    # Later candidates are worth no more, so none can beat this one.
                    best, best_masks = three, (first_mask, second_mask, masks[k])
                    break
    return best, best_masks


def _pack_deep(ordered: list[tuple[int, int]]) -> tuple[int, tuple[int, ...]]:
    """:func:`_pack` for hands of more than eleven cards: the same search, recursive."""
    count = len(ordered)
    ahead = [0] * (count + 1)
    for i in range(count - 1, -1, -1):
        ahead[i] = ahead[i + 1] + ordered[i][1]
    best = 0
    best_masks: tuple[int, ...] = ()

    def extend(first: int, used: int, total: int, masks: tuple[int, ...]) -> None:
        nonlocal best, best_masks
        for i in range(first, count):
            if total + ahead[i] <= best:
                return
            mask, worth = ordered[i]
            if used & mask:
                continue
            grown = total + worth
            chosen = (*masks, mask)
            if grown > best:
                best, best_masks = grown, chosen
            extend(i + 1, used | mask, grown, chosen)

    extend(0, 0, 0, ())
    return best, best_masks


def _search(hand: int, tables: _Tables) -> tuple[int, int]:
    """The best arrangement's cost (see :func:`_cost`) and the cards it melds in sets; or
    (-1, 0) for a hand where sets are possible at more than three ranks (only hands of more
    than eleven cards), which is left to :func:`_pack`.

    Once the sets are chosen, the rest is runs, and every suit is on its own: ``tables.runs``
    has the best runs of each suit (every block of three or more in a row, whole). So the
    search only tries each rank held in three suits or more without a set and with each of
    its sets (at most 6 x 6 x 2 tries in eleven cards), and adds up four table entries for
    each. A set is not tried without a card of its rank that no run can use (that card could
    only join it), nor left out when three such cards could make it; so a rank none of whose
    cards a run can use, as in most hands with a set, is settled without trying anything.
    Ties keep the first found, in an order that depends only on the hand.
    """
    a = hand & _SUIT_BITS
    b = hand >> 13 & _SUIT_BITS
    c = hand >> 26 & _SUIT_BITS
    d = hand >> 39
    run_cost = tables.run_cost
    three = (a & b & (c | d)) | (c & d & (a | b))  # ranks held in at least three suits
    if not three:
        return run_cost[a] + run_cost[b] + run_cost[c] + run_cost[d], 0
    if three.bit_count() > 3:
        return -1, 0
    runnable = tables.runnable
    could_run = runnable[a] | runnable[b] << 13 | runnable[c] << 26 | runnable[d] << 39
    idle = hand & ~could_run
    # A rank no run can take a card of melds all its cards in one set: no choice to make.
    contested = three & (could_run | could_run >> 13 | could_run >> 26 | could_run >> 39)
    settled = three ^ contested
    tries = [(hand & settled * _RANK_BITS, settled.bit_count())]  # (cards in sets, how many sets)
    while contested:
        low = contested & -contested
        contested ^= low
        held = hand & _RANK_BITS * low  # the rank's cards
        must = held & idle  # those that only a set can meld
        choices = [(0, 0)] if must.bit_count() < 3 else []  # (cards in a set, 1 if a set)
        choices.append((held, 1))
        if held.bit_count() == 4:  # or a set of three, leaving out a card some run can use
            spare = held & ~must
            while spare:
                card = spare & -spare
                spare ^= card
                choices.append((held ^ card, 1))
        tries = [(taken | mask, count + one) for taken, count in tries for mask, one in choices]
    best = 1 << 60
    in_sets = 0
    for taken, cost in tries:
        rest = hand ^ taken
        cost += (
            run_cost[rest & _SUIT_BITS]
            + run_cost[rest >> 13 & _SUIT_BITS]
            + run_cost[rest >> 26 & _SUIT_BITS]
            + run_cost[rest >> 39]
        )
        if cost < best:
            best, in_sets = cost, taken
    return best, in_sets


def _best(hand: int, tables: _Tables) -> tuple[int, tuple[int, ...]]:
    """The best arrangement of ``hand``: its deadwood points and its melds' masks."""
    cost, in_sets = _search(hand, tables)
    if cost < 0:
        worth, packed = _pack(_candidates(hand, tables), hand.bit_count())
        return _mask_points(hand, tables) - (worth >> _POINTS_SHIFT), packed
    if not cost % _CARD_WEIGHT:  # the cost's last field, the number of melds, is 0
        return cost >> _POINTS_SHIFT, ()
    chosen: list[int] = []
    ranks = (in_sets | in_sets >> 13 | in_sets >> 26 | in_sets >> 39) & _SUIT_BITS
    while ranks:
        low = ranks & -ranks
        ranks ^= low
        chosen.append(in_sets & _RANK_BITS * low)
    rest = hand ^ in_sets
    runs = tables.runs
    for shift in (0, 13, 26, 39):
        for run in runs[rest >> shift & _SUIT_BITS]:
            chosen.append(run << shift)
    return cost >> _POINTS_SHIFT, tuple(chosen)


def best_arrangement(cards: Iterable[Card], ace_rule: AceRule = AceRule.LOW) -> Arrangement:
    """The arrangement of ``cards`` with the least deadwood, found exactly.

    Works for any number of cards (0–11 at the table; with 11, all eleven are counted).
    Ties: least deadwood points, then fewest deadwood cards, then fewest melds; a tie still
    left is settled by a fixed search order over the cards, so the same cards (in any order)
    always give the same answer. Melds are listed by their lowest card (rank, then suit).

    >>> best = best_arrangement(parse_cards("7c 7d 7h 7s 8s 9s"))
    >>> [str(meld) for meld in best.melds], best.deadwood
    (['7♣ 7♦ 7♥', '7♠ 8♠ 9♠'], ())
    """
    if not isinstance(cards, (tuple, list)):
        cards = tuple(cards)
    hand = _checked_mask(cards)
    tables = _TABLES[ace_rule]
    return _arrangement(hand, _best(hand, tables), tables)


def least_deadwood(cards: Iterable[Card], ace_rule: AceRule = AceRule.LOW) -> int:
    """``best_arrangement(cards, ace_rule).deadwood_points``, without building the arrangement.

    For checking many hands quickly (simulations, a declared count against the cards).

    >>> least_deadwood(parse_cards("7h 8h 9h 9c 9d 9s 2c 3d Kc Ks"))
    25
    """
    if not isinstance(cards, (tuple, list)):
        cards = tuple(cards)
    hand = _checked_mask(cards)
    tables = _TABLES[ace_rule]
    # _least_of_mask, written out: least_deadwood is the core's hottest answer.
    cost = _search(hand, tables)[0]
    if cost < 0:  # sets possible at more than three ranks: the general search
        return _best(hand, tables)[0]
    return cost >> _POINTS_SHIFT


def _least_of_mask(hand: int, tables: _Tables) -> int:
    """:func:`least_deadwood` of a hand given as its mask (the checks of a whole event keep
    their cards as masks)."""
    cost = _search(hand, tables)[0]
    if cost < 0:  # sets possible at more than three ranks: the general search
        return _best(hand, tables)[0]
    return cost >> _POINTS_SHIFT


def best_discard(cards: Sequence[Card], ace_rule: AceRule = AceRule.LOW) -> ElevenCardAnalysis:
    """The best card to discard from 11 cards, and what the hand is worth before and after.

    The discard minimises the deadwood of the ten cards kept; among equal discards, the one
    worth more points goes (it is the one a player would rather not be caught with), then the
    higher card (rank, then suit ♠ ♥ ♦ ♣). All eleven melded is big gin: no discard (``None``).

    >>> analysis = best_discard(parse_cards("2c 3c 4c 7h 8h 9h Jd Js Jh Kc 5d"))
    >>> print(analysis.discard, analysis.kept.deadwood_points, analysis.big_gin)
    K♣ 5 False
    """
    cards = tuple(cards)
    if len(cards) != 11:
        raise CardError(said("the hand has {0} cards; choosing a discard needs 11", len(cards)))
    hand = _checked_mask(cards)
    tables = _TABLES[ace_rule]
    best = _best(hand, tables)
    all_eleven = _arrangement(hand, best, tables)
    if not all_eleven.deadwood:
        return ElevenCardAnalysis(
            discard=None, kept=all_eleven, big_gin=True, all_eleven=all_eleven
        )
    # A card left out of the eleven's best melds goes without changing them: the ten kept
    # keep the same melds (no ten cards can meld more). Try those first, then only the melded
    # cards worth at least as much, since keeping the other melds intact is the best case for
    # them (the bound below).
    melded = 0
    for mask in best[1]:
        melded |= mask
    dead = all_eleven.deadwood_points
    points = tables.points
    # Keys to minimise: the ten's deadwood first, then the discard's rank (see _Tables).
    preference = tables.discard_preference
    # Among the unmelded cards the key falls as the preference rises (it counts the points
    # first), so the most preferred of them is the best until a melded card beats it.
    best_index = max(_indexes(hand & ~melded), key=preference.__getitem__)
    best_key = ((dead - points[best_index]) << 12) - preference[best_index]
    for index in _indexes(melded):
        if ((dead - points[index]) << 12) - preference[index] >= best_key:
            continue  # cannot beat the best even if the other melds all stayed
        kept_dead = _search(hand ^ 1 << index, tables)[0] >> _POINTS_SHIFT
        key = (kept_dead << 12) - preference[index]
        if key < best_key:
            best_key, best_index = key, index
    if 1 << best_index & melded:
        kept_hand = hand ^ 1 << best_index
        kept = _arrangement(kept_hand, _best(kept_hand, tables), tables)
    else:  # an unmelded card takes nothing from the best: the ten keep the eleven's melds
        left = hand & ~melded & ~(1 << best_index)
        kept = Arrangement(all_eleven.melds, _sorted_cards(left), dead - points[best_index])
    return ElevenCardAnalysis(
        discard=ALL_CARDS[best_index], kept=kept, big_gin=False, all_eleven=all_eleven
    )
