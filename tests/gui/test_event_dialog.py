"""The new-event dialog: presets with every knob shown live, custom rules, entrants, checks."""

from __future__ import annotations

from gin_scorer.core.rules import MatchFormat
from gin_scorer.gui.event_dialog import NewEventDialog
from gin_scorer.presets import DEFAULT_PRESET, list_presets


def _dialog(qtbot):  # type: ignore[no-untyped-def]
    dialog = NewEventDialog(list_presets(), DEFAULT_PRESET)
    qtbot.addWidget(dialog)
    return dialog


def test_default_preset_is_previewed_knob_by_knob(qtbot) -> None:  # type: ignore[no-untyped-def]
    dialog = _dialog(qtbot)
    rules = dialog.rules.current
    assert rules.key == DEFAULT_PRESET
    preview = dialog.preview.toPlainText()
    assert f"Game target: {rules.target}" in preview
    assert "Knock limit: 10" in preview
    assert rules.match_format is MatchFormat.BEST_OF


def test_changing_a_knob_makes_a_custom_rule_set_and_updates_the_preview(qtbot) -> None:  # type: ignore[no-untyped-def]
    dialog = _dialog(qtbot)
    dialog.rules.widgets["gin_bonus"].setValue(30)  # type: ignore[attr-defined]
    rules = dialog.rules.current
    assert rules.gin_bonus == 30 and rules.key == f"custom-{DEFAULT_PRESET}"
    assert "Gin bonus: 30" in dialog.preview.toPlainText()
    pagat = dialog.rules.preset_box.findData("pagat")
    dialog.rules.preset_box.setCurrentIndex(pagat)
    assert dialog.rules.current.key == "pagat"
    assert "Big gin allowed: no" in dialog.preview.toPlainText()


def test_a_bad_knob_is_named_and_blocks_creation(qtbot) -> None:  # type: ignore[no-untyped-def]
    dialog = _dialog(qtbot)
    dialog.name.setText("Autumn Open")
    dialog.rules.widgets["best_of"].setValue(4)  # type: ignore[attr-defined]
    assert "best_of" in (dialog.problem_text() or "")
    dialog.rules.widgets["best_of"].setValue(5)  # type: ignore[attr-defined]
    assert dialog.problem_text() is None


def test_values_read_name_entrants_format_and_pin(qtbot) -> None:  # type: ignore[no-untyped-def]
    dialog = _dialog(qtbot)
    assert dialog.problem_text() == "the event needs a name"
    dialog.name.setText("  Club night ")
    dialog.entrants.setPlainText("Ann\nBob\n\n Cy \n")
    assert dialog.entrants_editor.status.text() == "3 entrants"
    dialog.format.setCurrentIndex(dialog.format.findData("swiss"))
    dialog.pin.setText("4321")
    values = dialog.values()
    assert values.name == "Club night"
    assert [e.name for e in values.entrants] == ["Ann", "Bob", "Cy"]
    assert [str(label) for label in values.entrant_labels] == ["line 1", "line 2", "line 4"]
    assert values.format == "swiss" and values.pin == "4321"
    dialog.entrants.setPlainText("Ann\nann")
    assert dialog.problem_text() == "line 2: 'ann' is listed twice (line 1 too)"
    assert dialog.entrants_editor.status.text().startswith("✖ line 2")


def test_rows_pasted_from_a_spreadsheet_keep_club_member_number_and_seed(qtbot) -> None:  # type: ignore[no-untyped-def]
    dialog = _dialog(qtbot)
    dialog.name.setText("County open")
    # What a spreadsheet puts on the clipboard: cells separated by tabs, one row a line.
    dialog.entrants.setPlainText("Ann Lee\tNorth\tN-12\t1\nBob Marsh\tSouth\t\t2\nCy Dunn\n")
    assert dialog.problem_text() is None
    ann, bob, cy = dialog.values().entrants
    assert (ann.name, ann.club, ann.member_number, ann.seed) == ("Ann Lee", "North", "N-12", 1)
    assert (bob.club, bob.member_number, bob.seed) == ("South", "", 2)
    assert (cy.name, cy.club, cy.seed) == ("Cy Dunn", "", None)
    dialog.entrants.setPlainText("Ann Lee\tNorth\tN-12\tfirst\n")
    assert dialog.problem_text() == "line 1: seed 'first' is not a number"


