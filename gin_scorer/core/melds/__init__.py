"""Melds, deadwood and the exact best arrangement of a gin hand.

A *meld* is a set (3 or 4 cards of one rank) or a run (3 or more cards in a row of one suit).
Cards in no meld are *deadwood*; a hand's deadwood count is the sum of their points. The scorer
never trusts a declared arrangement blindly: :func:`best_arrangement` finds the arrangement with
the least deadwood by an exact search, so a director can see when a player under-declared.

>>> hand = parse_cards("7h 8h 9h 9c 9d 9s 2c 3d Kc Ks")
>>> best = best_arrangement(hand)
>>> [str(meld) for meld in best.melds]
['7♥ 8♥ 9♥', '9♣ 9♦ 9♠']
>>> best.deadwood_points
25

Aces are low unless the Tedesco rule is chosen, where an ace is high or low, runs turn the
corner (``Q-K-A`` and ``K-A-2`` are runs) and an unmelded ace counts 15:

>>> str(meld_problem(parse_cards("Qs Ks As")))
'Q♠ K♠ A♠ is not a run: the ace is low'
>>> print(make_meld(parse_cards("As Ks 2s"), AceRule.TEDESCO))
K♠ A♠ 2♠

How the search works (and why it is exact): the hand becomes a 52-bit mask (bit
:attr:`Card.index`). Once the sets are chosen, the rest can only meld in runs, and the suits
are then independent: in one suit the best runs are always its blocks of three or more ranks
in a row, each melded whole (that melds every card a run can use, in the fewest melds), so a
table built on first use gives each suit's best runs at once. The search therefore tries only
the set choices (at most three ranks are held in three suits in eleven cards; most hands
have none) and adds up four table entries for each. The best arrangement is the one of
least cost (deadwood points first; see ``_cost``). Bigger hands, with sets possible at
more ranks, go to a general search: every legal meld inside the hand is listed and a
depth-first search over them, most worth first, tries every disjoint combination, abandoning
a branch only when even its best imaginable completion cannot beat the best found. Nothing
is remembered between calls: the tables (built once, on first use) are facts about the deck (every
legal meld, each suit's best runs, card orders, points), not answers.
"""

from gin_scorer.core.cards import parse_cards  # noqa: F401  (the doctests above use it)
from gin_scorer.core.melds.legality import extend_meld, make_meld, meld_problem, melds_made
from gin_scorer.core.melds.model import (
    AceRule,
    Arrangement,
    ElevenCardAnalysis,
    Meld,
    MeldError,
    MeldKind,
    card_points,
    deadwood_points,
)
from gin_scorer.core.melds.search import best_arrangement, best_discard, least_deadwood

__all__ = [
    "AceRule",
    "Arrangement",
    "ElevenCardAnalysis",
    "Meld",
    "MeldError",
    "MeldKind",
    "best_arrangement",
    "best_discard",
    "card_points",
    "deadwood_points",
    "extend_meld",
    "least_deadwood",
    "make_meld",
    "meld_problem",
    "melds_made",
]
