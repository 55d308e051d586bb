"""The defender's side of a hand checked against its cards: its own melds, its layoffs on the
knocker's melds, and what its cards count as declared (or at best when nothing was declared).
Part of :func:`gin_scorer.core.validation.validate_hand`; the problem codes are listed there.
"""

from __future__ import annotations

from collections.abc import Sequence

from gin_scorer.core.cards import Card, CardError, format_cards
from gin_scorer.core.hands import HandCards, HandRecord, Problem, Severity, Side
from gin_scorer.core.layoffs import Defence, best_defence, layoff_problems
from gin_scorer.core.melds import (
    Meld,
    MeldError,
    best_arrangement,
    deadwood_points,
    meld_problem,
    melds_made,
)
from gin_scorer.core.rules import RuleSet
from gin_scorer.core.wording import Said, joined, said

_ERROR = Severity.ERROR
_WARNING = Severity.WARNING


def defender_problems(
    record: HandRecord,
    cards: HandCards,
    knocker: Side,
    knocker_melds: Sequence[Meld],
    gin: bool,
    rules: RuleSet,
) -> list[Problem]:
    """Every problem of the defender's melds, layoffs and count; the count only once the
    melds and layoffs stand."""
    problems: list[Problem] = []
    remaining = list(cards.defender_cards)
    own_melds_ok = _own_melds(cards, knocker.other, rules, remaining, problems)
    layoffs_ok = True
    if cards.layoffs is not None and not gin:
        layoffs_ok = _layoffs(cards, knocker.other, knocker_melds, rules, remaining, problems)
    if own_melds_ok and layoffs_ok:
        problems += _count_problems(
            record, knocker.other, cards, knocker_melds, gin, rules, remaining
        )
    return problems


def _own_melds(
    cards: HandCards, defender: Side, rules: RuleSet, remaining: list[Card], out: list[Problem]
) -> bool:
    """The defender's declared melds: held, legal, no card twice (taken out of ``remaining``)."""
    who = defender.value
    held = set(cards.defender_cards)
    ok = True
    for number, laid in enumerate(cards.defender_melds or (), start=1):
        missing = [c for c in laid if c not in held]
        problem = meld_problem(laid, rules.ace_rule) if not missing else None
        if missing:
            text = said(
                "{0}'s meld {1} uses {2}, not in {0}'s cards", who, number, format_cards(missing)
            )
            out.append(Problem(_ERROR, "missing_cards", text, cards=tuple(missing), side=defender))
        elif problem is not None:
            text = said("{0}'s meld {1} is not legal: {2}", who, number, problem)
            out.append(Problem(_ERROR, "illegal_meld", text, cards=tuple(laid), side=defender))
        if missing or problem is not None:
            ok = False
            continue
        for card in laid:
            if card in remaining:
                remaining.remove(card)
            else:
                ok = False
                text = said("{0} is in two of {1}'s melds", card, who)
                out.append(Problem(_ERROR, "duplicate_card", text, cards=(card,), side=defender))
    return ok


def _layoffs(
    cards: HandCards,
    defender: Side,
    knocker_melds: Sequence[Meld],
    rules: RuleSet,
    remaining: list[Card],
    out: list[Problem],
) -> bool:
    """The declared layoffs: each card held and not melded, each fitting a knocker's meld
    (taken out of ``remaining`` when all stand)."""
    who = defender.value
    held = set(cards.defender_cards)
    layoffs = cards.layoffs or ()
    ok = True
    for layoff in layoffs:
        if layoff.card not in remaining:
            ok = False
            if layoff.card in held:
                text = said("{0} laid off {1}, which is in one of its melds", who, layoff.card)
            else:
                text = said("{0} laid off {1}, which is not in its cards", who, layoff.card)
            out.append(
                Problem(_ERROR, "layoff_not_held", text, cards=(layoff.card,), side=defender)
            )
    for layoff, why in layoff_problems(knocker_melds, layoffs, rules.ace_rule):
        ok = False
        out.append(Problem(_ERROR, "bad_layoff", why, cards=(layoff.card,), side=defender))
    if ok:
        for layoff in layoffs:
            remaining.remove(layoff.card)
    return ok


