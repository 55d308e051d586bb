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
    assert dialog.entrant_count.text() == "3 entrants"
    dialog.format.setCurrentIndex(dialog.format.findData("swiss"))
    dialog.pin.setText("4321")
    values = dialog.values()
    assert values.name == "Club night" and values.entrants == ("Ann", "Bob", "Cy")
    assert values.format == "swiss" and values.pin == "4321"
    dialog.entrants.setPlainText("Ann\nann")
    assert "listed twice" in (dialog.problem_text() or "")


def test_edited_rules_save_as_a_custom_preset_and_come_back(qtbot, tmp_path) -> None:  # type: ignore[no-untyped-def]
    from gin_scorer.gui.custom_presets import list_custom_presets

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
    assert len(found) == 1 and "broken.toml: target = 'lots'" in problems[0]