def test_import_csv_fills_the_box_to_read_before_saving(qtbot, tmp_path) -> None:  # type: ignore[no-untyped-def]
    dialog = _dialog(qtbot)
    dialog.name.setText("County open")
    dialog.entrants.setPlainText("typed before")
    csv_file = tmp_path / "entrants.csv"
    # Saved by a spreadsheet program: a BOM, Windows line ends, columns in its own order.
    csv_file.write_bytes(
        "\ufeffClub;Name;Seed\r\nNorth;Ann Lee;1\r\nSouth;Bob Marsh;\r\n".encode("utf-8")
    )
    assert dialog.entrants_editor.load_file(csv_file)
    assert dialog.entrants.toPlainText().startswith("Club;Name;Seed")
    assert dialog.entrants_editor.status.text() == "2 entrants"
    ann, bob = dialog.values().entrants
    assert (ann.name, ann.club, ann.seed) == ("Ann Lee", "North", 1)
    assert (bob.name, bob.club, bob.seed) == ("Bob Marsh", "South", None)
    dialog.entrants.undo()  # the list typed before the import comes back
    assert dialog.entrants.toPlainText() == "typed before"
    latin = tmp_path / "latin.csv"
    latin.write_bytes("name,club\nZoë Ruiz,Montréal\n".encode("cp1252"))
    assert dialog.entrants_editor.load_file(latin)
    assert dialog.values().entrants[0].club == "Montréal"
    binary = tmp_path / "sheet.xlsx"
    binary.write_bytes(b"PK\x03\x04\x00\x00binary")
    assert not dialog.entrants_editor.load_file(binary)
    assert "save it from the spreadsheet as CSV" in dialog.entrants_editor.status.text()
    dialog.entrants.setPlainText("name,club,rating\nAnn,North,1800\n")
    assert dialog.problem_text() == (
        "line 1: unknown column 'rating' (the columns are name, club, member_number, seed, partner)"
    )


def test_edited_rules_save_as_a_custom_preset_and_come_back(qtbot, tmp_path) -> None:  # type: ignore[no-untyped-def]
    from gin_scorer.services.writes.custom_presets import list_custom_presets

    dialog = NewEventDialog(list_presets(), DEFAULT_PRESET, custom_folder=tmp_path)
    qtbot.addWidget(dialog)
    dialog.rules.widgets["target"].setValue(150)  # type: ignore[attr-defined]
    dialog.rules.widgets["big_gin_allowed"].setChecked(False)  # type: ignore[attr-defined]
    saved = dialog.rules.save_custom("Riverside club rules")
    assert saved is not None and saved.key == "custom-riverside-club-rules"
    assert dialog.rules.current == saved
    assert (tmp_path / "custom-riverside-club-rules.toml").exists()
    found, problems = list_custom_presets(tmp_path)
    assert problems == () and found == (saved,)
    assert found[0].target == 150 and not found[0].big_gin_allowed
    (tmp_path / "broken.toml").write_text("target = 'lots'\n")
    found, problems = list_custom_presets(tmp_path)
    assert len(found) == 1 and "broken.toml: target = 'lots'" in str(problems[0])


def test_esc_asks_before_dropping_typed_entrants(qtbot, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QMessageBox

    dialog = _dialog(qtbot)
    dialog.show()
    asked: list[str] = []
    answer = [QMessageBox.StandardButton.Cancel]

    def question(_parent, _title, text, *args):  # type: ignore[no-untyped-def]
        asked.append(text)
        return answer[0]

    monkeypatch.setattr(QMessageBox, "question", question)
    qtbot.keyClick(dialog, Qt.Key.Key_Escape)  # nothing typed yet: closes without asking
    assert not dialog.isVisible() and asked == []
    dialog.show()
    dialog.entrants.setPlainText("Ann\nBob\nCy")
    qtbot.keyClick(dialog, Qt.Key.Key_Escape)
    assert asked == ["The 3 entrants typed here will be lost."]
    assert dialog.isVisible() and dialog.entrants.toPlainText() == "Ann\nBob\nCy"  # kept
    answer[0] = QMessageBox.StandardButton.Discard
    qtbot.keyClick(dialog, Qt.Key.Key_Escape)
    assert not dialog.isVisible()


def test_the_preview_and_the_choices_say_each_rule_in_words(qtbot) -> None:  # type: ignore[no-untyped-def]
    """Not ``next_dealer: loser`` or ``True``: what the rule means, as a director says it."""
    dialog = _dialog(qtbot)
    dialog.rules.preset_box.setCurrentIndex(dialog.rules.preset_box.findData("tedesco"))
    preview = dialog.preview.toPlainText()
    for line in (
        "Knock rule: Oklahoma: up to the first upcard",
        "Shutout rule: game bonus doubled",
        "Aces: high or low, runs turn the corner",
        "Match format: Hollywood",
        "Next dealer: the loser of the hand",
        "Spade upcard doubles: yes",
    ):
        assert line in preview.splitlines(), line
    for raw in ("oklahoma\n", "double_game_bonus", "loser\n", "True", "False"):
        assert raw not in preview + "\n", raw
    combo = dialog.rules.widgets["match_format"]
    shown = [combo.itemText(i) for i in range(combo.count())]  # type: ignore[attr-defined]
    assert "single game" in shown and "three players" in shown
    assert combo.currentData() == "hollywood"  # type: ignore[attr-defined]


def test_a_custom_rule_set_is_described_by_its_changes_in_words(qtbot) -> None:  # type: ignore[no-untyped-def]
    """The saved description lists what was changed as the director reads it: the knob's
    label and its new value, choices in words, not ``gin_bonus, next_dealer``."""
    dialog = _dialog(qtbot)
    preset = dialog.rules.current
    dialog.rules.widgets["gin_bonus"].setValue(30)  # type: ignore[attr-defined]
    dealer = dialog.rules.widgets["next_dealer"]
    dealer.setCurrentIndex(dealer.findData("winner"))  # type: ignore[attr-defined]
    description = dialog.rules.current.description
    assert description == (
        f"{preset.name} with changes: Gin bonus set to 30; "
        "Next dealer set to the winner of the hand"
    )
    assert "gin_bonus" not in description and "winner\n" not in description + "\n"
