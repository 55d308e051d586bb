"""Turn the core's ledgers (a :class:`Match` of games, a :class:`Hollywood`) and a rule set
into what the score sheet and the Hollywood pad print.

Pure: every number here is read off the ledger; nothing is added up again. Hand numbers on
paper are 1-based positions in the match (the ledgers count from 0).
"""

from __future__ import annotations

from collections.abc import Sequence

from gin_scorer.core.hands import Side
from gin_scorer.core.ledgers import Game, Hollywood, Match, MultiMatch
from gin_scorer.core.rules import MatchFormat, RuleSet
from gin_scorer.reports.hollywood_pad import PadFill, PadGameClose, PadLine, PadShape
from gin_scorer.reports.score_sheet import GameFill, SheetFill, SheetLine, SheetShape


def sheet_shape(rules: RuleSet) -> SheetShape:
    """The blank sheet an event's rules call for (best of 5 → five game blocks).

    >>> sheet_shape(RuleSet(match_format=MatchFormat.BEST_OF, best_of=5, target=250)).games
    5
    """
    if rules.match_format is MatchFormat.MULTI_MATCH:
        return multimatch_shape(rules)
    games = rules.best_of if rules.match_format is MatchFormat.BEST_OF else 1
    return SheetShape(
        games=max(games, 1),
        games_to_win=rules.games_to_win if games > 1 else 1,
        target=rules.target,
        game_bonus=rules.game_bonus,
        box_value=rules.box_value,
        shutout_rule=rules.shutout.value if rules.shutout.value != "none" else "",
        rows_per_game=14 if games > 3 else (20 if games > 1 else 24),
    )


def multimatch_shape(rules: RuleSet) -> SheetShape:
    """Multi-match: a block per match to the match target; credits close each block."""
    return SheetShape(
        games=3,
        games_to_win=0,
        target=rules.multimatch_match_target,
        game_bonus=rules.multimatch_match_bonus,
        box_value=rules.multimatch_per_hand_won,
        shutout_rule="",
        rows_per_game=20,
        block_word="Match",
        box_label=f"Hands ×{rules.multimatch_per_hand_won}",
        bonus_label="Match bonus",
        total_label="Credited",
        rule_text=(
            f"Multi-match: each match to {rules.multimatch_match_target}; credit = match score "
            f"+ {rules.multimatch_per_hand_won} per hand won, +{rules.multimatch_match_bonus} "
            f"to the match winner, +{rules.multimatch_shutout_bonus} more for a shutout; "
            f"first to {rules.multimatch_total_target} credited wins"
        ),
    )


def multimatch_fill(ledger: MultiMatch, name_a: str, name_b: str) -> SheetFill:
    """The filled multi-match sheet: each match's hands, then its credits (read off the
    ledger's :class:`MatchCredit`)."""
    names = {Side.A: name_a, Side.B: name_b}
    games = []
    for number, credit in enumerate(ledger.matches, start=1):
        base = game_fill(credit.game)
        finished = credit.game.finished
        games.append(
            GameFill(
                number=number,
                lines=base.lines,
                a_boxes=credit.game.hands_won.a if finished else 0,
                b_boxes=credit.game.hands_won.b if finished else 0,
                a_box_points=credit.hand_credit.a,
                b_box_points=credit.hand_credit.b,
                a_game_bonus=credit.match_bonus.a,
                b_game_bonus=credit.match_bonus.b,
                shutout=credit.game.shutout,
                a_shutout_bonus=credit.shutout_bonus.a,
                b_shutout_bonus=credit.shutout_bonus.b,
                a_final=credit.credit.a if finished else None,
                b_final=credit.credit.b if finished else None,
                winner=base.winner,
            )
        )
    totals = ledger.totals
    if ledger.finished and ledger.winner is not None:
        result = (
            f"{names[ledger.winner]} wins on credits {max(totals.a, totals.b)}–"
            f"{min(totals.a, totals.b)}"
        )
    else:
        result = f"credited so far: {totals.a}–{totals.b} (to {ledger.total_target})"
    return SheetFill(
        games=tuple(games),
        games_won_a=ledger.matches_won.a,
        games_won_b=ledger.matches_won.b,
        winner_name=names[ledger.winner] if ledger.winner is not None else "",
        result_line=result,
    )


def pad_shape(rules: RuleSet) -> PadShape:
    targets = tuple(rules.hollywood_targets[: rules.hollywood_games]) or (rules.target,) * 3
    return PadShape(targets=targets, game_bonus=rules.game_bonus, box_value=rules.box_value)


