"""What the core says about a hand reaches the reader in the reader's language: the core
keeps each sentence as its English pattern and values (``said``), the translation template
holds every pattern, and the presentation layer translates the pattern and each sentence
inside it, leaving cards, counts and names as they are."""

from __future__ import annotations

import ast
from dataclasses import replace
from pathlib import Path
from xml.etree import ElementTree

from gin_scorer.core.cards import parse_cards
from gin_scorer.core.hand_json import record_from_json
from gin_scorer.core.hands import HandCards
from gin_scorer.core.rules import RuleSet
from gin_scorer.core.validation import validate_hand
from gin_scorer.core.wording import said
from gin_scorer.presentation.hand_words import hand_tooltip
from gin_scorer.presentation.words import CORE_WORDS, say, speaking
from tests.presentation.helpers import hand_row

ROOT = Path(__file__).resolve().parents[2]
FRENCH = {
    "{0} knocked with {1} deadwood; {2}": "{0} a frappé avec {1} points de deadwood ; {2}",
    "the knock limit is {0}": "la limite pour frapper est {0}",
    "{0} is not a run: {1} is missing": "{0} n'est pas une suite : il manque {1}",
    "{0}'s meld {1} is not legal: {2}": "la combinaison {1} de {0} n'est pas valable : {2}",
}


def french(context: str, text: str) -> str:
    return FRENCH.get(text, text) if context == CORE_WORDS else text


def test_a_problem_is_said_in_the_readers_language_with_its_values() -> None:
    record = record_from_json({"knock": "A", "deadwood": {"A": 12, "B": 30}})
    (problem,) = validate_hand(record, RuleSet())
    assert problem.message == "A knocked with 12 deadwood; the knock limit is 10"
    assert say(problem.words) == problem.message  # no translator: the English
    with speaking(french):
        said_in_french = say(problem.words)
        tooltip = hand_tooltip(hand_row(record, problems=(problem,)))
    # The reason inside the sentence is translated too; the side and the counts stay.
    assert said_in_french == (
        "A a frappé avec 12 points de deadwood ; la limite pour frapper est 10"
    )
    assert tooltip.splitlines()[0] == said_in_french


def test_a_meld_the_cards_do_not_make_names_its_cards_in_any_language() -> None:
    cards = HandCards(
        knocker_melds=(parse_cards("7h 8h 10h"), parse_cards("Ks Kd Kc")),
        knocker_deadwood=parse_cards("2c 3c"),
        defender_cards=parse_cards("2d 3d 4s 5s 6c 8c 9c Jd Qd Jh"),
    )
    declared = record_from_json({"knock": "A", "deadwood": {"A": 5, "B": 30}})
    record = replace(declared, cards=cards)
    found = [p for p in validate_hand(record, RuleSet()) if p.code == "illegal_meld"]
    assert [p.message for p in found] == [
        "A's meld 1 is not legal: 7♥ 8♥ 10♥ is not a run: 9♥ is missing"
    ]
    with speaking(french):
        assert say(found[0].words) == (
            "la combinaison 1 de A n'est pas valable : 7♥ 8♥ 10♥ n'est pas une suite : il manque 9♥"
        )


def test_a_translation_that_loses_a_value_is_not_used() -> None:
    """A slip in a translation file (a field dropped) would raise mid-event: the English."""

    def slipped(context: str, text: str) -> str:
        return "la limite pour frapper" if text == "the knock limit is {0}" else text

    with speaking(slipped):
        assert say(said("the knock limit is {0}", 10)) == "the knock limit is 10"


def test_braces_in_a_value_are_said_as_they_are() -> None:
    assert say(said("{0} is not a field", '{"A": 7}')) == '{"A": 7} is not a field'
    assert str(said("{0} is not a field", '{"A": 7}')) == '{"A": 7} is not a field'


def test_every_sentence_the_core_says_is_a_literal_the_template_holds() -> None:
    """A pattern made at run time could not be in the translation template: every
    ``said(…)`` of the package starts with a written sentence, and the template has it under
    the core's context."""
    template = ElementTree.parse(ROOT / "resources" / "i18n" / "gin_scorer.ts").getroot()
    context = {
        source.text
        for part in template.iter("context")
        if part.findtext("name") == CORE_WORDS
        for source in part.iter("source")
    }
    seen = 0
    for source in (ROOT / "gin_scorer").rglob("*.py"):
        for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and getattr(node.func, "id", "") == "said"):
                continue
            first = node.args[0] if node.args else None
            where = f"{source.relative_to(ROOT)}:{node.lineno}"
            assert isinstance(first, ast.Constant) and isinstance(first.value, str), where
            if any(c.isalpha() for c in first.value):
                assert first.value in context, where
                seen += 1
    assert seen > 50


def test_a_refusal_is_said_in_the_readers_language_down_to_the_card() -> None:
    """A service's refusal that passes on the core's reason says both in the reader's
    language; any other error is said as Python gives it."""
    from gin_scorer.core.cards import CardError, parse_cards
    from gin_scorer.core.wording import words_of
    from gin_scorer.presentation.words import error_text
    from gin_scorer.services.support.errors import InvalidInput

    translations = {
        "{0} is not a card: suit {1} is not one of c d h s (or ♣♦♥♠)": (
            "{0} n'est pas une carte : la couleur {1} n'est pas c d h s (ni ♣♦♥♠)"
        ),
        "hand {0}: {1}": "main {0} : {1}",
    }

    def words(context: str, text: str) -> str:
        return translations.get(text, text) if context == CORE_WORDS else text

    try:
        parse_cards("7h 8x")
    except CardError as error:
        refused = InvalidInput(said("hand {0}: {1}", 3, words_of(error)))
    assert str(refused) == "hand 3: '8x' is not a card: suit 'x' is not one of c d h s (or ♣♦♥♠)"
    with speaking(words):
        assert error_text(refused) == (
            "main 3 : '8x' n'est pas une carte : la couleur 'x' n'est pas c d h s (ni ♣♦♥♠)"
        )
        assert error_text(OSError("disk full")) == "disk full"
