"""Each open database keeps its own derived match results, and drops them with the handle: two
databases with the same event and match ids never answer from each other's results."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from gin_scorer.services.queries.rounds.derived import MatchResults
from gin_scorer.services.queries.standings import standings
from gin_scorer.services.support.database import open_database
from gin_scorer.services.support.errors import InvalidInput
from gin_scorer.services.writes.demo import DemoPlan, play_demo


def _demo(path: Path, seed: int) -> None:
    with open_database(path, station="t", backups=False) as db:
        play_demo(db, DemoPlan(entrants=6, rounds=2, seed=seed, preset="wikipedia-standard"))


def test_two_databases_keep_their_own_results(tmp_path: Path) -> None:
    _demo(tmp_path / "one.sqlite", seed=1)
    _demo(tmp_path / "two.sqlite", seed=2)
    with (
        open_database(tmp_path / "one.sqlite", station="t", backups=False) as one,
        open_database(tmp_path / "two.sqlite", station="t", backups=False) as two,
    ):
        first = [(r.entrant.name, r.counts.point_differential) for r in standings(one, 1)]
        second = [(r.entrant.name, r.counts.point_differential) for r in standings(two, 1)]
        assert isinstance(one.derived[("match-results", 1)], MatchResults)
        assert one.derived[("match-results", 1)] is not two.derived[("match-results", 1)]
        # Asked again, each answers from its own kept results, as it did the first time.
        assert [(r.entrant.name, r.counts.point_differential) for r in standings(one, 1)] == first
        assert [(r.entrant.name, r.counts.point_differential) for r in standings(two, 1)] == second
        assert first != second


def test_a_hand_whose_record_is_not_json_is_named_not_a_traceback(tmp_path: Path) -> None:
    """A record that is not JSON at all (written behind the services' back) is named by its
    hand entry, not raised as a JSONDecodeError traceback."""
    path = tmp_path / "event.sqlite"
    _demo(path, seed=3)
    with open_database(path, station="t", backups=False) as db:
        before = [(r.entrant.name, r.counts.point_differential) for r in standings(db, 1)]
        assert len(before) == 6
    with sqlite3.connect(path) as raw:
        (hand_id,) = raw.execute("SELECT max(id) FROM hand_entry").fetchone()
        raw.execute("DROP TRIGGER IF EXISTS hand_entry_append_only_update")
        raw.execute(
            'UPDATE hand_entry SET record_json = \'{"knock": "A"\' WHERE id = ?', (hand_id,)
        )
    with (
        open_database(path, station="t", backups=False) as db,
        pytest.raises(InvalidInput, match=f"hand entry {hand_id}: "),
    ):
        standings(db, 1)


def test_a_hand_of_an_unknown_kind_is_named_not_a_traceback(tmp_path: Path) -> None:
    path = tmp_path / "event.sqlite"
    _demo(path, seed=4)
    with sqlite3.connect(path) as raw:
        (hand_id,) = raw.execute("SELECT max(id) FROM hand_entry").fetchone()
        raw.execute("DROP TRIGGER IF EXISTS hand_entry_append_only_update")
        raw.execute("UPDATE hand_entry SET kind = 'rewrite' WHERE id = ?", (hand_id,))
    with (
        open_database(path, station="t", backups=False) as db,
        pytest.raises(InvalidInput, match=f"hand entry {hand_id}: kind 'rewrite' is not one of"),
    ):
        standings(db, 1)
