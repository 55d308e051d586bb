"""What the cards panel shows, computed without Qt: arrangements, layoffs and problems.

The director types (or clicks) both hands of a finished hand; :func:`analyse_cards` lays the
knocker's cards out in their best melds, finds the defender's best melds and layoffs with the
core, attaches the cards to the declared record and asks the core's validation what does not
add up. Everything here is the core's work; this module only joins the pieces for one screen.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from gin_scorer.core.cards import Card, CardError, parse_cards
from gin_scorer.core.hands import Declaration, HandCards, HandRecord, Problem, Side
from gin_scorer.core.layoffs import Defence, best_defence
from gin_scorer.core.melds import Arrangement, best_arrangement
from gin_scorer.core.rules import RuleSet
from gin_scorer.core.validation import validate_hand
from gin_scorer.presentation.words import translate


@dataclass(frozen=True, slots=True)
class CardsAnalysis:
    """One look at the cards. ``input_error`` names a card that cannot be read."""

    knocker_cards: tuple[Card, ...] = ()
    defender_cards: tuple[Card, ...] = ()
    knocker: Arrangement | None = None
    defence: Defence | None = None
    record: HandRecord | None = None  # the declared record with the cards attached
    problems: tuple[Problem, ...] = ()
    input_error: str | None = None

    @property
    def errors(self) -> tuple[Problem, ...]:
        return tuple(p for p in self.problems if p.is_error)

    @property
    def complete(self) -> bool:
        """Both hands were typed in full, so the hand can be saved with its cards."""
        return self.record is not None and self.record.cards is not None


def _read(text: str, what: str) -> tuple[Card, ...]:
    return parse_cards(text, what=what)


def analyse_cards(
    declared: HandRecord | None,
    knocker_text: str,
    defender_text: str,
    rules: RuleSet,
    names: tuple[str, str] = ("A", "B"),
) -> CardsAnalysis:
    """Analyse what was typed against the declared record (from the entry line)."""
    if declared is None or declared.declarer is None:
        if declared is not None and declared.declaration is Declaration.DEAD:
            return CardsAnalysis(
                input_error=translate("cards_analysis", "a dead hand has no cards to check")
            )
        return CardsAnalysis(
            input_error=translate(
                "cards_analysis",
                "type the hand on the entry line first (e.g. ak7 15), then its cards",
            )
        )
    knocker_side: Side = declared.declarer
    knocker_name = names[0] if knocker_side is Side.A else names[1]
    defender_name = names[1] if knocker_side is Side.A else names[0]
    try:
        whose = translate("cards_analysis", "{0}’s hand")
        knocker_cards = _read(knocker_text, whose.format(knocker_name))
        defender_cards = _read(defender_text, whose.format(defender_name))
    except CardError as error:
        return CardsAnalysis(input_error=str(error))
    both = set(knocker_cards) & set(defender_cards)
    if both:
        listed = " ".join(str(c) for c in sorted(both))
        return CardsAnalysis(
            knocker_cards,
            defender_cards,
            input_error=translate("cards_analysis", "{0} cannot be in both hands").format(listed),
        )
    ace_rule = rules.ace_rule
    knocker = best_arrangement(knocker_cards, ace_rule) if knocker_cards else None
    defence: Defence | None = None
    gin = declared.declaration in (Declaration.GIN, Declaration.BIG_GIN)
    if knocker is not None and defender_cards:
        defence = best_defence(knocker.melds, defender_cards, ace_rule, allow_layoffs=not gin)
    wanted_knocker = 11 if declared.declaration is Declaration.BIG_GIN else 10
    if len(knocker_cards) != wanted_knocker or len(defender_cards) != 10 or knocker is None:
        return CardsAnalysis(knocker_cards, defender_cards, knocker, defence)
    cards = HandCards(
        knocker_melds=tuple(meld.cards for meld in knocker.melds),
        knocker_deadwood=knocker.deadwood,
        defender_cards=defender_cards,
    )
    record = replace(declared, cards=cards)
    problems = tuple(validate_hand(record, rules))
    return CardsAnalysis(knocker_cards, defender_cards, knocker, defence, record, problems)
