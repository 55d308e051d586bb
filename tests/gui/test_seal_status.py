"""The seal in the status bar: shown on opening, refreshed after saves here and elsewhere,
the whole code in the tooltip, copied by a click or the context menu."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication

from gin_scorer.gui.main_window import MainWindow
from gin_scorer.gui.seal_label import SealLabel, short_seal
from gin_scorer.gui.settings import GuiSettings
from gin_scorer.services.support.seal import current_seal
from tests.gui.conftest import settle

SETTINGS = GuiSettings(station_name="Desk 1")


def _window(qtbot, path: str) -> MainWindow:  # type: ignore[no-untyped-def]
    window = MainWindow(database=path, settings=SETTINGS)
    qtbot.addWidget(window)
    window.show()
    settle(qtbot, window)
    return window


def _shows(window: MainWindow, code: str | None) -> bool:
    label = window.state.seal_label
    if code is None:
        return label.text() == "Seal: none yet" and label.code is None
    return label.text() == f"Seal {short_seal(code)}" and label.code == code


def test_a_new_database_has_no_seal_yet(qtbot, tmp_path) -> None:  # type: ignore[no-untyped-def]
    window = _window(qtbot, str(tmp_path / "new.sqlite"))
    assert window.state.db is not None
    assert _shows(window, current_seal(window.state.db))
    if window.state.seal_label.code is None:
        assert "No seal yet" in window.state.seal_label.toolTip()
        assert not window.state.seal_label.context_menu().actions()[0].isEnabled()


def test_the_seal_sits_next_to_the_last_save_and_follows_every_save(  # type: ignore[no-untyped-def]
    qtbot, club_match
) -> None:
    db, event, match = club_match
    assert db.path is not None
    window = _window(qtbot, str(db.path))
    assert window.state.seal_label.parent() is window.state.saved_label.parent() is not None
    assert window.state.seal_label.isVisible()
    assert window.state.seal_label.x() > window.state.saved_label.x()  # just right of "Last save"
    opened = current_seal(db)
    assert opened is not None and _shows(window, opened)
    tip = window.state.seal_label.toolTip()
    assert opened in tip and f"gin-scorer verify --seal {opened}" in tip

    window.state.open_event(event.id)
    settle(qtbot, window)
    window.state.open_match(match.id)
    settle(qtbot, window)
    assert window.state.scoring is not None
    qtbot.keyClicks(window.state.scoring.panel.entry, "ak7 15")
    qtbot.keyClick(window.state.scoring.panel.entry, Qt.Key.Key_Return)
    settle(qtbot, window)
    after_hand = current_seal(db)
    assert after_hand != opened
    assert _shows(window, after_hand)
    assert window.state.saved_label.text().startswith("Last save: ")


def test_another_stations_change_updates_the_seal_after_a_poll(  # type: ignore[no-untyped-def]
    qtbot, club_match
) -> None:
    from gin_scorer.core.hands import Declaration, HandRecord, Side
    from gin_scorer.services.writes.hands import record_hand
    from gin_scorer.services.writes.matches import get_score_sheet
    from gin_scorer.store.database import open_database

    db, _event, match = club_match
    window = _window(qtbot, str(db.path))
    before = window.state.seal_label.code
    other = open_database(str(db.path), station="Desk 2", backups=False)
    sheet = get_score_sheet(other, match.id)
    record = HandRecord(Declaration.KNOCK, Side.A, ((Side.A, 3), (Side.B, 20)))
    record_hand(other, match.id, record, sheet.version, entered_by="Desk 2")
    other.close()
    assert window.state.seal_label.code == before  # not yet: the window has not looked
    poll = window.station.poll_changes()  # on a worker: the answer comes back to the UI thread
    assert poll is not None
    qtbot.waitUntil(lambda: not poll.running)
    settle(qtbot, window)
    assert window.state.seal_label.code != before
    assert _shows(window, current_seal(db))


def test_a_click_or_the_context_menu_copies_the_whole_code(qtbot, club_match) -> None:  # type: ignore[no-untyped-def]
    db, _event, _match = club_match
    window = _window(qtbot, str(db.path))
    code = window.state.seal_label.code
    assert code is not None
    clipboard = QGuiApplication.clipboard()
    clipboard.setText("something else")
    qtbot.mouseClick(window.state.seal_label, Qt.MouseButton.LeftButton)
    assert clipboard.text() == code
    assert window.statusBar().currentMessage() == f"Seal {code} copied"

    clipboard.setText("something else")
    action = window.state.seal_label.context_menu().actions()[0]
    assert action.text() == "Copy seal" and action.isEnabled()
    action.trigger()
    assert clipboard.text() == code


def test_long_codes_are_shortened_in_the_bar_but_whole_in_the_tooltip(qtbot) -> None:  # type: ignore[no-untyped-def]
    label = SealLabel()
    qtbot.addWidget(label)
    label.show_seal("4127-K3M9-QX2P-7TAB")
    assert label.text() == "Seal 4127-K3M9-…"
    assert "Seal 4127-K3M9-QX2P-7TAB" in label.toolTip()
    assert "gin-scorer verify --seal 4127-K3M9-QX2P-7TAB" in label.toolTip()


def test_the_projector_shows_the_whole_seal_in_its_corner_and_keeps_it_fresh(  # type: ignore[no-untyped-def]
    qtbot, club_match
) -> None:
    from gin_scorer.core.hands import Declaration, HandRecord, Side
    from gin_scorer.gui.views import ProjectorWindow
    from gin_scorer.services.writes.hands import record_hand
    from gin_scorer.services.writes.matches import get_score_sheet

    db, event, match = club_match
    projector = ProjectorWindow(db, event.id, 5)
    settle(qtbot, projector)
    qtbot.addWidget(projector)
    projector.resize(1366, 768)
    projector.show()
    settle(qtbot, projector)
    first = current_seal(db)
    assert projector.seal.text() == f"Seal {first}"
    seal_box = projector.seal.geometry()
    assert seal_box.bottom() > projector.height() * 0.85  # the bottom corner ...
    assert seal_box.left() > projector.width() * 0.5  # ... on the right
    assert projector.seal.font().pixelSize() >= 21  # 16 pt: legible from the back of the room
    sheet = get_score_sheet(db, match.id)
    record_hand(
        db,
        match.id,
        HandRecord(Declaration.KNOCK, Side.A, ((Side.A, 3), (Side.B, 20))),
        sheet.version,
        entered_by="Desk 2",
    )
    for _ in range(len(projector.pages)):  # a whole cycle: the projector reloads at its end
        projector.next_page()
        assert projector.seal.isVisible()
    settle(qtbot, projector)
    assert projector.seal.text() == f"Seal {current_seal(db)}" != f"Seal {first}"
    projector.close()
