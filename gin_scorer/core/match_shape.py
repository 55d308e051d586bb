"""What a result reported without its hands must fit: a pure value of the core, kept out of
the ledgers package (whose import loads every ledger and the meld search), so that a format's
profile (:mod:`gin_scorer.core.ledgers.profiles`) can say it and the tournament's slips and
forfeits read it (:mod:`gin_scorer.tournament.results`) without loading the scoring core."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class MatchShape:
    """What a reported result must fit: games to win, games at most, a game's target, and the
    least final a won game carries (the target, the game bonus, the box of the last hand:
    :mod:`gin_scorer.tournament.slips`; 0 counts the target alone)."""

    games_to_win: int
    best_of: int
    target: int
    least_final: int = 0
