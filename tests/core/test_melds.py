"""Melds, points and the best arrangement on worked examples (rules.md and the seed pages)."""

from __future__ import annotations

import pytest

from gin_scorer.core.cards import CardError, parse_card, parse_cards
from gin_scorer.core.melds import (
    AceRule,
    MeldError,
    MeldKind,
    best_arrangement,
    best_discard,
    card_points,
    deadwood_points,
    extend_meld,
    least_deadwood,
    make_meld,
    meld_problem,
)

LOW, TEDESCO = AceRule.LOW, AceRule.TEDESCO


def melds_text(cards: str, ace_rule: AceRule = LOW) -> list[str]:
    return [str(meld) for meld in best_arrangement(parse_cards(cards), ace_rule).melds]


@pytest.mark.parametrize(
    ("cards", "ace_rule", "problem"),
    [
        ("7h 8h 9h", LOW, None),
        ("9h 7h 8h", LOW, None),
        ("8h 8d 8s", LOW, None),
        ("8h 8d 8s 8c", LOW, None),
        ("As 2s 3s", LOW, None),
        ("Qs Ks As", TEDESCO, None),
        ("Ks As 2s", TEDESCO, None),
        ("Js Qs Ks As 2s 3s", TEDESCO, None),
        ("7h 8h 10h", LOW, "7♥ 8♥ 10♥ is not a run: 9♥ is missing"),
        ("7h 7c", LOW, "7♥ 7♣ is not a meld: a set needs 3 or 4 cards of one rank"),
        ("Qs Ks As", LOW, "Q♠ K♠ A♠ is not a run: the ace is low"),
        ("Ks As 2s", LOW, "K♠ A♠ 2♠ is not a run: the ace is low"),
        ("2h 5h 6h", LOW, "2♥ 5♥ 6♥ is not a run: 3♥ and 4♥ are missing"),
        ("Kh 2h 3h", TEDESCO, "K♥ 2♥ 3♥ is not a run: A♥ is missing"),
        (
            "7h 8c 9h",
            LOW,
            "7♥ 8♣ 9♥ is not a meld: the cards are neither all one rank (a set) "
            "nor all one suit (a run)",
        ),
        ("7h 8h", LOW, "7♥ 8♥ is not a meld: a run needs 3 or more cards in a row of one suit"),
        (
            "Ah 5h 9h Kh",
            LOW,
            "A♥ 5♥ 9♥ K♥ is not a run: the cards are not in a row (9 cards are missing)",
        ),
    ],
)
def test_meld_problem_says_why(cards: str, ace_rule: AceRule, problem: str | None) -> None:
    found = meld_problem(parse_cards(cards), ace_rule)
    assert (None if found is None else str(found)) == problem


def test_meld_problem_names_a_repeated_card_and_an_empty_meld() -> None:
    seven = parse_card("7h")
    assert str(meld_problem([seven, seven, parse_card("8h")])) == (
        "7♥ 7♥ 8♥ is not a meld: 7♥ is in it twice"
    )
    assert str(meld_problem([])) == "an empty meld is not a meld: a meld needs at least 3 cards"


def test_make_meld_puts_cards_in_canonical_order() -> None:
    assert str(make_meld(parse_cards("9h 7h 8h"))) == "7♥ 8♥ 9♥"
    assert make_meld(parse_cards("9h 7h 8h")).kind is MeldKind.RUN
    assert str(make_meld(parse_cards("8s 8h 8c"))) == "8♣ 8♥ 8♠"
    assert make_meld(parse_cards("8s 8h 8c")).kind is MeldKind.SET
    assert str(make_meld(parse_cards("As Ks Qs"), TEDESCO)) == "Q♠ K♠ A♠"
    assert str(make_meld(parse_cards("2s As Ks"), TEDESCO)) == "K♠ A♠ 2♠"
    assert str(make_meld(parse_cards("3s As 2s"), TEDESCO)) == "A♠ 2♠ 3♠"
    assert make_meld(parse_cards("3s As 2s"), TEDESCO).code == "As 2s 3s"
    with pytest.raises(MeldError, match="the ace is low"):
        make_meld(parse_cards("Qs Ks As"))


