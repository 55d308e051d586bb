"""The printouts say their words through the presentation translator the desktop app
installs: with a pseudo-translation (every text in « »), a pairings and a standings PDF show
their headings, notes, page numbers and seal line wrapped — what stayed bare would stay English
in a translation — and the names as typed."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pypdf
import pytest

from gin_scorer.presentation.standings_table import StandingLine
from gin_scorer.presentation.words import use_translator
from gin_scorer.reports.pairings import PairingLine, render_pairings
from gin_scorer.reports.standings import render_standings
from gin_scorer.reports.template import PageHeader
from gin_scorer.tournament.standings import RecordCounts


@pytest.fixture(autouse=True)
def pseudo() -> Iterator[None]:
    use_translator(lambda _context, text: f"«{text}»")
    yield
    use_translator(None)


def _text(pdf: Path) -> str:
    return "\n".join(page.extract_text() for page in pypdf.PdfReader(pdf).pages)


def _header(title: str) -> PageHeader:
    return PageHeader(title=title, event_name="Spring Open", seal="4127-K3M9")


def test_the_pairings_speak_through_the_translator(tmp_path: Path) -> None:
    lines = [PairingLine("1", "Ann", "Bob"), PairingLine("", "Cy")]
    text = _text(render_pairings(tmp_path / "p.pdf", _header("Pairings"), lines))
    for words in ("«By table»", "«Player A»", "«— bye —»", "«Find your table: alphabetically"):
        assert words in text, words
    assert "«Page 1 of 2»" in text
    assert "«Seal 4127-K3M9" in text  # the code in bold, then the rest of the line
    assert "«Printed " in text
    assert "Ann" in text and "Cy" in text


def test_the_standings_speak_through_the_translator(tmp_path: Path) -> None:
    lines = [StandingLine(1, 1, "Ann", "Club", RecordCounts(2, 2, 0, 4, 1, 120))]
    pdf = render_standings(tmp_path / "s.pdf", _header("Standings"), lines, tie_break_names=[])
    text = _text(pdf)
    assert "«Place»" in text and "«Entrant»" in text
    assert "«Places shared after every tie-break" in text


def test_the_blank_score_sheet_and_pad_speak_through_the_translator(tmp_path: Path) -> None:
    from gin_scorer.reports import build, request_for

    sheet = _text(build(request_for("sheet", blank=True), None, tmp_path / "sheet.pdf"))
    for words in ("««Game» 1»", "«Best of 5 games", "«Signature, player A»", "«Won by»"):
        assert words in sheet, words
    assert "«Games won A – B»" in sheet
    pad = _text(build(request_for("pad", blank=True), None, tmp_path / "pad.pdf"))
    for words in ("«Hollywood: ", "«Hand won by»", "«Game total»", "«Signature, director»"):
        assert words in pad, words


def test_the_slips_and_sign_in_sheet_speak_through_the_translator(tmp_path: Path) -> None:
    from gin_scorer.presentation.paper import Paper
    from gin_scorer.reports import build, request_for
    from gin_scorer.reports.handouts import WITHDRAWN, Person, render_sign_in

    slips = _text(build(request_for("slips", blank=True), None, tmp_path / "slips.pdf"))
    for words in ("«Result slip»", "«Player (print name)»", "«Entered (initials)»"):
        assert words in slips, words
    people = [Person("Ann", "Riverside", "M1", "1", WITHDRAWN)]
    sheet = _text(render_sign_in(tmp_path / "in.pdf", _header("Sign-in"), people, paper=Paper.A4))
    assert "«Member no.»" in sheet and "«withdrawn»" in sheet
    assert "«1 player. Tick the box" in sheet


def test_a_translation_with_markup_characters_prints_as_written(tmp_path: Path) -> None:
    """reportlab reads a Paragraph's text as markup: a translated word with & or < in it must
    print as written, not break the page."""
    from gin_scorer.reports import build, request_for

    use_translator(lambda _context, text: f"{text} & <i>")
    lines = [PairingLine("1", "Ann", "Bob"), PairingLine("", "Cy")]
    pairings = _text(render_pairings(tmp_path / "p.pdf", _header("Pairings"), lines))
    assert "By table & <i>" in pairings
    for kind in ("sheet", "pad", "slips"):
        text = _text(build(request_for(kind, blank=True), None, tmp_path / f"{kind}.pdf"))
        assert "& <i>" in text, kind
    standings = [StandingLine(1, 1, "Ann", "Club", RecordCounts(2, 2, 0, 4, 1, 120))]
    pdf = render_standings(tmp_path / "s.pdf", _header("Standings"), standings)
    assert "Places shared after every tie-break" in _text(pdf)


def test_the_bracket_speaks_through_the_translator(tmp_path: Path) -> None:
    """A blank double-elimination bracket: stages, seed lines, where a side comes from and
    the section titles are the translator's; the names as typed."""
    from gin_scorer.reports.bracket import render_bracket
    from gin_scorer.reports.kinds.bracket import bracket_boxes
    from gin_scorer.tournament.elimination import build_bracket, resolve
    from gin_scorer.tournament.model import Entrant

    field = [Entrant(i, name=f"Knight {i}", seed=i) for i in range(1, 7)]
    shape = build_bracket(field, double=True)
    boxes = bracket_boxes(shape, resolve(shape, ()), {e.id: e.name for e in field})
    text = _text(render_bracket(tmp_path / "b.pdf", _header("Bracket"), boxes))
    for words in ("«Grand final»", "«Winners' semi-final»", "«Losers' round 1»", "«(1) Knight 1»"):
        assert words in text, words
    assert "«winner W1-1»" in text or "«winner W1-" in text
    assert "«loser W" in text
    assert "«bye»" in text  # six knights on eight lines: two byes
    assert [b for b in boxes if b.a_text == "«bye»"] and all(
        not b.a_known for b in boxes if b.a_text.startswith(("«bye", "«winner", "«loser"))
    )


def test_the_player_sheet_speaks_through_the_translator(tmp_path: Path) -> None:
    """Results are kept as values, not English words: the totals still count a bye as a win
    while every word on the sheet is the translator's."""
    from gin_scorer.reports.player_sheet import (
        LineResult,
        PlayerMatchLine,
        PlayerSummary,
        render_player_sheet,
    )

    lines = [
        PlayerMatchLine("1", "3", "Bob", LineResult.WON, 3, 1, 500, 300, 9, 6, 2, 1),
        PlayerMatchLine("2", "", "", LineResult.BYE, 0, 0, 0, 0, 0, 0, 0, 0),
        PlayerMatchLine("3", "1", "Cy", LineResult.LOST, 2, 3, 400, 450, 8, 3, 0, 0, "«slip»"),
    ]
    player = PlayerSummary("Ann", club="Riverside", seed="2", place="1 of 8")
    text = _text(render_player_sheet(tmp_path / "p.pdf", _header("Player"), player, lines))
    for words in ("«Opponent»", "«won»", "«(bye)»", "««lost»", "(«slip»)»", "«Total»"):
        assert words in text, words  # "lost (slip)" wraps in its cell
    assert "«3 matches»" in text
    assert "2–1" in text  # the bye counted as a win
    assert "«seed 2»" in text and "«place 1 of 8»" in text
    assert "«Points are final game scores" in text and "«A result in brackets" in text
