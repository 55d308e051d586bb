"""A simulated club season: members who come to most nights, a club night a week played
through the same demo run as one event (:func:`gin_scorer.services.writes.demo.play_demo`), every
night counted in one season. For the demo, the tests and the benchmarks: its season table,
ratings and player pages are read back from the facts like any other.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, timedelta

from gin_scorer.core.wording import Said, said
from gin_scorer.services.queries.seasons import SeasonView
from gin_scorer.services.support.dto import EntrantSpec
from gin_scorer.services.support.errors import InvalidInput
from gin_scorer.services.writes.demo import DemoPlan, DemoProgress, demo_names, play_demo
from gin_scorer.services.writes.season_changes import create_season, set_season_events
from gin_scorer.store.database import Database
from gin_scorer.tournament.season import SeasonScoring

MOST_NIGHTS = 60
MOST_MEMBERS = 200


@dataclass(frozen=True, slots=True)
class SeasonDemoPlan:
    """``nights`` club nights of ``rounds`` Swiss rounds each, for ``members`` members of
    whom about ``attendance`` come on a given night; one night a week from ``start``."""

    nights: int = 20
    members: int = 30
    seed: int = 1
    rounds: int = 3
    attendance: float = 0.8
    preset: str = "hollywood"
    club: str = "Demo Club"
    start: date = date(2026, 1, 6)
    name: str | None = None
    scoring: SeasonScoring = field(default_factory=SeasonScoring)

    def check(self) -> None:
        if not 1 <= self.nights <= MOST_NIGHTS:
            raise InvalidInput(
                said("a demo season plays 1 to {0} nights, not {1}", MOST_NIGHTS, self.nights)
            )
        if not 4 <= self.members <= MOST_MEMBERS:
            raise InvalidInput(
                said("a demo season has 4 to {0} members, not {1}", MOST_MEMBERS, self.members)
            )
        if not 0.1 <= self.attendance <= 1:
            raise InvalidInput(said("attendance must be from 0.1 to 1, not {0}", self.attendance))


@dataclass(frozen=True, slots=True)
class SeasonDemoResult:
    season: SeasonView
    nights: int
    matches: int
    hands: int
    seconds: float


def members_of(plan: SeasonDemoPlan) -> list[EntrantSpec]:
    """The club's members, each with a member number (the same plan, the same people)."""
    rng = random.Random(f"gin-scorer season {plan.seed} members")
    return [
        EntrantSpec(name, club=plan.club, member_number=f"{plan.club[:1]}{n:03d}")
        for n, name in enumerate(demo_names(plan.members, rng), start=1)
    ]


def play_demo_season(
    db: Database,
    plan: SeasonDemoPlan,
    *,
    progress: Callable[[DemoProgress], None] | None = None,
    cancelled: Callable[[], bool] | None = None,
) -> SeasonDemoResult:
    """Create the season and play its nights, each one an event counted in it;
    ``cancelled()`` stops it between two matches (:class:`~.demo.DemoCancelled`)."""
    plan.check()
    began = time.perf_counter()
    rng = random.Random(f"gin-scorer season {plan.seed}")
    members = members_of(plan)
    title = plan.name or f"Demo season of {plan.members} members (seed {plan.seed})"
    season = create_season(db, title, plan.scoring, actor="demo")
    matches = hands = 0
    for night in range(plan.nights):
        here = [m for m in members if rng.random() < plan.attendance]
        if len(here) < 4:  # a night needs two tables at least
            here = rng.sample(members, 4)
        here.sort(key=lambda m: m.member_number)
        people = tuple(
            EntrantSpec(m.name, m.club, m.member_number, seed=i + 1, checked_in=True)
            for i, m in enumerate(here)
        )
        played = play_demo(
            db,
            DemoPlan(
                entrants=len(people),
                rounds=plan.rounds,
                preset=plan.preset,
                seed=plan.seed * 1000 + night,
                name=f"Club night {night + 1}",
                venue=plan.club,
                start_date=plan.start + timedelta(weeks=night),
                people=people,
            ),
            cancelled=cancelled,
        )
        season = set_season_events(db, season.id, add=[played.event.id], actor="demo")
        matches, hands = matches + played.matches, hands + played.hands
        if progress is not None:
            message = _night_played_words(night + 1, len(people), played.hands)
            progress(DemoProgress(night + 1, plan.nights, hands, message))
    return SeasonDemoResult(season, plan.nights, matches, hands, time.perf_counter() - began)


def _night_played_words(night: int, members: int, hands: int) -> Said:
    """``night 3: 12 members, 140 hands``; a night always has four members or more, a night
    of one hand is said in the singular."""
    if hands == 1:
        return said("night {0}: {1} members, 1 hand", night, members, hands)
    return said("night {0}: {1} members, {2} hands", night, members, hands)
