"""validate_hand: errors and warnings that name the cards and the side."""

from __future__ import annotations

from typing import Any

import pytest

from gin_scorer.core.cards import parse_card
from gin_scorer.core.hand_json import record_from_json
from gin_scorer.core.hands import HandRecord, HandRecordError, Problem, Severity, Side, score_hand
from gin_scorer.core.rules import RuleSet
from gin_scorer.core.validation import complete_from_cards, errors, validate_hand, warnings
from gin_scorer.presets import load_preset

W = load_preset("wikipedia-standard")

# A knocks: melds 2♥3♥4♥, K♠K♦K♣ and 7♠7♦7♣, deadwood A♦ (1). B holds 5♥ 6♥ K♥ 9♦9♥9♠ 2♣ Q♦ J♦ 3♠:
# at best B melds the nines and lays off 5♥ 6♥ (a chain) and K♥, leaving 2+10+10+3 = 25.
KNOCKER = {"knocker_melds": [["2h", "3h", "4h"], ["Ks", "Kd", "Kc"]]}
DEFENDER = ["5h", "6h", "Kh", "9d", "9h", "9s", "2c", "Qd", "Jd", "3s"]


def knock(a: int = 22, b: int = 25, **cards: Any) -> dict[str, Any]:
    """A knocks having laid the 7s as deadwood: A♦ 7♠ 7♦ 7♣ = 22."""
    laid = {**KNOCKER, "knocker_deadwood": ["Ad", "7s", "7d", "7c"], "defender": DEFENDER}
    laid.update(cards)
    return {"knock": "A", "deadwood": {"A": a, "B": b}, "cards": laid}


def check(obj: dict[str, Any], rules: RuleSet = W) -> tuple[Problem, ...]:
    return validate_hand(record_from_json(obj), rules)


def codes(problems: tuple[Problem, ...]) -> list[str]:
    return [p.code for p in problems]


def test_a_correct_hand_has_no_problems() -> None:
    obj = {
        "knock": "A",
        "deadwood": {"A": 1, "B": 25},
        "cards": {
            "knocker_melds": [["2h", "3h", "4h"], ["Ks", "Kd", "Kc"], ["7s", "7d", "7c"]],
            "knocker_deadwood": ["Ad"],
            "defender": DEFENDER,
        },
    }
    assert check(obj) == ()
    # ... and with the defender's declaration entered, chain and all.
    obj["cards"]["defender_melds"] = [["9d", "9h", "9s"]]
    obj["cards"]["layoffs"] = [
        {"card": "5h", "meld": 0},
        {"card": "6h", "meld": 0},
        {"card": "Kh", "meld": 1},
    ]
    assert check(obj) == ()


def test_declared_counts_without_cards() -> None:
    (problem,) = check({"knock": "A", "deadwood": {"A": 12, "B": 30}})
    assert problem.code == "knock_above_limit" and problem.is_error and problem.side is Side.A
    assert "12" in problem.message and "10" in problem.message
    assert check({"knock": "B", "deadwood": {"A": 30, "B": 10}}) == ()


def test_straight_gin_allows_no_knock() -> None:
    assert codes(check({"knock": "A", "deadwood": {"A": 2, "B": 9}}, load_preset("straight"))) == [
        "knock_not_allowed"
    ]


def test_oklahoma_limit_comes_from_the_upcard() -> None:
    ok = load_preset("oklahoma")
    (problem,) = check({"knock": "A", "deadwood": {"A": 5, "B": 9}, "upcard": "3s"}, ok)
    assert problem.code == "knock_above_limit" and problem.cards == (parse_card("3s"),)
    assert check({"knock": "A", "deadwood": {"A": 3, "B": 9}, "upcard": "3s"}, ok) == ()
    assert check({"knock": "A", "deadwood": {"A": 9, "B": 19}, "upcard": "Qd"}, ok) == ()
    (ace,) = check({"knock": "A", "deadwood": {"A": 1, "B": 19}, "upcard": "Ah"}, ok)
    assert "allows only gin" in ace.message
    (missing,) = check({"knock": "A", "deadwood": {"A": 1, "B": 19}}, ok)
    assert missing.code == "upcard_needed" and missing.severity is Severity.WARNING


def test_unscorable_and_big_gin_not_played() -> None:
    assert codes(check({"knock": "A", "deadwood": {"A": 3}})) == ["unscorable"]
    found = codes(check({"big_gin": "A", "deadwood": {"B": 3}}, load_preset("pagat")))
    assert found == ["big_gin_not_allowed"]