def _count_problems(
    record: HandRecord,
    defender: Side,
    cards: HandCards,
    knocker_melds: Sequence[Meld],
    gin: bool,
    rules: RuleSet,
    remaining: list[Card],
) -> list[Problem]:
    """The defender's declared count against its cards, and a better play it missed (its
    words made only when there is one)."""
    who = defender.value
    # After gin nothing is laid off: declared layoffs were reported and count for nothing.
    declared_anything = cards.defender_melds is not None or (cards.layoffs is not None and not gin)
    best = _best_of(knocker_melds, list(cards.defender_cards), gin, rules)
    counted = counted_as_declared(knocker_melds, cards, remaining, gin, rules, best=best)
    problems: list[Problem] = []
    declared = record.declared(defender)
    if declared is not None and declared != counted:
        if declared_anything:
            text = said(
                "{0} declared {1} deadwood but the cards count {2} as laid out",
                who,
                declared,
                counted,
            )
        else:
            text = said(
                "{0} declared {1} deadwood but the cards count {2} at best", who, declared, counted
            )
        problems.append(Problem(_ERROR, "defender_count_mismatch", text, side=defender))
    if best.deadwood_points < counted:
        code = "better_arrangement" if gin or not best.layoffs else "missed_layoff"
        how = _how(knocker_melds, best)
        text = said("{0} counted {1}, best is {2}: {3}", who, counted, best.deadwood_points, how)
        problems.append(Problem(_WARNING, code, text, side=defender))
    return problems


def counted_as_declared(
    knocker_melds: Sequence[Meld],
    cards: HandCards,
    remaining: list[Card],
    gin: bool,
    rules: RuleSet,
    *,
    best: Defence | None = None,
) -> int:
    """What the defender's cards count as declared: ``remaining`` is what its declared melds
    and layoffs left; what was not declared is played at best (``best``: the defender's best
    answer with all its cards, when already found)."""
    ace = rules.ace_rule
    layoffs_declared = cards.layoffs is not None and not gin
    if cards.defender_melds is None and not layoffs_declared:
        if best is None:
            best = _best_of(knocker_melds, list(cards.defender_cards), gin, rules)
        return best.deadwood_points
    if cards.defender_melds is None:
        # Layoffs given, melds not: the best melds of what is left.
        return best_arrangement(remaining, ace).deadwood_points
    if cards.layoffs is None and not gin:
        # Melds given, layoffs not: the best layoffs of what is left.
        return _best_of(knocker_melds, remaining, gin, rules).deadwood_points
    return deadwood_points(remaining, ace)


def best_defence_in_words(
    knocker_melds: Sequence[Meld], defender_cards: list[Card], gin: bool, rules: RuleSet
) -> tuple[int, Said, bool]:
    """The defender's least deadwood, how to get it in words, and whether that lays off."""
    defence = _best_of(knocker_melds, defender_cards, gin, rules)
    return defence.deadwood_points, _how(knocker_melds, defence), bool(defence.layoffs)


def _best_of(
    knocker_melds: Sequence[Meld], defender_cards: list[Card], gin: bool, rules: RuleSet
) -> Defence:
    """The defender's best answer (no layoffs after gin); nothing melded if the cards
    cannot be searched (they were checked before: not reached)."""
    try:
        return best_defence(knocker_melds, defender_cards, rules.ace_rule, allow_layoffs=not gin)
    except (CardError, MeldError):  # pragma: no cover - inputs were checked above
        points = deadwood_points(defender_cards, rules.ace_rule)
        return Defence((), (), tuple(defender_cards), points)


def _how(knocker_melds: Sequence[Meld], defence: Defence) -> Said:
    """How to play a defence, in words: its melds, then each layoff."""
    parts = [melds_made(defence.melds)] if defence.melds else []
    parts += [said("lay off {0} on {1}", lo.card, knocker_melds[lo.meld]) for lo in defence.layoffs]
    return joined(parts) if parts else said("nothing melds")
