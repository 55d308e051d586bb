"""A match is one page, however long its games: a GRA match of games to 250 often takes 25
to 35 hands a game, and its sheet put the games on page 2 (page 1 held only the heading) and
the signatures on page 3."""

from __future__ import annotations

from pathlib import Path

import pypdf
import pytest

from gin_scorer.core.hand_json import record_from_json
from gin_scorer.core.hands import score_hand
from gin_scorer.core.ledgers import play_match
from gin_scorer.presentation.sheet_fill import MatchHeading, sheet_fill, sheet_shape
from gin_scorer.presets import load_preset
from gin_scorer.reports.score_sheet import render_score_sheets
from gin_scorer.reports.template import PageHeader


def _sheet(tmp_path: Path, hands_a_game: int, paper: str) -> list[str]:
    rules = load_preset("gra-tournament")
    small = 250 // hands_a_game + 1  # each knock wins this much: the game takes that many hands
    a = score_hand(record_from_json({"knock": "A", "deadwood": {"A": 0, "B": small}}), rules)
    b = score_hand(record_from_json({"knock": "B", "deadwood": {"B": 0, "A": small}}), rules)
    one_a_game = [a] * hands_a_game + [b] * hands_a_game + [a] * hands_a_game * 2
    match = play_match(one_a_game, rules)
    assert max(len(game.lines) for game in match.games) >= hands_a_game
    out = render_score_sheets(
        tmp_path / "long.pdf",
        PageHeader(title="Match score sheet", event_name="Spring Open"),
        [(MatchHeading("Ann", "Cy", table="4", round="2"), sheet_fill(match, "Ann", "Cy"))],
        sheet_shape(rules),
        paper=paper,
    )
    return [page.extract_text() for page in pypdf.PdfReader(out).pages]


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("hands_a_game", [14, 28, 36, 60])
def test_a_long_match_is_one_page_with_its_games_and_signatures(
    tmp_path: Path, hands_a_game: int, paper: str
) -> None:
    pages = _sheet(tmp_path, hands_a_game, paper)
    assert len(pages) == 1
    text = pages[0]
    assert "Ann" in text and "Game 1" in text and "Game 3" in text
    assert "Signature, player A" in text and "Signature, director" in text
    assert "Ann wins 3–" in text or "Ann wins 3-" in text


@pytest.mark.parametrize("hands", [12, 60, 90])
def test_a_long_hollywood_pad_is_one_page_with_its_signatures(tmp_path: Path, hands: int) -> None:
    from gin_scorer.core.ledgers import play_hollywood
    from gin_scorer.presentation.pad_fill import pad_fill, pad_shape
    from gin_scorer.reports.hollywood_pad import render_hollywood_pads

    rules = load_preset("hollywood")
    small = [
        score_hand(record_from_json({"knock": side, "deadwood": {side: 0, other: 4}}), rules)
        for side, other in (("A", "B"), ("B", "A"))
    ]
    ledger = play_hollywood([small[n % 3 == 0] for n in range(hands)], rules)
    out = render_hollywood_pads(
        tmp_path / "pad.pdf",
        PageHeader(title="Hollywood pad", event_name="Club night"),
        [(MatchHeading("Ann", "Cy", table="2", round="1"), pad_fill(ledger, "Ann", "Cy"))],
        pad_shape(rules),
    )
    pages = [page.extract_text() for page in pypdf.PdfReader(out).pages]
    assert len(pages) == 1
    assert "Signature, player A" in pages[0] and "Signature, director" in pages[0]