def test_knock_with_zero_is_a_warning() -> None:
    (problem,) = check({"knock": "A", "deadwood": {"A": 0, "B": 9}})
    assert problem.code == "knock_with_zero" and not problem.is_error


def test_knocker_count_and_better_arrangement() -> None:
    problems = check(knock(a=9))  # A♦ 7♠ 7♦ 7♣ laid as deadwood: 22
    assert codes(errors(problems)) == ["knocker_count_mismatch", "knock_above_limit"]
    assert "counts 22" in errors(problems)[0].message
    (better,) = warnings(problems)
    assert better.code == "better_arrangement" and better.side is Side.A
    assert "best is 1" in better.message and "7♣ 7♦ 7♠ makes a set" in better.message
    assert set(better.cards) == {parse_card(c) for c in ("7c", "7d", "7s")}


def test_could_have_gone_gin() -> None:
    obj = {
        "knock": "A",
        "deadwood": {"A": 1, "B": 25},
        "cards": {
            "knocker_melds": [["2h", "3h", "4h"], ["Ks", "Kd", "Kc"], ["7s", "7d", "7c"]],
            "knocker_deadwood": ["Ah"],
            "defender": DEFENDER,
        },
    }
    (problem,) = check(obj)
    assert problem.code == "could_go_gin" and "A♥ 2♥ 3♥ 4♥ makes a run" in problem.message


def test_illegal_knocker_meld_names_its_cards() -> None:
    obj = knock(knocker_melds=[["2h", "3h", "4h"], ["Ks", "Kd", "Kc"], ["7s", "7d"]])
    obj["cards"]["knocker_deadwood"] = ["Ad", "7c"]
    (problem,) = [p for p in check(obj) if p.code == "illegal_meld"]
    assert problem.message.startswith("A's meld 3 is not legal: ")
    assert set(problem.cards) == {parse_card("7s"), parse_card("7d")}


def test_cards_counted_and_duplicated() -> None:
    obj = knock(knocker_deadwood=["Ad", "7s", "7d"])
    (problem,) = [p for p in check(obj) if p.code == "wrong_card_count"]
    assert problem.message == "A (knocker) has 9 cards; a hand has 10"
    dup = knock(knocker_deadwood=["Ad", "7s", "7d", "9s"])
    found = [p for p in check(dup) if p.code == "duplicate_card"]
    assert found and found[0].message == "9♠ is in both hands" and found[0].side is None


def test_defender_count_as_laid_and_at_best() -> None:
    problems = check(knock(b=30))
    mismatch = [p for p in problems if p.code == "defender_count_mismatch"]
    assert mismatch and "B declared 30 deadwood but the cards count 25 at best" in (
        mismatch[0].message
    )


def test_missed_layoff_is_a_warning() -> None:
    obj = knock(
        b=35,
        defender_melds=[["9d", "9h", "9s"]],
        layoffs=[{"card": "5h", "meld": 0}, {"card": "6h", "meld": 0}],
    )
    problems = check(obj)
    assert "defender_count_mismatch" not in codes(problems)  # 35 is what B laid out
    missed = [p for p in problems if p.code == "missed_layoff"]
    assert missed and "best is 25" in missed[0].message and "K♥" in missed[0].message


def test_bad_layoffs() -> None:
    obj = knock(layoffs=[{"card": "Qd", "meld": 1}, {"card": "7h", "meld": 0}])
    found = [p for p in check(obj) if p.code == "bad_layoff"]
    assert [p.cards for p in found] == [(parse_card("Qd"),), (parse_card("7h"),)]
    assert "a set of Ks takes only a K" in found[0].message
    held = knock(layoffs=[{"card": "Ah", "meld": 0}])
    assert "layoff_not_held" in codes(check(held))


def test_gin_with_deadwood_and_layoffs_after_gin() -> None:
    obj = {
        "gin": "A",
        "deadwood": {"B": 25},
        "cards": {
            **KNOCKER,
            "knocker_deadwood": ["Ad", "7s", "7d", "7c"],
            "defender": DEFENDER,
            "layoffs": [{"card": "5h", "meld": 0}],
        },
    }
    found = codes(check(obj))
    assert "gin_with_deadwood" in found and "layoff_after_gin" in found


