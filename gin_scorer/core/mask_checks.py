"""The errors of a hand, found on its cards as masks, as typed findings (the problem codes of
:mod:`gin_scorer.core.validation`) with no sentence built.

:func:`error_codes` finds the same errors as :func:`~gin_scorer.core.validation.validate_hand`
(its problems of severity ERROR) — a property test holds the two together — but on 52-bit masks
and the deck's tables: no ``Card`` object, no set of them, no words. Checking a whole event
asks it of every hand, and builds the sentences (through ``validate_hand``) only for a hand
that has an error. Warnings (a better arrangement, a layoff not made) are not looked for:
they never make a hand wrong.

>>> from gin_scorer.core.hand_masks import masked_from_json
>>> from gin_scorer.core.rules import RuleSet
>>> hand = masked_from_json({"knock": "A", "deadwood": {"A": 2, "B": 10}, "cards": {
...     "knocker_melds": [["7h", "8h", "9h"], ["Kc", "Kd", "Ks"], ["2s", "3s", "4s"]],
...     "knocker_deadwood": ["Ac"], "defender": ["Qc", "Qd", "Qh", "5c", "6c", "7c", "Jd",
...     "10d", "9d", "Ah"], "defender_melds": [], "layoffs": []}})
>>> error_codes(hand, RuleSet())
('knocker_count_mismatch', 'defender_count_mismatch')
"""

from __future__ import annotations

from gin_scorer.core.declared_checks import declared_problems, knock_problems
from gin_scorer.core.hand_masks import MaskedCards, MaskedHand
from gin_scorer.core.hands import Declaration, HandRecord, Side
from gin_scorer.core.layoffs import least_defence_deadwood
from gin_scorer.core.melds.model import AceRule
from gin_scorer.core.melds.search import _least_of_mask
from gin_scorer.core.melds.tables import _TABLES, _mask_points
from gin_scorer.core.rules import RuleSet

__all__ = ["card_error_codes", "error_codes"]

_GIN = (Declaration.GIN, Declaration.BIG_GIN)


def error_codes(hand: MaskedHand, rules: RuleSet) -> tuple[str, ...]:
    """The codes of every error ``hand`` has under ``rules`` (once each, in no promised
    order); empty when it has none. The hand must already score under ``rules`` (as
    ``validate_hand(..., known_scorable=True)``)."""
    codes = [p.code for p in declared_problems(hand.declared, rules) if p.is_error]
    return tuple(dict.fromkeys(codes + card_error_codes(hand, rules)))


def card_error_codes(hand: MaskedHand, rules: RuleSet) -> list[str]:
    """The errors ``hand``'s cards give (:func:`error_codes` less what the declaration alone
    breaks, which is the same for every hand declared alike)."""
    record = hand.declared
    cards = hand.cards
    if cards is None:
        return []
    if record.declaration is Declaration.MISDEAL:
        return ["misdeal_cards"]
    if record.declarer is None:
        return []
    return _card_codes(record, cards, record.declarer, rules)


def _card_codes(record: HandRecord, cards: MaskedCards, knocker: Side, rules: RuleSet) -> list[str]:
    """:func:`gin_scorer.core.validation._card_problems`, on masks."""
    melds = _TABLES[rules.ace_rule].melds
    gin = record.declaration in _GIN
    codes: list[str] = []
    knocker_size = cards.knocker_size
    wanted = 11 if record.declaration is Declaration.BIG_GIN else 10
    if knocker_size != wanted or cards.defender_size != 10:
        codes.append("wrong_card_count")
    held = (cards.knocker_cards | cards.defender).bit_count()
    twice = held != knocker_size + cards.defender_size
    if twice:
        codes.append("duplicate_card")
    legal = True
    for mask, size in zip(cards.knocker_melds, cards.knocker_meld_sizes, strict=True):
        if size < 3 or mask not in melds or mask.bit_count() != size:
            legal = False
            codes.append("illegal_meld")
            break
    melds_ok = legal and not twice
    codes += _knocker_count_codes(record, cards, knocker, melds_ok, rules)
    if gin and cards.layoffs:
        codes.append("layoff_after_gin")
    if melds_ok and cards.defender.bit_count() == cards.defender_size:
        codes += _defender_codes(record, cards, knocker.other, gin, rules)
    return codes


