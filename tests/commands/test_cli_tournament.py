"""The demo, verify, round, standings and bracket commands, end to end on a SQLite file."""

from __future__ import annotations

from pathlib import Path

import pytest

from gin_scorer.cli import main


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_demo_then_verify_round_standings_bracket(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = str(tmp_path / "demo.sqlite")
    status, out, _ = _run(
        capsys,
        "--db",
        db,
        "demo",
        "--entrants",
        "5",
        "--format",
        "single-elim",
        "--seed",
        "4",
        "--preset",
        "wikipedia-standard",
    )
    assert status == 0
    assert "Champion" in out and "Runner-up" in out and "3=" in out
    status, out, _ = _run(capsys, "--db", db, "verify")
    assert status == 0 and "all clean" in out
    status, out, _ = _run(capsys, "--db", db, "round", "show", "--event", "1", "--round", "1")
    assert "has a bye" in out and "[W1-2]" in out
    status, out, _ = _run(capsys, "--db", db, "round", "status", "--event", "1")
    assert "the event is complete" in out
    status, out, _ = _run(capsys, "--db", db, "bracket", "--event", "1")
    assert "champion:" in out and "W3-1" in out
    status, out, _ = _run(capsys, "--db", db, "standings", "--event", "1", "--json")
    assert '"label": "1"' in out


def test_bad_input_is_one_clear_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "e.sqlite")
    status, _, err = _run(capsys, "--db", db, "--create", "standings", "--event", "42")
    assert status == 2 and err.strip() == "gin-scorer: there is no event 42"
    status, _, err = _run(capsys, "--db", db, "demo", "--entrants", "4", "--preset", "nope")
    assert status == 2 and "no rule-set preset called 'nope'" in err
    status, _, err = _run(capsys, "--db", db, "round", "start", "--event", "1", "--pair", "x")
    assert status == 2


def test_verify_exit_status_one_on_a_problem(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from sqlmodel import select

    from gin_scorer.store.database import open_database
    from gin_scorer.store.tables import Match

    db = str(tmp_path / "v.sqlite")
    assert (
        _run(
            capsys,
            "--db",
            db,
            "demo",
            "--entrants",
            "2",
            "--format",
            "round-robin",
            "--preset",
            "wikipedia-standard",
        )[0]
        == 0
    )
    opened = open_database(db, backups=False)
    with opened.transaction() as session:
        match = session.exec(select(Match)).first()
        assert match is not None
        match.status = "pending"  # contradicts its hands
        session.add(match)
    opened.close()
    status, out, _ = _run(capsys, "--db", db, "verify")
    assert status == 1
    assert "the hands finish the match but it is marked pending" in out


def test_demo_club_nights_play_hollywood_with_rotating_pairs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from gin_scorer.services.writes.matches import get_score_sheet, list_matches
    from gin_scorer.store.database import open_database

    db = str(tmp_path / "club.sqlite")
    status, out, _ = _run(
        capsys,
        "--db",
        db,
        "demo",
        "--format",
        "club",
        "--entrants",
        "5",
        "--rounds",
        "4",
        "--seed",
        "2",
        "--quiet",
    )
    assert status == 0 and "event 1: 4 rounds, 8 matches" in out
    assert _run(capsys, "--db", db, "verify")[0] == 0
    opened = open_database(db, backups=False)
    try:
        matches = [m for m in list_matches(opened, 1) if m.b is not None]
        assert all(get_score_sheet(opened, m.id).rules.key == "hollywood" for m in matches)
        pairs = [frozenset((m.a.id, m.b.id)) for m in matches if m.b is not None]
        assert len(set(pairs)) == len(pairs)  # nobody meets the same opponent twice
    finally:
        opened.close()


def test_the_bracket_position_is_in_the_terminals_language_but_english_in_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import json

    from gin_scorer import cli
    from gin_scorer.presentation.words import use_translator

    db = str(tmp_path / "knockout.sqlite")
    demo = ("demo", "--entrants", "4", "--format", "single-elim", "--seed", "4")
    assert _run(capsys, "--db", db, *demo, "--preset", "wikipedia-standard")[0] == 0
    shouting = lambda: use_translator(lambda _context, text: text.upper())  # noqa: E731
    monkeypatch.setattr(cli, "_speak_the_terminals_language", shouting)
    try:
        _, out, _ = _run(capsys, "--db", db, "standings", "--event", "1", "--json")
        _, table, _ = _run(capsys, "--db", db, "standings", "--event", "1")
    finally:
        use_translator(None)
    positions = [line["position"] for line in json.loads(out)["standings"]]
    assert positions[:2] == ["Champion", "Runner-up"]
    assert sorted(positions[2:]) == ["out in semi-final (W1-1)", "out in semi-final (W1-2)"]
    assert "CHAMPION" in table and "OUT IN SEMI-FINAL (W1-" in table
