"""A room page made once for every phone that asks for the same thing after a change.

After each hand every phone on the room page fetches its main part again: two hundred phones,
two hundred requests within a second, all for the same reading of the event. Making the page
(the tables, the standings, the names) costs about ten milliseconds on the server's event loop,
so two hundred of them would hold the room up for two seconds at every hand. The reading is
already shared (:class:`~gin_scorer.web.change_watch.SharedRead`); this shares the page made
from it, per what can make two pages differ: which page, the name looked for, the reader's
language, and the round clock to the second it shows.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable

from gin_scorer.presentation.projector_pages import ClockReading
from gin_scorer.web.compression import Made

MOST_KEPT = 64  # pages kept for one reading (each name searched for is a page of its own)


def clock_key(reading: ClockReading | None) -> Hashable:
    """What of the round clock a page shows: the whole seconds left, as the page rounds them,
    and whether it runs (so a page made in the same second is the same page)."""
    if reading is None:
        return None
    return (reading.mark, reading.paused, reading.round_number, math.ceil(reading.seconds_left))


class MadePages:
    """The pages made from the latest reading, by what else they depend on."""

    def __init__(self, most: int = MOST_KEPT) -> None:
        self.most = most
        self.made = 0  # how many pages were made (not shared): for the tests and benchmarks
        self._reading: tuple[object, ...] = ()
        self._pages: dict[Hashable, Made] = {}

    def page(self, reading: tuple[object, ...], key: Hashable, make: Callable[[], str]) -> Made:
        """The page for ``key`` made from ``reading`` (the very objects read, compared by
        identity: a new reading makes every page anew), made by ``make`` the first time, and
        compressed at most once for every phone that takes it so."""
        if len(reading) != len(self._reading) or any(
            new is not old for new, old in zip(reading, self._reading, strict=True)
        ):
            self._reading, self._pages = reading, {}
        page = self._pages.get(key)
        if page is None:
            page = Made(make())
            self.made += 1
            if len(self._pages) >= self.most:
                self._pages.pop(next(iter(self._pages)))  # the oldest search goes first
            self._pages[key] = page
        return page