def _winner_letter(side: Side | None) -> str:
    return "" if side is None else side.value


def game_fill(game: Game) -> GameFill:
    lines = []
    for line in game.lines:
        result = line.result
        won = result.winner
        lines.append(
            SheetLine(
                hand=line.hand + 1,
                how=result.outcome.value,
                a_points=result.points if won is Side.A else None,
                b_points=result.points if won is Side.B else None,
                a_total=line.totals.a,
                b_total=line.totals.b,
            )
        )
    finished = game.finished
    return GameFill(
        number=game.number,
        lines=tuple(lines),
        a_boxes=game.boxes.a if finished else 0,
        b_boxes=game.boxes.b if finished else 0,
        a_box_points=game.box_bonus.a,
        b_box_points=game.box_bonus.b,
        a_game_bonus=game.game_bonus.a,
        b_game_bonus=game.game_bonus.b,
        shutout=game.shutout,
        a_shutout_bonus=game.shutout_bonus.a,
        b_shutout_bonus=game.shutout_bonus.b,
        a_final=game.final.a if finished else None,
        b_final=game.final.b if finished else None,
        winner=_winner_letter(game.winner),
    )


def sheet_fill(match: Match, name_a: str, name_b: str, *, next_dealer: str = "") -> SheetFill:
    """The filled score sheet of a best-of / single-game match ledger."""
    names = {Side.A: name_a, Side.B: name_b}
    won = match.games_won
    if match.finished and match.winner is not None:
        result = f"{names[match.winner]} wins {max(won.a, won.b)}–{min(won.a, won.b)}"
        if match.margin:
            result += f", margin {abs(match.margin)}"
    elif match.games:
        result = f"in play: {won.a}–{won.b} in games"
    else:
        result = ""
    dealer = f"Next dealer: {next_dealer}" if next_dealer and not match.finished else ""
    return SheetFill(
        games=tuple(game_fill(g) for g in match.games),
        games_won_a=won.a,
        games_won_b=won.b,
        winner_name=names[match.winner] if match.winner is not None else "",
        result_line=result,
        dealer_line=dealer,
    )


def pad_fill(ledger: Hollywood, name_a: str, name_b: str) -> PadFill:
    """The filled Hollywood pad: for each hand, the running totals in the games it entered."""
    games = ledger.games
    # (game number, hand index) -> running totals after that hand in that game
    totals = {(g.number, line.hand): line.totals for g in games for line in g.lines}
    results = {line.hand: line.result for g in games for line in g.lines}
    lines: list[PadLine] = []
    for hand, entered in enumerate(ledger.entries):
        result = results.get(hand)
        a_totals: list[int | None] = []
        b_totals: list[int | None] = []
        for game in games:
            after = totals.get((game.number, hand)) if game.number in entered else None
            winner = result.winner if result else None
            a_totals.append(after.a if after and winner is Side.A else None)
            b_totals.append(after.b if after and winner is Side.B else None)
        if result is None:
            lines.append(PadLine(hand + 1, "", 0, "dead", tuple(a_totals), tuple(b_totals)))
            continue
        lines.append(
            PadLine(
                hand + 1,
                _winner_letter(result.winner),
                result.points,
                result.outcome.value,
                tuple(a_totals),
                tuple(b_totals),
            )
        )
    closes = tuple(
        PadGameClose(
            number=g.number,
            a_box_points=g.box_bonus.a,
            b_box_points=g.box_bonus.b,
            a_bonus=(g.game_bonus + g.shutout_bonus).a,
            b_bonus=(g.game_bonus + g.shutout_bonus).b,
            shutout=g.shutout,
            a_final=g.final.a if g.finished else None,
            b_final=g.final.b if g.finished else None,
            winner=_winner_letter(g.winner),
        )
        for g in games
    )
    names = {Side.A: name_a, Side.B: name_b}
    won = ledger.games_won
    if ledger.finished and ledger.winner is not None:
        result_line = (
            f"{names[ledger.winner]} wins {max(won.a, won.b)}–{min(won.a, won.b)}"
            f" in games, margin {abs(ledger.margin)}"
        )
    else:
        result_line = f"Games won so far: {name_a or 'A'} {won.a}, {name_b or 'B'} {won.b}"
    return PadFill(tuple(lines), closes, result_line)


def hands_of(games: Sequence[Game]) -> int:
    """How many hands the games hold (a hand counted once even if in several games)."""
    return len({line.hand for g in games for line in g.lines})
