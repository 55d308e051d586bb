"""The stable JSON form of a hand record: accepted shapes, exact round trips, named errors."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gin_scorer.core.cards import ALL_CARDS, parse_card, parse_cards
from gin_scorer.core.hand_json import record_from_json, record_to_json
from gin_scorer.core.hands import (
    Declaration,
    HandCards,
    HandRecord,
    HandRecordError,
    Layoff,
    Side,
)


def test_the_documented_shapes() -> None:
    knock = record_from_json({"knock": "A", "deadwood": {"A": 7, "B": 15}})
    assert knock == HandRecord(Declaration.KNOCK, Side.A, ((Side.A, 7), (Side.B, 15)))
    gin = record_from_json({"gin": "B", "deadwood": {"A": 22}})
    assert gin == HandRecord(Declaration.GIN, Side.B, ((Side.A, 22),))
    big = record_from_json({"big_gin": "a", "deadwood": {"b": 40}})
    assert big == HandRecord(Declaration.BIG_GIN, Side.A, ((Side.B, 40),))
    assert record_from_json({"dead": True}) == HandRecord(Declaration.DEAD)


def test_cards_and_upcard() -> None:
    obj = {
        "knock": "A",
        "deadwood": {"A": 5, "B": 12},
        "upcard": "7s",
        "cards": {
            "knocker_melds": [["7h", "8h", "9h"], "Kc Kd Ks"],
            "knocker_deadwood": ["2c", "3d"],
            "defender": "10h Jh 5c 5d 5s 2h 3h 4h Qc 9s",
            "layoffs": [{"card": "10h", "meld": 0}, {"card": "Jh", "meld": 0}],
        },
    }
    record = record_from_json(obj)
    assert record.upcard == parse_card("7s")
    assert record.cards is not None
    assert record.cards.knocker_melds[1] == parse_cards("Kc Kd Ks")
    assert record.cards.defender_melds is None
    assert record.cards.layoffs == (
        Layoff(parse_card("10h"), 0),
        Layoff(parse_card("Jh"), 0),
    )
    again = record_to_json(record)
    assert again["cards"]["knocker_melds"][1] == ["Kc", "Kd", "Ks"]  # type: ignore[index]
    assert record_from_json(json.loads(json.dumps(again))) == record


@pytest.mark.parametrize(
    ("obj", "message"),
    [
        ({"knock": "C", "deadwood": {"A": 1, "B": 2}}, "knock: 'C' is not a player"),
        (
            {"deadwood": {"A": 1}},
            "exactly one of knock, gin, big_gin, dead, misdeal .this one says none",
        ),
        ({"knock": "A", "gin": "A"}, "this one says knock and gin"),
        ({"dead": "yes"}, 'write "dead": true'),
        ({"knock": "A", "deadwood": {"A": "7"}}, "deadwood.A: '7' is not a deadwood count"),
        ({"knock": "A", "deadwood": {"A": -2}}, "deadwood.A: -2 is not a deadwood count"),
        ({"knock": "A", "deadwood": [7, 15]}, "deadwood: .7, 15.: write the counts per player"),
        ({"knock": "A", "deadwood": {"X": 1}}, "deadwood: 'X' is not a player"),
        ({"knock": "A", "upcard": "7x"}, "upcard: '7x' is not a card: suit 'x'"),
        ({"knock": "A", "upcard": 7}, "upcard: 7 is not a card"),
        ({"knock": "A", "deadwod": {}}, "deadwod: not a field of a hand"),
        ({"knock": "A", "cards": {"defender": ["Zh"]}}, r"cards.defender\[0\]: 'Zh' is not"),
        ({"knock": "A", "cards": {"knocker_melds": [["7h"]]}}, "cards.defender: missing"),
        (
            {"knock": "A", "cards": {"defender": [], "knocker_melds": [["7h", "8h", "9q"]]}},
            r"cards.knocker_melds\[0\]\[2\]: '9q' is not a card",
        ),
        (
            {"knock": "A", "cards": {"defender": [], "layoffs": [{"card": "7h"}]}},
            r"cards.layoffs\[0\]: write a layoff as",
        ),
        (
            {"knock": "A", "cards": {"defender": [], "layoffs": [{"card": "7h", "meld": -1}]}},
            r"cards.layoffs\[0\].meld: -1 is not a meld number",
        ),
        ({"knock": "A", "cards": {"defender": [], "melds": []}}, "cards.melds: not a field"),
        ({"knock": "A", "cards": {"defender": "7h 7h"}}, "cards.defender: 7♥ is in the"),
    ],
)
def test_errors_name_the_field(obj: dict[str, object], message: str) -> None:
    with pytest.raises(HandRecordError, match=message):
        record_from_json(obj)


def test_not_an_object() -> None:
    with pytest.raises(HandRecordError, match="must be a JSON object"):
        record_from_json([1, 2])  # type: ignore[arg-type]


sides = st.sampled_from([Side.A, Side.B])
card_lists = st.lists(st.sampled_from(ALL_CARDS), max_size=5).map(tuple)
hand_cards = st.builds(
    HandCards,
    knocker_melds=st.lists(card_lists, max_size=3).map(tuple),
    knocker_deadwood=card_lists,
    defender_cards=card_lists,
    defender_melds=st.none() | st.lists(card_lists, max_size=3).map(tuple),
    layoffs=st.none()
    | st.lists(
        st.builds(Layoff, card=st.sampled_from(ALL_CARDS), meld=st.integers(0, 3)), max_size=3
    ).map(tuple),
)


@st.composite
def records(draw: st.DrawFn) -> HandRecord:
    declaration = draw(st.sampled_from(list(Declaration)))
    declarer = None if declaration is Declaration.DEAD else draw(sides)
    order = draw(st.permutations([Side.A, Side.B]))
    counted = draw(st.lists(st.booleans(), min_size=2, max_size=2))
    deadwood = tuple(
        (side, draw(st.integers(0, 150))) for side, keep in zip(order, counted, strict=True) if keep
    )
    upcard = draw(st.none() | st.sampled_from(ALL_CARDS))
    cards = draw(st.none() | hand_cards)
    return HandRecord(declaration, declarer, deadwood, upcard, cards)


@settings(max_examples=150)
@given(records())
def test_round_trip_is_exact(record: HandRecord) -> None:
    text = json.dumps(record_to_json(record))
    assert record_from_json(json.loads(text)) == record