def _knocker_count_codes(
    record: HandRecord, cards: MaskedCards, knocker: Side, melds_ok: bool, rules: RuleSet
) -> list[str]:
    """The knocker's declared count against the deadwood laid, and the limit on what was laid."""
    if record.declaration in _GIN:
        return ["gin_with_deadwood"] if cards.knocker_deadwood_size else []
    if record.declaration is not Declaration.KNOCK:
        return []
    tables = _TABLES[rules.ace_rule]
    dead = cards.knocker_deadwood
    if dead.bit_count() == cards.knocker_deadwood_size:
        counted = _mask_points(dead, tables)
    else:  # a card written twice counts twice, as validate_hand counts the cards written
        counted = sum(tables.points[index] for index in cards.knocker_deadwood_cards)
    declared = record.declared(knocker)
    if declared == counted:
        return []
    codes = ["knocker_count_mismatch"] if declared is not None and melds_ok else []
    limits = knock_problems(knocker, counted, record.upcard, rules)
    return codes + [p.code for p in limits if p.code == "knock_above_limit"]


def _defender_codes(
    record: HandRecord, cards: MaskedCards, defender: Side, gin: bool, rules: RuleSet
) -> list[str]:
    """:func:`gin_scorer.core.defender_checks.defender_problems`, on masks."""
    ace = rules.ace_rule
    melds = _TABLES[ace].melds
    codes: list[str] = []
    held = cards.defender
    remaining = held
    own_ok = True
    for mask, size in zip(cards.defender_melds or (), cards.defender_meld_sizes, strict=True):
        if mask & ~held:
            codes.append("missing_cards")
        elif size < 3 or mask not in melds or mask.bit_count() != size:
            codes.append("illegal_meld")
        else:
            if mask & ~remaining:
                codes.append("duplicate_card")
            else:
                remaining &= ~mask
                continue
            remaining &= ~mask
        own_ok = False
    layoffs_ok = True
    if cards.layoffs is not None and not gin:
        laid_codes, remaining = _layoff_codes(cards, remaining, ace)
        codes += laid_codes
        layoffs_ok = not laid_codes
    declared = record.declared(defender)
    counts = own_ok and layoffs_ok and declared is not None  # else the count is not asked
    if counts and declared != _counted(cards, remaining, gin, ace):
        codes.append("defender_count_mismatch")
    return codes


def _layoff_codes(cards: MaskedCards, remaining: int, ace: AceRule) -> tuple[list[str], int]:
    """The declared layoffs: held and not melded, each fitting the knocker's meld as it has
    grown so far (``layoff_problems``); and what is left of ``remaining`` when all stand."""
    melds = _TABLES[ace].melds
    codes: list[str] = []
    layoffs = cards.layoffs or ()
    for index, _ in layoffs:
        if not remaining >> index & 1:
            codes.append("layoff_not_held")
    current = list(cards.knocker_melds)
    used = 0
    for mask in current:
        used |= mask
    laid = 0
    for index, meld in layoffs:
        bit = 1 << index
        if not 0 <= meld < len(current) or used & bit or current[meld] | bit not in melds:
            codes.append("bad_layoff")
            continue
        current[meld] |= bit
        used |= bit
        laid |= bit
    if codes:
        return codes, remaining
    return codes, remaining & ~laid


def _counted(cards: MaskedCards, remaining: int, gin: bool, ace: AceRule) -> int:
    """What the defender's cards count as declared (``counted_as_declared``): ``remaining``
    is what its declared melds and layoffs left; what was not declared is played at best."""
    tables = _TABLES[ace]
    layoffs_declared = cards.layoffs is not None and not gin
    if cards.defender_melds is None and not layoffs_declared:
        return least_defence_deadwood(
            cards.knocker_melds, cards.defender, ace, allow_layoffs=not gin
        )
    if cards.defender_melds is None:
        return _least_of_mask(remaining, tables)
    if cards.layoffs is None and not gin:
        return least_defence_deadwood(cards.knocker_melds, remaining, ace)
    return _mask_points(remaining, tables)
