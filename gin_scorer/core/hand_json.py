"""THE stable JSON form of a hand record: the store saves it, the CLI reads it, exports use it.

One object per hand::

    {"knock": "A", "deadwood": {"A": 7, "B": 15}}
    {"gin": "B", "deadwood": {"A": 22}}
    {"big_gin": "A", "deadwood": {"B": 40}}
    {"dead": true}

with optional ``"upcard": "7s"`` and optional ``"cards"``::

    {"knocker_melds": [["7h", "8h", "9h"], ...], "knocker_deadwood": ["2c", ...],
     "defender": [...all ten defender cards...],
     "defender_melds": [[...], ...], "layoffs": [{"card": "10h", "meld": 0}]}

(``defender_melds`` and ``layoffs`` only when the defender's declaration was entered). A card
list may also be one string, ``"7h 8h 9h"``. :func:`record_to_json` writes cards in machine
form and round-trips exactly through :func:`record_from_json`.

>>> record = record_from_json({"knock": "A", "deadwood": {"A": 7, "B": 15}, "upcard": "7s"})
>>> record.declaration.value, record.declarer, record.declared(Side.B), record.upcard
('knock', <Side.A: 'A'>, 15, Card('7s'))
>>> record_to_json(record)
{'knock': 'A', 'deadwood': {'A': 7, 'B': 15}, 'upcard': '7s'}
>>> record_from_json({"knock": "C"})
Traceback (most recent call last):
...
gin_scorer.core.hands.HandRecordError: knock: 'C' is not a player: write "A" or "B"
"""

from __future__ import annotations

from collections.abc import Mapping

from gin_scorer.core.cards import ALL_CARDS, Card, CardError, parse_card, parse_cards
from gin_scorer.core.hands import (
    Declaration,
    HandCards,
    HandRecord,
    HandRecordError,
    Layoff,
    Side,
)
from gin_scorer.core.wording import Said, said, shown, words_of

_DECLARATION_KEYS = {
    "knock": Declaration.KNOCK,
    "gin": Declaration.GIN,
    "big_gin": Declaration.BIG_GIN,
    "dead": Declaration.DEAD,
    "misdeal": Declaration.MISDEAL,
}
_KEYS = {*_DECLARATION_KEYS, "deadwood", "upcard", "cards", "fiftieth_card"}
_CARD_KEYS = ("knocker_melds", "knocker_deadwood", "defender", "defender_melds", "layoffs")


def _key(name: str) -> str | Said:
    """A field name as typed, unless it is long or holds control characters."""
    return name if name.isprintable() and len(name) <= 40 else shown(name)


def record_from_json(obj: Mapping[str, object]) -> HandRecord:
    """Read a record; a :class:`HandRecordError` names the field that is wrong."""
    if not isinstance(obj, Mapping):
        raise HandRecordError(said("a hand must be a JSON object, not {0}", type(obj).__name__))
    if not _KEYS.issuperset(obj):
        unknown = sorted(set(obj) - _KEYS)
        raise HandRecordError(
            said(
                "{0}: not a field of a hand (fields: {1})",
                _key(unknown[0]),
                ", ".join(sorted(_KEYS)),
            )
        )
    declared = [key for key in _DECLARATION_KEYS if key in obj]
    if len(declared) != 1:
        raise HandRecordError(_not_one_declaration(declared))
    key = declared[0]
    declaration = _DECLARATION_KEYS[key]
    declarer: Side | None
    if declaration is Declaration.DEAD:
        if obj[key] is not True:
            raise HandRecordError(said('dead: {0}: write "dead": true', shown(obj[key])))
        declarer = None
    elif declaration is Declaration.MISDEAL and obj[key] is True:
        declarer = None  # a misdeal, nobody named as the one who could knock at once
    else:
        declarer = _side(obj[key], key)
    fiftieth = obj.get("fiftieth_card", False)
    if not isinstance(fiftieth, bool):
        raise HandRecordError(said("fiftieth_card: {0}: write true or false", shown(fiftieth)))
    deadwood = _deadwood(obj.get("deadwood", {}))
    upcard = None
    if obj.get("upcard") is not None:
        upcard = _card(obj["upcard"], "upcard")
    cards = None
    if obj.get("cards") is not None:
        cards = _cards(obj["cards"])
    return HandRecord(
        declaration=declaration,
        declarer=declarer,
        deadwood=deadwood,
        upcard=upcard,
        cards=cards,
        fiftieth_card=fiftieth,
    )


def record_to_json(record: HandRecord) -> dict[str, object]:
    """The JSON form (cards in machine form, ``"10h"``); only fields that carry something."""
    out: dict[str, object] = {}
    if record.declaration is Declaration.DEAD:
        out["dead"] = True
    elif record.declaration is Declaration.MISDEAL and record.declarer is None:
        out["misdeal"] = True
    else:
        out[record.declaration.value] = record.declarer.value if record.declarer else None
    if record.deadwood:
        out["deadwood"] = {side.value: count for side, count in record.deadwood}
    if record.upcard is not None:
        out["upcard"] = record.upcard.code
    if record.fiftieth_card:
        out["fiftieth_card"] = True
    if record.cards is not None:
        c = record.cards
        cards: dict[str, object] = {
            "knocker_melds": [_codes(meld) for meld in c.knocker_melds],
            "knocker_deadwood": _codes(c.knocker_deadwood),
            "defender": _codes(c.defender_cards),
        }
        if c.defender_melds is not None:
            cards["defender_melds"] = [_codes(meld) for meld in c.defender_melds]
        if c.layoffs is not None:
            cards["layoffs"] = [{"card": lo.card.code, "meld": lo.meld} for lo in c.layoffs]
        out["cards"] = cards
    return out


