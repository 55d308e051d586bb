"""What a demo run did, in the one line the command line prints and the app's welcome page
shows."""

from __future__ import annotations

from gin_scorer.services.demo import DemoResult


def demo_summary(result: DemoResult) -> str:
    """``event 3: 4 rounds, 32 matches, 911 hands in 4.1 s (simulating 0.9 s, …)``."""
    reported = f" ({result.reported} reported without their hands)" if result.reported else ""
    return (
        f"event {result.event.id}: {result.rounds} rounds, {result.matches} matches{reported}, "
        f"{result.hands} hands in {result.total_seconds:.1f} s "
        f"(simulating {result.simulate_seconds:.1f} s, recording "
        f"{result.record_seconds:.1f} s, pairing {result.pair_seconds:.2f} s)"
    )
