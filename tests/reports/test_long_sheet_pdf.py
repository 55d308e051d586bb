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
from gin_scorer.presentation.format_profiles import sheet_shape
from gin_scorer.presentation.sheet_fill import MatchHeading, sheet_fill
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


def test_a_close_figure_wider_than_its_cell_is_set_smaller_to_fit() -> None:
    """Fourteen boxes ("14=350") or a shutout ("✓ +252") in A's one-column close cell ran over
    the ruling on Letter paper: such a figure is set in a smaller type that fits."""
    from reportlab.lib.units import mm
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from gin_scorer.reports.fonts import REGULAR, register_fonts
    from gin_scorer.reports.score_sheet import _fitted_close

    register_fonts()
    col = 11 * mm  # a Letter sheet's column, five games across
    close = [["Boxes ×25", "", "14=350", "", ""], ["Shutout", "", "✓ +252", "", ""]]
    close += [["Game bonus", "", "100", "", ""], ["Game total", "", "954", "0", ""]]
    close += [["Won by", "", "✔ A", "", ""]]
    commands = _fitted_close(close, 0, col, 8.5)
    smaller = {(c[1][1], c[1][0]): c[4] for c in commands}
    assert set(smaller) == {(0, 2), (1, 2)}  # only the two that did not fit
    for (row, column), size in smaller.items():
        assert isinstance(size, float) and size < 8.5
        assert stringWidth(str(close[row][column]), REGULAR, size) <= col - 5
