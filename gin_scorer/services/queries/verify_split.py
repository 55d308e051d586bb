"""Both cores for ``verify``: a second process takes matches to check beside this one.

The matches of every event are cut into shares (a few dozen matches each, in id order). This
process checks the seal while the helper starts (its imports and opening the file take about a
second of a core), then both take the next share from one counter until none is left. (The
helper used to check the seal first: on an event sealed hand by hand the seal is most of the
work, and this process, done with every share, waited for it.) Each share's checks are the
same :func:`check_matches` either process would make, merged back in match order, so the
report is the one a single process gives.

Below :data:`PARALLEL_FROM` hands and links, or where ``GIN_SCORER_VERIFY_PROCESSES=1`` is
set, everything runs here: starting a process costs about half a second (``=2`` asks for the
second process whatever the size). A frozen program spawns it only when its entry point called
``multiprocessing.freeze_support()`` (packaging/entry_point.py does). The helper opens
the database by its URL in a read-only transaction of its own; if it saw another state of
the database than this process (a station wrote in between), or failed, its shares are
checked again here, so the answer never mixes two states.
"""

from __future__ import annotations

import gc
import multiprocessing
import os
import traceback
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from sqlalchemy import func
from sqlalchemy import select as sql_select
from sqlmodel import Session, col

from gin_scorer.services.queries.hand_checks import MatchCheck, check_matches
from gin_scorer.services.queries.verify_rows import MatchRules, event_matches
from gin_scorer.store.database import Database
from gin_scorer.store.seal import latest_link
from gin_scorer.store.tables import Event, HandEntry

# Below this many hands plus seal links everything is checked here: the second process costs
# about half a second to start (imports, opening the file), what ~20,000 hands take.
PARALLEL_FROM = 20_000
SHARE = 40  # matches a share: small enough that the two processes end together
PROCESSES_ENV = "GIN_SCORER_VERIFY_PROCESSES"


@dataclass(frozen=True, slots=True)
class Share:
    """The matches of event ``event_id`` with ids from ``first`` to ``last``."""

    event_id: int
    first: int
    last: int


@dataclass(frozen=True, slots=True)
class HelperAnswer:
    """The shares the helper checked, in the state of the database it saw (``latest``: the
    newest seal link then)."""

    latest: tuple[int, str] | None
    checked: dict[int, dict[int, MatchCheck]]


def plan_shares(session: Session, events: Sequence[Event]) -> list[Share]:
    """Every event's matches cut into shares of :data:`SHARE` matches, events in order."""
    shares: list[Share] = []
    for event in events:
        ids = [m.id for m in event_matches(session, event.id or 0)]
        for start in range(0, len(ids), SHARE):
            part = ids[start : start + SHARE]
            shares.append(Share(event.id or 0, part[0], part[-1]))
    return shares


def check_share(
    session: Session, share: Share, events: dict[int, Event], known: MatchRules | None = None
) -> dict[int, MatchCheck]:
    """The checks of one share's matches, by match id. ``events``: the events looked up so
    far; ``known``: the rules and records read so far, in this process."""
    event = events.get(share.event_id) or session.get(Event, share.event_id)
    assert event is not None
    events[share.event_id] = event
    matches = event_matches(session, share.event_id, (share.first, share.last))
    return check_matches(session, event, matches, known=known)


def worth_a_second_process(session: Session) -> bool:
    """Whether the work is large enough to pay for a second process, and one may start.
    ``GIN_SCORER_VERIFY_PROCESSES``: 1, never; 2, whatever the size (a program that cannot
    start one then says so in errors.log)."""
    asked = os.environ.get(PROCESSES_ENV, "").strip()
    if asked == "1":
        return False
    if not multiprocessing_works():
        if asked == "2":
            _fault(
                RuntimeError("a second process was asked for, but this program cannot start one")
            )
        return False
    if asked == "2":
        return True
    hands = session.execute(sql_select(func.max(col(HandEntry.id)))).scalar() or 0
    latest = latest_link(session)
    links = latest[0] if latest is not None else 0
    return hands + links >= PARALLEL_FROM


