"""Where the standings stand in the event: "Before round 1", "During round 3", "After round
3", and the heading made of it, from the event's matches."""

from __future__ import annotations

from collections.abc import Sequence

from gin_scorer.presentation.words import translate
from gin_scorer.services.support.dto import MatchStatus, MatchView


def standings_stage(matches: Sequence[MatchView]) -> str:
    """Where the standings stand, from the event's matches: "Before round 1", "During round
    3" (a table of the latest round still playing) or "After round 3"."""
    last, done = latest_round(matches)
    return stage_words(last, complete=done)


def latest_round(matches: Sequence[MatchView]) -> tuple[int | None, bool]:
    """The latest round paired (None: none yet) and whether every table of it has its
    result (a bye needs none)."""
    last = max((m.round_number for m in matches if m.round_number is not None), default=None)
    if last is None:
        return None, False
    done = all(
        m.b is None or m.status in (MatchStatus.FINISHED, MatchStatus.LOCKED)
        for m in matches
        if m.round_number == last
    )
    return last, done


def standings_heading(latest_round: int | None, *, complete: bool) -> str:
    """ "Standings — after round 3" as one sentence (not the stage lower-cased into a
    heading: a translation may not lower-case it so)."""
    if latest_round is None:
        return translate("standings_table", "Standings — before round 1")
    if complete:
        return translate("standings_table", "Standings — after round {0}").format(latest_round)
    return translate("standings_table", "Standings — during round {0}").format(latest_round)


def stage_words(latest_round: int | None, *, complete: bool) -> str:
    """ "Before round 1" (nothing paired), "During round 3" or "After round 3" (every table of
    the latest round has its result)."""
    if latest_round is None:
        return translate("standings_table", "Before round 1")
    if complete:
        return translate("standings_table", "After round {0}").format(latest_round)
    return translate("standings_table", "During round {0}").format(latest_round)
