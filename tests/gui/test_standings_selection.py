"""Issue 17: selecting a standings row selects that row, not every row tied with it."""

from __future__ import annotations

from pathlib import Path

from gin_scorer.gui.views.standings import StandingsView
from gin_scorer.services.queries.standings import standings
from gin_scorer.services.support.database import open_database
from gin_scorer.services.support.dto import EntrantSpec
from gin_scorer.services.writes.events import create_event, get_event
from tests.gui.conftest import settle


def test_a_tied_row_is_selected_alone(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    db = open_database(tmp_path / "tied.sqlite", station="desk", backups=False)
    try:
        people = [EntrantSpec(name) for name in ("Ann", "Bob", "Cy", "Dee")]
        event = create_event(db, name="All square", format="swiss", entrants=people)
        assert {r.place_label for r in standings(db, event.id)} == {"1="}  # nobody has played
        view = StandingsView(db)
        qtbot.addWidget(view)
        view.set_event(get_event(db, event.id))
        view.refresh()
        settle(qtbot, view)
        names = [view.model.rows()[i].entrant.name for i in range(view.model.rowCount())]
        view.table.selectRow(names.index("Cy"))
        selected = view.table.selectionModel().selectedRows()
        assert [names[i.row()] for i in selected] == ["Cy"]
    finally:
        db.close()
