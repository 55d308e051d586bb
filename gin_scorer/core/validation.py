"""Checking a declared hand against the rules and, when entered, the cards.

:func:`validate_hand` never changes a declaration: it returns :class:`Problem` values naming
the cards and the side, ERRORS for what cannot stand (a card twice, an illegal meld, a count
that does not match the cards, a knock above the limit) and WARNINGS for what the players may
have missed (a better arrangement, a layoff not made). The director decides.

Problem codes (stable, for programs): ``unscorable``, ``knock_not_allowed``,
``knock_above_limit``, ``upcard_needed``, ``knock_with_zero``, ``big_gin_not_allowed``,
``wrong_card_count``, ``duplicate_card``, ``illegal_meld``, ``knocker_count_mismatch``,
``gin_with_deadwood``, ``layoff_after_gin``, ``bad_layoff``, ``layoff_not_held``,
``defender_count_mismatch``, ``better_arrangement``, ``could_go_gin``, ``missed_layoff``,
``missing_cards``.

>>> from gin_scorer.core.hand_json import record_from_json
>>> from gin_scorer.core.rules import RuleSet
>>> record = record_from_json({"knock": "A", "deadwood": {"A": 12, "B": 30}})
>>> [p.message for p in validate_hand(record, RuleSet())]
['A knocked with 12 deadwood; the knock limit is 10']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from gin_scorer.core.cards import Card, CardError, format_cards
from gin_scorer.core.declared_checks import declared_problems, knock_problems
from gin_scorer.core.defender_checks import counted_as_declared, defender_problems
from gin_scorer.core.hands import (
    Declaration,
    HandCards,
    HandRecord,
    HandRecordError,
    Problem,
    Severity,
    Side,
    score_hand,
)
from gin_scorer.core.melds import (
    Meld,
    MeldError,
    best_arrangement,
    deadwood_points,
    make_meld,
    meld_problem,
    melds_made,
)
from gin_scorer.core.rules import RuleSet
from gin_scorer.core.wording import Said, said, words_of

__all__ = ["complete_from_cards", "errors", "validate_hand", "warnings"]

_ERROR = Severity.ERROR
_WARNING = Severity.WARNING


def errors(problems: Iterable[Problem]) -> tuple[Problem, ...]:
    return tuple(p for p in problems if p.severity is Severity.ERROR)


def warnings(problems: Iterable[Problem]) -> tuple[Problem, ...]:
    return tuple(p for p in problems if p.severity is Severity.WARNING)


def validate_hand(
    record: HandRecord, rules: RuleSet, *, known_scorable: bool = False
) -> tuple[Problem, ...]:
    """Every problem with ``record`` under ``rules``; errors first, then warnings.

    ``known_scorable``: the caller has just scored ``record`` under ``rules`` without an
    error, so it is not scored again (verify checks every hand of an event this way).
    """
    problems: list[Problem] = declared_problems(record, rules)
    try:
        if not known_scorable:
            score_hand(record, rules)
    except HandRecordError as error:
        # Big gin where it is not played was already said in the rules' own words.
        if not any(p.code == "big_gin_not_allowed" for p in problems):
            problems.insert(0, Problem(_ERROR, "unscorable", error.words, side=record.declarer))
    misdeal = record.declaration is Declaration.MISDEAL
    if record.cards is not None and misdeal:
        why = said("a misdeal is re-dealt: it has no cards")
        problems.append(Problem(_ERROR, "misdeal_cards", why))
    elif record.cards is not None and record.declarer is not None:
        problems += _card_problems(record, record.cards, record.declarer, rules)
    # The same fact can be found twice (e.g. an ace upcard in Oklahoma); say it once.
    unique = list(dict.fromkeys(problems))
    return tuple(sorted(unique, key=lambda p: p.severity is not Severity.ERROR))


# --- with cards ------------------------------------------------------------------------------


def _card_problems(
    record: HandRecord, cards: HandCards, knocker: Side, rules: RuleSet
) -> list[Problem]:
    defender = knocker.other
    gin = record.declaration in (Declaration.GIN, Declaration.BIG_GIN)
    knocker_cards = [c for meld in cards.knocker_melds for c in meld] + list(cards.knocker_deadwood)
    defender_cards = list(cards.defender_cards)
    problems = _count_problems(record, knocker, knocker_cards, defender_cards)
    twice = _twice_problems(knocker, knocker_cards, defender_cards)
    problems += twice
    legal_melds, meld_problems = _knocker_melds(cards, knocker, rules)
    problems += meld_problems
    melds_ok = not meld_problems and not twice
    counted = deadwood_points(cards.knocker_deadwood, rules.ace_rule)
    problems += _knocker_count(record, cards, knocker, counted, melds_ok, rules)
    # A better arrangement of the knocker's own cards (a warning: the declaration stands).
    if melds_ok and len(knocker_cards) == len(set(knocker_cards)) and knocker_cards:
        problems += _knocker_better(record, knocker, knocker_cards, counted, rules)
    if gin and cards.layoffs:
        problems.append(
            Problem(
                _ERROR,
                "layoff_after_gin",
                said(
                    "{0} laid off {1} but nothing may be laid off after {2}",
                    defender.value,
                    format_cards(lo.card for lo in cards.layoffs),
                    _name(record.declaration),
                ),
                cards=tuple(lo.card for lo in cards.layoffs),
                side=defender,
            )
        )
    if melds_ok and len(defender_cards) == len(set(defender_cards)):
        problems += defender_problems(record, cards, knocker, legal_melds, gin, rules)
    return problems


def _count_problems(
    record: HandRecord, knocker: Side, knocker_cards: list[Card], defender_cards: list[Card]
) -> list[Problem]:
    """How many cards: 10 each, 11 for a big-gin hand."""
    wanted = 11 if record.declaration is Declaration.BIG_GIN else 10
    problems = []
    for side, held, need in ((knocker, knocker_cards, wanted), (knocker.other, defender_cards, 10)):
        if len(held) != need:
            if side is not knocker:
                why = said(
                    "{0} (defender) has {1} cards; a hand has {2}", side.value, len(held), need
                )
            elif need == 11:
                why = said(
                    "{0} (knocker) has {1} cards; a big gin hand has {2}",
                    side.value,
                    len(held),
                    need,
                )
            else:
                why = said(
                    "{0} (knocker) has {1} cards; a hand has {2}", side.value, len(held), need
                )
            problems.append(Problem(_ERROR, "wrong_card_count", why, side=side))
    return problems


def _twice_problems(
    knocker: Side, knocker_cards: list[Card], defender_cards: list[Card]
) -> list[Problem]:
    """A card twice, in one hand or in both."""
    counts = Counter(knocker_cards + defender_cards)
    problems = []
    for card in sorted(card for card, n in counts.items() if n > 1):
        in_k, in_d = card in knocker_cards, card in defender_cards
        holder = knocker if in_k else knocker.other
        if in_k and in_d:
            why = said("{0} is in both hands", card)
        else:
            why = said("{0} is twice in {1}'s hand", card, holder.value)
        problems.append(
            Problem(
                _ERROR,
                "duplicate_card",
                why,
                cards=(card,),
                side=None if in_k and in_d else holder,
            )
        )
    return problems


def _knocker_melds(
    cards: HandCards, knocker: Side, rules: RuleSet
) -> tuple[list[Meld], list[Problem]]:
    """The knocker's melds as laid: the legal ones, and a problem for each that is not."""
    legal: list[Meld] = []
    problems = []
    for number, laid in enumerate(cards.knocker_melds, start=1):
        problem = meld_problem(laid, rules.ace_rule)
        if problem is None:
            legal.append(make_meld(laid, rules.ace_rule))
            continue
        problems.append(
            Problem(
                _ERROR,
                "illegal_meld",
                said("{0}'s meld {1} is not legal: {2}", knocker.value, number, problem),
                cards=tuple(laid),
                side=knocker,
            )
        )
    return legal, problems


