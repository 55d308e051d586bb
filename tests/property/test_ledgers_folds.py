"""Properties of the ledgers over random hands under every preset."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from gin_scorer.core.hands import (
    Declaration,
    HandRecord,
    HandResult,
    Side,
    score_hand,
)
from gin_scorer.core.ledgers import PerSide, play_game, play_hollywood, play_match, play_multimatch
from gin_scorer.core.ledgers.partnership import play_partnership
from gin_scorer.core.ledgers.three_player import play_three_player
from gin_scorer.core.rules import MatchFormat, RuleSet, ShutoutRule
from gin_scorer.presets import list_presets

PRESETS = list_presets()
SIDES = st.sampled_from([Side.A, Side.B])


@st.composite
def records(draw: st.DrawFn, rules: RuleSet) -> HandRecord:
    kinds = [Declaration.KNOCK, Declaration.GIN, Declaration.DEAD]
    if rules.big_gin_allowed:
        kinds.append(Declaration.BIG_GIN)
    kind = draw(st.sampled_from(kinds))
    if kind is Declaration.DEAD:
        return HandRecord(kind)
    who = draw(SIDES)
    defender = draw(st.integers(0, 100))
    if kind is Declaration.KNOCK:
        return HandRecord(kind, who, ((who, draw(st.integers(1, 10))), (who.other, defender)))
    return HandRecord(kind, who, ((who.other, defender),))


@st.composite
def scored(draw: st.DrawFn, max_size: int = 40) -> tuple[RuleSet, list[HandResult]]:
    rules = draw(st.sampled_from(PRESETS))
    shutout = draw(st.sampled_from(list(ShutoutRule)))
    rules = rules.with_changes(shutout=shutout.value, target=draw(st.sampled_from([50, 100, 250])))
    hands = draw(st.lists(records(rules), max_size=max_size))
    return rules, [score_hand(h, rules) for h in hands]


def won_points(results: list[HandResult]) -> PerSide:
    total = PerSide()
    for r in results:
        if r.winner is not None:
            total = total.plus(r.winner, r.points)
    return total


@settings(max_examples=150, deadline=None)
@given(scored())
def test_game_final_is_its_lines_plus_bonuses(case: tuple[RuleSet, list[HandResult]]) -> None:
    rules, results = case
    game = play_game(results, rules)
    counted = [line.result for line in game.lines]
    assert counted == results[: len(counted)]
    assert game.points == won_points(counted)
    assert game.final == game.points + game.box_bonus + game.game_bonus + game.shutout_bonus
    assert game.lines[-1].totals == game.points if game.lines else game.points == PerSide()
    # The game ends exactly at the first hand reaching the target.
    for line in game.lines[:-1]:
        assert max(line.totals.a, line.totals.b) < rules.target
    if game.finished:
        assert game.winner is not None and game.points[game.winner] >= rules.target
        assert game.margin == game.final[game.winner] - game.final[game.winner.other] > 0
        assert game.box_bonus == PerSide(
            game.boxes.a * rules.box_value, game.boxes.b * rules.box_value
        )
    else:
        assert len(counted) == len(results) and game.final == game.points


@settings(max_examples=150, deadline=None)
@given(scored(max_size=60))
def test_no_hand_counted_in_two_games_of_a_match(case: tuple[RuleSet, list[HandResult]]) -> None:
    rules, results = case
    rules = rules.with_changes(match_format=MatchFormat.BEST_OF.value, best_of=3, target=50)
    match = play_match(results, rules)
    hands = [line.hand for game in match.games for line in game.lines]
    assert hands == list(range(len(hands)))  # each once, in order, no gaps
    assert hands + list(match.extra_hands) == list(range(len(results)))
    assert all(game.finished for game in match.games[:-1])
    wins = PerSide()
    for game in match.games:
        if game.winner is not None:
            wins = wins.plus(game.winner, 1)
    assert wins == match.games_won
    assert max(wins.a, wins.b) <= 2
    assert match.finished == (max(wins.a, wins.b) == 2)
    assert match.margin == match.totals.a - match.totals.b


@settings(max_examples=150, deadline=None)
@given(scored(max_size=60))
def test_hollywood_entry_rule(case: tuple[RuleSet, list[HandResult]]) -> None:
    rules, results = case
    hw = play_hollywood(results, rules)
    first = hw.games[0]
    closing = first.lines[-1].hand if first.finished else len(results)
    # Game 1 gets every scoring hand until it closes, and nothing after.
    scoring = [i for i, r in enumerate(results) if r.winner is not None and i <= closing]
    assert [line.hand for line in first.lines] == scoring
    for game in hw.games:
        assert game.points == won_points([line.result for line in game.lines])
        if game.finished:
            last = game.lines[-1].hand
            assert all(line.hand <= last for line in game.lines)
    for i, entered in enumerate(hw.entries):
        assert list(entered) == sorted(set(entered))
        result = results[i]
        if result.winner is None:
            assert entered == ()
    # A player's n-th scoring hand (while all games are open) goes to games 1..n.
    counts = {Side.A: 0, Side.B: 0}
    for i, result in enumerate(results):
        if result.winner is None:
            continue
        if any(game.finished and game.lines[-1].hand < i for game in hw.games):
            break
        counts[result.winner] += 1
        n = min(counts[result.winner], len(hw.games))
        assert hw.entries[i] == tuple(range(1, n + 1))


@settings(max_examples=100, deadline=None)
@given(scored(max_size=60))
def test_multimatch_totals_are_the_credits(case: tuple[RuleSet, list[HandResult]]) -> None:
    rules, results = case
    mm = play_multimatch(results, rules)
    running = PerSide()
    for credit in mm.matches:
        running = running + credit.credit
        assert credit.totals == running
    assert mm.totals == running
    hands = [line.hand for m in mm.matches for line in m.game.lines]
    assert hands + list(mm.extra_hands) == list(range(len(results)))


@settings(max_examples=100, deadline=None)
@given(scored(max_size=40), st.data())
def test_partnership_and_three_player_sums(
    case: tuple[RuleSet, list[HandResult]], data: st.DataObject
) -> None:
    rules, results = case
    deals = list(zip(results[::2], results[1::2], strict=False))
    p = play_partnership(deals, rules)
    assert p.totals == sum((d.scored for d in p.deals), PerSide())
    for d in p.deals:
        assert min(d.scored.a, d.scored.b) == 0
        assert (
            d.scored.a - d.scored.b == won_points(list(d.tables)).a - won_points(list(d.tables)).b
        )
    three = play_three_player(results, rules, first_dealer=data.draw(st.integers(0, 2)))
    assert sum(three.points) == sum(
        line.result.points for line in three.lines if line.winner is not None
    )
    for line in three.lines:
        assert line.dealer not in line.players
