from gin_scorer import __version__
from gin_scorer.gui.main_window import MainWindow


def test_main_window_has_the_menus_and_names_the_database(qtbot, tmp_path) -> None:  # type: ignore[no-untyped-def]
    db = tmp_path / "event.sqlite"
    window = MainWindow(database=str(db))
    qtbot.addWidget(window)
    window.show()
    assert window.windowTitle() == "Gin Scorer"
    titles = [a.text().replace("&", "") for a in window.menuBar().actions()]
    assert titles[:7] == ["File", "Event", "Club", "Scoring", "View", "Reports", "Help"]
    assert window.state.database_label.text() == "Database: event.sqlite"  # the path: its tooltip
    assert window.state.database_label.toolTip() == str(db)
    assert __version__ in window.report_actions.about_text()
