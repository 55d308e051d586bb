"""The projector on the screens it goes to (issue 35, finding 4): at 1280×720, 1366×768 and
1920×1080 it fits — its footnote wrapped, the Points ± column, the seal and Close on the
screen —, it shows more rows a page than the nine that took 60 players seven pages, in place
order, with the tie-break columns that decide the places and the deciding figure in bold."""

from __future__ import annotations

import html
import re

import pytest
from PySide6.QtTest import QTest

from gin_scorer.gui.views import ProjectorWindow
from gin_scorer.services.queries.standings import standings
from gin_scorer.services.support.database import open_database
from gin_scorer.services.writes.demo import DemoPlan, play_demo
from tests.gui.conftest import settle
from tests.rehearsal import looks


@pytest.fixture(scope="module")
def sixty(tmp_path_factory) -> tuple[str, int]:  # type: ignore[no-untyped-def]
    """60 players, two Swiss rounds played, a third of the results from slips (so the
    standings carry the footnote on differentials without points)."""
    path = str(tmp_path_factory.mktemp("wall") / "wall.sqlite")
    db = open_database(path, station="desk", backups=False)
    try:
        plan = DemoPlan(
            entrants=60,
            rounds=2,
            seed=35,
            preset="wikipedia-standard",
            with_cards=False,
            slips=0.35,
            finish=False,
        )
        return path, play_demo(db, plan).event.id
    finally:
        db.close()


def wall(qtbot, sixty, size: tuple[int, int]) -> ProjectorWindow:  # type: ignore[no-untyped-def]
    path, event_id = sixty
    db = open_database(path, station="desk", backups=False)
    projector = ProjectorWindow(db, event_id, 60)
    qtbot.addWidget(projector)
    projector.resize(*size)
    projector.show()
    qtbot.waitExposed(projector)
    settle(qtbot, projector)
    QTest.qWait(100)  # the pages' layout settled after the reading came back
    projector.toggle_turning()  # paused: the test turns the pages
    return projector


SCREENS = [(1280, 720), (1366, 768), (1920, 1080)]


@pytest.mark.parametrize("size", SCREENS)
def test_the_projector_fits_its_screen_with_the_footnote_wrapped(qtbot, sixty, size) -> None:  # type: ignore[no-untyped-def]
    projector = wall(qtbot, sixty, size)
    assert projector.minimumSizeHint().width() <= size[0]
    assert (projector.width(), projector.height()) == size
    assert looks.outside_window(projector) == []
    page = projector.pages[projector.page]
    assert page.kind == "standings" and "leaves out" in page.body  # the footnote is on it
    assert looks.cut_texts(projector) == []


def test_more_rows_a_page_on_a_bigger_screen_and_sixty_players_in_five_pages(qtbot, sixty) -> None:  # type: ignore[no-untyped-def]
    rows = {}
    for size in SCREENS:
        projector = wall(qtbot, sixty, size)
        standing = [p for p in projector.pages if p.kind == "standings"]
        rows[size] = projector.rows_per_page()
        assert len(standing) <= 5, (size, rows[size])
    assert rows[(1280, 720)] >= 12
    assert rows[(1920, 1080)] > rows[(1366, 768)] > 9


def test_the_standings_are_in_place_order_with_the_deciding_tie_break(qtbot, sixty) -> None:  # type: ignore[no-untyped-def]
    projector = wall(qtbot, sixty, (1920, 1080))
    pages = [p for p in projector.pages if p.kind == "standings"]
    head = re.findall(r"<th[^>]*>([^<]*)</th>", pages[0].body)
    assert head[:3] == ["Place", "Entrant", "W–L"]
    assert "Opp. wins" in head  # the event's second tie-break, which decides most places
    assert "Points ±" in head
    places = [
        int(label.rstrip("="))
        for page in pages
        for label in re.findall(r"<tr><td width=110>(\d+=?)</td>", page.body)
    ]
    _path, event_id = sixty
    assert places == [row.place for row in standings(projector.db, event_id)]
    assert places == sorted(places) and len(places) == 60
    assert "<b>" in pages[0].body  # a row placed by its tie-break says so, in bold
    assert "Ties broken by: match wins, opponents' match wins" in html.unescape(pages[0].body)


def test_keys_pressed_before_the_first_reading_is_back_turn_nothing(qtbot, sixty) -> None:  # type: ignore[no-untyped-def]
    """The rehearsal pressed P as the projector opened, before its pages were read (they are
    read on the worker): show_page indexed an empty list inside Qt's key handler, and the
    desk died of a segmentation fault."""
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    path, event_id = sixty
    db = open_database(path, station="desk", backups=False)
    projector = ProjectorWindow(db, event_id, 60)
    qtbot.addWidget(projector)
    projector.show()
    for key in (Qt.Key.Key_P, Qt.Key.Key_Home, Qt.Key.Key_Left, Qt.Key.Key_P):
        QTest.keyClick(projector, key)
    settle(qtbot, projector)
    assert len(projector.pages) > 1 and projector.heading.text()