# --- reading pieces --------------------------------------------------------------------------


def _not_one_declaration(declared: list[str]) -> Said:
    """Why a hand naming ``declared`` (none, or more than one) cannot be read."""
    if not declared:
        return said(
            "a hand says exactly one of knock, gin, big_gin, dead, misdeal (this one says none)"
        )
    keys: Said | str = declared[0]
    for key in declared[1:]:
        keys = said("{0} and {1}", keys, key)
    return said(
        "a hand says exactly one of knock, gin, big_gin, dead, misdeal (this one says {0})", keys
    )


def _codes(cards: tuple[Card, ...]) -> list[str]:
    return [card.code for card in cards]


# What the app itself writes, looked up before the lenient reading (an event day reads back
# a hundred thousand hands).
_SIDES = {"A": Side.A, "B": Side.B}
_CODES = {card.code: card for card in ALL_CARDS}


def _side(value: object, field: str) -> Side:
    if isinstance(value, str):
        found = _SIDES.get(value) or _SIDES.get(value.strip().upper())
        if found is not None:
            return found
    raise HandRecordError(said('{0}: {1} is not a player: write "A" or "B"', field, shown(value)))


def _deadwood(value: object) -> tuple[tuple[Side, int], ...]:
    if type(value) is dict:  # as the app writes it, {"A": 7, "B": 15}: read at once
        quick = []
        for key, count in value.items():
            side = _SIDES.get(key) if type(key) is str else None
            if side is None or type(count) is not int or count < 0:
                break
            quick.append((side, count))
        else:
            return tuple(quick)
    if not isinstance(value, Mapping):
        raise HandRecordError(
            said(
                'deadwood: {0}: write the counts per player, like {{"A": 7, "B": 15}}',
                shown(value),
            )
        )
    out: list[tuple[Side, int]] = []
    seen: set[Side] = set()
    for key, count in value.items():
        side = _side(key, "deadwood")
        if side in seen:
            raise HandRecordError(said("deadwood: {0} is given twice", side.value))
        seen.add(side)
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise HandRecordError(
                said(
                    "deadwood.{0}: {1} is not a deadwood count (a whole number ≥ 0)",
                    side.value,
                    shown(count),
                )
            )
        out.append((side, count))
    return tuple(out)


def _card(value: object, field: str) -> Card:
    if isinstance(value, str) and value in _CODES:
        return _CODES[value]
    if not isinstance(value, str):
        raise HandRecordError(
            said('{0}: {1} is not a card: write it like "7s" or "10h"', field, shown(value))
        )
    try:
        return parse_card(value)
    except CardError as error:
        raise HandRecordError(said("{0}: {1}", field, words_of(error))) from None


def _card_list(value: object, field: str) -> tuple[Card, ...]:
    if isinstance(value, str):
        try:
            return parse_cards(value, what=field)
        except CardError as error:
            raise HandRecordError(said("{0}: {1}", field, words_of(error))) from None
    if not isinstance(value, list | tuple):
        raise HandRecordError(said("{0}: {1} is not a list of cards", field, shown(value)))
    return tuple(_card(item, f"{field}[{i}]") for i, item in enumerate(value))


def _meld_list(value: object, field: str) -> tuple[tuple[Card, ...], ...]:
    if not isinstance(value, list | tuple):
        raise HandRecordError(
            said("{0}: {1} is not a list of melds (lists of cards)", field, shown(value))
        )
    return tuple(_card_list(item, f"{field}[{i}]") for i, item in enumerate(value))


def _cards(value: object) -> HandCards:
    if not isinstance(value, Mapping):
        raise HandRecordError(
            said("cards: {0} is not an object with the hand's cards", shown(value))
        )
    unknown = sorted(set(value) - set(_CARD_KEYS))
    if unknown:
        raise HandRecordError(
            said(
                "cards.{0}: not a field of the cards (fields: {1})",
                _key(unknown[0]),
                ", ".join(_CARD_KEYS),
            )
        )
    knocker_melds = _meld_list(value.get("knocker_melds", []), "cards.knocker_melds")
    knocker_deadwood = _card_list(value.get("knocker_deadwood", []), "cards.knocker_deadwood")
    if "defender" not in value:
        raise HandRecordError(said("cards.defender: missing: list all the defender's cards"))
    defender = _card_list(value["defender"], "cards.defender")
    defender_melds = None
    if value.get("defender_melds") is not None:
        defender_melds = _meld_list(value["defender_melds"], "cards.defender_melds")
    layoffs = None
    if value.get("layoffs") is not None:
        raw = value["layoffs"]
        if not isinstance(raw, list | tuple):
            raise HandRecordError(said("cards.layoffs: {0} is not a list of layoffs", shown(raw)))
        items = []
        for i, item in enumerate(raw):
            field = f"cards.layoffs[{i}]"
            if not isinstance(item, Mapping) or set(item) != {"card", "meld"}:
                raise HandRecordError(
                    said('{0}: write a layoff as {{"card": "10h", "meld": 0}}', field)
                )
            meld = item["meld"]
            if isinstance(meld, bool) or not isinstance(meld, int) or meld < 0:
                raise HandRecordError(
                    said(
                        "{0}.meld: {1} is not a meld number (0 is the knocker's first meld)",
                        field,
                        shown(meld),
                    )
                )
            items.append(Layoff(card=_card(item["card"], f"{field}.card"), meld=meld))
        layoffs = tuple(items)
    return HandCards(
        knocker_melds=knocker_melds,
        knocker_deadwood=knocker_deadwood,
        defender_cards=defender,
        defender_melds=defender_melds,
        layoffs=layoffs,
    )