def test_extend_meld() -> None:
    run = make_meld(parse_cards("2h 3h 4h"))
    assert str(extend_meld(run, parse_card("5h"))) == "2♥ 3♥ 4♥ 5♥"
    assert str(extend_meld(run, parse_card("Ah"))) == "A♥ 2♥ 3♥ 4♥"
    assert extend_meld(run, parse_card("6h")) is None
    assert extend_meld(run, parse_card("5s")) is None
    assert extend_meld(run, parse_card("3h")) is None
    top = make_meld(parse_cards("Jc Qc Kc"))
    assert extend_meld(top, parse_card("Ac")) is None
    assert str(extend_meld(top, parse_card("Ac"), TEDESCO)) == "J♣ Q♣ K♣ A♣"
    wrapped = make_meld(parse_cards("Qc Kc Ac"), TEDESCO)
    assert str(extend_meld(wrapped, parse_card("2c"), TEDESCO)) == "Q♣ K♣ A♣ 2♣"
    three = make_meld(parse_cards("9c 9d 9s"))
    four = extend_meld(three, parse_card("9h"))
    assert four is not None and str(four) == "9♣ 9♦ 9♥ 9♠"
    assert extend_meld(four, parse_card("10h")) is None
    assert extend_meld(three, parse_card("10h")) is None


def test_points() -> None:
    assert [card_points(c) for c in parse_cards("As 2s 10s Js Qs Ks")] == [1, 2, 10, 10, 10, 10]
    assert card_points(parse_card("Ah"), TEDESCO) == 15
    assert card_points(parse_card("Kh"), TEDESCO) == 10
    assert deadwood_points(parse_cards("As 5c 9d")) == 15
    assert deadwood_points(parse_cards("As 5c 9d"), TEDESCO) == 29
    assert deadwood_points([]) == 0


def test_intersecting_set_and_run_uses_each_card_once() -> None:
    # 7♥ could finish the run or the set, not both: the set leaves less (5+6 < 7+7).
    best = best_arrangement(parse_cards("5h 6h 7h 7c 7d"))
    assert [str(m) for m in best.melds] == ["7♣ 7♦ 7♥"]
    assert best.deadwood == parse_cards("5h 6h")
    assert best.deadwood_points == 11
    # Four sevens and 8♠ 9♠: three sevens as a set and the fourth in the run, no deadwood.
    assert melds_text("7c 7d 7h 7s 8s 9s") == ["7♣ 7♦ 7♥", "7♠ 8♠ 9♠"]


def test_a_full_ten_card_example() -> None:
    best = best_arrangement(parse_cards("7h 8h 9h 9c 9d 9s 2c 3d Kc Ks"))
    assert [str(m) for m in best.melds] == ["7♥ 8♥ 9♥", "9♣ 9♦ 9♠"]
    assert best.deadwood == parse_cards("2c 3d Kc Ks")
    assert best.deadwood_points == 25


def test_ties_prefer_fewer_longer_melds() -> None:
    assert melds_text("3h 4h 5h 6h 7h 8h") == ["3♥ 4♥ 5♥ 6♥ 7♥ 8♥"]


def test_tedesco_runs_turn_the_corner_and_aces_count_15() -> None:
    assert best_arrangement(parse_cards("Kh Ah 2h"), TEDESCO).deadwood_points == 0
    assert best_arrangement(parse_cards("Kh Ah 2h"), LOW).deadwood_points == 13
    assert melds_text("Qd Kd Ad 2d 3d", TEDESCO) == ["Q♦ K♦ A♦ 2♦ 3♦"]
    low = best_arrangement(parse_cards("Qd Kd Ad 2d 3d"), LOW)
    assert [str(m) for m in low.melds] == ["A♦ 2♦ 3♦"] and low.deadwood_points == 20
    # An unmelded ace is 15 under Tedesco: worth melding it rather than the king.
    best = best_arrangement(parse_cards("Jc Qc Kc Ac Ad"), TEDESCO)
    assert [str(m) for m in best.melds] == ["J♣ Q♣ K♣ A♣"]
    assert best.deadwood_points == 15


