"""Results that do not come from a hand-by-hand record: a slip, a forfeit, time called, a
director's adjudication — what each kind is worth, and when a reported result cannot be.

A room produces results its desk never saw played: a table that kept its own pad hands in a
slip ("Ann beat Bob 3–1"), a player does not show up, the round's time is called, the director
rules. Chess pairing programs and bridge scoring accept such results; so does this engine,
and every figure it derives says which kind it came from (:class:`ResultKind`).

What each kind is worth is a knob of the event (:class:`ResultRules`), with the convention it
follows:

- **Forfeits are unplayed.** The winner is credited as the event says (by default like a bye:
  a match win and the games a won match takes, no points), but the match is not a *played*
  game: it does not count in ``played`` and the absent side is not an opponent for the
  opponents' match wins (Buchholz). FIDE counts an unplayed game against a "virtual opponent"
  (Handbook C.02, art. 13.15.2) and, for the opponents' tie-breaks, a player's result by
  default as a draw (FIDE Swiss Pairings Programs Committee, 2009); US Chess likewise scores
  unplayed games as draws for opponents' tie-breaks (rule 34E1). Gin matches have no draws and
  the column counts whole match wins, so the neutral equivalent is used: a forfeit neither lifts
  nor sinks anybody's opponents' score. ``forfeits_as_played`` (director's choice) counts them
  as ordinary results instead.
- **Time called** stops a match where its hands reached: the games each side won stand, and
  the winner is the leader in games, then in the current game's points, else the director
  decides (``time_called_winner``; director's choice, no source fixes it for gin). Whether the
  unfinished game's points count in the point differential is ``time_called_game_counts``.
- **A slip** gives each game's final, as the foot of the pad has it (:mod:`.slips`, decision
  0016). **A slip without game totals** has no point differential: it is never counted as
  zero. The standings count such results per entrant and say so beside the figure.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from gin_scorer.core.match_shape import MatchShape
from gin_scorer.core.wording import Said, said
from gin_scorer.tournament.errors import TournamentError, member_of


class ResultKind(Enum):
    """Where a match's result came from; the value is what the store keeps."""

    PLAYED = "played"  # from its hands, as recorded
    SLIP = "slip"  # reported on paper: winner, games each, maybe each game's points
    FORFEIT = "forfeit"  # one side absent or withdrawn
    DOUBLE_FORFEIT = "double-forfeit"  # both absent: nobody wins, both lose
    TIME_CALLED = "time-called"  # stopped when the round's time was called
    ADJUDICATED = "adjudicated"  # the director named the winner, with a reason

    @property
    def label(self) -> str:
        return _LABELS[self]

    @property
    def words(self) -> Said:
        """The label as a word inside a refusal, said in the reader's language."""
        return _WORDS[self]

    @property
    def mark(self) -> str:
        """The short mark a sheet, a standings line or a pairing list puts beside it."""
        return _MARKS[self]

    @property
    def unplayed(self) -> bool:
        """Nobody played it (a forfeit): not a played match for the tie-breaks."""
        return self in (ResultKind.FORFEIT, ResultKind.DOUBLE_FORFEIT)

    @classmethod
    def parse(cls, text: str) -> ResultKind:
        key = text.strip().lower().replace("_", "-").replace(" ", "-")
        return member_of(
            cls,
            key,
            lambda names: said("{0} is not a kind of result; use one of {1}", repr(text), names),
        )


_LABELS = {
    ResultKind.PLAYED: "played",
    ResultKind.SLIP: "slip",
    ResultKind.FORFEIT: "forfeit",
    ResultKind.DOUBLE_FORFEIT: "double forfeit",
    ResultKind.TIME_CALLED: "time called",
    ResultKind.ADJUDICATED: "adjudicated",
}

_WORDS = {
    ResultKind.PLAYED: said("played"),
    ResultKind.SLIP: said("slip"),
    ResultKind.FORFEIT: said("forfeit"),
    ResultKind.DOUBLE_FORFEIT: said("double forfeit"),
    ResultKind.TIME_CALLED: said("time called"),
    ResultKind.ADJUDICATED: said("adjudicated"),
}
_MARKS = {
    ResultKind.PLAYED: "",
    ResultKind.SLIP: "S",
    ResultKind.FORFEIT: "F",
    ResultKind.DOUBLE_FORFEIT: "FF",
    ResultKind.TIME_CALLED: "T",
    ResultKind.ADJUDICATED: "A",
}


class TimeCalledWinner(Enum):
    """Who wins a match stopped by time."""

    LEADER = "leader"  # more games; then more points in the game in progress; else the director
    DIRECTOR = "director"  # always the director's decision

    @property
    def label(self) -> str:
        if self is TimeCalledWinner.LEADER:
            return "the leader in games, then in the current game's points"
        return "the director decides"


