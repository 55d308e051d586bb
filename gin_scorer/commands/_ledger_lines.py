"""The lines ``gin-scorer score`` prints under its hand table: where each hand went with the
running totals, and each ledger's summary (games, Hollywood, multi-match, partnership, three
players, teams)."""

from __future__ import annotations

from typing import Any


def running_totals(ledger: Any) -> dict[int, str]:
    """For each hand index, where it went and the running totals there."""
    from gin_scorer.core.ledgers import Game, Hollywood, Match, MultiMatch, SeatedMatch
    from gin_scorer.core.ledgers.partnership import Partnership
    from gin_scorer.core.ledgers.teams import Teams
    from gin_scorer.core.ledgers.three_player import ThreePlayerGame

    if isinstance(ledger, SeatedMatch):  # a partnership rule set: its deals
        ledger = ledger.ledger
    where: dict[int, list[str]] = {}
    if isinstance(ledger, Partnership):
        return {
            2 * deal.deal + table: f"deal {deal.deal + 1} table {table + 1}: "
            f"teams {deal.totals.a}-{deal.totals.b}"
            for deal in ledger.deals
            for table in (0, 1)
        }
    if isinstance(ledger, Teams):
        size = ledger.rules.players
        return {
            size * deal.deal + table: f"deal {deal.deal + 1} table {table + 1}: "
            f"teams {deal.totals.a}-{deal.totals.b}"
            for deal in ledger.deals
            for table in range(size)
        }
    if isinstance(ledger, ThreePlayerGame):
        return {
            line.hand: f"P{line.dealer + 1} deals, A=P{line.players[0] + 1} "
            f"B=P{line.players[1] + 1}: " + "-".join(map(str, line.totals))
            for line in ledger.lines
        }
    games: list[Any]
    if isinstance(ledger, Game):
        games = [ledger]
    elif isinstance(ledger, Match | Hollywood):
        games = list(ledger.games)
    elif isinstance(ledger, MultiMatch):
        games = [m.game for m in ledger.matches]
    else:  # pragma: no cover - every ledger kind is listed above
        games = []
    label = "match" if isinstance(ledger, MultiMatch) else "game"
    for game in games:
        for line in game.lines:
            where.setdefault(line.hand, []).append(
                f"{label} {game.number}: {line.totals.a}-{line.totals.b}"
            )
    return {hand: "; ".join(parts) for hand, parts in where.items()}


def _game_lines(game: Any) -> list[str]:
    status = (
        f"won by {game.winner.value} by {game.margin}" + (" (shutout)" if game.shutout else "")
        if game.finished
        else f"in play, to {game.target}"
    )
    from gin_scorer.core.hands import Side

    out = [f"Game {game.number}: {status}"]
    for side in ("A", "B"):
        s = Side(side)
        parts = [f"points {game.points[s]}", f"boxes {game.boxes[s]}"]
        if game.finished:
            parts.append(f"box bonus {game.box_bonus[s]}")
            if game.game_bonus[s]:
                parts.append(f"game bonus {game.game_bonus[s]}")
            if game.shutout_bonus[s]:
                parts.append(f"shutout {game.shutout_bonus[s]}")
        out.append(f"  {side}: {game.final[s]:>5}  ({', '.join(parts)})")
    return out


def _three_player_lines(ledger: Any, line_of: list[int]) -> list[str]:
    lines = [
        f"  P{seat + 1}: {ledger.final[seat]:>5}  (points {ledger.points[seat]}, "
        f"boxes {ledger.boxes[seat]})"
        for seat in range(3)
    ]
    result = f"won by P{ledger.winner + 1}" if ledger.winner is not None else "in play"
    lines.append(f"Three players: {result}; next dealer P{ledger.next_dealer + 1}")
    if ledger.extra_hands:
        later = ", ".join(str(line_of[i]) for i in ledger.extra_hands)
        lines.append(f"Hands after the end, counted nowhere: line {later}")
    return lines


def _teams_line(ledger: Any) -> str:
    result = f"won by team {ledger.winner.value}" if ledger.winner else "in play"
    swept = sum(1 for deal in ledger.deals if deal.swept_by is not None)
    return (
        f"Teams of {ledger.rules.players} to {ledger.rules.target}: team A "
        f"{ledger.totals.a}, team B {ledger.totals.b}; {result} ({swept} deals swept, "
        f"{ledger.rules.sweep_bonus} each)"
    )


def summary(ledger: Any, line_of: list[int]) -> list[str]:
    from gin_scorer.core.ledgers import Game, Hollywood, Match, MultiMatch, SeatedMatch
    from gin_scorer.core.ledgers.partnership import Partnership
    from gin_scorer.core.ledgers.teams import Teams
    from gin_scorer.core.ledgers.three_player import ThreePlayerGame

    if isinstance(ledger, SeatedMatch):  # a partnership rule set: its deals
        ledger = ledger.ledger
    lines: list[str] = []
    if isinstance(ledger, Game):
        return _game_lines(ledger)
    if isinstance(ledger, Partnership):
        result = f"won by team {ledger.winner.value}" if ledger.winner else "in play"
        lines.append(
            f"Partnership to {ledger.target}: team A {ledger.totals.a}, "
            f"team B {ledger.totals.b}; {result}"
        )
        if ledger.extra_deals:
            lines.append(f"Deals after the end, counted nowhere: {len(ledger.extra_deals)}")
        return lines
    if isinstance(ledger, ThreePlayerGame):
        return _three_player_lines(ledger, line_of)
    if isinstance(ledger, Teams):
        return [_teams_line(ledger)]
    if isinstance(ledger, Match | Hollywood):
        for game in ledger.games:
            lines += _game_lines(game)
        kind = "Hollywood" if isinstance(ledger, Hollywood) else "Match"
        won = ledger.games_won
        result = (
            f"won by {ledger.winner.value}"
            if ledger.winner
            else ("finished level" if ledger.finished else "in play")
        )
        lines.append(
            f"{kind}: games A {won.a}, B {won.b}; {result}; margin (A - B) {ledger.margin}"
        )
        if ledger.extra_hands:
            later = ", ".join(str(line_of[i]) for i in ledger.extra_hands)
            lines.append(f"Hands after the end, counted nowhere: line {later}")
        return lines
    if isinstance(ledger, MultiMatch):
        for credit in ledger.matches:
            game = credit.game
            status = f"won by {game.winner.value}" if game.finished and game.winner else "in play"
            lines.append(
                f"Match {game.number}: {status}; score A {game.points.a}, B {game.points.b}; "
                f"credited A {credit.credit.a}, B {credit.credit.b}; "
                f"totals A {credit.totals.a}, B {credit.totals.b}"
            )
        result = f"won by {ledger.winner.value}" if ledger.winner else "in play"
        lines.append(
            f"Multi-match to {ledger.total_target}: A {ledger.totals.a}, B {ledger.totals.b}; "
            f"{result}"
        )
        return lines
    return [repr(ledger)]  # pragma: no cover
