"""An event's partnership match: hands entered table by table, cut into deals and folded by
the partnership ledger; checked against a recomputation written from the rules' words."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from gin_scorer.core.hand_json import record_from_json
from gin_scorer.core.hands import HandResult, Side, score_hand
from gin_scorer.core.ledgers import PerSide, ledger_for, ledger_games, play_match, seat_of
from gin_scorer.core.ledgers.seated_match import SeatedMatch, seat_numbers
from gin_scorer.core.rules import MatchFormat, RuleSet

RULES = RuleSet(match_format=MatchFormat.PARTNERSHIP, partnership_target=125)


def knock(side: str, knocker: int, defender: int) -> HandResult:
    other = "B" if side == "A" else "A"
    record = {"knock": side, "deadwood": {side: knocker, other: defender}}
    return score_hand(record_from_json(record), RULES)


def gin(side: str, defender: int) -> HandResult:
    other = "B" if side == "A" else "A"
    return score_hand(record_from_json({"gin": side, "deadwood": {other: defender}}), RULES)


DEAD = score_hand(record_from_json({"dead": True}), RULES)
MISDEAL = score_hand(record_from_json({"misdeal": True}), RULES)


def by_the_rules(results: list[HandResult], target: int) -> tuple[PerSide, Side | None, int]:
    """Pagat's words, literally: after each deal, both winners on one team → that team scores
    the sum; one winner each → the higher scorer's team scores the difference; first team to
    the target wins. Returns the totals, the winner and how many hands counted."""
    a = b = 0
    counted = 0
    for start in range(0, len(results) - 1, 2):
        if max(a, b) >= target:
            break
        pts = {"A": 0, "B": 0}
        for result in results[start : start + 2]:
            if result.winner is not None:
                pts[result.winner.value] += result.points
        if pts["A"] >= pts["B"]:
            a += pts["A"] - pts["B"]
        else:
            b += pts["B"] - pts["A"]
        counted = start + 2
    winner = None if max(a, b) < target else (Side.A if a >= target else Side.B)
    return PerSide(a, b), winner, counted


hands = st.one_of(
    st.builds(knock, st.sampled_from("AB"), st.integers(0, 10), st.integers(0, 98)),
    st.builds(gin, st.sampled_from("AB"), st.integers(0, 98)),
    st.just(DEAD),
)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(hands, st.just(MISDEAL)), max_size=24), st.integers(20, 300))
def test_misdeals_take_no_seat(results: list[HandResult], target: int) -> None:
    """A misdeal is dealt again at its table: the match is the one without it."""
    rules = RuleSet(match_format=MatchFormat.PARTNERSHIP, partnership_target=target)
    played = [r for r in results if r is not MISDEAL]
    ledger, without = ledger_for(results, rules), ledger_for(played, rules)
    assert isinstance(ledger, SeatedMatch) and isinstance(without, SeatedMatch)
    assert (ledger.totals, ledger.winner) == (without.totals, without.winner)
    seats = seat_numbers(results)
    assert [seats[i] for i, r in enumerate(results) if r is not MISDEAL] == list(range(len(played)))


@settings(max_examples=300, deadline=None)
@given(st.lists(hands, max_size=24), st.integers(20, 300))
def test_the_fold_matches_the_rules_words(results: list[HandResult], target: int) -> None:
    rules = RuleSet(match_format=MatchFormat.PARTNERSHIP, partnership_target=target)
    ledger = ledger_for(results, rules)
    assert isinstance(ledger, SeatedMatch)
    totals, winner, counted = by_the_rules(results, target)
    assert (ledger.totals, ledger.winner) == (totals, winner)
    summary = play_match(results, rules)
    assert summary.finished is (winner is not None) and summary.winner is winner
    assert summary.margin == totals.a - totals.b
    assert summary.games_won == (PerSide() if winner is None else PerSide.of(winner, 1))
    if winner is not None:  # every hand after the winning deal counts nowhere
        assert ledger.extra_hands == tuple(range(counted, len(results)))
        assert ledger.pending == ()
    else:  # an odd hand waits for its deal's second table
        assert ledger.pending == ((len(results) - 1,) if len(results) % 2 else ())
    # Every hand that counts or waits is on the sheet's one game, in order.
    lines = [line.hand for game in ledger_games(ledger) for line in game.lines]
    assert lines == [i for i in range(len(results)) if i not in ledger.extra_hands]


def test_a_deal_counts_only_when_both_tables_are_in() -> None:
    first = [knock("A", 2, 22)]  # A +20 at table a
    assert ledger_for(first, RULES).totals == PerSide()  # type: ignore[union-attr]
    both = [knock("A", 2, 22), gin("B", 35)]  # B +60 at table b: B's team nets 40
    assert ledger_for(both, RULES).totals == PerSide(0, 40)  # type: ignore[union-attr]
    assert ledger_for([DEAD, DEAD], RULES).totals == PerSide()  # type: ignore[union-attr]


def test_partners_change_opponents_every_deal() -> None:
    met: dict[tuple[int, int], list[int]] = {}
    for hand in range(8):
        seat = seat_of(hand)
        met.setdefault((seat.player_a, seat.player_b), []).append(seat.deal)
    # Over four deals each of team A's players meets each of team B's twice, never twice
    # in a row; the two tables of a deal seat different players.
    assert sorted(met) == [(0, 0), (0, 1), (1, 0), (1, 1)]
    assert all(deals in ([0, 2], [1, 3]) for deals in met.values())
    assert [seat_of(h).table for h in range(4)] == [0, 1, 0, 1]
    # Each table changes dealer every deal, and the two tables start with different teams.
    assert [seat_of(h).first_dealer for h in range(4)] == [Side.A, Side.B, Side.B, Side.A]


def teams_by_the_words(
    results: list[HandResult], players: int, target: int, bonus: int
) -> tuple[PerSide, Side | None]:
    """Tedesco's teams, from the source's words: a deal nets as partnerships do, a team whose
    every player won their hand gets the bonus on top; the first team past the target (and
    ahead) wins."""
    a = b = 0
    for start in range(0, len(results) - players + 1, players):
        if max(a, b) >= target and a != b:
            break
        deal = results[start : start + players]
        net = sum(
            r.points if r.winner is Side.A else -r.points if r.winner is Side.B else 0 for r in deal
        )
        a, b = a + max(net, 0), b + max(-net, 0)
        winners = {r.winner for r in deal}
        if winners == {Side.A}:
            a += bonus
        elif winners == {Side.B}:
            b += bonus
    winner = None if max(a, b) < target or a == b else (Side.A if a > b else Side.B)
    return PerSide(a, b), winner


@settings(max_examples=300, deadline=None)
@given(
    st.lists(hands, max_size=30),
    st.integers(2, 5),
    st.integers(20, 400),
    st.integers(0, 60),
)
def test_teams_fold_matches_the_sources_words(
    results: list[HandResult], players: int, target: int, bonus: int
) -> None:
    rules = RuleSet(
        match_format=MatchFormat.TEAMS,
        team_players=players,
        team_target=target,
        team_sweep_bonus=bonus,
    )
    ledger = ledger_for(results, rules)
    assert isinstance(ledger, SeatedMatch) and ledger.tables == players
    assert (ledger.totals, ledger.winner) == teams_by_the_words(results, players, target, bonus)
    if ledger.winner is None:  # the unfinished deal's hands wait
        assert len(ledger.pending) == len(results) % players


def test_team_players_meet_every_opponent_once_in_as_many_deals() -> None:
    for players in (3, 4):
        met = {
            (seat.player_a, seat.player_b)
            for seat in map(lambda h: seat_of(h, players), range(players * players))
        }
        assert len(met) == players * players  # each of A's players meets each of B's
        for deal in range(players):
            seats = [seat_of(deal * players + t, players) for t in range(players)]
            assert sorted(s.player_b for s in seats) == list(range(players))  # all B seated
