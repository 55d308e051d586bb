"""A misdeal as its own hand record (seed 000) and the action on the 50th card on the hand
where it happened (seed 002): read, written, scored, dealt after, validated, typed."""

from __future__ import annotations

import pytest

from gin_scorer.core.hand_json import record_from_json, record_to_json
from gin_scorer.core.hands import Declaration, HandRecordError, Outcome, Side, score_hand
from gin_scorer.core.ledgers import play_game
from gin_scorer.core.ledgers.dealing import next_dealer
from gin_scorer.core.rules import DealerRule, RuleSet
from gin_scorer.core.validation import validate_hand
from gin_scorer.presentation.entry_grammar import EntryState, read_entry
from gin_scorer.presentation.hand_words import describe_hand

FIFTY = RuleSet(name="Pagat with the 50th card", fiftieth_card_rule=True)


def test_a_misdeal_is_read_written_and_scores_nothing() -> None:
    for data, could in (({"misdeal": True}, None), ({"misdeal": "b"}, Side.B)):
        record = record_from_json(data)
        assert (record.declaration, record.declarer) == (Declaration.MISDEAL, could)
        assert record_from_json(record_to_json(record)) == record
        result = score_hand(record, RuleSet())
        assert (result.outcome, result.winner, result.points, result.boxes) == (
            Outcome.MISDEAL,
            None,
            0,
            0,
        )
    assert describe_hand(record_from_json({"misdeal": "A"})) == "misdeal (A could knock at once)"
    with pytest.raises(HandRecordError, match="no deadwood counts"):
        score_hand(record_from_json({"misdeal": True, "deadwood": {"A": 3}}), RuleSet())


def test_the_same_dealer_deals_again_after_a_misdeal_whatever_the_rules() -> None:
    misdeal = score_hand(record_from_json({"misdeal": True}), RuleSet())
    for rule in DealerRule:
        rules = RuleSet(next_dealer=rule, dead_hand_same_dealer=False)
        assert next_dealer(Side.A, misdeal, rules) is Side.A
        assert next_dealer(Side.B, misdeal, rules) is Side.B


def test_a_misdeal_in_a_game_counts_for_nobody() -> None:
    gin = score_hand(record_from_json({"gin": "A", "deadwood": {"B": 30}}), RuleSet())
    misdeal = score_hand(record_from_json({"misdeal": True}), RuleSet())
    game = play_game([gin, misdeal, gin], RuleSet())
    assert game.points.a == 2 * gin.points and game.boxes.a == 2 and game.boxes.b == 0


def test_the_fiftieth_card_is_kept_on_the_hand_and_checked_against_the_rules() -> None:
    data = {"knock": "A", "deadwood": {"A": 4, "B": 20}, "fiftieth_card": True}
    record = record_from_json(data)
    assert record.fiftieth_card and record_to_json(record)["fiftieth_card"] is True
    assert not any(p.code.startswith("fiftieth") for p in validate_hand(record, FIFTY))
    (refused,) = [p for p in validate_hand(record, RuleSet()) if p.code.startswith("fiftieth")]
    assert refused.code == "fiftieth_card_not_allowed" and refused.severity.value == "error"
    dead = record_from_json({"dead": True, "fiftieth_card": True})
    assert [p.code for p in validate_hand(dead, FIFTY)] == ["fiftieth_card_without_knock"]
    with pytest.raises(HandRecordError, match=r"fiftieth_card: .* write true or false"):
        record_from_json({**data, "fiftieth_card": "yes"})


def test_the_entry_line_types_both() -> None:
    assert read_entry("md", RuleSet()).record == record_from_json({"misdeal": True})
    assert read_entry("b md", RuleSet()).message.startswith("Misdeal (B could knock at once)")
    assert read_entry("md 4", RuleSet()).state is EntryState.ERROR
    marked = read_entry("ak4 20 fifty", FIFTY)
    assert marked.state is EntryState.COMPLETE and marked.record is not None
    assert marked.record.fiftieth_card and "on the 50th card" in marked.message
    assert (
        "does not allow the action on the 50th card"
        in read_entry("ak4 20 fifty", RuleSet()).message
    )
    assert "only to knock or go gin" in read_entry("d fifty", FIFTY).message
