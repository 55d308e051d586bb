"""What a demo run did, in the one line the command line prints and the app's welcome page
shows, in the reader's language."""

from __future__ import annotations

from gin_scorer.presentation.words import translate
from gin_scorer.services.writes.demo import DemoResult

_CONTEXT = "demo_words"


def demo_summary(result: DemoResult) -> str:
    """``event 3: 4 rounds, 32 matches, 911 hands in 4.1 s (simulating 0.9 s, …)``.

    Each count is its own phrase, singular or plural as a whole ("1 round", "4 rounds"), so a
    translation words each one as its grammar needs.
    """
    rounds = (
        translate(_CONTEXT, "1 round")
        if result.rounds == 1
        else translate(_CONTEXT, "{0} rounds").format(result.rounds)
    )
    matches = (
        translate(_CONTEXT, "1 match")
        if result.matches == 1
        else translate(_CONTEXT, "{0} matches").format(result.matches)
    )
    if result.reported:
        matches = translate(_CONTEXT, "{0} ({1} reported without their hands)").format(
            matches, result.reported
        )
    hands = (
        translate(_CONTEXT, "1 hand")
        if result.hands == 1
        else translate(_CONTEXT, "{0} hands").format(result.hands)
    )
    line = translate(
        _CONTEXT,
        "event {0}: {1}, {2}, {3} in {4} s (simulating {5} s, recording {6} s, pairing {7} s)",
    )
    return line.format(
        result.event.id,
        rounds,
        matches,
        hands,
        f"{result.total_seconds:.1f}",
        f"{result.simulate_seconds:.1f}",
        f"{result.record_seconds:.1f}",
        f"{result.pair_seconds:.2f}",
    )
