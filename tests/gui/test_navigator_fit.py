"""Opening an event opens its rounds in the navigator too: the pane is widened to the lines
in sight once for them all, not once for each (each measure of the tree's lines was a few
milliseconds of the same turn of the GUI thread, issue 35)."""

from __future__ import annotations

import pytest

from gin_scorer.gui.main_window import MainWindow, window_state
from gin_scorer.gui.settings import GuiSettings
from tests.gui.conftest import settle, swiss_copy

SETTINGS = GuiSettings(station_name="Desk 1")


def test_opening_an_event_fits_the_navigator_once_to_its_lines(  # type: ignore[no-untyped-def]
    qtbot, swiss_db, tmp_path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path, event_id = swiss_copy(swiss_db, tmp_path)
    window = MainWindow(database=str(path), settings=SETTINGS)
    qtbot.addWidget(window)
    window.resize(1366, 700)
    window.show()
    settle(qtbot, window)
    fits: list[int] = []
    measure = window_state.widen_for_lines

    def counted(*args, **kwargs):  # type: ignore[no-untyped-def]
        fits.append(1)
        return measure(*args, **kwargs)

    monkeypatch.setattr(window_state, "widen_for_lines", counted)
    expanded: list[int] = []
    window.state.navigator.expanded.connect(lambda _index: expanded.append(1))
    window.state.open_event(event_id)
    settle(qtbot, window)
    qtbot.wait(50)  # the fit's turn
    assert len(expanded) > 1  # the event and its rounds
    assert fits == [1]
    # And the lines in sight are whole (the pane may not pass a third of the window).
    tree, panes = window.state.navigator, window.state.panes
    wanted = tree.sizeHintForColumn(0) + (tree.width() - tree.viewport().width())
    assert panes.sizes()[0] >= min(wanted, sum(panes.sizes()) // 3)
