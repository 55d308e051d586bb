"""The lines ``gin-scorer score`` prints under its hand table: where each hand went with the
running totals, and each ledger's summary (games, Hollywood, multi-match, partnership, three
players, teams). ``score`` folds the hands as a rule set's format or as a ledger kind asked for
on its command line, so the lines are chosen by the ledger it got: one function registered
for each ledger type (``singledispatch``), a new ledger one more registration."""

from __future__ import annotations

from functools import singledispatch
from typing import Any

from gin_scorer.core.hands import Side
from gin_scorer.core.ledgers import Game, Hollywood, Match, MultiMatch, SeatedMatch
from gin_scorer.core.ledgers.partnership import Partnership
from gin_scorer.core.ledgers.teams import Teams
from gin_scorer.core.ledgers.three_player import ThreePlayerGame
from gin_scorer.presentation.words import translate


def _deal_line(deal: Any, table: int) -> str:
    return translate("cli", "deal {0} table {1}: teams {2}-{3}").format(
        deal.deal + 1, table + 1, deal.totals.a, deal.totals.b
    )


def _game_totals(game: Any, line: Any, *, matches: bool) -> str:
    if matches:
        said = translate("cli", "match {0}: {1}-{2}")
    else:
        said = translate("cli", "game {0}: {1}-{2}")
    return said.format(game.number, line.totals.a, line.totals.b)


@singledispatch
def running_totals(ledger: object) -> dict[int, str]:
    """For each hand index, where it went and the running totals there: one function per
    ledger, registered below, rather than a chain of type tests."""
    raise TypeError(f"no running totals for {type(ledger).__name__}")  # pragma: no cover


@running_totals.register
def _seated_totals(ledger: SeatedMatch) -> dict[int, str]:
    return running_totals(ledger.ledger)  # its deals, as a partnership's or teams'


@running_totals.register
def _partnership_totals(ledger: Partnership) -> dict[int, str]:
    return {
        2 * deal.deal + table: _deal_line(deal, table) for deal in ledger.deals for table in (0, 1)
    }


@running_totals.register
def _teams_totals(ledger: Teams) -> dict[int, str]:
    size = ledger.rules.players
    return {
        size * deal.deal + table: _deal_line(deal, table)
        for deal in ledger.deals
        for table in range(size)
    }


@running_totals.register
def _three_player_totals(ledger: ThreePlayerGame) -> dict[int, str]:
    return {
        line.hand: translate("cli", "P{0} deals, A=P{1} B=P{2}: {3}").format(
            line.dealer + 1,
            line.players[0] + 1,
            line.players[1] + 1,
            "-".join(map(str, line.totals)),
        )
        for line in ledger.lines
    }


@running_totals.register
def _game_totals_of(ledger: Game) -> dict[int, str]:
    return _games_running([ledger], matches=False)


@running_totals.register(Match)
@running_totals.register(Hollywood)
def _match_totals(ledger: Match | Hollywood) -> dict[int, str]:
    return _games_running(list(ledger.games), matches=False)


@running_totals.register
def _multimatch_totals(ledger: MultiMatch) -> dict[int, str]:
    return _games_running([m.game for m in ledger.matches], matches=True)


def _games_running(games: list[Game], *, matches: bool) -> dict[int, str]:
    where: dict[int, list[str]] = {}
    for game in games:
        for line in game.lines:
            where.setdefault(line.hand, []).append(_game_totals(game, line, matches=matches))
    return {hand: "; ".join(parts) for hand, parts in where.items()}


def _game_heading(game: Any) -> str:
    if not game.finished:
        return translate("cli", "Game {0}: in play, to {1}").format(game.number, game.target)
    if game.shutout:
        said = translate("cli", "Game {0}: won by {1} by {2} (shutout)")
    else:
        said = translate("cli", "Game {0}: won by {1} by {2}")
    return said.format(game.number, game.winner.value, game.margin)


def _game_lines(game: Any) -> list[str]:

    out = [_game_heading(game)]
    for side in ("A", "B"):
        s = Side(side)
        parts = [
            translate("cli", "points {0}").format(game.points[s]),
            translate("cli", "boxes {0}").format(game.boxes[s]),
        ]
        if game.finished:
            parts.append(translate("cli", "box bonus {0}").format(game.box_bonus[s]))
            if game.game_bonus[s]:
                parts.append(translate("cli", "game bonus {0}").format(game.game_bonus[s]))
            if game.shutout_bonus[s]:
                parts.append(translate("cli", "shutout {0}").format(game.shutout_bonus[s]))
        out.append(f"  {side}: {game.final[s]:>5}  ({', '.join(parts)})")
    return out


def _hands_after_the_end(extra_hands: Any, line_of: list[int]) -> str:
    later = ", ".join(str(line_of[i]) for i in extra_hands)
    return translate("cli", "Hands after the end, counted nowhere: line {0}").format(later)


def _three_player_lines(ledger: Any, line_of: list[int]) -> list[str]:
    lines = [
        "  "
        + translate("cli", "P{0}: {1}  (points {2}, boxes {3})").format(
            seat + 1, f"{ledger.final[seat]:>5}", ledger.points[seat], ledger.boxes[seat]
        )
        for seat in range(3)
    ]
    dealer = ledger.next_dealer + 1
    if ledger.winner is not None:
        lines.append(
            translate("cli", "Three players: won by P{0}; next dealer P{1}").format(
                ledger.winner + 1, dealer
            )
        )
    else:
        lines.append(translate("cli", "Three players: in play; next dealer P{0}").format(dealer))
    if ledger.extra_hands:
        lines.append(_hands_after_the_end(ledger.extra_hands, line_of))
    return lines