def _knocker_count(
    record: HandRecord,
    cards: HandCards,
    knocker: Side,
    counted: int,
    melds_ok: bool,
    rules: RuleSet,
) -> list[Problem]:
    """The knocker's declared count against the deadwood laid (and the knock limit on it)."""
    declared = record.declared(knocker)
    problems = []
    if record.declaration in (Declaration.GIN, Declaration.BIG_GIN) and cards.knocker_deadwood:
        problems.append(
            Problem(
                _ERROR,
                "gin_with_deadwood",
                said(
                    "{0} declared {1} but laid deadwood {2} ({3})",
                    knocker.value,
                    _name(record.declaration),
                    format_cards(cards.knocker_deadwood),
                    counted,
                ),
                cards=tuple(cards.knocker_deadwood),
                side=knocker,
            )
        )
    elif (
        record.declaration is Declaration.KNOCK
        and declared is not None
        and declared != counted
        and melds_ok
    ):
        problems.append(
            Problem(
                _ERROR,
                "knocker_count_mismatch",
                said(
                    "{0} declared {1} deadwood but the laid deadwood {2} counts {3}",
                    knocker.value,
                    declared,
                    format_cards(cards.knocker_deadwood) or said("(none)"),
                    counted,
                ),
                cards=tuple(cards.knocker_deadwood),
                side=knocker,
            )
        )
    if record.declaration is Declaration.KNOCK and declared != counted:
        # The limit applies to what was actually laid down too.
        problems += [
            p
            for p in knock_problems(knocker, counted, record.upcard, rules)
            if p.code == "knock_above_limit"
        ]
    return problems


