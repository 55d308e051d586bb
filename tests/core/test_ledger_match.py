"""The match ledger: single game, best of N (GRA: first to 3 games of 250), leftovers."""

from __future__ import annotations

from gin_scorer.core.hands import Declaration, HandRecord, HandResult, Side, score_hand
from gin_scorer.core.ledgers import PerSide, play_match
from gin_scorer.core.rules import RuleSet
from gin_scorer.presets import load_preset

A, B = Side.A, Side.B
GRA = load_preset("gra-tournament")


def gin(who: Side, d: int, rules: RuleSet = GRA) -> HandResult:
    return score_hand(HandRecord(Declaration.GIN, who, ((who.other, d),)), rules)


def knock(who: Side, k: int, d: int, rules: RuleSet = GRA) -> HandResult:
    return score_hand(HandRecord(Declaration.KNOCK, who, ((who, k), (who.other, d))), rules)


def test_gra_match_is_first_to_three_games_of_250() -> None:
    big = gin(A, 100)  # 125 points: two make a game of 250
    small = gin(B, 100)
    results = [big, big, small, small, big, knock(B, 2, 10), big, small, small, big, big]
    match = play_match(results, GRA)
    assert match.games_to_win == 3
    assert [len(g.lines) for g in match.games] == [2, 2, 3, 2, 2]
    assert [g.winner for g in match.games] == [A, B, A, B, A]
    assert match.games_won == PerSide(3, 2)
    assert match.finished and match.winner is A
    assert match.extra_hands == ()
    # Every hand is in exactly one game, in order.
    assert [line.hand for g in match.games for line in g.lines] == list(range(len(results)))
    assert match.margin == sum(g.final.a - g.final.b for g in match.games)
    assert match.totals.a - match.totals.b == match.margin


def test_hands_after_the_match_are_left_over() -> None:
    big = gin(A, 100)
    match = play_match([big] * 8, GRA)
    assert match.finished and match.games_won == PerSide(3, 0)
    assert match.extra_hands == (6, 7)
    assert match.current_game is None


def test_unfinished_match_has_a_current_game() -> None:
    match = play_match([gin(A, 100), gin(A, 100), gin(B, 5)], GRA)
    assert not match.finished and match.winner is None
    assert match.games_won == PerSide(1, 0)
    assert match.current_game is match.games[1]
    assert match.current_game.points == PerSide(0, 30)


def test_single_game_format() -> None:
    w = load_preset("wikipedia-standard")
    match = play_match([gin(A, 20, w), gin(B, 80, w), gin(B, 80, w)], w)
    assert len(match.games) == 1 and match.winner is B and match.games_to_win == 1
    assert match.extra_hands == (2,)


def test_empty_match() -> None:
    match = play_match([], GRA)
    assert match.games == () and not match.finished and match.margin == 0
    assert match.current_game is None
