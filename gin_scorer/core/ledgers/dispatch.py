"""Any match format, one call: the ledger ``rules.match_format`` asks for, or its summary as a
:class:`Match`.

The ledgers themselves never import one another's dispatch: Hollywood and the multi-match
summarise themselves as a :class:`Match` (``as_match()``); the format's profile
(:mod:`.profiles`, decision 0030) names its fold, so nothing here chooses between them.
"""

from __future__ import annotations

from collections.abc import Sequence

from gin_scorer.core.hands import HandResult
from gin_scorer.core.ledgers.game import Game
from gin_scorer.core.ledgers.hollywood import Hollywood
from gin_scorer.core.ledgers.match import Match
from gin_scorer.core.ledgers.multimatch import MultiMatch
from gin_scorer.core.ledgers.profiles import Ledger, profile_of
from gin_scorer.core.ledgers.seated_match import SeatedMatch
from gin_scorer.core.rules import RuleSet

__all__ = ["Ledger", "ledger_for", "ledger_games", "play_match"]


def play_match(results: Sequence[HandResult], rules: RuleSet) -> Match:
    """Fold hands into a match under ``rules.match_format``.

    Every format's ledger is summarised here as a :class:`Match` (games won, winner,
    margin) so every caller can read the same fields; :func:`ledger_for` gives the full
    ledger. The format's profile (:mod:`.profiles`) says which fold.
    """
    return profile_of(rules).summary(results, rules)


def ledger_for(results: Sequence[HandResult], rules: RuleSet) -> Ledger:
    """The full ledger for ``rules.match_format``: a :class:`Match` (single game, best of N),
    a :class:`Hollywood`, a :class:`MultiMatch`, a :class:`SeatedMatch` or a
    :class:`ThreePlayerGame` (three seats, the dealer sitting out)."""
    return profile_of(rules).ledger(results, rules)


def ledger_games(ledger: object) -> tuple[Game, ...]:
    """The games of any ledger: a lone :class:`Game`, a :class:`Match`, a :class:`Hollywood`
    (its columns), a :class:`MultiMatch` (each match's game) or a partnership (its one game
    to the target); () for anything else.

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
    if isinstance(ledger, Hollywood | MultiMatch | SeatedMatch):
        return ledger.as_match().games
    return ()
