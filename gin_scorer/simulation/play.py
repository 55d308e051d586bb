"""One hand, and one match, of gin played by a simple, legal strategy.

The strategy, the same for both players: take the upcard or the discard when it lowers your
deadwood, else draw from the stock; discard the card that leaves the least deadwood (never
the card just taken from the discard pile); go big gin or gin when you can, knock as soon as
the rule set allows; the defender melds and lays off as well as possible (the core's
``best_defence``). The hand is dead when the stock is down to two cards and nobody knocked.

Every record carries the cards (:class:`~gin_scorer.core.hands.HandCards`) and declares the
counts the cards justify, so it validates clean.

>>> import random
>>> from gin_scorer.core.rules import RuleSet
>>> from gin_scorer.core.validation import validate_hand
>>> rng = random.Random(7)
>>> record = play_hand(rng, RuleSet(), Side.A)
>>> [p for p in validate_hand(record, RuleSet()) if p.is_error]
[]
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from gin_scorer.core.cards import ALL_CARDS, Card
from gin_scorer.core.hands import Declaration, HandCards, HandRecord, Side, score_hand
from gin_scorer.core.knocking import knock_limit
from gin_scorer.core.layoffs import best_defence
from gin_scorer.core.ledgers import play_match, seat_of, tables_of
from gin_scorer.core.ledgers.dealing import next_dealer
from gin_scorer.core.ledgers.profiles import profile_of
from gin_scorer.core.ledgers.seated_match import next_seat
from gin_scorer.core.melds import (
    Arrangement,
    ElevenCardAnalysis,
    best_arrangement,
    best_discard,
)
from gin_scorer.core.rules import RuleSet

STOCK_LEFT_FOR_DEAD_HAND = 2


@dataclass(frozen=True, slots=True)
class SimulatedHand:
    """A played hand: what the scorekeeper would enter, and who dealt it."""

    record: HandRecord
    dealer: Side


def _discard_without(
    cards: list[Card], forbidden: Card | None, rules: RuleSet, analysis: ElevenCardAnalysis
) -> tuple[Card, Arrangement]:
    """The best discard from 11 cards other than ``forbidden`` (and the ten kept);
    ``analysis`` is :func:`best_discard` of the same cards."""
    if analysis.discard is not None and analysis.discard != forbidden:
        return analysis.discard, analysis.kept
    best: tuple[int, int, Card, Arrangement] | None = None
    for card in cards:
        if card == forbidden:
            continue
        kept = best_arrangement([c for c in cards if c != card], rules.ace_rule)
        key = (kept.deadwood_points, -card.points)
        if best is None or key < best[:2]:
            best = (key[0], key[1], card, kept)
    assert best is not None
    return best[2], best[3]


def play_hand(rng: random.Random, rules: RuleSet, dealer: Side) -> HandRecord:
    """Shuffle, deal and play one hand; the record of how it ended."""
    deck = list(ALL_CARDS)
    rng.shuffle(deck)
    non_dealer = dealer.other
    hands: dict[Side, list[Card]] = {non_dealer: deck[0:20:2], dealer: deck[1:20:2]}
    upcard = deck[20]
    stock = deck[21:]
    pile = [upcard]
    limit = knock_limit(rules, upcard)
    if limit is None:
        limit = rules.knock_limit
    current = {side: best_arrangement(cards, rules.ace_rule) for side, cards in hands.items()}

    def improves(side: Side, card: Card) -> bool:
        analysis = best_discard([*hands[side], card], rules.ace_rule)
        return analysis.big_gin or analysis.kept.deadwood_points < current[side].deadwood_points

    # The upcard: the non-dealer may take it, then the dealer; if both pass, the non-dealer
    # starts by drawing from the stock.
    first_offer = next((side for side in (non_dealer, dealer) if improves(side, upcard)), None)
    turn = first_offer or non_dealer
    while True:
        player = turn
        taken = _draw(player, player is first_offer, pile, stock, hands[player], improves)
        first_offer = None if player is first_offer else first_offer
        eleven = hands[player]
        analysis = best_discard(eleven, rules.ace_rule)
        if analysis.big_gin and rules.big_gin_allowed:
            return _declare(
                rules, Declaration.BIG_GIN, player, analysis.all_eleven, hands, upcard, eleven
            )
        discard, kept = _discard_without(eleven, taken, rules, analysis)
        eleven.remove(discard)
        current[player] = kept
        if kept.deadwood_points == 0:
            return _declare(rules, Declaration.GIN, player, kept, hands, upcard, eleven)
        if limit > 0 and kept.deadwood_points <= limit:
            return _declare(rules, Declaration.KNOCK, player, kept, hands, upcard, eleven)
        pile.append(discard)
        if len(stock) <= STOCK_LEFT_FOR_DEAD_HAND:
            return HandRecord(Declaration.DEAD, upcard=upcard)
        turn = player.other


def _draw(
    player: Side,
    offered_upcard: bool,
    pile: list[Card],
    stock: list[Card],
    hand: list[Card],
    improves: Callable[[Side, Card], bool],
) -> Card | None:
    """Take the upcard when offered it, else the discard when it helps, else the stock's top
    card; the card taken from the pile (None from the stock) is in ``hand`` after."""
    taken: Card | None = None
    if offered_upcard or (pile and improves(player, pile[-1])):
        taken = pile.pop()
        hand.append(taken)
    else:
        hand.append(stock.pop())
    return taken


def _declare(
    rules: RuleSet,
    declaration: Declaration,
    knocker: Side,
    spread: Arrangement,
    hands: dict[Side, list[Card]],
    upcard: Card,
    knocker_cards: list[Card],
) -> HandRecord:
    defender = knocker.other
    defender_cards = tuple(hands[defender])
    defence = best_defence(
        spread.melds,
        defender_cards,
        rules.ace_rule,
        allow_layoffs=declaration is Declaration.KNOCK,
    )
    cards = HandCards(
        knocker_melds=tuple(m.cards for m in spread.melds),
        knocker_deadwood=tuple(spread.deadwood),
        defender_cards=defender_cards,
        defender_melds=tuple(m.cards for m in defence.melds),
        layoffs=tuple(defence.layoffs),
    )
    return HandRecord(
        declaration,
        declarer=knocker,
        deadwood=((knocker, spread.deadwood_points), (defender, defence.deadwood_points)),
        upcard=upcard,
        cards=cards,
    )


def simulate_match(
    rng: random.Random, rules: RuleSet, first_dealer: Side = Side.A, max_hands: int = 400
) -> tuple[SimulatedHand, ...]:
    """Hands until the rule set's match is decided (the core's ledger says when)."""
    played: list[SimulatedHand] = []
    results = []
    three = profile_of(rules).per_player
    # At a table of three the dealer sits out and A, the next in seat order, plays first:
    # between the two who play, B stands where the dealer would.
    dealer = Side.B if three else first_dealer
    while len(played) < max_hands:
        record = play_hand(rng, rules, dealer)
        result = score_hand(record, rules)
        played.append(SimulatedHand(record, dealer))
        results.append(result)
        if play_match(results, rules).finished:
            return tuple(played)
        if tables_of(rules):  # a team match: each table deals in turn
            dealer = seat_of(next_seat(results), tables_of(rules)).first_dealer
        elif not three:
            dealer = next_dealer(dealer, result, rules)
    raise RuntimeError(f"the simulated match did not finish in {max_hands} hands")