@dataclass(frozen=True, slots=True)
class ResultRules:
    """What the results that were not played hand by hand are worth (see the module text)."""

    forfeit_match_win: bool = True
    forfeit_game_wins: int | None = None  # None: the games a won match takes (3 in a best of 5)
    forfeit_points_per_game: int = 0  # points credited per credited game (e.g. the target)
    forfeits_as_played: bool = False
    time_called_winner: TimeCalledWinner = TimeCalledWinner.LEADER
    time_called_game_counts: bool = False

    def __post_init__(self) -> None:
        if self.forfeit_game_wins is not None and self.forfeit_game_wins < 0:
            raise TournamentError(
                said("a forfeit's game wins must be 0 or more, not {0}", self.forfeit_game_wins)
            )
        if self.forfeit_points_per_game < 0:
            raise TournamentError(
                said(
                    "a forfeit's points per game must be 0 or more, not {0}",
                    self.forfeit_points_per_game,
                )
            )


@dataclass(frozen=True, slots=True)
class Reached:
    """How far a match's hands got: games won each, the margin over the finished games (for
    side A), and the points of the game in progress."""

    games_a: int = 0
    games_b: int = 0
    finished_margin: int = 0
    current_a: int = 0
    current_b: int = 0


@dataclass(frozen=True, slots=True)
class Decided:
    """A result as the standings take it: who won (``True`` side A, ``False`` side B, ``None``
    nobody), games each, the margin for A, and whether that margin is known."""

    a_won: bool | None
    games_a: int
    games_b: int
    margin: int
    points_known: bool = True


def forfeit(shape: MatchShape, rules: ResultRules, a_present: bool) -> Decided:
    """The side present wins as the event credits a forfeit.

    >>> forfeit(MatchShape(3, 5, 250), ResultRules(forfeit_points_per_game=250), False)
    Decided(a_won=False, games_a=0, games_b=3, margin=-750, points_known=True)
    """
    games = shape.games_to_win if rules.forfeit_game_wins is None else rules.forfeit_game_wins
    margin = games * rules.forfeit_points_per_game
    winner = a_present if rules.forfeit_match_win else None
    if a_present:
        return Decided(winner, games, 0, margin)
    return Decided(None if winner is None else False, 0, games, -margin)


def double_forfeit() -> Decided:
    """Both sides absent: no winner, no games, no points (both are marked with a loss)."""
    return Decided(None, 0, 0, 0)


def time_called(rules: ResultRules, reached: Reached, director_says_a: bool | None) -> Decided:
    """The match as its hands left it when time was called.

    >>> time_called(ResultRules(), Reached(1, 1, 40, 120, 80), None)
    Decided(a_won=True, games_a=1, games_b=1, margin=40, points_known=True)
    >>> time_called(ResultRules(), Reached(1, 1, 40, 80, 80), None)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    gin_scorer.tournament.errors.TournamentError: time called at 1–1 in games and 80–80 ...
    """
    ahead = leader(reached)
    if rules.time_called_winner is TimeCalledWinner.DIRECTOR or ahead is None:
        if director_says_a is None:
            if rules.time_called_winner is TimeCalledWinner.LEADER:
                raise TournamentError(
                    said(
                        "time called at {0}–{1} in games and {2}–{3} in the game in progress: "
                        "the director decides the winner",
                        reached.games_a,
                        reached.games_b,
                        reached.current_a,
                        reached.current_b,
                    )
                )
            raise TournamentError(
                said(
                    "time called at {0}–{1} in games: the director decides the winner",
                    reached.games_a,
                    reached.games_b,
                )
            )
        a_won = director_says_a
    else:
        if director_says_a is not None and director_says_a != ahead:
            raise TournamentError(
                said(
                    "time called: the event's rule gives the match to the leader, side {0}; to "
                    "give it to the other side, adjudicate it",
                    "A" if ahead else "B",
                )
            )
        a_won = ahead
    margin = reached.finished_margin
    if rules.time_called_game_counts:
        margin += reached.current_a - reached.current_b
    return Decided(a_won, reached.games_a, reached.games_b, margin)


def adjudicated(reached: Reached, a_won: bool) -> Decided:
    """The director's ruling: the named side wins; the games and finished games' points
    stand as the hands reached them."""
    return Decided(a_won, reached.games_a, reached.games_b, reached.finished_margin)


def leader(reached: Reached) -> bool | None:
    """Side A (True) or B (False) ahead in games, then in the game in progress; None when
    level: the match a time-called rule cannot decide."""
    if reached.games_a != reached.games_b:
        return reached.games_a > reached.games_b
    if reached.current_a != reached.current_b:
        return reached.current_a > reached.current_b
    return None


def not_a_result(shape: MatchShape, games_a: int, games_b: int) -> Said:
    """Why ``games_a``–``games_b`` cannot end a match of ``shape``, the rule named."""
    wins = shape.games_to_win
    if shape.best_of == 1 and wins == 1:
        return said(
            "{0}–{1} is not a result of a single game: the winner has 1 game, the loser none",
            games_a,
            games_b,
        )
    if shape.best_of == 1:
        return said(
            "{0}–{1} is not a result of a single game: the winner has {2} games, the loser 0 "
            "to {3}",
            games_a,
            games_b,
            wins,
            wins - 1,
        )
    if wins == 1:
        return said(
            "{0}–{1} is not a result of a best of {2}: the winner has 1 game, the loser none",
            games_a,
            games_b,
            shape.best_of,
        )
    return said(
        "{0}–{1} is not a result of a best of {2}: the winner has {3} games, the loser 0 to {4}",
        games_a,
        games_b,
        shape.best_of,
        wins,
        wins - 1,
    )
