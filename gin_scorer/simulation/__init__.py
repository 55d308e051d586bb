"""Simulated play for demo events: real shuffles, real deals, a simple legal strategy.

Pure and deterministic: everything comes from the ``random.Random`` it is given, so the same
seed plays the same hands. Used by ``gin-scorer demo`` and the benchmarks.
"""

from gin_scorer.simulation.play import SimulatedHand, play_hand, simulate_match

__all__ = ["SimulatedHand", "play_hand", "simulate_match"]
