"""Hollywood: the entry rule, closures, per-game shutouts, new games."""

from __future__ import annotations

from gin_scorer.core.hands import Declaration, HandRecord, HandResult, Side, score_hand
from gin_scorer.core.ledgers import Hollywood, PerSide, ledger_for, play_hollywood, play_match
from gin_scorer.core.rules import RuleSet
from gin_scorer.presets import load_preset

A, B = Side.A, Side.B
H = load_preset("hollywood")


def knock(who: Side, points: int, rules: RuleSet = H) -> HandResult:
    record = HandRecord(Declaration.KNOCK, who, ((who, 0 + 1), (who.other, points + 1)))
    return score_hand(record, rules)


DEAD = score_hand(HandRecord(Declaration.DEAD), H)


def test_first_win_game_one_second_games_one_two_third_all_three() -> None:
    results = [knock(A, 10), knock(A, 10), knock(B, 5), knock(A, 10), DEAD, knock(B, 5)]
    hw = play_hollywood(results, H)
    assert hw.entries == ((1,), (1, 2), (1,), (1, 2, 3), (), (1, 2))
    assert [g.points for g in hw.games] == [PerSide(30, 10), PerSide(20, 5), PerSide(10, 0)]
    assert not hw.finished and hw.winner is None
    # Lines remember which input hand they came from.
    assert [line.hand for line in hw.games[1].lines] == [1, 3, 5]


def test_closed_game_takes_no_more_and_shutout_player_starts_in_next_open() -> None:
    # A wins 60, 60: game 1 (120) closes after A's 2nd win; game 2 has 60.
    results = [knock(A, 60), knock(A, 60), knock(B, 20), knock(A, 50)]
    hw = play_hollywood(results, H)
    g1, g2, g3 = hw.games
    assert g1.finished and g1.winner is A and g1.points == PerSide(120, 0)
    assert g1.shutout  # B never scored in game 1: its own shutout
    assert g1.shutout_bonus == PerSide(120, 0)
    # B's first win: game 1 is closed, so it goes to the first open game (2).
    assert hw.entries[2] == (2,)
    # A's third win: open games where A scored (2) plus the first where A has not (3).
    assert hw.entries[3] == (2, 3)
    assert g2.finished and g2.winner is A and g2.points == PerSide(110, 20) and not g2.shutout
    assert not g3.finished and g3.points == PerSide(50, 0)


def test_every_game_closes_with_its_own_bonuses_and_the_match_summary() -> None:
    big = knock(A, 100)
    hw = play_hollywood([big, big, big, big], H)
    assert hw.entries == ((1,), (2,), (3,), ())
    assert hw.extra_hands == (3,)
    assert hw.finished and hw.winner is A and hw.games_won == PerSide(3, 0)
    for game in hw.games:
        assert game.final == PerSide(100 + 25 + 100 + 100, 0)
    assert hw.totals == PerSide(975, 0) and hw.margin == 975
    summary = play_match([big, big, big], H)
    assert summary.finished and summary.winner is A and summary.games_won == PerSide(3, 0)
    assert isinstance(ledger_for([big], H), Hollywood)


def test_targets_per_game_and_new_games() -> None:
    rules = H.with_changes(
        hollywood_games=2, hollywood_targets=[50, 80], hollywood_open_new_games=True
    )
    hw = play_hollywood([knock(A, 60), knock(B, 90), knock(A, 10)], rules)
    assert [g.target for g in hw.games] == [50, 80, 50, 80]
    assert hw.entries == ((1,), (2,), (3,))
    assert [g.winner for g in hw.games] == [A, B, None, None]
    assert not hw.finished  # with new games the session ends when the players stop


def test_a_side_winning_more_games_wins_overall() -> None:
    hw = play_hollywood([knock(B, 100), knock(A, 100), knock(A, 100)], H)
    assert [g.winner for g in hw.games] == [B, A, A]
    assert hw.winner is A and hw.games_won == PerSide(2, 1)


def test_the_game_being_played_is_the_first_still_open() -> None:
    """Issue 35: three games run at once, and the one being played is game 1 until it
    closes — not the last of the three (the desk's heading said "Game 3: 0 – 0")."""
    hw = play_hollywood([knock(A, 10)], H)
    playing = hw.as_match().current_game
    assert playing is not None and playing.number == 1 and playing.points == PerSide(10, 0)
    closed = play_hollywood([knock(A, 60), knock(A, 60)], H)  # game 1 closes at 120
    playing = closed.as_match().current_game
    assert playing is not None and playing.number == 2
