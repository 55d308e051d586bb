"""Paper sizes, and the filled sheet and pad read off the ledgers (numbers never re-added)."""

from __future__ import annotations

import pytest

from gin_scorer.core.hands import score_hand
from gin_scorer.core.ledgers import play_hollywood, play_match
from gin_scorer.presentation.format_profiles import sheet_shape
from gin_scorer.presentation.pad_fill import pad_fill, pad_shape
from gin_scorer.presentation.paper import Paper
from gin_scorer.presentation.sheet_fill import sheet_fill
from gin_scorer.presets import load_preset
from tests.presentation.helpers import DEAD, GIN_B, KNOCK_A


def test_paper_reads_values_and_labels() -> None:
    assert [Paper.parse(t) for t in ("a4", "A4", "Letter", Paper.LETTER)] == [
        Paper.A4,
        Paper.A4,
        Paper.LETTER,
        Paper.LETTER,
    ]
    assert [p.label for p in Paper] == ["A4", "Letter"]
    with pytest.raises(ValueError, match="is not one of: a4, letter"):
        Paper.parse("A0")


def test_a_best_of_five_sheet() -> None:
    rules = load_preset("gra-tournament")
    shape = sheet_shape(rules)
    assert (shape.games, shape.format_line) == (5, "Best of 5 games to 250 (first to win 3)")
    match = play_match([score_hand(r, rules) for r in [GIN_B] * 8 + [KNOCK_A]], rules)
    fill = sheet_fill(match, "Ann", "Bob", next_dealer="Ann")
    assert fill.result_line == "in play: 0–1 in games"
    assert fill.dealer_line == "Next dealer: Ann"
    first = fill.games[0]
    assert (first.winner, first.b_final, first.shutout) == ("B", 814, True)
    assert first.lines[0].how == "gin" and first.lines[0].hand == 1


def test_a_hollywood_pad() -> None:
    rules = load_preset("hollywood")
    assert pad_shape(rules).games == 3
    ledger = play_hollywood([score_hand(r, rules) for r in (KNOCK_A, DEAD, GIN_B)], rules)
    fill = pad_fill(ledger, "Ann", "Bob")
    assert [line.winner for line in fill.lines] == ["A", "", "B"]
    assert fill.lines[1].how == "dead"
    assert fill.result_line == "Games won so far: Ann 0, Bob 0"
