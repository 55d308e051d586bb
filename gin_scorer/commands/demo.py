"""``gin-scorer demo``: a simulated event played to the end through the services (every hand
really shuffled, dealt and played, with its cards), then its standings.

The play itself is :func:`gin_scorer.services.writes.demo.play_demo`, the same run the app's
"Try a demo event" makes; this module checks the numbers and prints what it did.
"""

from __future__ import annotations

import argparse
import signal
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from gin_scorer.commands._database import opened
from gin_scorer.commands._errors import UserError
from gin_scorer.commands.standings import print_standings
from gin_scorer.presentation.club_words import ratings_text, season_text
from gin_scorer.presentation.demo_words import demo_summary
from gin_scorer.presentation.words import error_text, say, translate
from gin_scorer.presets import load_preset
from gin_scorer.services.queries.ratings import rating_rows
from gin_scorer.services.queries.seasons import season_standing
from gin_scorer.services.queries.standings import standings
from gin_scorer.services.support.errors import InvalidInput
from gin_scorer.services.writes.demo import DemoCancelled, DemoPlan, play_demo
from gin_scorer.services.writes.demo_scratch import keep_demo, keep_season, scratch_database
from gin_scorer.services.writes.demo_season import SeasonDemoPlan, play_demo_season

if TYPE_CHECKING:
    from gin_scorer.services.support.database import Database
    from gin_scorer.services.writes.demo import DemoPlan, DemoProgress, DemoResult
    from gin_scorer.services.writes.demo_season import SeasonDemoPlan, SeasonDemoResult


# Checked before the event is created: a billion entrants or rounds would create the event,
# then run for ever.
_MOST_ENTRANTS = 1024
_MOST_ROUNDS = 64


def _check(args: argparse.Namespace) -> None:
    """Refuse a demo that cannot be played before anything is written."""

    if args.format in ("single-elim", "double-elim") and not 2 <= args.entrants <= 256:
        raise UserError(
            translate("cli", "an elimination demo takes 2 to 256 entrants, not {0}").format(
                args.entrants
            )
        )
    if args.entrants < 2:
        raise UserError(translate("cli", "a demo event needs at least 2 entrants"))
    if args.entrants > _MOST_ENTRANTS:
        raise UserError(
            translate("cli", "a demo event takes at most {0} entrants, not {1}").format(
                _MOST_ENTRANTS, args.entrants
            )
        )
    if args.rounds is not None and args.rounds > _MOST_ROUNDS:
        raise UserError(
            translate("cli", "a demo plays at most {0} rounds, not {1}").format(
                _MOST_ROUNDS, args.rounds
            )
        )
    if args.preset is not None:
        try:
            load_preset(args.preset)
        except (KeyError, ValueError) as error:
            raise UserError(error_text(error).strip("'\"")) from None


def run_demo_command(args: argparse.Namespace) -> int:
    """Play in a scratch database, then keep the finished demo in the chosen one: stopped
    (Ctrl+C, SIGTERM) before it is done, it writes nothing there."""

    _check(args)
    with (
        opened(args, create=True) as db,
        _stoppable() as stop,
        scratch_database(db.station) as scratch,
    ):
        try:
            played = _play_scratch(scratch, args, stop)
        except (DemoCancelled, KeyboardInterrupt):
            print(
                translate("cli", "the demo was stopped: nothing was written to {0}").format(
                    db.display_name
                ),
                file=sys.stderr,
            )
            return stop.status
        stop.writing = True  # from here on a stop waits for the demo to be kept whole
        if args.season is not None:
            return _season_kept(db, scratch, args, played)
        return _kept(db, scratch, args, played)


