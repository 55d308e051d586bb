"""Ledgers: pure folds over hand results. Totals are always derived, never stored.

- :mod:`.game`: one game to a target, with boxes, game bonus and shutout.
- :mod:`.match`: single game or best of N games.
- :mod:`.hollywood`: several games scored at once.
- :mod:`.multimatch`: matches whose credited scores accumulate to a set total.
- :mod:`.partnership`, :mod:`.three_player`: four and three players.

:func:`ledger_for` picks the ledger of a rule set's match format; every ledger also offers
the shared :class:`Match` summary (``games_won``, ``finished``, ``winner``, ``margin``)
through :func:`play_match`.
"""

from __future__ import annotations

from collections.abc import Sequence

from gin_scorer.core.hands import HandResult
from gin_scorer.core.ledgers.dealing import dealers, next_dealer
from gin_scorer.core.ledgers.game import Game, GameLine, play_game
from gin_scorer.core.ledgers.hollywood import Hollywood, play_hollywood
from gin_scorer.core.ledgers.match import Match, play_match
from gin_scorer.core.ledgers.multimatch import MatchCredit, MultiMatch, play_multimatch
from gin_scorer.core.ledgers.per_side import PerSide
from gin_scorer.core.rules import MatchFormat, RuleSet

Ledger = Match | Hollywood | MultiMatch


def ledger_for(results: Sequence[HandResult], rules: RuleSet) -> Ledger:
    """The full ledger for ``rules.match_format``: a :class:`Match` (single game, best of N),
    a :class:`Hollywood` or a :class:`MultiMatch`."""
    if rules.match_format is MatchFormat.HOLLYWOOD:
        return play_hollywood(results, rules)
    if rules.match_format is MatchFormat.MULTI_MATCH:
        return play_multimatch(results, rules)
    return play_match(results, rules)


def ledger_games(ledger: object) -> tuple[Game, ...]:
    """The games of any ledger: a lone :class:`Game`, a :class:`Match`, a :class:`Hollywood`
    (its columns) or a :class:`MultiMatch` (each match's game); () for anything else.

    >>> from gin_scorer.core.hand_json import record_from_json
    >>> from gin_scorer.core.hands import score_hand
    >>> from gin_scorer.core.rules import RuleSet
    >>> gin = score_hand(record_from_json({"gin": "A", "deadwood": {"B": 30}}), RuleSet())
    >>> [game.points.a for game in ledger_games(play_match([gin], RuleSet()))]
    [55]
    """
    if isinstance(ledger, Game):
        return (ledger,)
    if isinstance(ledger, Match):
        return ledger.games
    if isinstance(ledger, Hollywood | MultiMatch):
        return ledger.as_match().games
    return ()


__all__ = [
    "Game",
    "GameLine",
    "Hollywood",
    "Ledger",
    "Match",
    "MatchCredit",
    "MultiMatch",
    "PerSide",
    "dealers",
    "ledger_for",
    "ledger_games",
    "next_dealer",
    "play_game",
    "play_hollywood",
    "play_match",
    "play_multimatch",
]
