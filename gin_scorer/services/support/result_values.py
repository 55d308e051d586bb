"""From a match's result log to the result in force — a pure derivation, no I/O.

The result log (:class:`gin_scorer.store.tables.ResultEntry`) is append-only like the hand
log: an entry, then corrections or a void superseding it. The newest row nobody superseded is
in force, unless it is a void. What it is worth — games, margin, whether the margin is known
— is recomputed here from what was reported, the event's knobs
(:class:`~gin_scorer.tournament.results.ResultRules`) and how far the hands got, never stored.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from gin_scorer.core.hands import Side
from gin_scorer.core.ledgers import Match, PerSide
from gin_scorer.core.ledgers.profiles import profile_of
from gin_scorer.core.match_shape import MatchShape
from gin_scorer.core.rules import RuleSet
from gin_scorer.core.wording import said, words_of
from gin_scorer.services.support.dto import EntryKind, ResultKind, ResultView
from gin_scorer.services.support.errors import Unreadable
from gin_scorer.tournament import results
from gin_scorer.tournament.errors import TournamentError
from gin_scorer.tournament.results import Decided, Reached, ResultRules
from gin_scorer.tournament.slips import GameFinal, PointsScale, slip, slip_in_hand_points


@dataclass(frozen=True, slots=True)
class ResultRow:
    """One row of a result log, as plain values."""

    id: int
    kind: EntryKind
    supersedes_id: int | None
    outcome: ResultKind
    winner: Side | None
    games_a: int
    games_b: int
    game_points: tuple[tuple[int, int], ...]  # a slip's game totals A–B, as entered
    reason: str | None
    entered_by: str
    station: str
    entered_at: datetime
    game_winners: tuple[Side, ...] = ()  # each game's winner (finals only)
    scale: PointsScale = PointsScale.FINALS  # what the totals are (decision 0016)

    @property
    def finals(self) -> tuple[GameFinal, ...]:
        if self.scale is not PointsScale.FINALS:
            return ()
        pairs = zip(self.game_points, self.game_winners, strict=True)
        return tuple(GameFinal(a, b, w is Side.A) for (a, b), w in pairs)


def in_force(log: Sequence[ResultRow]) -> tuple[ResultRow, bool] | None:
    """The row in force and whether it replaced an earlier one; ``None`` when no result is
    in force (none was reported, or the last was voided)."""
    superseded = {r.supersedes_id for r in log if r.supersedes_id is not None}
    standing = [r for r in log if r.id not in superseded]
    if not standing:
        return None
    newest = max(standing, key=lambda r: r.id)
    if newest.kind is EntryKind.VOID:
        return None
    return newest, newest.supersedes_id is not None


def shape_of(rules: RuleSet) -> MatchShape | None:
    """What a reported result must fit, for the formats that count games (a single game, a
    best of N, a partnership's or a team's one game); ``None`` for Hollywood and multi-match,
    which a slip cannot describe. The format's profile says it."""
    return profile_of(rules).shape(rules)


def credited_shape(rules: RuleSet) -> MatchShape:
    """The shape a forfeit is credited in: :func:`shape_of`, and for Hollywood and
    multi-match the rule set's own games to win (a slip cannot describe those, a forfeit
    still credits them)."""
    return shape_of(rules) or MatchShape(rules.games_to_win, rules.best_of, rules.target)


def reached_by(summary: Match) -> Reached:
    """How far the hands got: games won, the finished games' margin, the game in progress."""
    current = summary.current_game
    return Reached(
        games_a=summary.games_won.a,
        games_b=summary.games_won.b,
        finished_margin=sum(g.final.a - g.final.b for g in summary.games if g.finished),
        current_a=current.points.a if current is not None else 0,
        current_b=current.points.b if current is not None else 0,
    )


def decided(row: ResultRow, rules: RuleSet, knobs: ResultRules, reached: Reached) -> Decided:
    """What the row in force is worth under the event's knobs now."""
    a_won = None if row.winner is None else row.winner is Side.A
    shape = credited_shape(rules)
    if row.outcome is ResultKind.SLIP:
        assert a_won is not None
        try:
            if row.scale is PointsScale.HAND_POINTS:
                return slip_in_hand_points(shape, a_won, row.games_a, row.games_b, row.game_points)
            return slip(shape, a_won, row.games_a, row.games_b, row.finals)
        except TournamentError as error:  # only a row edited outside the app gets here
            raise Unreadable(said("result entry {0}: {1}", row.id, words_of(error))) from None
    if row.outcome is ResultKind.FORFEIT:
        return results.forfeit(shape, knobs, a_present=bool(a_won))
    if row.outcome is ResultKind.DOUBLE_FORFEIT:
        return results.double_forfeit()
    margin = reached.finished_margin
    if row.outcome is ResultKind.TIME_CALLED and knobs.time_called_game_counts:
        margin += reached.current_a - reached.current_b
    # Time called and adjudicated: the winner and the games as they were when decided.
    return Decided(a_won, row.games_a, row.games_b, margin)


def result_view(row: ResultRow, worth: Decided, corrected: bool) -> ResultView:
    winner = None if worth.a_won is None else (Side.A if worth.a_won else Side.B)
    return ResultView(
        entry_id=row.id,
        kind=row.outcome,
        winner=winner,
        games_won=PerSide(worth.games_a, worth.games_b),
        margin=worth.margin,
        points_known=worth.points_known,
        game_points=row.game_points,
        game_winners=row.game_winners,
        scale=row.scale,
        reason=row.reason,
        entered_by=row.entered_by,
        station=row.station,
        entered_at=row.entered_at,
        corrected=corrected,
    )


def view_in_force(
    log: Sequence[ResultRow], rules: RuleSet, knobs: ResultRules, summary: Match
) -> ResultView | None:
    """The result in force, worth what the knobs say, or ``None``."""
    found = in_force(log)
    if found is None:
        return None
    row, corrected = found
    return result_view(row, decided(row, rules, knobs, reached_by(summary)), corrected)
