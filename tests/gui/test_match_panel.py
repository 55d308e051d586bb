"""The match panel: typing a hand, seeing it scored before Enter, and editing a past hand."""

from __future__ import annotations

from PySide6.QtCore import Qt

from gin_scorer.core.hands import Declaration, Side
from gin_scorer.gui.games_model import GamesModel
from gin_scorer.gui.match_panel import MatchPanel


def _panel(qtbot, sheet):  # type: ignore[no-untyped-def]
    panel = MatchPanel()
    qtbot.addWidget(panel)
    panel.set_sheet(sheet)
    panel.show()
    return panel


def test_preview_appears_as_you_type_and_enter_emits_the_record(qtbot, make_sheet) -> None:  # type: ignore[no-untyped-def]
    panel = _panel(qtbot, make_sheet(["ak7 15"]))
    qtbot.keyClicks(panel.entry, "bk")
    assert "Bob knocks" in panel.preview_label.text()
    qtbot.keyClicks(panel.entry, "9 4")
    # Before Enter: the outcome and points are already on screen.
    assert "undercut: Ann scores 30" in panel.preview_label.text()
    with qtbot.waitSignal(panel.hand_entered) as signal:
        qtbot.keyClick(panel.entry, Qt.Key.Key_Return)
    record = signal.args[0]
    assert record.declaration is Declaration.KNOCK and record.declarer is Side.B
    panel.entry_accepted()
    assert panel.entry.text() == ""


def test_bad_entry_shows_a_message_and_keeps_the_text(qtbot, make_sheet) -> None:  # type: ignore[no-untyped-def]
    panel = _panel(qtbot, make_sheet([]))
    emitted: list[object] = []
    panel.hand_entered.connect(emitted.append)
    qtbot.keyClicks(panel.entry, "ak12 30")
    qtbot.keyClick(panel.entry, Qt.Key.Key_Return)
    assert emitted == []
    assert panel.entry.text() == "ak12 30"
    assert panel.preview_label.text().startswith("✖ ")
    assert "Ann cannot knock with 12" in panel.preview_label.text()


def test_unfinished_entry_says_what_is_missing_on_enter(qtbot, make_sheet) -> None:  # type: ignore[no-untyped-def]
    panel = _panel(qtbot, make_sheet([]))
    qtbot.keyClicks(panel.entry, "ak7")
    qtbot.keyClick(panel.entry, Qt.Key.Key_Return)
    assert "not finished" in panel.preview_label.text()
    assert panel.entry.text() == "ak7"


def test_double_click_puts_a_past_hand_on_the_line_for_correction(qtbot, make_sheet) -> None:  # type: ignore[no-untyped-def]
    panel = _panel(qtbot, make_sheet(["ak7 15", "bg22"]))
    panel.table.doubleClicked.emit(panel.model.index(0, 0))
    assert panel.entry.text() == "ak7 15"
    assert "Correct hand 1" in panel.mode_label.text()
    panel.entry.setText("ak6 15")
    with qtbot.waitSignal(panel.correction_entered) as signal:
        qtbot.keyClick(panel.entry, Qt.Key.Key_Return)
    row, record = signal.args
    assert row.number == 1 and record.declared(Side.A) == 6
    qtbot.keyClick(panel.entry, Qt.Key.Key_Escape)
    assert panel.editing is None and panel.entry.text() == ""


def test_scoreboard_names_the_leader_and_the_next_dealer(qtbot, make_sheet) -> None:  # type: ignore[no-untyped-def]
    panel = _panel(qtbot, make_sheet(["ak7 15", "bg22"]))
    text = panel.scoreboard.text()
    assert "Ann 8" in text and "47 Bob" in text and "next dealer: Ann" in text
    assert "Table 3" in panel.title.text() and "Ann v Bob" in panel.title.text()


def test_games_model_passes_model_tester(qtmodeltester) -> None:  # type: ignore[no-untyped-def]
    from gin_scorer.core.ledgers import ledger_games, play_match
    from gin_scorer.core.rules import RuleSet
    from gin_scorer.presentation.entry_grammar import read_entry

    rules = RuleSet()
    results = [read_entry(t, rules).result for t in ["ag40", "ak2 30", "ak2 20", "bk1 20"]]
    match = play_match([r for r in results if r is not None], rules)
    model = GamesModel()
    model.set_games(ledger_games(match), ("Ann", "Bob"))
    qtmodeltester.check(model)
    assert model.rowCount() >= 1
    assert model.data(model.index(0, 7)).startswith(("Ann by", "playing"))


def test_multi_match_ledgers_list_their_games() -> None:
    from gin_scorer.core.ledgers import ledger_for, ledger_games
    from gin_scorer.presentation.entry_grammar import read_entry
    from gin_scorer.presets import load_preset

    rules = load_preset("multi-match")
    results = [read_entry(t, rules).result for t in ["ag40", "ag40", "bk1 30"]]
    ledger = ledger_for([r for r in results if r is not None], rules)
    games = ledger_games(ledger)
    assert games and games[0].finished  # A reached the match target of 100 with two gins
