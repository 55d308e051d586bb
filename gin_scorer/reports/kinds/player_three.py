"""A player's lines for a table of three (decision 0014): one line against each of the other
two players, as the standings count the table — the winner beats both; of the other two,
the higher total wins (equal totals: drawn); a player who withdrew from a table being played
loses to both others (a forfeit). The hands on each line are those the two played against
each other (not those one of them dealt and sat out)."""

from __future__ import annotations

from gin_scorer.core.hands import Outcome
from gin_scorer.core.ledgers.three_player import ThreePlayerGame
from gin_scorer.presentation.result_grammar import kind_word
from gin_scorer.reports.player_sheet import LineResult, PlayerMatchLine
from gin_scorer.services.support.dto import ResultKind, ScoreSheet


def _between(game: ThreePlayerGame, me: int, other: int, gone: set[int]) -> LineResult:
    """How ``me`` stands against ``other`` at this table (seats)."""
    if game.finished:
        if game.winner in (me, other):
            return LineResult.WON if game.winner == me else LineResult.LOST
        mine, theirs = game.final[me], game.final[other]
    elif gone:  # someone left the table while it was played
        if me in gone:
            return LineResult.LOST
        if other in gone:
            return LineResult.WON
        mine, theirs = game.points[me], game.points[other]
    else:
        return LineResult.IN_PLAY if game.lines else LineResult.TO_PLAY
    if mine == theirs:
        return LineResult.DRAWN
    return LineResult.WON if mine > theirs else LineResult.LOST


def three_lines(sheet: ScoreSheet, game: ThreePlayerGame, entrant_id: int) -> list[PlayerMatchLine]:
    """The player's two lines of a table of three, one against each other player."""
    players = sheet.match.players
    me = next(seat for seat, e in enumerate(players) if e.id == entrant_id)
    gone = set() if game.finished else {s for s, e in enumerate(players) if not e.active}
    totals = game.final if game.finished else game.points
    lines = []
    for other in (s for s in range(len(players)) if s != me):
        result = _between(game, me, other, gone)
        forfeit = bool({me, other} & gone)
        played = [h for h in game.lines if {me, other} == set(h.players)]
        won = [h.result for h in played if h.winner == me]
        lines.append(
            PlayerMatchLine(
                round=str(sheet.match.round_number or ""),
                table=str(sheet.match.table_number or ""),
                opponent=players[other].name,
                result=result,
                games_for=int(result is LineResult.WON),
                games_against=int(result is LineResult.LOST),
                points_for=totals[me],
                points_against=totals[other],
                hands_played=len(played),
                hands_won=len(won),
                gins=sum(1 for r in won if r.outcome in (Outcome.GIN, Outcome.BIG_GIN)),
                undercuts=sum(1 for r in won if r.outcome is Outcome.UNDERCUT),
                kind=kind_word(ResultKind.FORFEIT) if forfeit else "",
                points_known=not forfeit,
                table_of_three=True,
            )
        )
    return lines
