"""The one demo (services/writes/demo.py): what the CLI, the app, the screenshots and benchmarks
play."""

from __future__ import annotations

import pytest

from gin_scorer.core.wording import Said
from gin_scorer.presentation.words import say
from gin_scorer.services.queries.standings import standings
from gin_scorer.services.support.database import Database
from gin_scorer.services.support.dto import EventStatus
from gin_scorer.services.writes.demo import (
    DemoCancelled,
    DemoPlan,
    DemoProgress,
    play_demo,
    round_played_words,
)
from gin_scorer.services.writes.events import get_event
from gin_scorer.services.writes.rounds import list_rounds, round_status
from gin_scorer.tournament.elimination import BracketOutcome


def test_a_swiss_demo_plays_every_round_and_finishes_the_event(db: Database) -> None:
    seen: list[DemoProgress] = []
    result = play_demo(db, DemoPlan(entrants=8, rounds=3, seed=3), progress=seen.append)
    assert result.rounds == 3 and result.matches == 12 and result.hands > 12
    assert result.event.status is EventStatus.FINISHED
    assert [(p.rounds_done, p.rounds_total) for p in seen] == [(1, 3), (2, 3), (3, 3)]
    assert isinstance(seen[-1].message, Said)  # said in the reader's language at the edge
    assert say(seen[-1].message) == f"round 3: 4 tables played ({result.hands} hands so far)"
    assert len(standings(db, result.event.id)) == 8


def test_the_same_plan_writes_the_same_event(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from gin_scorer.services.support.database import open_database

    tables = []
    for name in ("one", "two"):
        with open_database(str(tmp_path / f"{name}.sqlite"), backups=False) as db:
            result = play_demo(db, DemoPlan(entrants=6, rounds=2, seed=11))
            tables.append(
                [
                    (r.entrant.name, r.counts.point_differential)
                    for r in standings(db, result.event.id)
                ]
            )
    assert tables[0] == tables[1]


def test_a_showcase_leaves_the_last_rounds_last_tables_part_played(db: Database) -> None:
    plan = DemoPlan(entrants=8, rounds=2, seed=5, unfinished_tables=2, finish=False, pin="1234")
    result = play_demo(db, plan)
    board = round_status(db, result.event.id, 2)
    assert len(board.missing) == 2
    assert len(round_status(db, result.event.id, 1).missing) == 0
    assert get_event(db, result.event.id).status is not EventStatus.FINISHED


def test_an_elimination_demo_plays_until_there_is_a_champion(db: Database) -> None:
    result = play_demo(db, DemoPlan(entrants=8, event_format="single-elim", seed=3))
    assert result.rounds == 3 and result.matches == 7
    position = standings(db, result.event.id)[0].position
    assert position is not None and position.outcome is BracketOutcome.CHAMPION


def test_a_cancelled_demo_keeps_what_was_played(db: Database) -> None:
    asked = 0

    def cancelled() -> bool:
        nonlocal asked
        asked += 1
        return asked > 5  # four tables of round 1, then the first table of round 2

    with pytest.raises(DemoCancelled, match="stopped") as stopped:
        play_demo(db, DemoPlan(entrants=8, rounds=3, seed=3), cancelled=cancelled)
    rounds = list_rounds(db, stopped.value.event_id)
    assert [r.number for r in rounds] == [1, 2]
    assert round_status(db, stopped.value.event_id, 1).complete
    hands = stopped.value.words.values[1]
    assert str(stopped.value) == (
        f"the demo was stopped: event {stopped.value.event_id} keeps the {hands} hands of "
        "1 round played so far"
    )


@pytest.mark.parametrize(
    ("tables", "hands", "english"),
    [
        (1, 1, "round 2: 1 table played (1 hand so far)"),
        (1, 7, "round 2: 1 table played (7 hands so far)"),
        (4, 1, "round 2: 4 tables played (1 hand so far)"),
        (4, 0, "round 2: 4 tables played (0 hands so far)"),
        (4, 120, "round 2: 4 tables played (120 hands so far)"),
    ],
)
def test_the_progress_line_is_singular_for_one_table_and_one_hand(
    tables: int, hands: int, english: str
) -> None:
    """Each its own whole pattern, so that a translation words each of them."""
    words = round_played_words(2, tables, hands)
    assert say(words) == str(words) == english
    assert "{" in words.pattern  # the numbers are values, not written into the pattern


@pytest.mark.parametrize(
    ("rounds", "hands", "kept"),
    [
        (1, 1, "the 1 hand of 1 round"),
        (1, 9, "the 9 hands of 1 round"),
        (2, 1, "the 1 hand of 2 rounds"),
        (2, 50, "the 50 hands of 2 rounds"),
        (0, 3, "the 3 hands of 0 rounds"),
    ],
)
def test_a_stopped_demo_says_what_it_keeps_in_the_singular_for_one(
    rounds: int, hands: int, kept: str
) -> None:
    stopped = DemoCancelled(7, rounds, hands)
    assert str(stopped) == f"the demo was stopped: event 7 keeps {kept} played so far"


def test_a_season_nights_progress_is_a_sentence_in_the_singular_for_one_hand() -> None:
    from gin_scorer.services.writes.demo_season import _night_played_words

    progress = DemoProgress(1, 3, 40, _night_played_words(1, 8, 40))
    assert say(progress.message) == "night 1: 8 members, 40 hands"
    assert say(_night_played_words(2, 4, 1)) == "night 2: 4 members, 1 hand"
