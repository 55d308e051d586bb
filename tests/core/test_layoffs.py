"""The defender's best melds and layoffs, on the worked cases of rules.md and the seeds."""

from __future__ import annotations

import pytest

from gin_scorer.core.cards import CardError, parse_card, parse_cards
from gin_scorer.core.hands import Layoff
from gin_scorer.core.layoffs import best_defence, layoff_problems
from gin_scorer.core.melds import AceRule, Meld, MeldError, MeldKind, extend_meld, make_meld

LOW, TEDESCO = AceRule.LOW, AceRule.TEDESCO


def knocker(*melds: str, ace_rule: AceRule = LOW) -> list[Meld]:
    return [make_meld(parse_cards(text), ace_rule) for text in melds]


def laid(defence_layoffs: tuple[Layoff, ...]) -> list[tuple[str, int]]:
    return [(str(layoff.card), layoff.meld) for layoff in defence_layoffs]


def test_fourth_card_on_a_set_and_a_card_on_a_run() -> None:
    # As on the online rules page: a 3 on the threes and the 5♥ on a hearts run.
    defence = best_defence(knocker("3c 3d 3s", "6h 7h 8h 9h"), parse_cards("3h 5h Kc Qd"))
    assert laid(defence.layoffs) == [("5♥", 1), ("3♥", 0)]
    assert defence.deadwood == parse_cards("Qd Kc")
    assert defence.deadwood_points == 20


def test_chains_are_laid_off_closest_first() -> None:
    defence = best_defence(knocker("2h 3h 4h"), parse_cards("6h 5h 9c"))
    assert laid(defence.layoffs) == [("5♥", 0), ("6♥", 0)]
    assert defence.deadwood_points == 9


def test_a_gap_stops_the_chain() -> None:
    defence = best_defence(knocker("2h 3h 4h"), parse_cards("6h 7h 9c"))
    assert defence.layoffs == ()
    assert defence.deadwood_points == 22


def test_two_knocker_runs_competing_for_one_card() -> None:
    defence = best_defence(knocker("2h 3h 4h", "6h 7h 8h"), parse_cards("5h 9h Kd"))
    assert sorted(str(layoff.card) for layoff in defence.layoffs) == ["5♥", "9♥"]
    assert defence.deadwood_points == 10
    assert layoff_problems(knocker("2h 3h 4h", "6h 7h 8h"), defence.layoffs) == []


def test_a_card_fitting_a_set_and_a_run_goes_where_it_lets_a_chain_follow() -> None:
    # 7♠ fits the sevens and the 8♠ 9♠ 10♠ run; only on the run can 6♠ follow it.
    defence = best_defence(knocker("7c 7d 7h", "8s 9s 10s"), parse_cards("7s 6s Kd"))
    assert laid(defence.layoffs) == [("7♠", 1), ("6♠", 1)]
    assert defence.deadwood_points == 10


def test_a_card_melded_by_the_defender_cannot_also_be_laid_off() -> None:
    # Melding 5♣ 5♦ 5♥ strands 6♥ and 7♥ (13); laying off 5♥ 6♥ 7♥ strands 5♣ 5♦ (10).
    defence = best_defence(knocker("2h 3h 4h"), parse_cards("5h 6h 7h 5c 5d"))
    assert defence.deadwood_points == 10
    # With only 6♥ behind it, the set wins: 6♥ is stranded (6) instead of 5♣ 5♦ (10).
    defence = best_defence(knocker("2h 3h 4h"), parse_cards("5h 6h 5c 5d"))
    assert [str(m) for m in defence.melds] == ["5♣ 5♦ 5♥"]
    assert defence.layoffs == ()
    assert defence.deadwood == parse_cards("6h")


def test_defender_melds_and_layoffs_together() -> None:
    defence = best_defence(
        knocker("Ks Kd Kc", "7h 8h 9h"), parse_cards("Kh 10h Jh 4c 4d 4s 2c 2d 2s 9c")
    )
    assert [str(m) for m in defence.melds] == ["2♣ 2♦ 2♠", "4♣ 4♦ 4♠"]
    assert sorted(str(layoff.card) for layoff in defence.layoffs) == ["10♥", "J♥", "K♥"]
    assert defence.deadwood == parse_cards("9c")
    assert defence.deadwood_points == 9


def test_tedesco_chains_turn_the_corner() -> None:
    melds = knocker("Qs Ks As", ace_rule=TEDESCO)
    defence = best_defence(melds, parse_cards("2s 3s Js 10s 5c"), TEDESCO)
    assert sorted(str(layoff.card) for layoff in defence.layoffs) == ["10♠", "2♠", "3♠", "J♠"]
    assert defence.deadwood_points == 5
    low = best_defence(knocker("Js Qs Ks"), parse_cards("As 2s 5c"), LOW)
    assert low.layoffs == ()
    assert low.deadwood_points == 8