def test_a_big_hand_with_sets_possible_at_four_ranks() -> None:
    # Twelve cards, sets possible at four ranks (the general search): everything melds either
    # way, and three runs of four beat four sets of three (fewer melds).
    cards = "7c 7d 7h 8c 8d 8h 9c 9d 9h 10c 10d 10h"
    assert melds_text(cards) == ["7♣ 8♣ 9♣ 10♣", "7♦ 8♦ 9♦ 10♦", "7♥ 8♥ 9♥ 10♥"]
    assert least_deadwood(parse_cards(cards)) == 0
    assert least_deadwood(parse_cards(cards + " Kc Kd Kh Ks")) == 0


def test_best_arrangement_of_few_or_no_cards() -> None:
    empty = best_arrangement([])
    assert empty.melds == () and empty.deadwood == () and empty.deadwood_points == 0
    assert best_arrangement(parse_cards("Kc")).deadwood_points == 10


def test_same_cards_in_any_order_give_the_same_answer() -> None:
    cards = parse_cards("2s 3s 4s 4h 4d 5s 6s 9c 9h 9d 10c")
    assert best_arrangement(cards) == best_arrangement(tuple(reversed(cards)))
    assert best_discard(cards) == best_discard(tuple(reversed(cards)))


def test_a_repeated_card_is_refused() -> None:
    seven = parse_card("7h")
    with pytest.raises(CardError, match="7♥ is in the hand twice"):
        best_arrangement([seven, seven, parse_card("8h")])


def test_best_discard_throws_the_worst_card() -> None:
    analysis = best_discard(parse_cards("2c 3c 4c 7h 8h 9h Jd Js Jh Kc 5d"))
    assert analysis.discard == parse_card("Kc")
    assert analysis.kept.deadwood_points == 5
    assert analysis.all_eleven.deadwood_points == 15
    assert not analysis.big_gin


def test_best_discard_tie_goes_to_the_higher_card() -> None:
    # K♣ and Q♦ both leave 10: the king goes (same points, higher rank).
    analysis = best_discard(parse_cards("2c 3c 4c 7h 8h 9h Jd Js Jh Kc Qd"))
    assert analysis.discard == parse_card("Kc")
    assert analysis.kept.deadwood == parse_cards("Qd")


def test_best_discard_leaves_gin() -> None:
    # 2♣ 3♣ 4♣ 5♣ + 7♥ 8♥ 9♥ + J♦ J♥ J♠ melds ten; throwing 6♦ is gin.
    analysis = best_discard(parse_cards("2c 3c 4c 5c 7h 8h 9h Jd Js Jh 6d"))
    assert analysis.discard == parse_card("6d")
    assert analysis.kept.deadwood_points == 0


def test_big_gin_needs_no_discard() -> None:
    analysis = best_discard(parse_cards("2c 3c 4c 5c 7h 8h 9h Jd Js Jh Jc"))
    assert analysis.big_gin
    assert analysis.discard is None
    assert analysis.kept == analysis.all_eleven
    assert analysis.all_eleven.deadwood_points == 0


def test_best_discard_needs_eleven_cards() -> None:
    with pytest.raises(CardError, match="the hand has 10 cards; choosing a discard needs 11"):
        best_discard(parse_cards("2c 3c 4c 5c 7h 8h 9h Jd Js Jh"))


def test_a_whole_suit_is_one_run_under_both_ace_rules() -> None:
    spades = parse_cards("As 2s 3s 4s 5s 6s 7s 8s 9s 10s Js Qs Ks")
    for ace_rule in AceRule:
        best = best_arrangement(spades, ace_rule)
        assert [meld.code for meld in best.melds] == ["As 2s 3s 4s 5s 6s 7s 8s 9s 10s Js Qs Ks"]
        assert best.deadwood_points == 0
    almost = make_meld(parse_cards("2s 3s 4s 5s 6s 7s 8s 9s 10s Js Qs Ks"))
    whole = extend_meld(almost, parse_card("As"), TEDESCO)
    assert whole is not None and len(whole.cards) == 13
    assert extend_meld(whole, parse_card("As"), TEDESCO) is None
