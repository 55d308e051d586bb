"""May a player knock, and with how much? The knock rules of :class:`RuleSet` in one place.

>>> from gin_scorer.core.cards import parse_card
>>> from gin_scorer.core.rules import KnockRule, RuleSet
>>> knock_limit(RuleSet(), None)
10
>>> oklahoma = RuleSet(knock_rule=KnockRule.OKLAHOMA)
>>> knock_limit(oklahoma, parse_card("7s")), knock_limit(oklahoma, parse_card("As"))
(7, 0)
>>> knock_limit(oklahoma, None) is None
True
>>> str(describe_knock_rule(oklahoma))
"knock up to the first upcard's value, an ace means gin only"
"""

from __future__ import annotations

from gin_scorer.core.cards import Card, Rank
from gin_scorer.core.rules import KnockRule, RuleSet
from gin_scorer.core.wording import Said, said


def knock_limit(rules: RuleSet, upcard: Card | None) -> int | None:
    """The most deadwood a player may knock with; ``0`` means gin only.

    ``None`` when it depends on an upcard that was not entered (Oklahoma). Oklahoma: the first
    upcard's value (pictures 10); an ace means gin only when ``oklahoma_ace_gin_only``.
    """
    if rules.knock_rule is KnockRule.GIN_ONLY:
        return 0
    if rules.knock_rule is KnockRule.OKLAHOMA:
        if upcard is None:
            return None
        if upcard.rank is Rank.ACE and rules.oklahoma_ace_gin_only:
            return 0
        return min(upcard.rank.points, rules.knock_limit)
    return rules.knock_limit


def describe_knock_rule(rules: RuleSet) -> Said:
    """The knock rule in words, for rule previews and messages (a sentence a front end says
    in the reader's language)."""
    if rules.knock_rule is KnockRule.GIN_ONLY:
        return said("no knocking: gin only (straight gin)")
    if rules.knock_rule is KnockRule.OKLAHOMA:
        if rules.oklahoma_ace_gin_only:
            return said("knock up to the first upcard's value, an ace means gin only")
        return said("knock up to the first upcard's value")
    return said("knock with {0} or less", rules.knock_limit)
