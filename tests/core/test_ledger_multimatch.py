"""Multi-match (W): match scores reset, credits accumulate to the set total."""

from __future__ import annotations

from gin_scorer.core.hands import Declaration, HandRecord, HandResult, Side, score_hand
from gin_scorer.core.ledgers import MultiMatch, PerSide, ledger_for, play_match, play_multimatch
from gin_scorer.presets import load_preset

A, B = Side.A, Side.B
MM = load_preset("multi-match")


def knock(who: Side, points: int) -> HandResult:
    record = HandRecord(Declaration.KNOCK, who, ((who, 1), (who.other, points + 1)))
    return score_hand(record, MM)


def test_match_end_credits_score_hands_bonus_and_shutout() -> None:
    # Match 1: A 60, B 30, A 50 -> A 110 wins; B won a hand: no shutout bonus.
    mm = play_multimatch([knock(A, 60), knock(B, 30), knock(A, 50)], MM)
    (first,) = mm.matches
    assert first.game.points == PerSide(110, 30)
    assert first.hand_credit == PerSide(50, 25)
    assert first.match_bonus == PerSide(100, 0) and first.shutout_bonus == PerSide()
    assert first.credit == PerSide(260, 55) and first.totals == PerSide(260, 55)
    assert not mm.finished


def test_shutout_bonus_and_the_total_target() -> None:
    # Two shutout matches for A of 100 points each: 100 + 25 + 100 + 100 = 325 each.
    mm = play_multimatch([knock(A, 100), knock(A, 100), knock(B, 5)], MM)
    assert [m.credit for m in mm.matches] == [PerSide(325, 0), PerSide(325, 0)]
    assert mm.finished and mm.winner is A and mm.totals == PerSide(650, 0)
    assert mm.matches_won == PerSide(2, 0) and mm.extra_hands == (2,)
    summary = play_match([knock(A, 100), knock(A, 100)], MM)
    assert summary.finished and summary.winner is A and summary.margin == 650
    assert isinstance(ledger_for([], MM), MultiMatch)


def test_unfinished_match_shows_its_running_score_but_credits_nothing_yet() -> None:
    """Seed 000: "At the end of the match, players' match scores are credited toward their
    game scores" — a match in play shows its score, and adds nothing until it ends."""
    mm = play_multimatch([knock(A, 100), knock(B, 40)], MM)
    assert len(mm.matches) == 2
    assert mm.matches[1].game.points == PerSide(0, 40) and not mm.matches[1].game.finished
    assert mm.matches[1].credit == PerSide() and mm.matches[1].totals == PerSide(325, 0)
    assert mm.totals == PerSide(325, 0) and mm.margin == 325
