"""Each match's derived result, kept while its hand log is unchanged — per open database and
per event, in the database handle's own ``derived`` values, never in a module global: two
databases open in one process (the desk and a restored copy, two test files) never share it.

A result is (hands, games A, games B, finished, winning side, margin); its key is the match's
version, the number of rows in its log, the newest row's id and when it was entered, so any
new row, correction or void makes a new key and the match is scored again from its hands.
The time is there for a restore: the hands entered after a backup is put back can reuse the
ids, the count and the version of the ones it took away, but not the moment they were entered.
"""

from __future__ import annotations

from datetime import datetime

from sqlmodel import Session

from gin_scorer.tournament.results import Reached

Derived = tuple[int, int, int, bool, str | None, int, Reached]
"""(hands, games A, games B, finished, winning side "A"/"B" or None, margin, how far the
hands got — for a result reported on top of them)."""

LogShape = tuple[int, int, int, int, datetime | None]
"""(match id, version, rows in its log, newest row id, when the newest row was entered): what
the derivation depends on."""


class MatchResults:
    """One event's derived match results on one open database."""

    LIMIT = 50_000  # a very long event day: start again rather than grow without end

    def __init__(self) -> None:
        self._known: dict[LogShape, Derived] = {}

    def get(self, shape: LogShape) -> Derived | None:
        return self._known.get(shape)

    def keep(self, shape: LogShape, result: Derived) -> None:
        if len(self._known) >= self.LIMIT:
            self._known.clear()
        self._known[shape] = result

    def __contains__(self, shape: LogShape) -> bool:
        return shape in self._known


def match_results(session: Session, event_id: int) -> MatchResults:
    """The kept results of ``event_id`` on the database ``session`` reads; a fresh, unkept
    one for a session no database handle opened."""
    database = session.info.get("database")
    derived = getattr(database, "derived", None)
    if not isinstance(derived, dict):
        return MatchResults()
    kept = derived.setdefault(("match-results", event_id), MatchResults())
    assert isinstance(kept, MatchResults)
    return kept


def forget_results(derived: dict[object, object]) -> None:
    """Drop every kept result of a database (a benchmark's cold start)."""
    for key in [k for k in derived if isinstance(k, tuple) and k[:1] == ("match-results",)]:
        del derived[key]