def _fault(error: BaseException) -> None:
    """A fault of ours in errors.log (verify goes on in this process alone)."""
    from gin_scorer.fault_log import error_log, write_log

    write_log(error_log(), type(error), error, error.__traceback__)


def multiprocessing_works() -> bool:
    """Whether a child process can be spawned here. A frozen bundle can, when its entry point
    called ``multiprocessing.freeze_support()`` first (packaging/entry_point.py does); one
    that did not (a frozen program of someone else's embedding the package) cannot."""
    import sys

    if not getattr(sys, "frozen", False):
        return True
    return bool(getattr(sys, "_gin_scorer_freeze_support", False))


@contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cycle collector paused while verify reads: it makes no cycles worth
    collecting (its rows, records and masks are freed as each match is done), but each
    decoded record is a few containers, and the collector's passes over them and over
    every object already loaded cost verify more than the reading itself (cards: about
    two thirds of json.loads). Whatever cycles it did make are collected when it ends."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()


_counter: Any = None  # the helper's handle on the shared counter (set when it starts)


def _take_counter(counter: Any) -> None:
    global _counter
    _counter = counter


def claim(counter: Any, total: int) -> int | None:
    """The next share nobody has taken (``None``: all are taken)."""
    with counter.get_lock():
        taken = int(counter.value)
        if taken >= total:
            return None
        counter.value = taken + 1
    return taken


def _help(url: str, shares: list[Share]) -> HelperAnswer:
    """In the helper process: shares until none is left."""
    from gin_scorer.store.database import open_database

    # The file was checked (quick_check) by the process that started this one, just now.
    db = open_database(url, station="verify", migrate=False, backups=False, checked=True)
    try:
        with collector_paused(), db.transaction(write=False) as session:
            latest = latest_link(session)
            events: dict[int, Event] = {}
            known = MatchRules()
            checked: dict[int, dict[int, MatchCheck]] = {}
            while (index := claim(_counter, len(shares))) is not None:
                checked[index] = check_share(session, shares[index], events, known)
            return HelperAnswer(latest, checked)
    finally:
        db.close()


def _serve(url: str, shares: list[Share], counter: Any, answer_to: Any) -> None:
    """The helper process's whole life: its answer (or why it has none) sent through
    ``answer_to``, then gone at once. Its heap (every record and check read) is not torn
    down object by object at exit: that took it 0.3-0.8 s, and the other process waited for
    it to end. It wrote nothing and its connection is closed, so nothing is lost."""
    _take_counter(counter)
    found: HelperAnswer | RuntimeError
    try:
        found = _help(url, shares)
    except Exception as error:  # it could not check (a busy file ...): said there, checked here
        found = RuntimeError("".join(traceback.format_exception(error)).strip())
    answer_to.send(found)
    answer_to.close()
    os._exit(0)


@contextmanager
def helper(
    db: Database, shares: list[Share]
) -> Iterator[tuple[Any, Callable[[], HelperAnswer | None]]]:
    """Start the helper; yields the shared counter and a function giving its answer
    (``None``: it failed, and errors.log says why; check its part here)."""
    context = multiprocessing.get_context("spawn")
    counter = context.Value("i", 0)
    answers, answer_to = context.Pipe(duplex=False)
    process = context.Process(
        target=_serve, args=(db.url, shares, counter, answer_to), name="verify-helper"
    )
    process.daemon = True  # never outlives this process
    process.start()
    answer_to.close()  # the helper holds the sending end: its end is the pipe's end

    asked: list[bool] = []

    def answer() -> HelperAnswer | None:
        asked.append(True)
        try:
            found = answers.recv()
        except (EOFError, OSError):
            process.join()
            found = RuntimeError(
                f"verify's second process ended without an answer (exit code {process.exitcode})"
            )
        if isinstance(found, HelperAnswer):
            return found
        _fault(found)
        return None

    try:
        yield counter, answer
    finally:
        answers.close()
        if not asked:  # this process failed before it needed the answer
            process.terminate()
        process.join()  # it has sent its answer and is ending (or was ended)
