"""The integer fast path against the Card-object path it stands in for (issue 40).

``gin-scorer verify`` and an import check every hand on masks (core/hand_masks,
core/mask_checks) and build sentences only for a hand with an error. These properties hold
them to the Card-object path, on simulated hands of real play and on the same hands damaged
at random (cards moved, written twice or dropped, melds and layoffs broken, counts changed,
the declaration changed), under every ace rule and knock rule:

- the errors found: the same problem codes as ``validate_hand``'s errors;
- the reading: ``masked_from_json`` of the stored JSON is the hand ``masked_from_record``
  makes of the record ``record_from_json`` reads; and JSON not in the app's own form is never
  accepted by the fast reading when the full one refuses it;
- the arrangement: the least deadwood of a mask is ``best_arrangement``'s;
- the layoffs: the best defence's points on masks are ``best_defence``'s, and the layoffs a
  hand declares are refused exactly where ``layoff_problems`` refuses them.
"""

from __future__ import annotations

import json
import random
from dataclasses import replace
from typing import Any

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from gin_scorer.core.cards import ALL_CARDS
from gin_scorer.core.hand_json import record_from_json, record_to_json
from gin_scorer.core.hand_masks import masked_from_json, masked_from_record
from gin_scorer.core.hands import Declaration, HandRecord, HandRecordError, Layoff, Side, score_hand
from gin_scorer.core.layoffs import best_defence, layoff_problems, least_defence_deadwood
from gin_scorer.core.mask_checks import _layoff_codes, error_codes
from gin_scorer.core.melds import AceRule, best_arrangement, make_meld
from gin_scorer.core.melds.search import _least_of_mask
from gin_scorer.core.melds.tables import _TABLES
from gin_scorer.core.rules import KnockRule, RuleSet
from gin_scorer.core.validation import validate_hand
from gin_scorer.simulation.play import play_hand
from tests.property.search_strategies import EXAMPLES, any_hand

RULES = [
    RuleSet(),
    RuleSet().with_changes(ace_rule=AceRule.TEDESCO),
    RuleSet().with_changes(knock_rule=KnockRule.OKLAHOMA),
    RuleSet().with_changes(knock_rule=KnockRule.GIN_ONLY),
    RuleSet().with_changes(big_gin_allowed=False, knock_limit=7),
]


def _played(seed: int, rules: RuleSet) -> HandRecord:
    """A hand of real play (the simulation's strategy), with its cards."""
    return play_hand(random.Random(seed), rules, Side.A)


Json = dict[str, Any]
_DECK = [card.code for card in ALL_CARDS]


def _count_changed(data: Json, cards: Json, rng: random.Random) -> None:
    if isinstance(data.get("deadwood"), dict) and data["deadwood"]:
        side = rng.choice(sorted(data["deadwood"]))
        data["deadwood"][side] = max(0, data["deadwood"][side] + rng.choice((-3, -1, 1, 4)))


def _declaration_changed(data: Json, cards: Json, rng: random.Random) -> None:
    key = next((k for k in ("knock", "gin", "big_gin") if k in data), None)
    if key:
        data[rng.choice(("knock", "gin", "big_gin", "misdeal"))] = data.pop(key)


def _card_moved(data: Json, cards: Json, rng: random.Random) -> None:
    """A card moved, copied or dropped between groups."""
    groups = [cards["knocker_deadwood"], cards["defender"], *cards["knocker_melds"]]
    groups += cards.get("defender_melds") or []
    source, target = rng.choice(groups), rng.choice(groups)
    if source:
        card = source[rng.randrange(len(source))]
        if rng.random() < 0.5:
            source.remove(card)
        if rng.random() < 0.7:
            target.append(card)


def _card_replaced(data: Json, cards: Json, rng: random.Random) -> None:
    """A card replaced by any card of the deck."""
    groups = [g for g in (cards["knocker_deadwood"], cards["defender"]) if g]
    groups += [m for m in cards["knocker_melds"] + (cards.get("defender_melds") or []) if m]
    if groups:
        group = rng.choice(groups)
        group[rng.randrange(len(group))] = rng.choice(_DECK)


def _layoffs_changed(data: Json, cards: Json, rng: random.Random) -> None:
    """Layoffs: another meld, one more, another card, or none declared."""
    layoffs = cards.get("layoffs") or []
    roll = rng.random()
    if roll < 0.3 and layoffs:
        rng.choice(layoffs)["meld"] = rng.randrange(4)
    elif roll < 0.6:
        layoffs.append({"card": rng.choice(_DECK), "meld": rng.randrange(3)})
    elif roll < 0.8 and layoffs:
        rng.choice(layoffs)["card"] = rng.choice(cards["defender"] or _DECK)
    else:
        layoffs = None
    cards["layoffs"] = layoffs


def _defender_melds_changed(data: Json, cards: Json, rng: random.Random) -> None:
    """The defender's melds: none declared, or one broken."""
    if rng.random() < 0.5:
        cards["defender_melds"] = None
    elif cards.get("defender_melds"):
        meld = rng.choice(cards["defender_melds"])
        if meld:
            meld.pop(rng.randrange(len(meld)))


def _upcard_changed(data: Json, cards: Json, rng: random.Random) -> None:
    if "upcard" in data:
        data["upcard"] = rng.choice(_DECK)


_DAMAGES = (
    _count_changed,
    _declaration_changed,
    _card_moved,
    _card_replaced,
    _layoffs_changed,
    _defender_melds_changed,
    _upcard_changed,
)


