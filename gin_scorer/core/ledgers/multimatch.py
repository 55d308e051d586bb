"""Multi-match (W): match scores reset each match; credited totals accumulate to a set total.

Each match is played to ``multimatch_match_target``. When it ends each side is credited its
match score plus ``multimatch_per_hand_won`` per hand it won; the match winner also gets
``multimatch_match_bonus``, and ``multimatch_shutout_bonus`` more if the loser won no hand.
The first side whose credited total reaches ``multimatch_total_target`` at a match end wins.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from gin_scorer.core.hands import HandResult, Side
from gin_scorer.core.ledgers.game import Game, play_game
from gin_scorer.core.ledgers.match import Match
from gin_scorer.core.ledgers.per_side import PerSide
from gin_scorer.core.rules import RuleSet, ShutoutRule


@dataclass(frozen=True, slots=True)
class MatchCredit:
    """One match of a multi-match and what it credits.

    ``game.points`` is the match score; ``credit`` splits into ``hand_credit`` (per hand won),
    ``match_bonus`` and ``shutout_bonus``, and is zero until the match ends (a match in play
    credits nothing); ``totals`` is the running credited total after this match.
    """

    game: Game
    hand_credit: PerSide
    match_bonus: PerSide
    shutout_bonus: PerSide
    credit: PerSide
    totals: PerSide


@dataclass(frozen=True, slots=True)
class MultiMatch:
    """The multi-match ledger. ``totals`` and ``margin`` (signed for A) count ended matches
    only: a match in play shows its own score in ``matches[-1].game``."""

    matches: tuple[MatchCredit, ...]
    totals: PerSide
    matches_won: PerSide
    finished: bool
    winner: Side | None
    margin: int
    total_target: int
    extra_hands: tuple[int, ...] = ()

    def as_match(self) -> Match:
        """The summary every format shares: each match of the multi-match is one game."""
        return Match(
            games=tuple(m.game for m in self.matches),
            games_won=self.matches_won,
            finished=self.finished,
            winner=self.winner,
            margin=self.margin,
            games_to_win=0,  # decided by points, not by a number of wins
            extra_hands=self.extra_hands,
        )


def play_multimatch(results: Sequence[HandResult], rules: RuleSet) -> MultiMatch:
    """Fold hands into matches to ``multimatch_match_target`` and credit each one.

    >>> from gin_scorer.core.hands import Declaration, HandRecord, score_hand
    >>> rules = RuleSet()
    >>> gin = score_hand(HandRecord(Declaration.GIN, Side.A, ((Side.B, 30),)), rules)
    >>> mm = play_multimatch([gin, gin], rules)
    >>> mm.matches[0].credit, mm.finished
    (PerSide(a=360, b=0), False)
    """
    # Within a match only hand points count; the credits below replace bonuses and boxes.
    inner = rules.with_changes(game_bonus=0, box_value=0, shutout=ShutoutRule.NONE.value)
    matches: list[MatchCredit] = []
    totals = PerSide()
    won = PerSide()
    start = 0
    winner: Side | None = None
    finished = False
    while start < len(results) and not finished:
        game = play_game(
            results[start:],
            inner,
            number=len(matches) + 1,
            target=rules.multimatch_match_target,
            indices=range(start, len(results)),
        )
        start += len(game.lines)
        zero = PerSide()
        if game.winner is None:
            # Seed 000: "At the end of the match, players' match scores are credited toward
            # their game scores" — a match still in play credits nothing yet.
            matches.append(MatchCredit(game, zero, zero, zero, zero, totals))
            break
        credited = _credited(game, game.winner, rules, totals)
        totals = credited.totals
        won = won.plus(game.winner, 1)
        matches.append(credited)
        if max(totals.a, totals.b) >= rules.multimatch_total_target:
            finished = True
            if totals.a != totals.b:
                winner = Side.A if totals.a > totals.b else Side.B
    return MultiMatch(
        matches=tuple(matches),
        totals=totals,
        matches_won=won,
        finished=finished,
        winner=winner,
        margin=totals.a - totals.b,
        total_target=rules.multimatch_total_target,
        extra_hands=tuple(range(start, len(results))) if finished else (),
    )


def _credited(game: Game, winner: Side, rules: RuleSet, before: PerSide) -> MatchCredit:
    """A won match's credit: its points, so much per hand won, the match bonus, and the
    shutout bonus when the loser won no hand."""
    hands = game.hands_won
    per_hand = PerSide(
        hands.a * rules.multimatch_per_hand_won, hands.b * rules.multimatch_per_hand_won
    )
    bonus = PerSide.of(winner, rules.multimatch_match_bonus)
    shutout = (
        PerSide.of(winner, rules.multimatch_shutout_bonus)
        if hands[winner.other] == 0
        else PerSide()
    )
    credit = game.points + per_hand + bonus + shutout
    return MatchCredit(game, per_hand, bonus, shutout, credit, before + credit)
