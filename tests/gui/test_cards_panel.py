"""The cards panel: typed or clicked hands, the best arrangement, layoffs, and problems."""

from __future__ import annotations

from gin_scorer.core.cards import parse_card
from gin_scorer.core.rules import RuleSet
from gin_scorer.gui.cards_panel import CardsPanel
from gin_scorer.gui.tones import Tone, colour
from gin_scorer.presentation.cards_analysis import analyse_cards
from gin_scorer.presentation.entry_grammar import read_entry

RULES = RuleSet()
KNOCKER = "7h 8h 9h Kc Kd Ks 2s 3s 4s 5c"  # deadwood 5♣ = 5
DEFENDER = "Qh Qs Qd 10h Jc 2c 3c 4d 6d 9s"  # 10♥ lays off on 7♥ 8♥ 9♥; 34 left


def _declared(text: str):  # type: ignore[no-untyped-def]
    record = read_entry(text, RULES).record
    assert record is not None
    return record


def test_matching_cards_give_no_problems_and_show_the_layoff() -> None:
    analysis = analyse_cards(_declared("ak5 34"), KNOCKER, DEFENDER, RULES)
    assert analysis.complete and analysis.problems == ()
    assert analysis.knocker is not None and analysis.knocker.deadwood_points == 5
    assert analysis.defence is not None and analysis.defence.deadwood_points == 34
    assert [lay.card for lay in analysis.defence.layoffs] == [parse_card("10h")]


def test_a_declared_count_the_cards_disagree_with_is_an_error_naming_it() -> None:
    analysis = analyse_cards(_declared("ak5 30"), KNOCKER, DEFENDER, RULES)
    assert [p.is_error for p in analysis.problems] == [True]
    assert "30" in analysis.problems[0].message and "34" in analysis.problems[0].message


def test_unreadable_or_shared_cards_are_named() -> None:
    assert "'7x' is not a card" in (
        analyse_cards(_declared("ak5 34"), "7x", DEFENDER, RULES).input_error or ""
    )
    both = analyse_cards(_declared("ak5 34"), KNOCKER, "Qh 7h", RULES)
    assert both.input_error == "7♥ cannot be in both hands"
    assert analyse_cards(None, KNOCKER, DEFENDER, RULES).input_error is not None


def test_panel_lists_problems_in_red_with_an_icon(qtbot) -> None:  # type: ignore[no-untyped-def]
    panel = CardsPanel()
    qtbot.addWidget(panel)
    panel.set_declared(_declared("ak5 30"), RULES, ("Ann", "Bob"))
    panel.knocker_edit.setText(KNOCKER)
    panel.defender_edit.setText(DEFENDER)
    texts = panel.problem_texts()
    assert len(texts) == 1 and texts[0].startswith("✖ ") and "34" in texts[0]
    item = panel.problems.item(0)
    assert not item.icon().isNull()  # not colour alone
    assert item.foreground().color() == colour(Tone.ERROR)  # the theme's red
    assert "Ann’s cards" in panel.knocker_label.text()
    assert "lays off" in panel.analysis_label.text()
    assert panel.save_button.isEnabled()
    with qtbot.waitSignal(panel.save_requested) as signal:
        panel.save_button.click()
    assert signal.args[0].cards is not None


def test_clicking_the_grid_fills_the_chosen_hand(qtbot) -> None:  # type: ignore[no-untyped-def]
    panel = CardsPanel()
    qtbot.addWidget(panel)
    panel.set_declared(_declared("ak5 34"), RULES, ("Ann", "Bob"))
    for code in KNOCKER.split():
        panel.card_buttons[parse_card(code)].click()
    panel.to_defender.setChecked(True)
    for code in DEFENDER.split():
        panel.card_buttons[parse_card(code)].click()
    assert panel.analysis.complete and panel.analysis.problems == ()
    assert panel.problem_texts() == ["✔ the cards agree with the declaration"]
    # A second click takes the card out again, whichever hand holds it.
    panel.card_buttons[parse_card("5c")].click()
    assert "5c" not in panel.knocker_edit.text()
    assert not panel.save_button.isEnabled()
    assert not panel.card_buttons[parse_card("5c")].isChecked()


def test_an_untouched_panel_shows_no_error_until_cards_are_typed(qtbot) -> None:  # type: ignore[no-untyped-def]
    panel = CardsPanel()
    qtbot.addWidget(panel)
    panel.refresh()
    assert panel.problems.count() == 0  # the line above says to type the hand first
    assert "type the hand on the entry line first" in panel.declared_label.text()
    panel.knocker_edit.setText("7h 8h")
    panel.refresh()
    assert panel.problems.item(0).text().startswith("✖ type the hand on the entry line first")
