"""The club's printouts read back with pypdf: a season's table (every member once, the night
columns, the notes) and a player's page (rating, statistics, the two plots' captions, every
event and match), with the seal in the footer."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from pypdf import PdfReader

from gin_scorer.reports import ReportError, build, request_for
from gin_scorer.services.queries.player_record import player_record
from gin_scorer.services.queries.ratings import rating_rows
from gin_scorer.services.queries.seasons import season_standing
from gin_scorer.services.writes.demo_season import SeasonDemoPlan, play_demo_season
from gin_scorer.services.writes.season_changes import set_season_scoring
from gin_scorer.store.database import Database, open_database
from gin_scorer.tournament.season import SeasonScoring

PLAN = SeasonDemoPlan(nights=4, members=8, seed=2, rounds=2, preset="wikipedia-standard")


@pytest.fixture(scope="module")
def club(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Database, int]]:
    db = open_database(tmp_path_factory.mktemp("club") / "club.sqlite", backups=False)
    season = play_demo_season(db, PLAN).season
    try:
        yield db, season.id
    finally:
        db.close()


def _text(pdf: Path) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(pdf).pages)


def test_the_season_table_prints_every_member_and_night(
    club: tuple[Database, int], tmp_path: Path
) -> None:
    db, season_id = club
    set_season_scoring(db, season_id, SeasonScoring(best_nights=3, min_nights=3))
    standing = season_standing(db, season_id)
    text = _text(build(request_for("season", season_id=season_id), db, tmp_path / "season.pdf"))
    assert "Season table" in text and standing.season.name in text
    assert "N1" in text and "N4" in text and "Points" in text
    for name in standing.names.values():
        assert text.count(name) == 1
    assert "best 3 nights count" in text and "(n) is a night dropped" in text
    assert "The nights: N1 Club night 1 (2026-01-06)" in text
    assert "Seal " in text


def test_a_players_page_prints_the_record_and_both_plots(
    club: tuple[Database, int], tmp_path: Path
) -> None:
    db, _ = club
    top = rating_rows(db)[0]
    record = player_record(db, top.player_id)
    text = _text(
        build(request_for("player-page", player_id=top.player_id), db, tmp_path / "player.pdf")
    )
    assert f"Rating: {top.rating} ± {top.uncertainty} after {top.matches} rated matches" in text
    assert "Rating after each rated match" in text and "Matches won (green)" in text
    assert "Average deadwood when knocking" in text and "Longest winning streak" in text
    assert "Head to head" in text
    for event in record.events:
        assert event.name in text
    results = text.split("\nMatches\n", 1)[1].splitlines()
    assert sum(line in ("won", "lost", "bye") for line in results) == len(record.matches)


def test_the_club_reports_name_what_is_missing(club: tuple[Database, int], tmp_path: Path) -> None:
    db, _ = club
    with pytest.raises(ReportError, match="give --season ID"):
        build(request_for("season"), db, tmp_path / "x.pdf")
    with pytest.raises(ReportError, match="there is no season 99"):
        build(request_for("season", season_id=99), db, tmp_path / "x.pdf")
    with pytest.raises(ReportError, match="there is no player 999"):
        build(request_for("player-page", player_id=999), db, tmp_path / "x.pdf")
