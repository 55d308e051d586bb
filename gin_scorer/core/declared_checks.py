"""What a hand's declaration breaks before any card is looked at: big gin where it is not
played, a knock where only gin ends a hand or above the knock limit (the upcard's, under
Oklahoma), a knock with nothing left (that is gin), and the action on the 50th card where the
rules do not allow it or the hand did not end in a knock or gin. Part of
:func:`gin_scorer.core.validation.validate_hand`.
"""

from __future__ import annotations

from gin_scorer.core.cards import Card
from gin_scorer.core.hands import Declaration, HandRecord, Problem, Severity, Side
from gin_scorer.core.knocking import knock_limit
from gin_scorer.core.rules import KnockRule, RuleSet
from gin_scorer.core.wording import said

_ERROR = Severity.ERROR
_WARNING = Severity.WARNING


def declared_problems(record: HandRecord, rules: RuleSet) -> list[Problem]:
    problems: list[Problem] = _fiftieth_card_problems(record, rules)
    knocker = record.declarer
    if knocker is None or record.declaration is Declaration.MISDEAL:
        return problems
    if record.declaration is Declaration.BIG_GIN and not rules.big_gin_allowed:
        problems.append(
            Problem(
                _ERROR,
                "big_gin_not_allowed",
                said("{0} declared big gin, which {1} does not play", knocker.value, rules.name),
                side=knocker,
            )
        )
    if record.declaration is Declaration.KNOCK:
        count = record.declared(knocker)
        problems += knock_problems(knocker, count, record.upcard, rules)
    return problems


def _fiftieth_card_problems(record: HandRecord, rules: RuleSet) -> list[Problem]:
    """Seed 002's action on the 50th card: only where the rules allow it, only to end the
    hand (a knock, gin or big gin)."""
    if not record.fiftieth_card:
        return []
    if not rules.fiftieth_card_rule:
        return [
            Problem(
                _ERROR,
                "fiftieth_card_not_allowed",
                said(
                    "{0} does not allow the action on the 50th card (taking the discard "
                    "that left two cards in the stock)",
                    rules.name,
                ),
                side=record.declarer,
            )
        ]
    if record.declaration not in (Declaration.KNOCK, Declaration.GIN, Declaration.BIG_GIN):
        return [
            Problem(
                _ERROR,
                "fiftieth_card_without_knock",
                said("the 50th card's discard may be taken only to knock or go gin"),
                side=record.declarer,
            )
        ]
    return []


def knock_problems(
    knocker: Side, count: int | None, upcard: Card | None, rules: RuleSet
) -> list[Problem]:
    who = knocker.value
    if rules.knock_rule is KnockRule.GIN_ONLY:
        return [
            Problem(
                _ERROR,
                "knock_not_allowed",
                said("{0} knocked, but under {1} rules only gin ends a hand", who, rules.name),
                side=knocker,
            )
        ]
    limit = knock_limit(rules, upcard)
    if limit is None:
        return [
            Problem(
                _WARNING,
                "upcard_needed",
                said("enter the first upcard: under Oklahoma rules it sets the knock limit"),
                side=knocker,
            )
        ]
    if count is None:
        return []
    if count > limit:
        if limit == 0 and upcard is not None:
            why = said("the first upcard {0} allows only gin", upcard)
        elif rules.knock_rule is KnockRule.OKLAHOMA and upcard is not None:
            why = said("the knock limit is {0} (the first upcard was {1})", limit, upcard)
        else:
            why = said("the knock limit is {0}", limit)
        return [
            Problem(
                _ERROR,
                "knock_above_limit",
                said("{0} knocked with {1} deadwood; {2}", who, count, why),
                cards=(upcard,) if upcard is not None else (),
                side=knocker,
            )
        ]
    if count == 0:
        return [
            Problem(
                _WARNING,
                "knock_with_zero",
                said(
                    "{0} knocked with 0 deadwood: that is gin (record it as gin to score "
                    "the gin bonus)",
                    who,
                ),
                side=knocker,
            )
        ]
    return []
