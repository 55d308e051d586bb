"""A hand's cards as integers: each group of cards a 52-bit mask (bit = ``Card.index``, as the
meld search reads them) with how many cards were written in it, read straight from the
hand's stored JSON. The hot path of checking a whole event (``gin-scorer verify``, an
import) never builds a ``Card`` object or a set of them for a hand that has no problem.

:func:`masked_from_json` reads only the form the app itself writes (``record_to_json``):
anything else, or anything it is not sure of, gives ``None`` and the caller reads the hand
with :func:`~gin_scorer.core.hand_json.record_from_json`, which accepts every spelling and
says what is wrong. So the fast reading never accepts a hand the full one would refuse.

>>> hand = masked_from_json({"knock": "A", "deadwood": {"A": 7, "B": 15}, "cards": {
...     "knocker_melds": [["7h", "8h", "9h"]], "knocker_deadwood": ["2c"],
...     "defender": ["Kc", "Kd"]}})
>>> hand.declared.declarer, bin(hand.cards.knocker_deadwood), hand.cards.defender_size
(<Side.A: 'A'>, '0b10', 2)
>>> masked_from_json({"knock": "a", "deadwood": {"A": 7, "B": 15}}) is None  # lenient: slow path
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import partial, reduce
from operator import or_
from typing import Any, NamedTuple

from gin_scorer.core.cards import ALL_CARDS, Card
from gin_scorer.core.hands import Declaration, HandCards, HandRecord, Side

__all__ = ["MaskedCards", "MaskedHand", "masked_from_json", "masked_from_record"]

# A card's code as the app writes it ("10h", "As") -> its bit.
_BITS: dict[str, int] = {card.code: 1 << card.index for card in ALL_CARDS}
_INDEXES: dict[str, int] = {card.code: card.index for card in ALL_CARDS}
_CARDS: dict[str, Card] = {card.code: card for card in ALL_CARDS}
_SIDES = {"A": Side.A, "B": Side.B}
_DECLARATIONS = {
    "knock": Declaration.KNOCK,
    "gin": Declaration.GIN,
    "big_gin": Declaration.BIG_GIN,
    "dead": Declaration.DEAD,
    "misdeal": Declaration.MISDEAL,
}
_KEYS = frozenset({*_DECLARATIONS, "deadwood", "upcard", "cards", "fiftieth_card"})
_CARD_KEYS = frozenset(
    {"knocker_melds", "knocker_deadwood", "defender", "defender_melds", "layoffs"}
)
_LAYOFF_KEYS = frozenset({"card", "meld"})


class MaskedCards(NamedTuple):
    """:class:`~gin_scorer.core.hands.HandCards` as masks. Each ``*_size`` is how many cards
    were written in that group (more than the mask's bits when a card was written twice).
    A named tuple: built for every hand of an event, it must cost little to make."""

    knocker_melds: tuple[int, ...]
    knocker_meld_sizes: tuple[int, ...]
    knocker_deadwood: int
    knocker_deadwood_size: int
    knocker_deadwood_cards: tuple[int, ...]  # as written (a card twice counts twice)
    defender: int
    defender_size: int
    defender_melds: tuple[int, ...] | None
    defender_meld_sizes: tuple[int, ...]
    layoffs: tuple[tuple[int, int], ...] | None  # (card index, knocker's meld number)
    knocker_cards: int  # every card of the knocker's, melded or not
    knocker_size: int


class MaskedHand(NamedTuple):
    """A hand read for checking: its declaration (a :class:`HandRecord` without cards, what
    scoring reads), its cards as masks (``None``: no cards were entered), and ``key``: the
    declaration as plain values, equal for equal declarations (cheap to hash, unlike the
    record: checking a whole event remembers what each declaration scores by it)."""

    declared: HandRecord
    cards: MaskedCards | None
    key: tuple[object, ...]


Declarations = dict[tuple[object, ...], HandRecord]
# The tuple's own constructor: a named tuple's __new__ is a Python function, one call more
# for every hand of an event.
_new_cards: Callable[[tuple[Any, ...]], MaskedCards] = partial(tuple.__new__, MaskedCards)
_new_hand: Callable[[tuple[Any, ...]], MaskedHand] = partial(tuple.__new__, MaskedHand)
_BIT = _BITS.__getitem__
_INDEX = _INDEXES.__getitem__


def _lists(lists: object) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(masks, sizes) of a list of card lists as the app writes them; raises KeyError or
    TypeError otherwise."""
    if type(lists) is not list:
        raise TypeError
    masks = []
    for codes in lists:
        if type(codes) is not list:
            raise TypeError
        masks.append(reduce(or_, map(_BIT, codes), 0))
    return tuple(masks), tuple(map(len, lists))


def _one_list(codes: object) -> int:
    if type(codes) is not list:
        raise TypeError
    return reduce(or_, map(_BIT, codes), 0)


def _layoffs(value: object) -> tuple[tuple[int, int], ...]:
    if type(value) is not list:
        raise TypeError
    laid = []
    for item in value:
        if type(item) is not dict or item.keys() != _LAYOFF_KEYS:
            raise TypeError
        meld, code = item["meld"], item["card"]
        if type(meld) is not int or meld < 0 or type(code) is not str:
            raise TypeError
        laid.append((_INDEXES[code], meld))
    return tuple(laid)


def _cards(value: dict[str, Any]) -> MaskedCards:
    """The cards' masks; KeyError or TypeError when they are not in the app's form."""
    if not _CARD_KEYS.issuperset(value):
        raise KeyError
    melds, sizes = _lists(value.get("knocker_melds", []))
    written = value.get("knocker_deadwood", [])
    dead = _one_list(written)
    defender = value["defender"]
    own = value.get("defender_melds")
    laid = value.get("layoffs")
    own_masks, own_sizes = _lists(own) if own is not None else (None, ())
    return _new_cards(  # MaskedCards(...), without the named tuple's own __new__ call
        (
            melds,
            sizes,
            dead,
            len(written),
            tuple(map(_INDEX, written)),
            _one_list(defender),
            len(defender),
            own_masks,
            own_sizes,
            _layoffs(laid) if laid is not None else None,
            reduce(or_, melds, dead),
            sum(sizes, len(written)),
        )
    )


def _declarer(key: str, value: object) -> Side | None:
    """Who declared (``None``: nobody); KeyError when not as the app writes it."""
    if key == "dead":
        if value is not True:
            raise KeyError
        return None
    if key == "misdeal" and value is True:
        return None
    if type(value) is not str:
        raise KeyError
    return _SIDES[value]


def _counts_read(value: object) -> bool:
    """Whether ``value`` is the counts as the app writes them: {"A": 7, "B": 15}."""
    if type(value) is not dict:
        return False
    for key, count in value.items():
        if type(key) is not str or key not in _SIDES or type(count) is not int or count < 0:
            return False
    return True


def masked_from_json(
    obj: Mapping[str, object], declarations: Declarations | None = None
) -> MaskedHand | None:
    """The hand in ``obj`` (its stored JSON, decoded), with its cards as masks; ``None`` when
    ``obj`` is not exactly in the form the app writes (read it with ``record_from_json``).
    ``declarations``: the declarations read so far, by key, to share (an event's hands
    repeat a few hundred declarations)."""
    if type(obj) is not dict or not _KEYS.issuperset(obj):
        return None
    keys = [key for key in _DECLARATIONS if key in obj]
    if len(keys) != 1:
        return None
    key = keys[0]
    said_by = obj[key]
    fiftieth = obj.get("fiftieth_card", False)
    counts = obj.get("deadwood", {})
    upcard = obj.get("upcard")
    if type(fiftieth) is not bool or not _counts_read(counts):
        return None
    if type(said_by) is not str and said_by is not True:  # 1 == True: a key would not tell
        return None
    if upcard is not None and (type(upcard) is not str or upcard not in _CARDS):
        return None
    try:
        value = obj.get("cards")
        cards = None if value is None else _cards(value)
        # The values are checked above, with their types (1 and True are equal as keys).
        declared_key = (key, said_by, tuple(counts.items()), upcard, fiftieth)
        declared = declarations.get(declared_key) if declarations is not None else None
        if declared is None:
            declared = HandRecord(
                declaration=_DECLARATIONS[key],
                declarer=_declarer(key, said_by),
                deadwood=tuple((_SIDES[side], n) for side, n in counts.items()),
                upcard=_CARDS[upcard] if upcard is not None else None,
                fiftieth_card=fiftieth,
            )
            if declarations is not None:
                declarations[declared_key] = declared
    except (KeyError, TypeError, AttributeError):
        return None
    return _new_hand((declared, cards, declared_key))


def _mask(cards: Sequence[Card]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card.index
    return mask


def masked_from_record(record: HandRecord) -> MaskedHand:
    """A hand already read into Card objects, as masks (the desk's and the room's hands)."""
    declared = HandRecord(
        declaration=record.declaration,
        declarer=record.declarer,
        deadwood=record.deadwood,
        upcard=record.upcard,
        fiftieth_card=record.fiftieth_card,
    )
    c: HandCards | None = record.cards
    key = _key_of(record)
    if c is None:
        return MaskedHand(declared, None, key)
    melds = tuple(_mask(m) for m in c.knocker_melds)
    return MaskedHand(
        declared,
        MaskedCards(
            knocker_melds=melds,
            knocker_meld_sizes=tuple(len(m) for m in c.knocker_melds),
            knocker_deadwood=_mask(c.knocker_deadwood),
            knocker_deadwood_size=len(c.knocker_deadwood),
            knocker_deadwood_cards=tuple(card.index for card in c.knocker_deadwood),
            defender=_mask(c.defender_cards),
            defender_size=len(c.defender_cards),
            defender_melds=(
                tuple(_mask(m) for m in c.defender_melds) if c.defender_melds is not None else None
            ),
            defender_meld_sizes=tuple(len(m) for m in c.defender_melds or ()),
            layoffs=(
                tuple((lo.card.index, lo.meld) for lo in c.layoffs)
                if c.layoffs is not None
                else None
            ),
            knocker_cards=reduce(or_, melds, _mask(c.knocker_deadwood)),
            knocker_size=sum(map(len, c.knocker_melds), len(c.knocker_deadwood)),
        ),
        key,
    )


def _key_of(record: HandRecord) -> tuple[object, ...]:
    """The key :func:`masked_from_json` gives the same declaration written by the app."""
    if record.declaration is Declaration.DEAD:
        said_by: object = True
    elif record.declaration is Declaration.MISDEAL and record.declarer is None:
        said_by = True
    else:
        said_by = record.declarer.value if record.declarer else None
    counts = tuple((side.value, count) for side, count in record.deadwood)
    upcard = record.upcard.code if record.upcard else None
    return (record.declaration.value, said_by, counts, upcard, record.fiftieth_card)
