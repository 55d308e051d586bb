"""A count of one is said in the singular on the command line ('1 round', '1 entry', 'every
hand'), and more in the plural: each its own whole pattern, so that a translation words both."""

from __future__ import annotations

from collections.abc import Callable
from types import SimpleNamespace

import pytest

from gin_scorer.commands._ledger_lines import _teams_line

Run = Callable[..., tuple[int, str, str]]


def test_the_demos_progress_and_a_one_night_season(run: Run) -> None:
    status, out, _ = run(
        "demo", "--entrants", "2", "--rounds", "1", "--preset", "wikipedia-standard"
    )  # fmt: skip
    assert status == 0
    assert out.startswith("round 1: 1 table played (") and " hands so far)\n" in out
    status, out, _ = run(
        "demo", "--season", "1", "--members", "4", "--rounds", "1",
        "--preset", "wikipedia-standard", "--quiet",
    )  # fmt: skip
    assert status == 0 and out.startswith("played 1 night: ")


def test_a_season_of_nights_is_said_in_the_plural(run: Run) -> None:
    status, out, _ = run(
        "demo", "--season", "2", "--members", "4", "--rounds", "1",
        "--preset", "wikipedia-standard", "--quiet",
    )  # fmt: skip
    assert status == 0 and out.startswith("played 2 nights: ")


def test_the_audit_log_counts_one_entry_and_more(run: Run) -> None:
    assert run("--create", "audit", "verify")[1] == "audit log intact: 0 entries\n"
    run("event", "new", "--name", "First")
    status, out, _ = run("audit", "verify")
    assert status == 0 and out.startswith("audit log intact: 1 entry, latest ")
    run("event", "new", "--name", "Second")
    assert run("audit", "verify")[1].startswith("audit log intact: 2 entries, latest ")


def test_a_one_round_event_and_its_one_point_byes_and_forfeits(run: Run) -> None:
    status, _, err = run(
        "event", "new", "--name", "Short", "--format", "swiss", "--rounds", "1",
        "--bye-points", "1", "--forfeit-points-per-game", "1",
    )  # fmt: skip
    assert status == 0, err
    status, out, _ = run("event", "settings", "1")
    assert "a bye is worth:   a match win, the games a won match takes, 1 point\n" in out
    assert "1 point a game, unplayed" in out
    run("event", "settings", "1", "--bye-points", "2", "--forfeit-points-per-game", "3")
    status, out, _ = run("event", "settings", "1")
    assert "the games a won match takes, 2 points\n" in out and "3 points a game" in out
    for name in ("Ann", "Bob", "Cy"):
        run("entrant", "add", "--event", "1", name)
    run("round", "start", "--event", "1")
    status, out, _ = run("round", "status", "--event", "1")
    assert status == 0
    assert out.startswith("Round 1: 0 finished, 0 playing, 1 waiting (of 1 round)\n")


@pytest.mark.parametrize(
    ("hands", "minutes", "every"),
    [
        ("1", "1", "every hand or every minute"),
        ("1", "5", "every hand or 5 minutes"),
        ("3", "1", "every 3 hands or every minute"),
        ("3", "5", "every 3 hands or 5 minutes"),
    ],
)
def test_the_backup_schedule_says_every_hand_and_every_minute(
    run: Run, hands: str, minutes: str, every: str
) -> None:
    status, out, _ = run("--create", "backup", "--every-hands", hands, "--every-minutes", minutes)
    assert status == 0 and out.rstrip("\n").endswith(f": {every}")


@pytest.mark.parametrize(
    ("swept", "winner", "said"),
    [
        (1, None, "in play (1 deal swept, worth 50)"),
        (2, None, "in play (2 deals swept, 50 each)"),
        (0, None, "in play (0 deals swept, 50 each)"),
        (1, "A", "won by team A (1 deal swept, worth 50)"),
        (3, "A", "won by team A (3 deals swept, 50 each)"),
    ],
)
def test_a_teams_match_counts_one_deal_swept_and_more(
    swept: int, winner: str | None, said: str
) -> None:
    ledger = SimpleNamespace(
        deals=[SimpleNamespace(swept_by="A" if n < swept else None) for n in range(4)],
        rules=SimpleNamespace(players=2, target=500, sweep_bonus=50),
        totals=SimpleNamespace(a=510, b=320),
        winner=SimpleNamespace(value=winner) if winner else None,
    )
    assert _teams_line(ledger) == f"Teams of 2 to 500: team A 510, team B 320; {said}"
