"""Standard bracket seeding: byes to the top seeds, seeds 1 and 2 can meet only in the final.

The line order is built by doubling: each seed ``s`` of a bracket of ``n`` lines is followed
by its first-round opponent ``2n + 1 - s`` in the bracket of ``2n``.

>>> bracket_order(8)
[1, 8, 4, 5, 2, 7, 3, 6]
>>> bracket_size(5), bracket_size(8), bracket_size(9)
(8, 8, 16)
"""

from __future__ import annotations

from gin_scorer.core.wording import said
from gin_scorer.tournament.errors import TournamentError

MAX_BRACKET = 1024


def bracket_size(entrants: int) -> int:
    """The smallest power of two that holds ``entrants`` lines (at least 2)."""
    if entrants < 2:
        raise TournamentError(
            said("an elimination bracket needs at least 2 entrants, not {0}", entrants)
        )
    size = 2
    while size < entrants:
        size *= 2
    if size > MAX_BRACKET:
        raise TournamentError(
            said("{0} entrants is more than one bracket holds ({1})", entrants, MAX_BRACKET)
        )
    return size


def bracket_order(size: int) -> list[int]:
    """Seed numbers in bracket line order for a bracket of ``size`` lines (a power of two)."""
    if size < 2 or size & (size - 1):
        raise TournamentError(said("a bracket has a power-of-two number of lines, not {0}", size))
    order = [1, 2]
    while len(order) < size:
        n = len(order) * 2
        order = [s for seed in order for s in (seed, n + 1 - seed)]
    return order
