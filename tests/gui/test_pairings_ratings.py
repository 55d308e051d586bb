"""At a club with a history, the pairings tab shows each side's rating as the event began
(read off the UI thread); a first event shows none. The printed pairings and `round show`
carry the same figures."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from gin_scorer.gui.views.pairings import PairingsView
from gin_scorer.presentation.club_words import entrant_rating_text
from gin_scorer.services.queries.ratings import entrant_ratings
from gin_scorer.services.support.database import Database, open_database
from gin_scorer.services.writes.demo_season import SeasonDemoPlan, play_demo_season
from gin_scorer.services.writes.events import get_event
from gin_scorer.services.writes.rounds import pairings

PLAN = SeasonDemoPlan(nights=3, members=8, seed=2, rounds=2, preset="wikipedia-standard")


@pytest.fixture(scope="module")
def club(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Database, tuple[int, ...]]]:
    path: Path = tmp_path_factory.mktemp("club") / "club.sqlite"
    db = open_database(path, station="desk", backups=False)
    played = play_demo_season(db, PLAN)
    try:
        yield db, played.season.event_ids
    finally:
        db.close()


def _headers(view: PairingsView) -> list[str]:
    model = view.by_table
    horizontal = Qt.Orientation.Horizontal
    return [str(model.headerData(c, horizontal)) for c in range(model.columnCount())]


def test_the_pairings_tab_shows_ratings_as_the_event_began(qtbot, club) -> None:  # type: ignore[no-untyped-def]
    db, nights = club
    view = PairingsView(db)
    qtbot.addWidget(view)
    view.set_event(get_event(db, nights[0]))
    assert "Rating" not in _headers(view)  # the first night: nobody is rated yet
    view.set_event(get_event(db, nights[-1]))
    qtbot.waitUntil(lambda: "Rating" in _headers(view), timeout=10_000)
    assert _headers(view)[:5] == ["Table", "A", "Rating", "B", "Rating"]
    ratings = entrant_ratings(db, nights[-1])
    line = pairings(db, nights[-1], view.current_round() or 1)[0]
    model = view.by_table
    row = next(r for r in range(model.rowCount()) if model.data(model.index(r, 1)) == line.a.name)
    assert model.data(model.index(row, 2)) == entrant_rating_text(ratings[line.a.id])


def test_printed_pairings_and_round_show_carry_the_ratings(club, tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    from gin_scorer.cli import main
    from gin_scorer.reports import build, request_for
    from tests.reports.test_sheet_history_pdf import text_of

    db, nights = club
    ratings = entrant_ratings(db, nights[-1])
    line = pairings(db, nights[-1], 1)[0]
    assert line.b is not None
    expected = f"{line.a.name} ({entrant_rating_text(ratings[line.a.id])})"
    text = text_of(
        build(request_for("pairings", event_id=nights[-1]), db, tmp_path / "pairings.pdf")
    )
    assert expected in text and "Ratings as the event began" in text
    main(["--db", db.url, "round", "show", "--event", str(nights[-1]), "--round", "1"])
    shown = capsys.readouterr().out
    assert f"{expected} v {line.b.name} (" in shown and "ratings as the event began" in shown
