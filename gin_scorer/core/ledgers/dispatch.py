"""Any match format, one call: the ledger ``rules.match_format`` asks for, or its summary as a
:class:`Match`.

The ledgers themselves never import one another's dispatch: Hollywood and the multi-match
summarise themselves as a :class:`Match` (``as_match()``), and only this module, above them
all, chooses between them.
"""

from __future__ import annotations

from collections.abc import Sequence

from gin_scorer.core.hands import HandResult
from gin_scorer.core.ledgers.game import Game
from gin_scorer.core.ledgers.hollywood import Hollywood, play_hollywood
from gin_scorer.core.ledgers.match import Match, play_games
from gin_scorer.core.ledgers.multimatch import MultiMatch, play_multimatch
from gin_scorer.core.ledgers.seated_match import SeatedMatch, play_seated_match
from gin_scorer.core.ledgers.three_player import ThreePlayerGame, play_three_player
from gin_scorer.core.rules import MatchFormat, RuleSet

SEATED = frozenset({MatchFormat.PARTNERSHIP, MatchFormat.TEAMS})
"""The formats whose match is played at several card tables at once (:mod:`.seated_match`)."""


def play_match(results: Sequence[HandResult], rules: RuleSet) -> Match:
    """Fold hands into a match under ``rules.match_format``.

    Hollywood and multi-match formats are folded by their own ledgers and summarised here as
    a :class:`Match` (games won, winner, margin) so every caller can read the same fields;
    :func:`ledger_for` gives their full ledgers.
    """
    if rules.match_format is MatchFormat.HOLLYWOOD:
        return play_hollywood(results, rules).as_match()
    if rules.match_format is MatchFormat.MULTI_MATCH:
        return play_multimatch(results, rules).as_match()
    if rules.match_format in SEATED:
        return play_seated_match(results, rules).as_match()
    if rules.match_format is MatchFormat.THREE_PLAYER:
        return play_three_player(results, rules).as_match()
    return play_games(results, rules)


Ledger = Match | Hollywood | MultiMatch | SeatedMatch | ThreePlayerGame


def ledger_for(results: Sequence[HandResult], rules: RuleSet) -> Ledger:
    """The full ledger for ``rules.match_format``: a :class:`Match` (single game, best of N),
    a :class:`Hollywood`, a :class:`MultiMatch`, a :class:`SeatedMatch` or a
    :class:`ThreePlayerGame` (three seats, the dealer sitting out)."""
    if rules.match_format is MatchFormat.HOLLYWOOD:
        return play_hollywood(results, rules)
    if rules.match_format is MatchFormat.MULTI_MATCH:
        return play_multimatch(results, rules)
    if rules.match_format in SEATED:
        return play_seated_match(results, rules)
    if rules.match_format is MatchFormat.THREE_PLAYER:
        return play_three_player(results, rules)
    return play_match(results, rules)


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
