"""The game ledger: target, boxes, game bonus, all three shutout rules, margins."""

from __future__ import annotations

from gin_scorer.core.hands import Declaration, HandRecord, HandResult, Side, score_hand
from gin_scorer.core.ledgers import PerSide, play_game
from gin_scorer.core.rules import RuleSet, ShutoutRule
from gin_scorer.presets import load_preset

A, B = Side.A, Side.B
W = load_preset("wikipedia-standard")


def knock(who: Side, k: int, d: int, rules: RuleSet = W) -> HandResult:
    return score_hand(HandRecord(Declaration.KNOCK, who, ((who, k), (who.other, d))), rules)


def gin(who: Side, d: int, rules: RuleSet = W) -> HandResult:
    return score_hand(HandRecord(Declaration.GIN, who, ((who.other, d),)), rules)


DEAD = score_hand(HandRecord(Declaration.DEAD), W)


def test_running_totals_and_unfinished_game() -> None:
    game = play_game([knock(A, 2, 10), DEAD, knock(B, 1, 30)], W)
    assert [line.totals for line in game.lines] == [
        PerSide(8, 0),
        PerSide(8, 0),
        PerSide(8, 29),
    ]
    assert [line.hand for line in game.lines] == [0, 1, 2]
    assert not game.finished and game.winner is None and game.margin == 0
    assert game.final == game.points == PerSide(8, 29)
    assert game.boxes == PerSide(1, 1)
    assert game.box_bonus == PerSide() and game.game_bonus == PerSide()


def test_wikipedia_game_to_100_with_line_and_game_bonus() -> None:
    # A: gin 25+30=55, B: knock 9, A: gin 25+25=50 -> A 105 reaches 100.
    results = [gin(A, 30), knock(B, 1, 10), gin(A, 25), knock(B, 0, 40)]
    game = play_game(results, W)
    assert game.finished and game.winner is A and len(game.lines) == 3  # 4th hand not in it
    assert game.points == PerSide(105, 9)
    assert game.boxes == PerSide(2, 1)
    assert game.box_bonus == PerSide(50, 25)
    assert game.game_bonus == PerSide(100, 0)
    assert not game.shutout and game.shutout_bonus == PerSide()
    assert game.final == PerSide(255, 34)
    assert game.margin == 221
    assert game.hands_won == PerSide(2, 1) and game.loser is B


def test_boxes_do_not_count_toward_the_target() -> None:
    # 99 points and many boxes: still not finished.
    results = [knock(A, 0, 33)] * 3
    game = play_game(results, W)
    assert game.points == PerSide(99, 0) and not game.finished


def test_shutout_double_hand_points_w() -> None:
    game = play_game([gin(A, 30), gin(A, 30)], W)  # 55 + 55 = 110, B won nothing
    assert game.shutout
    assert game.shutout_bonus == PerSide(110, 0)  # each hand doubled, line bonus not
    assert game.final == PerSide(110 + 110 + 50 + 100, 0)


def test_shutout_double_game_bonus_p() -> None:
    pagat = load_preset("pagat")
    game = play_game([gin(A, 40, pagat), gin(A, 40, pagat)], pagat)  # 60 + 60
    assert game.shutout and game.game_bonus == PerSide(100, 0)
    assert game.shutout_bonus == PerSide(100, 0)  # 200 game bonus in all
    assert game.final == PerSide(120 + 40 + 200, 0)


def test_shutout_double_total_r() -> None:
    rules = W.with_changes(shutout="double_total")
    game = play_game([gin(A, 30), gin(A, 30)], rules)
    assert game.final == PerSide(2 * (110 + 50 + 100), 0)


def test_no_shutout_rule() -> None:
    rules = W.with_changes(shutout=ShutoutRule.NONE.value)
    game = play_game([gin(A, 30), gin(A, 30)], rules)
    assert game.shutout and game.shutout_bonus == PerSide()
    assert game.final == PerSide(110 + 50 + 100, 0)


def test_loser_with_a_win_is_no_shutout_even_a_dead_hand_between() -> None:
    game = play_game([knock(B, 3, 4), DEAD, gin(A, 80)], W)
    assert game.finished and game.winner is A and not game.shutout


def test_tie_without_undercut_is_nobodys_hand() -> None:
    basic = load_preset("basic")
    tie = knock(A, 5, 5, basic)
    game = play_game([tie, gin(B, 80, basic)], basic)
    assert game.boxes == PerSide(0, 1)
    assert game.shutout  # A never won a hand
    assert game.final == PerSide(0, 105)  # basic: no bonuses at all


def test_oklahoma_extra_boxes_reach_the_box_bonus() -> None:
    ok = load_preset("oklahoma").with_changes(gin_extra_boxes=2)
    result = score_hand(HandRecord(Declaration.GIN, A, ((B, 140),)), ok)
    game = play_game([result], ok)
    assert game.boxes == PerSide(3, 0) and game.box_bonus == PerSide(60, 0)


def test_custom_target_and_indices() -> None:
    game = play_game([knock(A, 0, 20)], W, number=2, target=10, indices=[7])
    assert game.finished and game.target == 10 and game.lines[0].hand == 7 and game.number == 2