def test_no_layoffs_after_gin() -> None:
    defence = best_defence(knocker("2h 3h 4h"), parse_cards("5h 6h 9c"), allow_layoffs=False)
    assert defence.layoffs == ()
    assert defence.deadwood_points == 20


def test_bad_knocker_melds_and_shared_cards_are_refused() -> None:
    wrapped = knocker("Qs Ks As", ace_rule=TEDESCO)
    with pytest.raises(MeldError, match=r"the knocker's meld 1 is not legal: .* the ace is low"):
        best_defence(wrapped, parse_cards("2s"), LOW)
    with pytest.raises(MeldError, match="the knocker's meld 1 is not legal"):
        best_defence([Meld(MeldKind.RUN, parse_cards("2h 3h 5h"))], parse_cards("4h"))
    with pytest.raises(CardError, match="3♥ cannot be both in the knocker's melds"):
        best_defence(knocker("2h 3h 4h"), parse_cards("3h 9c"))


def test_layoff_problems_checks_each_layoff_in_order() -> None:
    melds = knocker("2h 3h 4h", "Ks Kd Kc Kh")
    five, six, kh, qs = (parse_card(t) for t in ("5h", "6h", "Kh", "Qs"))
    assert layoff_problems(melds, [Layoff(five, 0), Layoff(six, 0)]) == []
    problems = [
        (lo, str(why)) for lo, why in layoff_problems(melds, [Layoff(six, 0), Layoff(five, 0)])
    ]
    assert problems == [
        (Layoff(six, 0), "6♥ cannot be laid off on 2♥ 3♥ 4♥ (meld 1): the run takes only A♥ or 5♥"),
    ]
    assert [str(why) for _, why in layoff_problems(melds, [Layoff(qs, 1)])] == [
        "Q♠ cannot be laid off on K♣ K♦ K♥ K♠ (meld 2): a set of four takes no more cards"
    ]
    assert [str(why) for _, why in layoff_problems(melds, [Layoff(kh, 0)])] == [
        "K♥ cannot be laid off on 2♥ 3♥ 4♥ (meld 1): K♥ is already on the table"
    ]
    assert [str(why) for _, why in layoff_problems(melds, [Layoff(five, 2)])] == [
        "5♥ cannot be laid off on meld 3: the knocker laid down 2 melds"
    ]
    assert [str(why) for _, why in layoff_problems(melds, [Layoff(parse_card("5s"), 0)])] == [
        "5♠ cannot be laid off on 2♥ 3♥ 4♥ (meld 1): it is not a ♥; the run takes only A♥ or 5♥"
    ]
    top = knocker("Js Qs Ks")
    assert [str(why) for _, why in layoff_problems(top, [Layoff(parse_card("As"), 0)])] == [
        "A♠ cannot be laid off on J♠ Q♠ K♠ (meld 1): the run takes only 10♠ (the ace is low)"
    ]
    assert layoff_problems(top, [Layoff(parse_card("As"), 0)], TEDESCO) == []
    sets = knocker("9c 9d 9s")
    assert [str(why) for _, why in layoff_problems(sets, [Layoff(parse_card("10h"), 0)])] == [
        "10♥ cannot be laid off on 9♣ 9♦ 9♠ (meld 1): a set of 9s takes only a 9"
    ]


def test_layoffs_onto_a_meld_that_is_not_legal_are_refused_with_the_reason() -> None:
    wrong = [Meld(MeldKind.RUN, parse_cards("Qs Ks As"))]  # legal only with Tedesco aces
    problems = layoff_problems(wrong, [Layoff(parse_card("Js"), 0)])
    assert [str(why) for _, why in problems] == [
        "J♠ cannot be laid off on Q♠ K♠ A♠ (meld 1): Q♠ K♠ A♠ is not a run: the ace is low"
    ]
    assert layoff_problems(wrong, [Layoff(parse_card("Js"), 0)], TEDESCO) == []


def test_extend_meld_reads_a_hand_built_meld_in_any_order() -> None:
    shuffled = Meld(MeldKind.RUN, parse_cards("9h 7h 8h"))
    grown = extend_meld(shuffled, parse_card("10h"))
    assert grown is not None and str(grown) == "7♥ 8♥ 9♥ 10♥"
    assert extend_meld(Meld(MeldKind.SET, parse_cards("2h 3h 4h")), parse_card("5h")) is not None
    assert extend_meld(Meld(MeldKind.RUN, parse_cards("2h 3h 5h")), parse_card("4h")) is None