def _damaged(record: HandRecord, rng: random.Random, kinds: list[int]) -> Json:
    """The record's JSON with the damages ``kinds`` done (each a way a hand is mistyped)."""
    data = record_to_json(record)
    cards = data.get("cards")
    for kind in kinds:
        if isinstance(cards, dict) or kind in (0, 1, 6):
            _DAMAGES[kind](data, cards or {}, rng)
    return data


def _error_codes_slow(record: HandRecord, rules: RuleSet) -> set[str]:
    return {p.code for p in validate_hand(record, rules, known_scorable=True) if p.is_error}


@settings(max_examples=EXAMPLES * 4)
@given(
    st.integers(0, 10**9),
    st.sampled_from(RULES),
    st.lists(st.integers(0, 6), max_size=3),
    st.integers(0, 10**9),
)
def test_the_errors_found_on_masks_are_validate_hands(
    seed: int, rules: RuleSet, kinds: list[int], damage_seed: int
) -> None:
    record = _played(seed, rules)
    data = _damaged(record, random.Random(damage_seed), kinds)
    try:
        damaged = record_from_json(json.loads(json.dumps(data)))
        score_hand(damaged, rules)
    except HandRecordError:
        assume(False)
        return
    fast = masked_from_json(json.loads(json.dumps(data)))
    assert fast is not None  # the app's own form: read the fast way
    assert fast == masked_from_record(damaged)
    assert set(error_codes(fast, rules)) == _error_codes_slow(damaged, rules)


@settings(max_examples=EXAMPLES * 2)
@given(st.integers(0, 10**9), st.sampled_from(RULES), st.integers(0, 10**9))
def test_json_the_fast_reading_does_not_know_is_left_to_the_full_one(
    seed: int, rules: RuleSet, mangle_seed: int
) -> None:
    """Whatever the fast reading accepts, the full one accepts too, and reads the same hand."""
    rng = random.Random(mangle_seed)
    data = record_to_json(_played(seed, rules))
    mangles = [
        lambda d: d.__setitem__(
            "knock" if "knock" in d else "gin", rng.choice(["a", " B", "C", 1])
        ),
        lambda d: d.__setitem__("deadwood", {"A": rng.choice([True, -1, 1.5, "3"])}),
        lambda d: d.__setitem__("upcard", rng.choice(["7S", "10♥", "x", 7])),
        lambda d: d.__setitem__("fiftieth_card", rng.choice([1, "yes", None])),
        lambda d: d.__setitem__("extra", 1),
        lambda d: d.get("cards", {}).__setitem__("defender", "7h 8h 9h"),
        lambda d: d.get("cards", {}).__setitem__("layoffs", [{"card": "7h", "meld": True}]),
        lambda d: d.get("cards", {}).__setitem__("knocker_melds", [["7h", "7h", "X"]]),
        lambda d: d.__setitem__("dead", rng.choice([True, False])),
    ]
    rng.choice(mangles)(data)
    fast = masked_from_json(json.loads(json.dumps(data)))
    try:
        full = record_from_json(json.loads(json.dumps(data)))
    except HandRecordError:
        assert fast is None
        return
    if fast is not None:
        assert fast == masked_from_record(full)


def _mask(cards: Any) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card.index
    return mask


@settings(max_examples=EXAMPLES * 2)
@given(any_hand(sizes=(0, 3, 7, 10, 11, 14)), st.sampled_from(list(AceRule)))
def test_the_least_deadwood_of_a_mask_is_the_best_arrangements(cards: Any, ace: AceRule) -> None:
    assert (
        _least_of_mask(_mask(cards), _TABLES[ace]) == best_arrangement(cards, ace).deadwood_points
    )


@settings(max_examples=EXAMPLES * 3)
@given(st.integers(0, 10**9), st.sampled_from(RULES), st.booleans(), st.integers(0, 10**9))
def test_the_defence_on_masks_is_best_defences(
    seed: int, rules: RuleSet, layoffs: bool, cut_seed: int
) -> None:
    record = _played(seed, rules)
    assume(record.cards is not None)
    cards = record.cards
    assert cards is not None
    ace = rules.ace_rule
    melds = [make_meld(m, ace) for m in cards.knocker_melds]
    defender = list(cards.defender_cards)
    random.Random(cut_seed).shuffle(defender)
    defender = defender[: random.Random(cut_seed).randint(0, len(defender))]
    slow = best_defence(melds, defender, ace, allow_layoffs=layoffs).deadwood_points
    fast = least_defence_deadwood(
        [_mask(m.cards) for m in melds], _mask(defender), ace, allow_layoffs=layoffs
    )
    assert fast == slow


@settings(max_examples=EXAMPLES * 3)
@given(
    st.integers(0, 10**9),
    st.sampled_from(RULES),
    st.lists(st.tuples(st.sampled_from(ALL_CARDS), st.integers(0, 3)), max_size=5),
)
def test_layoffs_are_refused_where_layoff_problems_refuses_them(
    seed: int, rules: RuleSet, extra: list[Any]
) -> None:
    record = _played(seed, rules)
    assume(record.cards is not None and record.declaration is Declaration.KNOCK)
    cards = record.cards
    assert cards is not None
    ace = rules.ace_rule
    melds = [make_meld(m, ace) for m in cards.knocker_melds]
    declared = list(cards.layoffs or ()) + [Layoff(card, meld) for card, meld in extra]
    slow = layoff_problems(melds, declared, ace)
    with_layoffs = replace(cards, layoffs=tuple(declared))
    masked = masked_from_record(replace(record, cards=with_layoffs)).cards
    assert masked is not None
    # Everything held and free, so only the fit of each layoff is asked.
    codes, _ = _layoff_codes(masked, (1 << 52) - 1, ace)
    assert codes.count("bad_layoff") == len(slow)
