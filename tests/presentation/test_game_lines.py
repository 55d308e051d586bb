"""A game's line reads the same in the app's games table and under the terminal's sheet."""

from __future__ import annotations

from gin_scorer.core.hands import score_hand
from gin_scorer.core.ledgers import play_match
from gin_scorer.presentation.game_lines import (
    GameColumn,
    closed_game_lines,
    game_cells,
    game_headers,
)
from gin_scorer.presets import load_preset
from tests.presentation.helpers import GIN_B, KNOCK_A


def _match():  # type: ignore[no-untyped-def]
    rules = load_preset("gra-tournament")
    return rules, play_match([score_hand(r, rules) for r in [GIN_B] * 8 + [KNOCK_A] * 3], rules)


def test_the_apps_table() -> None:
    _rules, match = _match()
    first, second = match.games[0], match.games[1]
    assert len(game_headers(("Ann", "Bob"))) == len(GameColumn)
    assert game_cells(first, ("Ann", "Bob")) == (
        "1 (to 250)",
        "0 – 282",
        "0 – 6",
        "0 – 150",
        "0 – 100",
        "shutout",
        "0 – 814",
        "Bob by 814",
    )
    open_game = game_cells(second, ("Ann", "Bob"))
    assert open_game[GameColumn.FINAL] == "" and open_game[GameColumn.RESULT] == "playing"


def test_the_terminals_closed_games() -> None:
    rules, match = _match()
    assert closed_game_lines(match.games, rules.box_value) == [
        "",
        "game  side    points        boxes bonus shutout  final",
        "   1  B won      282   6×25 = 150   100     282    814",
        "      A            0     0×25 = 0     0              0   margin 814  (shutout)",
    ]
    assert closed_game_lines(match.games[1:], rules.box_value) == []