def test_big_gin_needs_eleven_cards() -> None:
    obj = {
        "big_gin": "A",
        "deadwood": {"B": 46},
        "cards": {
            "knocker_melds": [["2h", "3h", "4h"], ["Ks", "Kd", "Kc"], ["7s", "7d", "7c", "7h"]],
            "knocker_deadwood": [],
            "defender": DEFENDER,
        },
    }
    assert codes(check(obj)) == ["wrong_card_count"]
    obj["cards"]["knocker_melds"][0].append("Ah")  # type: ignore[index]
    # B cannot lay off after big gin: 9s meld, the rest counts 5+6+10+2+10+10+3 = 46.
    assert check(obj) == ()


def test_illegal_defender_meld_names_the_cards() -> None:
    obj = knock(defender_melds=[["9d", "9h", "2c"]])
    (problem,) = [p for p in check(obj) if p.code == "illegal_meld"]
    assert problem.side is Side.B and "B's meld 1 is not legal" in problem.message


def test_complete_from_cards_fills_missing_counts() -> None:
    record = record_from_json(
        {
            "knock": "A",
            "cards": {
                "knocker_melds": [["2h", "3h", "4h"], ["Ks", "Kd", "Kc"], ["7s", "7d", "7c"]],
                "knocker_deadwood": ["Ad"],
                "defender": DEFENDER,
            },
        }
    )
    with pytest.raises(HandRecordError):
        score_hand(record, W)
    full = complete_from_cards(record, W)
    assert full.deadwood == ((Side.A, 1), (Side.B, 25))
    assert score_hand(full, W).points == 24
    assert complete_from_cards(full, W) is full


def test_tedesco_aces_turn_the_corner_and_count_15() -> None:
    tedesco = W.with_changes(ace_rule="tedesco")
    obj = {
        "knock": "A",
        # B melds the nines, lays 3♠ off on K♠ A♠ 2♠ and J♦ on the jacks: 5+6+10+2+10 = 33.
        "deadwood": {"A": 15, "B": 33},
        "cards": {
            "knocker_melds": [["Ks", "As", "2s"], ["Jc", "Jh", "Js"], ["7s", "7d", "7c"]],
            "knocker_deadwood": ["Ad"],
            "defender": DEFENDER,
        },
    }
    problems = check(obj, tedesco)
    assert codes(problems) == ["knock_above_limit"]  # the lone ace counts 15: over 10
    low = check(obj, W)
    assert "illegal_meld" in codes(low)  # K-A-2 is no run with aces low


def _honest(seed: int, declared_defence: bool) -> HandRecord:
    """A hand laid out exactly as the exact search says it is best."""
    import random

    from gin_scorer.core.cards import ALL_CARDS
    from gin_scorer.core.hands import Declaration, HandCards
    from gin_scorer.core.layoffs import best_defence
    from gin_scorer.core.melds import best_arrangement

    rng = random.Random(seed)
    low = [c for c in ALL_CARDS if c.rank <= 4 + seed % 3]  # meld-dense: gin and chains happen
    deck = low + [c for c in ALL_CARDS if c.rank > 6]
    rng.shuffle(low)
    knocker, rest = low[:10], low[10:] + deck[len(low) :]
    rng.shuffle(rest)
    defender = rest[:10]
    arrangement = best_arrangement(knocker)
    gin = arrangement.deadwood_points == 0
    melds = tuple(m.cards for m in arrangement.melds)
    defence = best_defence(arrangement.melds, defender, allow_layoffs=not gin)
    cards = HandCards(
        knocker_melds=melds,
        knocker_deadwood=arrangement.deadwood,
        defender_cards=tuple(defender),
        defender_melds=tuple(m.cards for m in defence.melds) if declared_defence else None,
        layoffs=defence.layoffs if declared_defence and not gin else None,
    )
    return HandRecord(
        Declaration.GIN if gin else Declaration.KNOCK,
        Side.A,
        ((Side.A, arrangement.deadwood_points), (Side.B, defence.deadwood_points)),
        cards=cards,
    )


@pytest.mark.parametrize("declared_defence", [True, False])
def test_hands_laid_out_at_best_raise_nothing_but_the_knock_limit(declared_defence: bool) -> None:
    records = [_honest(seed, declared_defence) for seed in range(60)]
    for record in records:
        found = validate_hand(record, W)
        assert [p.code for p in found if p.code != "knock_above_limit"] == [], (record, found)
        assert complete_from_cards(record, W) == record
    # The sample holds gins and hands with layoffs, so both paths were checked.
    assert any(r.declaration.value == "gin" for r in records)
    assert any(r.cards is not None and r.cards.layoffs for r in records) or not declared_defence