class _Stop:
    """Ctrl+C or SIGTERM asks the demo to stop at the next match (a second Ctrl+C stops it at
    once); once the finished demo is being written into the database, a stop waits for that
    to end. Called, it says whether a stop was asked for."""

    def __init__(self) -> None:
        self.asked: int | None = None  # the number of the signal that asked
        self.writing = False

    def handle(self, signum: int, _frame: object) -> None:
        if self.asked == signal.SIGINT and signum == signal.SIGINT and not self.writing:
            raise KeyboardInterrupt
        self.asked = int(signum)

    def __call__(self) -> bool:
        return self.asked is not None

    @property
    def status(self) -> int:
        """The shell's status for the signal that stopped it: 128 + its number."""
        return 128 + int(self.asked or signal.SIGINT)


@contextmanager
def _stoppable() -> Iterator[_Stop]:
    """SIGINT and SIGTERM turned into a request to stop, for the length of the demo."""
    stop = _Stop()
    kept: dict[int, Any] = {}
    try:
        for number in (signal.SIGINT, signal.SIGTERM):
            kept[number] = signal.signal(number, stop.handle)
    except ValueError:  # not the main thread: the signals stay as they were
        pass
    try:
        yield stop
    finally:
        for signum, handler in kept.items():
            signal.signal(signum, handler)


def _play_scratch(scratch: Database, args: argparse.Namespace, stop: _Stop) -> Any:
    """The demo played in the scratch database (an event, or a season of nights)."""

    progress = None if args.quiet else _tell
    if args.season is not None:
        return play_demo_season(scratch, _season_plan(args), progress=progress, cancelled=stop)
    return play_demo(scratch, _event_plan(args), progress=progress, cancelled=stop)


def _tell(progress: DemoProgress) -> None:
    """How both demos report their progress (unless --quiet): a line a step."""
    print(say(progress.message))


def _season_plan(args: argparse.Namespace) -> SeasonDemoPlan:

    plan = SeasonDemoPlan(
        nights=args.season,
        members=args.members,
        seed=args.seed,
        **({"preset": args.preset} if args.preset else {}),
        **({"rounds": args.rounds} if args.rounds else {}),
        **({"name": args.name} if args.name else {}),
    )
    try:
        plan.check()
    except InvalidInput as error:
        raise UserError(error_text(error)) from None
    return plan


def _season_kept(
    db: Database, scratch: Database, args: argparse.Namespace, played: SeasonDemoResult
) -> int:

    result = keep_season(db, scratch, played)
    if result.nights == 1:
        said = translate("cli", "played 1 night: {1} matches, {2} hands in {3} s")
    else:
        said = translate("cli", "played {0} nights: {1} matches, {2} hands in {3} s")
    print(said.format(result.nights, result.matches, result.hands, f"{result.seconds:.1f}"))
    for line in season_text(season_standing(db, result.season.id)):
        print(line)
    print()
    rows = rating_rows(db)
    for line in ratings_text(rows)[:11]:
        print(line)
    print(translate("cli", "season {0}: gin-scorer season table {0}").format(result.season.id))
    print(translate("cli", "database: {0}").format(db.url))
    return 0


def _event_plan(args: argparse.Namespace) -> DemoPlan:

    return DemoPlan(
        entrants=args.entrants,
        rounds=args.rounds,
        event_format=args.format,
        preset=args.preset,
        seed=args.seed,
        name=args.name,
        per_hand=args.per_hand,
        slips=args.slips,
    )


def _kept(db: Database, scratch: Database, args: argparse.Namespace, played: DemoResult) -> int:

    result = keep_demo(db, scratch, played)
    event_id = result.event.id
    rows = standings(db, event_id)
    if not args.quiet:
        for note in result.notes:
            print(translate("cli", "note: {0}").format(say(note)))
    print(demo_summary(result))
    print_standings(rows[: 8 if args.quiet else 16])
    if len(rows) > 16 and not args.quiet:
        print(
            translate("cli", "... and {0} more: gin-scorer standings --event {1}").format(
                len(rows) - 16, event_id
            )
        )
    print(translate("cli", "database: {0}").format(db.url))
    return 0
