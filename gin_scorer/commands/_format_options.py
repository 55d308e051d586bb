"""The event-format options shared by ``event new`` and ``event settings``: Swiss rounds, what a
bye is worth, the tie-breaks and their order, the double-elimination bracket reset, check-in,
entrants kept at one table, and what a forfeit and time called are worth.

The options only gather what the director typed; the checking is the tournament engine's
(:meth:`TournamentSettings.from_dict` via the services), so the CLI and the app refuse the same
things with the same words.
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping
from typing import Any

from gin_scorer.presentation.standings_table import tie_break_label
from gin_scorer.presentation.words import translate
from gin_scorer.tournament.results import TimeCalledWinner
from gin_scorer.tournament.settings import TieBreak

_OPTION_KEYS = {
    "rounds": "rounds",
    "tie_breaks": "tie_breaks",
    "bye_match_win": "bye_match_win",
    "bye_game_wins": "bye_game_wins",
    "bye_points": "bye_points",
    "bracket_reset": "bracket_reset",
    "require_check_in": "require_check_in",
    "forfeit_game_wins": "forfeit_game_wins",
    "forfeit_points_per_game": "forfeit_points_per_game",
    "forfeits_as_played": "forfeits_as_played",
    "time_called": "time_called_winner",
    "time_called_game_counts": "time_called_game_counts",
}


def settings_from_args(args: argparse.Namespace) -> dict[str, Any]:
    """Only the settings the director gave, keyed as the engine stores them."""
    changes: dict[str, Any] = {
        key: getattr(args, option)
        for option, key in _OPTION_KEYS.items()
        if getattr(args, option, None) is not None
    }
    seats = getattr(args, "fixed_table", None)
    if seats is not None:
        changes["fixed_tables"] = {str(e): t for seat in seats if seat for e, t in [seat]}
    return changes


def describe_settings(settings: Mapping[str, object], event_format: str) -> list[str]:
    """The settings in words, one per line, for ``event settings`` and ``event show``: a label,
    then the value in a column two spaces after the longest label."""

    labels = {t.value: tie_break_label(t) for t in TieBreak}
    order = settings.get("tie_breaks")
    listed = order if isinstance(order, list | tuple) else ()
    ranked = ", ".join(labels.get(str(t), str(t)) for t in listed)
    worth = _worth(settings.get("bye_match_win", True), settings.get("bye_game_wins"))
    bye_points = settings.get("bye_points", 0)
    if bye_points == 1:
        bye = translate("cli", "{0}, 1 point").format(worth, bye_points)
    else:
        bye = translate("cli", "{0}, {1} points").format(worth, bye_points)
    rows: list[tuple[str, str]] = []
    if event_format == "swiss":
        rounds = settings.get("rounds")
        suggested = translate("cli", "suggested from the field")
        rows.append((translate("cli", "rounds:"), str(rounds) if rounds else suggested))
    rows += [(translate("cli", "tie-breaks:"), ranked), (translate("cli", "a bye is worth:"), bye)]
    if event_format == "double-elim":
        reset = _yes_or_no(settings.get("bracket_reset", True))
        rows.append((translate("cli", "bracket reset:"), reset))
    needed = _yes_or_no(settings.get("require_check_in"))
    rows.append((translate("cli", "check-in needed:"), needed))
    rows += _result_rows(settings)
    seats = settings.get("fixed_tables")
    if isinstance(seats, Mapping) and seats:
        pairs = ", ".join(
            translate("cli", "entrant {0} at table {1}").format(e, t) for e, t in seats.items()
        )
        rows.append((translate("cli", "fixed tables:"), pairs))
    width = max(len(label) for label, _ in rows) + 2
    return [label.ljust(width) + value for label, value in rows]


def _yes_or_no(value: object) -> str:
    return translate("cli", "yes") if value else translate("cli", "no")


def _worth(match_win: object, game_wins: object) -> str:
    """What a bye or a forfeit credits before its points: the match win and the game wins."""
    if game_wins is None:
        if match_win:
            return translate("cli", "a match win, the games a won match takes")
        return translate("cli", "no match win, the games a won match takes")
    if game_wins == 1:
        if match_win:
            return translate("cli", "a match win, 1 game win")
        return translate("cli", "no match win, 1 game win")
    if match_win:
        return translate("cli", "a match win, {0} game wins").format(game_wins)
    return translate("cli", "no match win, {0} game wins").format(game_wins)


def _result_rows(settings: Mapping[str, object]) -> list[tuple[str, str]]:
    """What a forfeit and time called are worth, in words: (label, value)."""
    worth = _worth(settings.get("forfeit_match_win", True), settings.get("forfeit_game_wins"))
    points = settings.get("forfeit_points_per_game", 0)
    played = bool(settings.get("forfeits_as_played"))
    if points == 1 and played:
        forfeit = translate("cli", "{0}, 1 point a game, played").format(worth, points)
    elif points == 1:
        forfeit = translate("cli", "{0}, 1 point a game, unplayed").format(worth, points)
    elif played:
        forfeit = translate("cli", "{0}, {1} points a game, played").format(worth, points)
    else:
        forfeit = translate("cli", "{0}, {1} points a game, unplayed").format(worth, points)
    winner = TimeCalledWinner(str(settings.get("time_called_winner", "leader")))
    if winner is TimeCalledWinner.LEADER:
        called = translate("cli", "the leader in games, then in the current game's points")
    else:
        called = translate("cli", "the director decides")
    if settings.get("time_called_game_counts"):
        called = translate("cli", "{0}; the unfinished game's points count").format(called)
    return [
        (translate("cli", "a forfeit is:"), forfeit),
        (translate("cli", "time called:"), called),
    ]
