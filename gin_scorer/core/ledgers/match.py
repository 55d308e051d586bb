"""A match: games in a row until one side has won enough of them.

``SINGLE_GAME`` is one game; ``BEST_OF`` plays games until a side has won
``rules.games_to_win`` (GRA tournament play: best of five, first to 3 games of 250). Hands
after a game ends open the next game; hands after the match is decided are counted nowhere
and listed in :attr:`Match.extra_hands` so the scorer can flag them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from gin_scorer.core.hands import HandResult, Side
from gin_scorer.core.ledgers.game import Game, play_game
from gin_scorer.core.ledgers.per_side import PerSide
from gin_scorer.core.rules import RuleSet


@dataclass(frozen=True, slots=True)
class Match:
    """A match's ledger. ``margin`` is signed for A: A's finals minus B's over all games."""

    games: tuple[Game, ...]
    games_won: PerSide
    finished: bool
    winner: Side | None
    margin: int
    games_to_win: int
    extra_hands: tuple[int, ...] = ()

    @property
    def current_game(self) -> Game | None:
        """The game being played: the first not yet finished (``None`` once the match is
        decided, or between two games). In a row of games only the last can be open;
        Hollywood scores its games at once, and the first open one is the game being
        played — the one a player's next win goes to first."""
        if self.finished:
            return None
        return next((game for game in self.games if not game.finished), None)

    @property
    def totals(self) -> PerSide:
        """Each side's final points summed over all games."""
        total = PerSide()
        for game in self.games:
            total = total + game.final
        return total


def play_games(results: Sequence[HandResult], rules: RuleSet, best_of: int | None = None) -> Match:
    """Fold hands into a best of N (``best_of``, else the rule set's), game after game (the
    formats whose ledger is a :class:`Match`); :func:`gin_scorer.core.ledgers.play_match`
    takes any format.

    >>> from gin_scorer.core.hands import Declaration, HandRecord, score_hand
    >>> from gin_scorer.core.rules import MatchFormat
    >>> rules = RuleSet(target=10, match_format=MatchFormat.BEST_OF, best_of=3)
    >>> win = score_hand(HandRecord(Declaration.GIN, Side.B, ((Side.A, 5),)), rules)
    >>> match = play_games([win, win, win], rules)
    >>> match.finished, match.winner, match.games_won, match.extra_hands
    (True, <Side.B: 'B'>, PerSide(a=0, b=2), (2,))
    """
    best_of = rules.best_of if best_of is None else best_of
    to_win = best_of // 2 + 1
    games: list[Game] = []
    won = PerSide()
    start = 0
    winner: Side | None = None
    while start < len(results) and winner is None:
        game = play_game(
            results[start:],
            rules,
            number=len(games) + 1,
            indices=range(start, len(results)),
        )
        games.append(game)
        start += len(game.lines)
        if not game.finished or game.winner is None:
            break
        won = won.plus(game.winner, 1)
        if won[game.winner] >= to_win:
            winner = game.winner
    margin = sum(g.final.a - g.final.b for g in games)
    return Match(
        games=tuple(games),
        games_won=won,
        finished=winner is not None,
        winner=winner,
        margin=margin,
        games_to_win=to_win,
        extra_hands=tuple(range(start, len(results))) if winner is not None else (),
    )


def play_single_game(results: Sequence[HandResult], rules: RuleSet) -> Match:
    """One game to the target, whatever the rule set's ``best_of`` says (the single-game
    format's fold)."""
    return play_games(results, rules, best_of=1)
