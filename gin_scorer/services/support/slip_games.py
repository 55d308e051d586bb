"""A slip's games as the result log stores them (``result_entry.game_points_json``) and an
event file carries them: each game's finals and its winner (decision 0016), or — a row of a
database from before it — the games' hand points, as they were stored then.

- finals: ``{"scale": "finals", "games": [[375, 50, "A"], [430, 490, "A"]]}``;
- hand points (before decision 0016): ``[[251, 0], [90, 251]]``;
- no totals: ``[]``.

The shape itself says which scale a row is on, so a database keeps its meaning without its
sealed rows being rewritten.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass

from gin_scorer.core.hands import Side
from gin_scorer.tournament.slips import GameFinal, PointsScale


@dataclass(frozen=True, slots=True)
class SlipGames:
    """A slip's games as stored: the totals A–B, each game's winner (finals only), the scale."""

    points: tuple[tuple[int, int], ...] = ()
    winners: tuple[Side, ...] = ()
    scale: PointsScale = PointsScale.FINALS

    @property
    def finals(self) -> tuple[GameFinal, ...]:
        """The games as finals (empty unless on the finals scale)."""
        if self.scale is not PointsScale.FINALS:
            return ()
        return tuple(
            GameFinal(a, b, w is Side.A)
            for (a, b), w in zip(self.points, self.winners, strict=True)
        )


def finals_data(finals: Sequence[GameFinal]) -> object:
    """The stored form of a slip's finals (``[]`` without any)."""
    if not finals:
        return []
    games = [[g.a, g.b, "A" if g.a_won else "B"] for g in finals]
    return {"scale": PointsScale.FINALS.value, "games": games}


def finals_json(finals: Sequence[GameFinal]) -> str:
    return json.dumps(finals_data(finals))


def slip_games(data: object) -> SlipGames:
    """A stored (or event-file) value read back; ValueError names what is wrong with it."""
    if isinstance(data, list):  # before decision 0016: hand points, or nothing
        if not data:
            return SlipGames()
        return SlipGames(tuple(_pair(item) for item in data), (), PointsScale.HAND_POINTS)
    if not isinstance(data, dict) or data.get("scale") != PointsScale.FINALS.value:
        raise ValueError("game points: neither a list of A-B totals nor the games' finals")
    games = data.get("games")
    if set(data) != {"scale", "games"} or not isinstance(games, list) or not games:
        raise ValueError("game finals: a list of games [A, B, winner] is needed")
    points, winners = [], []
    for game in games:
        if not isinstance(game, list) or len(game) != 3 or game[2] not in ("A", "B"):
            raise ValueError("game finals: each game is [A's final, B's final, 'A' or 'B']")
        points.append(_pair(game[:2]))
        winners.append(Side(game[2]))
    return SlipGames(tuple(points), tuple(winners), PointsScale.FINALS)


def _pair(item: object) -> tuple[int, int]:
    if (
        not isinstance(item, list)
        or len(item) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in item)
    ):
        raise ValueError("game points: each game is two whole numbers, A's then B's")
    return (item[0], item[1])
