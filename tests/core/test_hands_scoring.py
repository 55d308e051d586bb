"""score_hand: every outcome, worked examples from the sources, and clear errors."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gin_scorer.core.cards import parse_card
from gin_scorer.core.hands import (
    Declaration,
    HandRecord,
    HandRecordError,
    Outcome,
    Side,
    score_hand,
)
from gin_scorer.core.rules import RuleSet
from gin_scorer.presets import load_preset

W = load_preset("wikipedia-standard")
A, B = Side.A, Side.B


def knock(who: Side, k: int, d: int, upcard: str | None = None) -> HandRecord:
    return HandRecord(
        Declaration.KNOCK,
        who,
        ((who, k), (who.other, d)),
        upcard=parse_card(upcard) if upcard else None,
    )


def gin(who: Side, d: int, *, big: bool = False, upcard: str | None = None) -> HandRecord:
    return HandRecord(
        Declaration.BIG_GIN if big else Declaration.GIN,
        who,
        ((who.other, d),),
        upcard=parse_card(upcard) if upcard else None,
    )


def test_wikipedia_knock_with_8_against_10_scores_2() -> None:
    result = score_hand(knock(A, 8, 10), W)
    assert (result.outcome, result.winner, result.points) == (Outcome.KNOCK, A, 2)
    assert (result.base_points, result.bonus, result.boxes) == (2, 0, 1)
    assert (result.knocker, result.knocker_deadwood, result.defender_deadwood) == (A, 8, 10)


def test_undercut_scores_difference_plus_bonus_for_the_defender() -> None:
    result = score_hand(knock(B, 8, 5), W)
    assert (result.outcome, result.winner, result.points) == (Outcome.UNDERCUT, A, 28)
    assert (result.base_points, result.bonus) == (3, 25)
    assert score_hand(knock(B, 8, 5), load_preset("pagat")).points == 13
    assert score_hand(knock(B, 8, 5), load_preset("basic")).points == 18
    assert score_hand(knock(B, 8, 5), load_preset("online")).points == 23


def test_tie_is_an_undercut_when_the_rules_say_so() -> None:
    result = score_hand(knock(A, 7, 7), W)
    assert (result.outcome, result.winner, result.points) == (Outcome.UNDERCUT, B, 25)


def test_tie_without_undercut_scores_nothing() -> None:
    result = score_hand(knock(A, 7, 7), load_preset("basic"))
    assert (result.outcome, result.winner, result.points, result.boxes) == (
        Outcome.TIE,
        None,
        0,
        0,
    )
    assert result.knocker is A


def test_gin_and_big_gin() -> None:
    result = score_hand(gin(B, 22), W)
    assert (result.outcome, result.winner, result.points, result.bonus) == (
        Outcome.GIN,
        B,
        47,
        25,
    )
    assert score_hand(gin(B, 22), load_preset("pagat")).points == 42
    big = score_hand(gin(A, 40, big=True), W)
    assert (big.outcome, big.winner, big.points, big.bonus) == (Outcome.BIG_GIN, A, 71, 31)
    # A gin record may also carry the knocker's 0.
    record = HandRecord(Declaration.GIN, A, ((A, 0), (B, 9)))
    assert score_hand(record, W).points == 34


def test_dead_hand_scores_nothing() -> None:
    result = score_hand(HandRecord(Declaration.DEAD), W)
    assert (result.outcome, result.winner, result.points, result.boxes) == (
        Outcome.DEAD,
        None,
        0,
        0,
    )


def test_oklahoma_spade_upcard_doubles_everything() -> None:
    ok = load_preset("oklahoma")
    plain = score_hand(knock(A, 3, 10, upcard="7h"), ok)
    assert (plain.points, plain.doubled) == (7, False)
    doubled = score_hand(knock(A, 3, 10, upcard="7s"), ok)
    assert (doubled.points, doubled.doubled, doubled.base_points) == (14, True, 7)
    assert score_hand(gin(B, 12, upcard="Ks"), ok).points == 64  # (20 + 12) x 2
    assert score_hand(knock(A, 6, 2, upcard="6s"), ok).points == 28  # (4 + 10) x 2
    # Without spade_doubles a spade upcard is just a card.
    assert score_hand(knock(A, 3, 10, upcard="7s"), W).points == 7


def test_extra_boxes_and_their_doubling() -> None:
    ok = load_preset("oklahoma").with_changes(undercut_extra_boxes=1, gin_extra_boxes=2)
    assert score_hand(knock(A, 6, 2, upcard="6h"), ok).boxes == 2
    assert score_hand(knock(A, 6, 2, upcard="6s"), ok).boxes == 3  # P: two extra boxes
    assert score_hand(gin(A, 6, upcard="6h"), ok).boxes == 3
    assert score_hand(gin(A, 6, upcard="6s"), ok).boxes == 5  # P: four extra boxes
    assert score_hand(knock(A, 2, 6, upcard="6s"), ok).boxes == 1  # a knock wins one box


@pytest.mark.parametrize(
    ("record", "message"),
    [
        (HandRecord(Declaration.KNOCK, A, ((A, 5),)), "the defender's deadwood is missing"),
        (HandRecord(Declaration.KNOCK, A, ((B, 5),)), "the knocker's deadwood is missing"),
        (HandRecord(Declaration.KNOCK, None, ((A, 5), (B, 9))), "needs a declarer"),
        (HandRecord(Declaration.KNOCK, A, ((A, -1), (B, 9))), "deadwood of A is -1"),
        (HandRecord(Declaration.GIN, A, ((A, 4), (B, 9))), "counted 4 deadwood: gin means 0"),
        (HandRecord(Declaration.DEAD, A), "a dead hand has no declarer"),
    ],
)
def test_unscorable_records_say_why(record: HandRecord, message: str) -> None:
    with pytest.raises(HandRecordError, match=message):
        score_hand(record, W)


def test_big_gin_where_it_is_not_played() -> None:
    with pytest.raises(HandRecordError, match="big gin is not played under Pagat"):
        score_hand(gin(A, 10, big=True), load_preset("pagat"))


def test_default_rules_score_like_wikipedia() -> None:
    assert score_hand(knock(A, 8, 10), RuleSet()) == score_hand(knock(A, 8, 10), W)


@settings(max_examples=200)
@given(
    st.sampled_from([Declaration.KNOCK, Declaration.GIN, Declaration.BIG_GIN]),
    st.sampled_from([A, B]),
    st.integers(0, 10),
    st.integers(0, 120),
    st.booleans(),
)
def test_spade_doubling_doubles_exactly(
    kind: Declaration, who: Side, k: int, d: int, tie_undercuts: bool
) -> None:
    plain = RuleSet(undercut_on_tie=tie_undercuts, undercut_extra_boxes=1, gin_extra_boxes=2)
    spades = plain.with_changes(spade_doubles=True)
    counts = ((who, k), (who.other, d)) if kind is Declaration.KNOCK else ((who.other, d),)
    hearts = score_hand(HandRecord(kind, who, counts, upcard=parse_card("7h")), spades)
    spade = score_hand(HandRecord(kind, who, counts, upcard=parse_card("7s")), spades)
    assert hearts == score_hand(HandRecord(kind, who, counts), plain)
    assert spade.points == 2 * hearts.points and spade.winner == hearts.winner
    assert spade.boxes == (2 * hearts.boxes - 1 if hearts.winner else 0)
    assert hearts.points >= 0 and (hearts.winner is None) == (hearts.outcome is Outcome.TIE)
    assert hearts.points == (hearts.base_points + hearts.bonus)