def _teams_line(ledger: Any) -> str:
    swept = sum(1 for deal in ledger.deals if deal.swept_by is not None)
    rules, totals = ledger.rules, ledger.totals
    if ledger.winner:
        if swept == 1:
            said = translate(
                "cli",
                "Teams of {0} to {1}: team A {2}, team B {3}; won by team {4} (1 deal swept, "
                "worth {6})",
            )
        else:
            said = translate(
                "cli",
                "Teams of {0} to {1}: team A {2}, team B {3}; won by team {4} ({5} deals swept, "
                "{6} each)",
            )
        return said.format(
            rules.players,
            rules.target,
            totals.a,
            totals.b,
            ledger.winner.value,
            swept,
            rules.sweep_bonus,
        )
    if swept == 1:
        said = translate(
            "cli",
            "Teams of {0} to {1}: team A {2}, team B {3}; in play (1 deal swept, worth {5})",
        )
    else:
        said = translate(
            "cli",
            "Teams of {0} to {1}: team A {2}, team B {3}; in play ({4} deals swept, {5} each)",
        )
    return said.format(rules.players, rules.target, totals.a, totals.b, swept, rules.sweep_bonus)


def _partnership_lines(ledger: Any) -> list[str]:
    totals = ledger.totals
    if ledger.winner:
        said = translate("cli", "Partnership to {0}: team A {1}, team B {2}; won by team {3}")
        lines = [said.format(ledger.target, totals.a, totals.b, ledger.winner.value)]
    else:
        said = translate("cli", "Partnership to {0}: team A {1}, team B {2}; in play")
        lines = [said.format(ledger.target, totals.a, totals.b)]
    if ledger.extra_deals:
        lines.append(
            translate("cli", "Deals after the end, counted nowhere: {0}").format(
                len(ledger.extra_deals)
            )
        )
    return lines


def _match_line(ledger: Any, *, hollywood: bool) -> str:
    """The match's (or the Hollywood's) line: games won, the result, the margin."""
    won = ledger.games_won
    if ledger.winner:
        if hollywood:
            said = translate("cli", "Hollywood: games A {0}, B {1}; won by {2}; margin (A - B) {3}")
        else:
            said = translate("cli", "Match: games A {0}, B {1}; won by {2}; margin (A - B) {3}")
        return said.format(won.a, won.b, ledger.winner.value, ledger.margin)
    if ledger.finished and hollywood:
        said = translate("cli", "Hollywood: games A {0}, B {1}; finished level; margin (A - B) {2}")
    elif ledger.finished:
        said = translate("cli", "Match: games A {0}, B {1}; finished level; margin (A - B) {2}")
    elif hollywood:
        said = translate("cli", "Hollywood: games A {0}, B {1}; in play; margin (A - B) {2}")
    else:
        said = translate("cli", "Match: games A {0}, B {1}; in play; margin (A - B) {2}")
    return said.format(won.a, won.b, ledger.margin)


def _multimatch_lines(ledger: Any) -> list[str]:
    lines: list[str] = []
    for credit in ledger.matches:
        game = credit.game
        values = (
            game.points.a,
            game.points.b,
            credit.credit.a,
            credit.credit.b,
            credit.totals.a,
            credit.totals.b,
        )
        if game.finished and game.winner:
            said = translate(
                "cli",
                "Match {0}: won by {1}; score A {2}, B {3}; credited A {4}, B {5}; "
                "totals A {6}, B {7}",
            )
            lines.append(said.format(game.number, game.winner.value, *values))
        else:
            said = translate(
                "cli",
                "Match {0}: in play; score A {1}, B {2}; credited A {3}, B {4}; "
                "totals A {5}, B {6}",
            )
            lines.append(said.format(game.number, *values))
    totals = ledger.totals
    if ledger.winner:
        said = translate("cli", "Multi-match to {0}: A {1}, B {2}; won by {3}")
        lines.append(said.format(ledger.total_target, totals.a, totals.b, ledger.winner.value))
    else:
        said = translate("cli", "Multi-match to {0}: A {1}, B {2}; in play")
        lines.append(said.format(ledger.total_target, totals.a, totals.b))
    return lines


@singledispatch
def summary(ledger: object, line_of: list[int]) -> list[str]:
    """Each ledger's summary under the hand table (one function per ledger, below)."""
    del line_of
    return [repr(ledger)]  # pragma: no cover - every ledger kind is registered below


@summary.register
def _seated_summary(ledger: SeatedMatch, line_of: list[int]) -> list[str]:
    return summary(ledger.ledger, line_of)  # its deals, as a partnership's or teams'


@summary.register
def _game_summary(ledger: Game, line_of: list[int]) -> list[str]:
    del line_of
    return _game_lines(ledger)


@summary.register
def _partnership_summary(ledger: Partnership, line_of: list[int]) -> list[str]:
    del line_of
    return _partnership_lines(ledger)


@summary.register
def _three_player_summary(ledger: ThreePlayerGame, line_of: list[int]) -> list[str]:
    return _three_player_lines(ledger, line_of)


@summary.register
def _teams_summary(ledger: Teams, line_of: list[int]) -> list[str]:
    del line_of
    return [_teams_line(ledger)]


@summary.register(Match)
@summary.register(Hollywood)
def _match_summary(ledger: Match | Hollywood, line_of: list[int]) -> list[str]:
    lines: list[str] = []
    for game in ledger.games:
        lines += _game_lines(game)
    lines.append(_match_line(ledger, hollywood=isinstance(ledger, Hollywood)))
    if ledger.extra_hands:
        lines.append(_hands_after_the_end(ledger.extra_hands, line_of))
    return lines


@summary.register
def _multimatch_summary(ledger: MultiMatch, line_of: list[int]) -> list[str]:
    del line_of
    return _multimatch_lines(ledger)
