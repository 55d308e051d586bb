"""Each match's derived result, kept while its hand log is unchanged — per open database and
per event, in the database handle's own ``derived`` values, never in a module global: two
databases open in one process (the desk and a restored copy, two test files) never share it.

A result is (hands, games A, games B, finished, winning side, margin); its key is the match's
version, the number of rows in its log and the newest row's id, so any new row, correction or
void makes a new key and the match is scored again from its hands.

A restore starts afresh: the hands entered after a backup is put back can reuse the ids, the
count and the version of the ones it took away, so what was kept before the newest restore
(the change feed's ``restore`` entry, which every restore adds after every id it had) is not
used after it — by this station, or by any other that stayed open through it.
"""

from __future__ import annotations

from sqlmodel import Session, col, func, select

from gin_scorer.store.tables import RESTORE_OP, Change
from gin_scorer.tournament.results import Reached

Derived = tuple[int, int, int, bool, str | None, int, Reached, tuple[int, ...]]
"""(hands, games A, games B, finished, winning side "A"/"B" (a three-player table: "C" too)
or None, margin, how far the hands got — for a result reported on top of them — and a
three-player table's totals by seat: final once it is finished, running before; () for two
sides)."""

LogShape = tuple[int, int, int, int]
"""(match id, version, rows in its log, newest row id): what the derivation depends on."""


class MatchResults:
    """One event's derived match results on one open database."""

    LIMIT = 50_000  # a very long event day: start again rather than grow without end

    def __init__(self, restored: int = 0) -> None:
        self.restored = restored  # the newest restore these results come after (0: none)
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
    """The kept results of ``event_id`` on the database ``session`` reads, since the newest
    restore; a fresh, unkept one for a session no database handle opened."""
    database = session.info.get("database")
    derived = getattr(database, "derived", None)
    if not isinstance(derived, dict):
        return MatchResults()
    restored = last_restore(session)
    kept = derived.get(("match-results", event_id))
    if not isinstance(kept, MatchResults) or kept.restored != restored:
        kept = MatchResults(restored)  # results from before a restore are not kept
        derived[("match-results", event_id)] = kept
    return kept


def last_restore(session: Session) -> int:
    """The id of the change feed's newest ``restore`` entry (0: never restored). A restore's
    entry names no event, so the feed's index on the event finds it among few rows."""
    found = session.exec(
        select(func.max(Change.id)).where(
            col(Change.event_id).is_(None), col(Change.op) == RESTORE_OP
        )
    ).one()
    return int(found or 0)


def forget_results(derived: dict[object, object]) -> None:
    """Drop every kept result of a database (a benchmark's cold start)."""
    for key in [k for k in derived if isinstance(k, tuple) and k[:1] == ("match-results",)]:
        del derived[key]
