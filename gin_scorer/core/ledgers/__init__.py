"""Ledgers: pure folds over hand results. Totals are always derived, never stored.

- :mod:`.game`: one game to a target, with boxes, game bonus and shutout.
- :mod:`.match`: single game or best of N games.
- :mod:`.dispatch`: any format in one call (:func:`play_match`, :func:`ledger_for`).
- :mod:`.hollywood`: several games scored at once.
- :mod:`.multimatch`: matches whose credited scores accumulate to a set total.
- :mod:`.partnership`, :mod:`.three_player`: four and three players;
  :mod:`.seated_match` an event's match of two teams at several tables (partnerships, Tedesco
  teams: hands entered table by table).

:func:`ledger_for` picks the ledger of a rule set's match format; every ledger also offers
the shared :class:`Match` summary (``games_won``, ``finished``, ``winner``, ``margin``)
through :func:`play_match`.
"""

from __future__ import annotations

from gin_scorer.core.ledgers.dealing import dealers, next_dealer
from gin_scorer.core.ledgers.dispatch import Ledger, ledger_for, ledger_games, play_match
from gin_scorer.core.ledgers.game import Game, GameLine, play_game
from gin_scorer.core.ledgers.hollywood import Hollywood, play_hollywood
from gin_scorer.core.ledgers.match import Match
from gin_scorer.core.ledgers.multimatch import MatchCredit, MultiMatch, play_multimatch
from gin_scorer.core.ledgers.per_side import PerSide
from gin_scorer.core.ledgers.profiles import tables_of
from gin_scorer.core.ledgers.seated_match import Seat, SeatedMatch, seat_of

__all__ = [
    "Game",
    "GameLine",
    "Hollywood",
    "Ledger",
    "Match",
    "MatchCredit",
    "MultiMatch",
    "PerSide",
    "Seat",
    "SeatedMatch",
    "dealers",
    "ledger_for",
    "ledger_games",
    "next_dealer",
    "play_game",
    "play_hollywood",
    "play_match",
    "play_multimatch",
    "seat_of",
    "tables_of",
]
