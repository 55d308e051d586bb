"""Club → Players and Seasons: the registry with ratings and a find box, a player's page with
its two QtCharts plots, merging, seasons made and counted, and the near-miss question asked
when entrants are added."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCharts import QChartView
from PySide6.QtWidgets import QLabel, QTableWidget

from gin_scorer.gui.club_window import ClubWindow
from gin_scorer.gui.near_players_prompt import confirm_people
from gin_scorer.gui.season_dialog import SeasonDialog
from gin_scorer.services.queries.players import list_players
from gin_scorer.services.queries.ratings import rating_rows
from gin_scorer.services.queries.seasons import list_seasons
from gin_scorer.services.support.database import Database, open_database
from gin_scorer.services.support.dto import EntrantSpec
from gin_scorer.services.writes.demo_season import SeasonDemoPlan, play_demo_season
from gin_scorer.tournament.season import SeasonPoints, SeasonScoring
from tests.gui.conftest import settle

PLAN = SeasonDemoPlan(nights=3, members=8, seed=3, rounds=2, preset="wikipedia-standard")


@pytest.fixture
def club(tmp_path: Path) -> Iterator[Database]:
    db = open_database(tmp_path / "club.sqlite", station="desk", backups=False)
    play_demo_season(db, PLAN)
    try:
        yield db
    finally:
        db.close()


def test_the_players_tab_lists_everyone_with_a_rating_and_finds(qtbot, club: Database) -> None:  # type: ignore[no-untyped-def]
    window = ClubWindow(club)
    qtbot.addWidget(window)
    window.show_tab("players")
    table = window.findChild(QTableWidget, "playersTable")
    assert table.rowCount() == len(list_players(club))
    best = rating_rows(club)[0]
    names = [table.item(r, 0).text() for r in range(table.rowCount())]
    row = names.index(best.name)
    assert table.item(row, 4).text() == str(best.rating) + ("?" if best.provisional else "")
    window.players.search.setText(best.name.split()[0])
    assert 1 <= table.rowCount() < len(names)
    window.players.search.clear()
    table.selectRow(row)
    heading = window.findChild(QLabel, "playerHeading")
    assert heading is not None and best.name in heading.text()
    assert window.findChild(QChartView, "ratingChart") is not None
    assert window.findChild(QChartView, "resultsChart") is not None
    assert window.findChild(QTableWidget, "playerHeadToHead").rowCount() >= 1
    assert window.players.merge_button.isEnabled()


def test_the_seasons_tab_shows_the_table_and_takes_new_knobs(qtbot, club: Database) -> None:  # type: ignore[no-untyped-def]
    window = ClubWindow(club)
    qtbot.addWidget(window)
    window.show_tab("seasons")
    table = window.findChild(QTableWidget, "seasonTable")
    columns = [table.horizontalHeaderItem(c).text() for c in range(table.columnCount())]
    assert columns[:5] == ["Place", "Player", "N1", "N2", "N3"] and columns[-1] == "Points"
    assert table.rowCount() == len({m for m in range(table.rowCount())})
    assert "3 nights" in window.seasons.summary.text()
    assert "The nights: N1 Club night 1" in window.seasons.notes.text()


def test_the_season_dialog_reads_the_knobs_and_names_a_wrong_one(qtbot) -> None:  # type: ignore[no-untyped-def]
    dialog = SeasonDialog(SeasonScoring(), "")
    qtbot.addWidget(dialog)
    dialog.name.setText("Winter league")
    dialog.points.setCurrentIndex(1)
    dialog.per_place.setText("12, 9, 7")
    dialog.best.setValue(8)
    dialog.check_and_accept()
    assert dialog.scoring == SeasonScoring(SeasonPoints.PLACES, per_place=(12, 9, 7), best_nights=8)
    dialog.per_place.setText("12, nine")
    dialog.scoring = None
    dialog.check_and_accept()
    assert dialog.scoring is None and "places" in dialog.problem.text()


def test_a_near_miss_is_asked_about_and_linked_when_the_same(club: Database) -> None:
    member = next(p for p in list_players(club) if p.events >= 2)
    typo = EntrantSpec(member.name[:-1] + member.name[-1] * 2, club=member.club)
    asked: list[tuple[str, str]] = []

    def same(_parent: object, spec: EntrantSpec, player: object) -> bool:
        asked.append((spec.name, getattr(player, "name", "")))
        return True

    (settled,) = confirm_people(None, club, [typo], same)
    assert asked == [(typo.name, member.name)]
    assert (settled.name, settled.member_number) == (member.name, member.member_number)
    (kept,) = confirm_people(None, club, [typo], lambda *_: False)
    assert kept == typo
    assert confirm_people(None, club, [EntrantSpec("Nobody Alike")], same) == [
        EntrantSpec("Nobody Alike")
    ]
    assert len(list_seasons(club)) == 1


def test_club_menu_seeds_the_open_event_by_rating(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    from gin_scorer.gui.main_window import MainWindow
    from gin_scorer.services.writes.entrants import add_entrants, list_entrants
    from gin_scorer.services.writes.events import create_event

    path = tmp_path / "seed.sqlite"
    db = open_database(path, station="desk", backups=False)
    play_demo_season(db, PLAN)
    rated = rating_rows(db)
    members = {p.id: p for p in list_players(db)}
    event = create_event(db, name="Club open", format="swiss")
    specs = [
        EntrantSpec(members[r.player_id].name, PLAN.club, members[r.player_id].member_number)
        for r in reversed(rated[:4])
    ]
    add_entrants(db, event.id, specs)
    db.close()
    window = MainWindow(database=str(path))
    qtbot.addWidget(window)
    window.state.open_event(event.id)
    settle(qtbot, window)
    titles = [a.text() for a in window.menus.by_key["club"].actions() if a.text()]
    assert titles == ["&Players and ratings…", "&Seasons…", "Seed the event by &rating"]
    assert window.menus.seed_by_rating()
    seeded = sorted(list_entrants(window.state.db, event.id), key=lambda e: e.seed or 0)
    sure = sorted(rated[:4], key=lambda r: -(r.rating - 3 * r.uncertainty))
    assert [e.name for e in seeded] == [r.name for r in sure]
    assert window.statusBar().currentMessage() == "4 entrants seeded by rating"


def test_each_tab_reads_the_database_once_when_first_looked_at(qtbot, club: Database) -> None:  # type: ignore[no-untyped-def]
    window = ClubWindow(club)
    qtbot.addWidget(window)
    reads: list[str] = []
    for name, tab in (("players", window.players), ("seasons", window.seasons)):
        original = tab.refresh
        tab.refresh = lambda original=original, name=name: (reads.append(name), original())  # type: ignore[method-assign]
    window.show_tab("players")
    assert reads == ["players"]
    window.tabs.setCurrentWidget(window.seasons)  # clicked: read on the first look only
    window.tabs.setCurrentWidget(window.players)
    window.tabs.setCurrentWidget(window.seasons)
    assert reads == ["players", "seasons"]
    assert window.findChild(QTableWidget, "seasonTable").rowCount() > 0
    window.show_tab("seasons")  # the Club menu again: read afresh
    assert reads == ["players", "seasons", "seasons"]
