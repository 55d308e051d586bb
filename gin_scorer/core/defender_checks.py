"""The defender's side of a hand checked against its cards: its own melds, its layoffs on the
knocker's melds, and what its cards count as declared (or at best when nothing was declared).
Part of :func:`gin_scorer.core.validation.validate_hand`; the problem codes are listed there.
"""

from __future__ import annotations

from collections.abc import Sequence

from gin_scorer.core.cards import Card, CardError, format_cards
from gin_scorer.core.hands import HandCards, HandRecord, Problem, Severity, Side
from gin_scorer.core.layoffs import best_defence, layoff_problems
from gin_scorer.core.melds import Meld, MeldError, best_arrangement, deadwood_points, meld_problem
from gin_scorer.core.rules import RuleSet

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
            text = f"{who}'s meld {number} uses {format_cards(missing)}, not in {who}'s cards"
            out.append(Problem(_ERROR, "missing_cards", text, cards=tuple(missing), side=defender))
        elif problem is not None:
            text = f"{who}'s meld {number} is not legal: {problem}"
            out.append(Problem(_ERROR, "illegal_meld", text, cards=tuple(laid), side=defender))
        if missing or problem is not None:
            ok = False
            continue
        for card in laid:
            if card in remaining:
                remaining.remove(card)
            else:
                ok = False
                text = f"{card} is in two of {who}'s melds"
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
            where = "in one of its melds" if layoff.card in held else "not in its cards"
            text = f"{who} laid off {layoff.card}, which is {where}"
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
    """The defender's declared count against its cards, and a better play it missed."""
    who = defender.value
    # After gin nothing is laid off: declared layoffs were reported and count for nothing.
    declared_anything = cards.defender_melds is not None or (cards.layoffs is not None and not gin)
    best_points, how = best_defence_in_words(knocker_melds, list(cards.defender_cards), gin, rules)
    counted = counted_as_declared(knocker_melds, cards, remaining, gin, rules)
    problems: list[Problem] = []
    declared = record.declared(defender)
    if declared is not None and declared != counted:
        basis = "as laid out" if declared_anything else "at best"
        text = f"{who} declared {declared} deadwood but the cards count {counted} {basis}"
        problems.append(Problem(_ERROR, "defender_count_mismatch", text, side=defender))
    if best_points < counted:
        code = "better_arrangement" if gin or "lay off" not in how else "missed_layoff"
        text = f"{who} counted {counted}, best is {best_points}: {how}"
        problems.append(Problem(_WARNING, code, text, side=defender))
    return problems


def counted_as_declared(
    knocker_melds: Sequence[Meld],
    cards: HandCards,
    remaining: list[Card],
    gin: bool,
    rules: RuleSet,
) -> int:
    """What the defender's cards count as declared: ``remaining`` is what its declared melds
    and layoffs left; what was not declared is played at best."""
    ace = rules.ace_rule
    layoffs_declared = cards.layoffs is not None and not gin
    if cards.defender_melds is None and not layoffs_declared:
        return best_defence_in_words(knocker_melds, list(cards.defender_cards), gin, rules)[0]
    if cards.defender_melds is None:
        # Layoffs given, melds not: the best melds of what is left.
        return best_arrangement(remaining, ace).deadwood_points
    if cards.layoffs is None and not gin:
        # Melds given, layoffs not: the best layoffs of what is left.
        return best_defence_in_words(knocker_melds, remaining, gin, rules)[0]
    return deadwood_points(remaining, ace)


def best_defence_in_words(
    knocker_melds: Sequence[Meld], defender_cards: list[Card], gin: bool, rules: RuleSet
) -> tuple[int, str]:
    """The defender's least deadwood and how to get it, in words."""
    try:
        defence = best_defence(knocker_melds, defender_cards, rules.ace_rule, allow_layoffs=not gin)
    except (CardError, MeldError):  # pragma: no cover - inputs were checked above
        return deadwood_points(defender_cards, rules.ace_rule), ""
    parts = [f"{meld} makes a {meld.kind.value}" for meld in defence.melds]
    parts += [f"lay off {lo.card} on {knocker_melds[lo.meld]}" for lo in defence.layoffs]
    return defence.deadwood_points, "; ".join(parts) or "nothing melds"
