"""The club's commands end to end on a SQLite file: a demo season, its table, the rating list
(and its CSV), a player's page, merging, and bad input as one line."""

from __future__ import annotations

import csv
import io
from collections.abc import Callable

Run = Callable[..., tuple[int, str, str]]


def test_a_demo_season_then_its_table_ratings_and_a_players_page(run: Run) -> None:
    status, out, _ = run(
        "demo", "--season", "3", "--members", "8", "--preset", "wikipedia-standard",
        "--rounds", "2", "--quiet",
    )  # fmt: skip
    assert status == 0, out
    assert "played 3 nights" in out and "N1  N2  N3" in out and "Rating" in out
    status, out, _ = run("season", "table", "1")
    assert status == 0 and out.splitlines()[0].startswith("Demo season of 8 members")
    status, out, _ = run("ratings", "--csv")
    rows = list(csv.DictReader(io.StringIO(out)))
    assert status == 0 and rows and rows[0]["rank"] == "1"
    assert all(row["provisional"] in ("yes", "no") for row in rows)
    status, out, _ = run("player", "show", rows[0]["name"])
    assert status == 0
    assert "Rating: " in out and "Average deadwood when knocking" in out
    assert "Head to head" in out and "Club night 3" in out
    status, out, _ = run("player", "list")
    assert status == 0 and "D001" in out
    status, out, err = run("verify")
    assert status == 0 and "all clean" in out, err


def test_seasons_count_the_events_they_are_given(run: Run) -> None:
    for seed in ("1", "2"):
        status, _, _ = run(
            "demo", "--entrants", "4", "--seed", seed, "--preset", "wikipedia-standard",
            "--quiet",
        )  # fmt: skip
        assert status == 0
    status, out, _ = run("season", "create", "Winter league", "--points", "places", "--best", "1")
    assert status == 0 and "season 1: Winter league (by place: 10, 8, 6" in out
    status, out, _ = run("season", "add", "1", "1", "2")
    assert status == 0 and "counts events: 1, 2" in out
    status, out, _ = run("season", "list")
    assert "Winter league  (2 events; " in out
    status, out, _ = run("season", "table", "1")
    assert status == 0 and "best 1 night counts" in out and "(n) is a night dropped" in out
    status, out, _ = run("season", "remove", "1", "2")
    assert status == 0 and "counts events: 1" in out
    status, out, _ = run("season", "list")
    assert "Winter league  (1 event; " in out  # one event, never '1 events'


def test_ratings_seed_an_event(run: Run) -> None:
    status, _, _ = run("demo", "--entrants", "6", "--preset", "wikipedia-standard", "--quiet")
    assert status == 0
    status, out, _ = run("ratings", "--csv")
    ranked = list(csv.DictReader(io.StringIO(out)))
    status, out, err = run("ratings", "--seed-event", "1")
    assert status == 0, err
    seeded = [line.split(maxsplit=1) for line in out.splitlines()]
    assert [seed for seed, _ in seeded] == ["1", "2", "3", "4", "5", "6"]
    assert {name for _, name in seeded} == {row["name"] for row in ranked}
    status, out, _ = run("entrant", "list", "--event", "1")
    assert status == 0 and seeded[0][1] in out


def test_bad_club_input_is_one_line(run: Run) -> None:
    assert run("--create", "ratings")[0] == 0  # the database the cases below are refused by
    cases = [
        (("season", "create", "X", "--per-place", "10,ten"), "--per-place takes whole numbers"),
        (("season", "table", "9"), "season 9"),
        (("player", "show", "Nobody"), "no player is called 'Nobody'"),
        (("player", "merge", "1", "1"), "no player is called '1'"),
        (("demo", "--season", "2", "--members", "2"), "4 to 200 members"),
    ]
    for argv, words in cases:
        status, out, err = run(*argv)
        assert status == 2, (argv, out, err)
        assert words in err and len(err.strip().splitlines()) == 1, err
    status, out, _ = run("ratings")
    assert status == 0 and "No rated match yet" in out
