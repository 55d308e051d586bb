"""Texts that were plain English once — the round status line, a status-bar word after a save,
the projector's page titles — now come out of the installed translation. A stand-in translator
"translates" every text by upper-casing it, so what went through it shows."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QTranslator
from PySide6.QtWidgets import QApplication

from gin_scorer.gui.i18n import translate
from gin_scorer.gui.main_window import MainWindow
from gin_scorer.gui.settings import GuiSettings
from gin_scorer.presentation.words import use_translator
from tests.gui.conftest import settle, swiss_copy


class Shouting(QTranslator):
    """Every text in capitals (its ``{0}`` fields unchanged): a language anyone can read."""

    def translate(  # type: ignore[override]
        self, context: str, source: str, disambiguation: str | None = None, n: int = -1
    ) -> str:
        return source.upper()

    def isEmpty(self) -> bool:
        return False


@pytest.fixture
def shouting() -> Iterator[None]:
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    translator = Shouting()
    assert app.installTranslator(translator)
    use_translator(translate)  # as install_translations does: the shared words too
    try:
        yield
    finally:
        app.removeTranslator(translator)
        use_translator(None)


@pytest.fixture
def window(qtbot, swiss_db, tmp_path, shouting) -> MainWindow:  # type: ignore[no-untyped-def]
    path, event_id = swiss_copy(swiss_db, tmp_path)
    shown = MainWindow(database=str(path), settings=GuiSettings(station_name="Desk 1"))
    qtbot.addWidget(shown)
    shown.state.open_event(event_id)
    settle(qtbot, shown)
    return shown


def test_the_round_status_line_is_translated(qtbot, window: MainWindow) -> None:
    status = window.state.event_views["status"]
    window.state.show_view("status", round_number=2)
    settle(qtbot, window)
    summary = status.summary.text()  # type: ignore[attr-defined]
    assert summary.startswith("ROUND 2: ")
    assert "FINISHED" in summary and "⚠ MISSING A RESULT: TABLE " in summary
    assert "missing" not in summary


def test_a_status_bar_word_after_a_save_is_translated(window: MainWindow, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from gin_scorer.gui import event_settings_dialog

    monkeypatch.setattr(event_settings_dialog, "edit_event_settings", lambda *a, **k: True)
    window.event_actions.edit_format_settings()
    assert window.statusBar().currentMessage() == "FORMAT SETTINGS SAVED"


def test_the_projectors_page_titles_are_translated(window: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    from gin_scorer.gui.views import ProjectorWindow

    assert window.state.db is not None and window.state.event_id is not None
    projector = ProjectorWindow(window.state.db, window.state.event_id, 5)
    settle(qtbot, projector)
    qtbot.addWidget(projector)
    titles = [page.heading for page in projector.pages]
    assert any(t.startswith("STANDINGS — ") for t in titles), titles
    assert any(t.startswith("ROUND 2: FIND YOUR TABLE") for t in titles), titles
    assert any(t.startswith("ROUND 2 PAIRINGS") for t in titles), titles
    assert "TURNING BY ITSELF" in projector.footer.text()
    projector.close()


def test_a_result_that_would_replace_hands_still_asks_in_another_language(  # type: ignore[no-untyped-def]
    qtbot, tmp_path, shouting, monkeypatch
) -> None:
    """The dialog asked "Replace?" when the services' English said "confirm to replace": in
    any other language it never asked. It asks on the refusal's kind (ReplaceFirst)."""
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QMessageBox

    from gin_scorer.core.hands import Declaration, HandRecord, Side
    from gin_scorer.gui.results_dialog import ResultsDialog
    from gin_scorer.services.support.database import open_database
    from gin_scorer.services.support.dto import EntrantSpec
    from gin_scorer.services.writes import entrants, events, hands, rounds
    from gin_scorer.services.writes.matches import get_score_sheet, list_matches

    db = open_database(str(tmp_path / "slips.sqlite"), station="desk")
    try:
        event = events.create_event(db, name="Slip Open", format="swiss")
        entrants.add_entrants(db, event.id, [EntrantSpec(f"P{n}") for n in range(1, 5)])
        rounds.start_round(db, event.id)
        match = next(m for m in list_matches(db, event.id) if m.table_number == 1)
        knock = HandRecord(Declaration.KNOCK, Side.A, ((Side.A, 5), (Side.B, 20)))
        hands.record_hand(db, match.id, knock, match.version, entered_by="table 1")
        asked: list[str] = []

        def answer(_parent, title, text, *_args):  # type: ignore[no-untyped-def]
            asked.append(f"{title} {text}")
            return QMessageBox.StandardButton.Yes

        monkeypatch.setattr(QMessageBox, "question", answer)
        dialog = ResultsDialog(db, event.id, 1, entered_by="Desk 1")
        qtbot.addWidget(dialog)
        QTest.keyClicks(dialog.line, "1 b 3-1")
        QTest.keyClick(dialog.line, Qt.Key.Key_Return)
        assert len(asked) == 1 and asked[0].startswith("REPLACE?"), asked
        assert "CONFIRM TO REPLACE" in asked[0]  # the services' sentence, translated
        result = get_score_sheet(db, match.id).result
        assert result is not None and result.winner is Side.B
    finally:
        db.close()


def test_the_rules_preview_says_each_value_in_the_readers_language(qtbot, shouting) -> None:  # type: ignore[no-untyped-def]
    from gin_scorer.gui.event_dialog import NewEventDialog
    from gin_scorer.presets import list_presets

    dialog = NewEventDialog(list_presets(), "tedesco")
    qtbot.addWidget(dialog)
    lines = dialog.preview.toPlainText().splitlines()
    assert "NEXT DEALER: THE LOSER OF THE HAND" in lines
    assert "MATCH FORMAT: HOLLYWOOD" in lines
    assert "SPADE UPCARD DOUBLES: YES" in lines
    combo = dialog.rules.widgets["knock_rule"]
    assert combo.itemText(0) == "UP TO THE KNOCK LIMIT"  # type: ignore[attr-defined]


def test_results_entered_are_counted_in_the_readers_language(
    window: MainWindow, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    """One result and many are two sentences, each in the translation."""
    from gin_scorer.gui import results_dialog

    for entered, said in (
        (1, "1 RESULT ENTERED FOR ROUND 2"),
        (3, "3 RESULTS ENTERED FOR ROUND 2"),
    ):
        monkeypatch.setattr(results_dialog, "enter_results", lambda *a, n=entered, **k: n)
        window.event_actions.enter_results()
        assert window.statusBar().currentMessage() == said
