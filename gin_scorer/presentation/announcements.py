"""What the desk says after an action, where the director's eye already is (the entry line):
the hand as saved, and a game or the match won by it — never a silent change to the sheet."""

from __future__ import annotations

from gin_scorer.core.ledgers import ledger_games
from gin_scorer.presentation.hand_words import describe_result, side_name
from gin_scorer.presentation.words import say, translate
from gin_scorer.services.support.dto import ScoreSheet


def hand_saved_text(sheet: ScoreSheet, number: int, verb: str) -> str:
    """``hand 5 recorded: Ann knocks … scores 25`` (with the hand's first warning)."""
    hand = next((h for h in sheet.hands if h.number == number), None)
    if hand is None:
        return translate("announcements", "hand {0} {1}").format(number, verb)
    names = _names(sheet)
    text = translate("announcements", "hand {0} {1}: {2}").format(
        number, verb, describe_result(hand.result, names)
    )
    if hand.warnings:
        text += f" — ⚠ {say(hand.warnings[0].words)}"
    return text


def milestone_text(before: ScoreSheet | None, after: ScoreSheet) -> str:
    """The game and the match won by the change from ``before`` to ``after``; "" when none.

    ``game 2 to Bob, 180–57; games 1–1`` · ``game 4 to Ann, 262–90; match to Ann, 3 games
    to 1``
    """
    names = _names(after)
    done_before = (
        {game.number for game in ledger_games(before.ledger) if game.finished} if before else set()
    )
    game_to = translate("announcements", "game {0} to {1}, {2}–{3}")
    parts = [
        game_to.format(game.number, side_name(game.winner, names), game.final.a, game.final.b)
        for game in ledger_games(after.ledger)
        if game.finished and game.winner is not None and game.number not in done_before
    ][-1:]
    if after.finished and after.winner is not None and (before is None or not before.finished):
        won, lost = after.games_won[after.winner], after.games_won[after.winner.other]
        if won == 1:
            match_to = translate("announcements", "match to {0}, 1 game to {1}")
        else:
            match_to = translate("announcements", "match to {0}, {2} games to {1}")
        parts.append(match_to.format(side_name(after.winner, names), lost, won))
    elif parts:
        games = translate("announcements", "games {0}–{1}")
        parts.append(games.format(after.games_won.a, after.games_won.b))
    return "; ".join(parts)


def _names(sheet: ScoreSheet) -> tuple[str, str]:
    b = sheet.match.b
    return (sheet.match.a.name, b.name if b is not None else translate("announcements", "bye"))