def _name(declaration: Declaration) -> Said:
    """The word for how a hand ended, inside a sentence ("nothing may be laid off after gin")."""
    if declaration is Declaration.BIG_GIN:
        return said("big gin")
    if declaration is Declaration.GIN:
        return said("gin")
    return said("knock")  # no other declaration reaches the card checks


def _knocker_better(
    record: HandRecord,
    knocker: Side,
    knocker_cards: list[Card],
    counted: int,
    rules: RuleSet,
) -> list[Problem]:
    ace = rules.ace_rule
    if record.declaration is Declaration.BIG_GIN:
        return []
    if len(knocker_cards) == 11:
        return []  # a wrong count was reported already
    best = best_arrangement(knocker_cards, ace)
    if best.deadwood_points >= counted:
        return []
    laid = {frozenset(meld) for meld in record.cards.knocker_melds} if record.cards else set()
    new = [meld for meld in best.melds if frozenset(meld.cards) not in laid]
    how = melds_made(new)
    if best.deadwood_points == 0 and record.declaration is Declaration.KNOCK:
        return [
            Problem(
                _WARNING,
                "could_go_gin",
                said(
                    "{0} knocked with {1} but the cards make gin: {2}", knocker.value, counted, how
                ),
                cards=tuple(c for meld in new for c in meld.cards),
                side=knocker,
            )
        ]
    return [
        Problem(
            _WARNING,
            "better_arrangement",
            said(
                "{0}'s cards as laid count {1}, best is {2}: {3}",
                knocker.value,
                counted,
                best.deadwood_points,
                how,
            ),
            cards=tuple(c for meld in new for c in meld.cards),
            side=knocker,
        )
    ]


def complete_from_cards(record: HandRecord, rules: RuleSet) -> HandRecord:
    """``record`` with any missing deadwood count filled in from its cards.

    The knocker's count is its laid deadwood; the defender's is what its declared melds and
    layoffs leave, or its best when none were declared. Counts already declared are kept
    (the declaration stands; :func:`validate_hand` reports a mismatch).
    """
    cards = record.cards
    knocker = record.declarer
    if cards is None or knocker is None:
        return record
    if record.declared(knocker) is not None and record.declared(knocker.other) is not None:
        return record
    ace = rules.ace_rule
    gin = record.declaration in (Declaration.GIN, Declaration.BIG_GIN)
    counts = dict(record.deadwood)
    if knocker not in counts:
        counts[knocker] = deadwood_points(cards.knocker_deadwood, ace)
    defender = knocker.other
    if defender not in counts:
        try:
            melds = [make_meld(m, ace) for m in cards.knocker_melds]
            remaining = list(cards.defender_cards)
            for meld in cards.defender_melds or ():
                for card in meld:
                    remaining.remove(card)
            if not gin:
                for layoff in cards.layoffs or ():
                    remaining.remove(layoff.card)
            count = counted_as_declared(melds, cards, remaining, gin, rules)
        except (CardError, MeldError, ValueError) as error:
            raise HandRecordError(
                said("cannot count {0}'s deadwood: {1}", defender.value, words_of(error))
            ) from None
        counts[defender] = count
    ordered = tuple((side, counts[side]) for side in (Side.A, Side.B) if side in counts)
    return HandRecord(
        declaration=record.declaration,
        declarer=record.declarer,
        deadwood=ordered,
        upcard=record.upcard,
        cards=record.cards,
    )
