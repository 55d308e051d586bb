"""Every document read back with pypdf (names, scores, suits, page counts) and rendered with
pdftoppm when it is installed."""

from __future__ import annotations

import re
from pathlib import Path

import pypdf
import pytest

from gin_scorer.core.hands import Side
from gin_scorer.presentation.sheet_fill import MatchHeading
from gin_scorer.presentation.standings_table import StandingLine
from gin_scorer.reports import ReportError, build, request_for
from gin_scorer.reports.bracket import render_bracket
from gin_scorer.reports.pairings import PairingLine, by_name, by_table, render_pairings
from gin_scorer.reports.result_slips import Slip, render_result_slips
from gin_scorer.reports.standings import render_standings
from gin_scorer.reports.template import PageHeader
from gin_scorer.services.support.seal import current_seal
from gin_scorer.services.writes.matches import get_score_sheet
from gin_scorer.tournament.standings import RecordCounts
from tests.reports.conftest import Sample, needs_pdftoppm, page_images

RED = re.compile(rb"\.752941 0 \.101961 rg")  # the red the suits print in


def text_of(pdf: Path) -> list[str]:
    return [page.extract_text() for page in pypdf.PdfReader(pdf).pages]


def fonts_of(pdf: Path) -> set[str]:
    names = set()
    for page in pypdf.PdfReader(pdf).pages:
        for ref in page["/Resources"]["/Font"].values():
            font = ref.get_object()
            embedded = "/FontDescriptor" in font and "/FontFile2" in font["/FontDescriptor"]
            names.add(f"{font['/BaseFont']}{'' if embedded else ' (not embedded)'}")
    return names


def header(title: str = "Test") -> PageHeader:
    return PageHeader(
        title=title,
        event_name="Spring Open",
        venue="Riverside",
        date_text="2026-04-12",
        round_label="Round 2",
        seal="4127-K3M9-QX2P-7TAB",
    )


def test_fonts_are_dejavu_and_embedded_never_helvetica(tmp_path: Path) -> None:
    out = build(request_for("sheet", blank=True), None, tmp_path / "blank.pdf")
    fonts = fonts_of(out)
    assert fonts, "no fonts found"
    assert all("DejaVuSans" in f and "not embedded" not in f for f in fonts), fonts


def test_blank_gra_sheet_has_five_game_blocks_and_signatures(tmp_path: Path) -> None:
    out = build(request_for("sheet", blank=True, paper="letter"), None, tmp_path / "blank.pdf")
    pages = text_of(out)
    assert len(pages) == 1
    text = pages[0]
    for n in range(1, 6):
        assert f"Game {n}" in text
    assert "Best of 5 games to 250" in text
    assert "Signature, player A" in text and "Signature, director" in text
    assert "Page 1 of 1" in text
    box = pypdf.PdfReader(out).pages[0].mediabox
    assert round(float(box.width)) == 792  # US Letter, landscape


def test_blank_copies_give_that_many_pages(tmp_path: Path) -> None:
    out = build(request_for("sheet", blank=True, blank_count=3), None, tmp_path / "three.pdf")
    pages = text_of(out)
    assert len(pages) == 3
    assert "Page 3 of 3" in pages[2]


def test_filled_sheet_prints_names_and_the_ledgers_totals(sample: Sample, tmp_path: Path) -> None:
    out = build(request_for("sheet", match_id=sample.match_id), sample.db, tmp_path / "sheet.pdf")
    sheet = get_score_sheet(sample.db, sample.match_id)
    text = "\n".join(text_of(out))
    assert "Alice Zhang" in text and "Bob Øster" in text
    assert "Spring Open ♠ 2026" in text
    winner = sheet.winner_entrant
    assert winner is not None and f"{winner.name} wins" in text
    for game in sheet.ledger.games:  # type: ignore[attr-defined]
        assert str(game.final.a) in text and str(game.final.b) in text
    assert f"{sheet.games_won.a} – {sheet.games_won.b}" in text
    assert len(text_of(out)) == 1
    assert f"Seal {current_seal(sample.db)} — " in " ".join(text.split())


def test_red_suits_print_red(sample: Sample, tmp_path: Path) -> None:
    out = build(
        request_for("pad", match_id=sample.hollywood_match_id), sample.db, tmp_path / "pad.pdf"
    )
    page = pypdf.PdfReader(out).pages[0]
    assert "Dora ♥ Diaz" in page.extract_text()
    assert RED.search(page.get_contents().get_data())


def test_hollywood_pad_filled_from_the_ledger(sample: Sample, tmp_path: Path) -> None:
    out = build(
        request_for("pad", match_id=sample.hollywood_match_id), sample.db, tmp_path / "pad.pdf"
    )
    sheet = get_score_sheet(sample.db, sample.hollywood_match_id)
    text = "\n".join(text_of(out))
    assert "Game 3 (100)" in text
    first = sheet.hands[0].result
    assert first.winner is not None
    assert f"{first.winner.value} {first.points}" in text
    for game in sheet.ledger.games:  # type: ignore[attr-defined]
        for line in game.lines:
            winner = line.result.winner
            if winner is not None:
                assert str(line.totals[winner]) in text


def test_blank_pad_and_slips(tmp_path: Path) -> None:
    pad = build(request_for("pad", blank=True), None, tmp_path / "pad.pdf")
    assert "Hollywood" in text_of(pad)[0]
    slips = build(request_for("slips", blank=True, blank_count=2), None, tmp_path / "slips.pdf")
    pages = text_of(slips)
    assert len(pages) == 2
    # A line per game of a best of five for each game's finals: three slips a page.
    assert all(page.count("Signature, player A") == 3 for page in pages)


def test_named_slips_four_to_a_page(tmp_path: Path) -> None:
    """Four slips a page when a match is one game (one line of finals); three for a best of
    three or five."""
    for games, per_page in ((1, 4), (5, 3)):
        slips = [
            Slip(
                "Open",
                MatchHeading(round="2", table=str(t), player_a=f"A{t}", player_b=f"B{t} ♦"),
                games,
            )
            for t in range(1, per_page + 2)
        ]
        out = render_result_slips(tmp_path / "s.pdf", header("Result slips"), slips)
        pages = text_of(out)
        assert len(pages) == 2
        last = per_page + 1
        assert f"B{last} ♦" in pages[1] and f"B{per_page} ♦" in pages[0]


def test_standings_for_500_entrants_repeat_headers_and_share_places(tmp_path: Path) -> None:
    lines = [
        StandingLine(
            place=3 if i == 4 else i,
            place_to=4 if i in (3, 4) else i,
            name=f"Entrant {i:03d}",
            club=f"Club {i % 9}",
            counts=RecordCounts(
                played=6,
                match_wins=6 - i % 7,
                match_losses=i % 7,
                game_wins=18,
                game_losses=7,
                point_differential=900 - 3 * i,
            ),
            tie_breaks=(str(40 - i % 13),),
        )
        for i in range(1, 501)
    ]
    out = render_standings(tmp_path / "st.pdf", header("Standings"), lines, ("Buchholz",))
    pages = text_of(out)
    assert len(pages) > 5
    assert all("Entrant" in page and "Games" in page for page in pages)
    text = "\n".join(pages)
    assert all(f"Entrant {i:03d}" in text for i in range(1, 501))
    assert "3=" in text and "+897" in text
    assert f"Page {len(pages)} of {len(pages)}" in pages[-1]


def test_pairings_by_table_numeric_and_by_name() -> None:
    lines = [
        PairingLine("10", "zoe", "Adam"),
        PairingLine("9", "Bea", "Carl"),
        PairingLine("", "Dan"),
    ]
    assert [p.table for p in by_table(lines)] == ["9", "10", ""]
    assert [s[0] for s in by_name(lines)] == ["Adam", "Bea", "Carl", "Dan", "zoe"]
    assert by_name(lines)[3][3] == "— bye —"


def test_pairings_document(tmp_path: Path) -> None:
    lines = [PairingLine(str(t), f"Zed {t}", f"Amy ♣ {t}") for t in range(1, 31)]
    out = render_pairings(tmp_path / "p.pdf", header("Pairings"), lines)
    text = "\n".join(text_of(out))
    assert "By table" in text and "alphabetically by name" in text
    assert text.count("Amy ♣ 17") == 3  # by table, by name, and as Zed 17's opponent


def test_bracket_single_and_double(tmp_path: Path) -> None:
    from gin_scorer.reports.kinds.bracket import bracket_boxes
    from gin_scorer.tournament.elimination import build_bracket, resolve
    from gin_scorer.tournament.model import Entrant

    people = [Entrant(i, name=f"Player {i}", seed=i) for i in range(1, 12)]
    for double in (False, True):
        bracket = build_bracket(people, double=double)
        names = {e.id: e.name for e in people}
        boxes = bracket_boxes(bracket, resolve(bracket, ()), names)
        out = render_bracket(tmp_path / f"b{double}.pdf", header("Bracket"), boxes)
        pages = text_of(out)
        assert len(pages) == 1
        assert "Player 1" in pages[0] and "Player 11" in pages[0]
        if double:
            assert "Grand final" in pages[0] and "L1-1" in pages[0]


def test_player_sheet(sample: Sample, tmp_path: Path) -> None:
    out = build(
        request_for("player", entrant_id=sample.alice_id), sample.db, tmp_path / "player.pdf"
    )
    text = "\n".join(text_of(out))
    sheet = get_score_sheet(sample.db, sample.match_id)
    won = sum(1 for row in sheet.hands if row.result.winner is Side.A)
    assert "Alice Zhang" in text and "Bob Øster" in text and "Cleo Adams" in text
    assert f"{won}/{len(sheet.hands)}" in text
    assert "2 matches" in text


@pytest.mark.parametrize(
    ("kind", "options", "message"),
    [
        ("standings", {}, "needs an event"),
        ("sheet", {"match_id": 99999}, "99999"),
        ("player", {}, "needs an entrant"),
        ("pairings", {"event_id": 99999}, "99999"),
        ("nonsense", {}, "unknown report"),
    ],
)
def test_clear_errors(
    sample: Sample, tmp_path: Path, kind: str, options: dict[str, object], message: str
) -> None:
    with pytest.raises(ReportError, match=message):
        build(request_for(kind, **options), sample.db, tmp_path / "x.pdf")


def test_paper_and_suffix_are_checked(tmp_path: Path) -> None:
    with pytest.raises(ReportError, match="a4, letter"):
        build(request_for("sheet", blank=True, paper="A3"), None, tmp_path / "x.pdf")
    with pytest.raises(ReportError, match=r"\.pdf"):
        build(request_for("sheet", blank=True), None, tmp_path / "x.txt")


@needs_pdftoppm
def test_every_page_renders(sample: Sample, tmp_path: Path) -> None:
    made = [
        build(request_for("sheet", blank=True), None, tmp_path / "blank.pdf"),
        build(request_for("pad", blank=True), None, tmp_path / "pad.pdf"),
        build(request_for("slips", blank=True), None, tmp_path / "slips.pdf"),
        build(request_for("sheet", match_id=sample.match_id), sample.db, tmp_path / "sheet.pdf"),
        build(
            request_for("pad", match_id=sample.hollywood_match_id), sample.db, tmp_path / "hpad.pdf"
        ),
        build(
            request_for("player", entrant_id=sample.alice_id), sample.db, tmp_path / "player.pdf"
        ),
        build(
            request_for("standings", event_id=sample.swiss_event_id), sample.db, tmp_path / "st.pdf"
        ),
        build(
            request_for("pairings", event_id=sample.swiss_event_id), sample.db, tmp_path / "pa.pdf"
        ),
        build(request_for("slips", event_id=sample.swiss_event_id), sample.db, tmp_path / "sl.pdf"),
    ]
    for pdf in made:
        images = page_images(pdf, tmp_path)
        assert len(images) == len(pypdf.PdfReader(pdf).pages)
        assert all(image.stat().st_size > 1000 for image in images)


def test_round_pairings_slips_and_sheets(sample: Sample, tmp_path: Path) -> None:
    from gin_scorer.services.writes.rounds import get_round

    event = sample.swiss_event_id
    round_2 = get_round(sample.db, event, 2)
    out = build(request_for("pairings", event_id=event), sample.db, tmp_path / "p.pdf")
    text = "\n".join(text_of(out))
    assert "Round 2" in text
    for p in round_2.pairings:
        assert p.a.name in text
    assert "— bye —" in text  # seven entrants: one bye

    slips = build(
        request_for("slips", event_id=event, round_number=1), sample.db, tmp_path / "s.pdf"
    )
    tables = [p for p in get_round(sample.db, event, 1).pairings if p.b is not None]
    assert "\n".join(text_of(slips)).count("Signature, player A") == len(tables)

    sheets = build(
        request_for("sheet", event_id=event, round_number=2), sample.db, tmp_path / "sh.pdf"
    )
    assert len(text_of(sheets)) == len([p for p in round_2.pairings if p.b is not None])
    blank = build(
        request_for("sheet", event_id=event, round_number=2, blank=True),
        sample.db,
        tmp_path / "b.pdf",
    )
    assert round_2.pairings[0].a.name in text_of(blank)[0]


def test_no_such_round_is_a_clear_error(sample: Sample, tmp_path: Path) -> None:
    with pytest.raises(ReportError, match="no round 9; rounds paired: 1, 2"):
        build(
            request_for("pairings", event_id=sample.swiss_event_id, round_number=9),
            sample.db,
            tmp_path / "p.pdf",
        )
    with pytest.raises(ReportError, match="no round paired yet"):
        build(request_for("slips", event_id=sample.event_id), sample.db, tmp_path / "p.pdf")


def test_standings_from_the_service(sample: Sample, tmp_path: Path) -> None:
    from gin_scorer.services.queries.standings import standings

    rows = standings(sample.db, sample.swiss_event_id)
    out = build(
        request_for("standings", event_id=sample.swiss_event_id), sample.db, tmp_path / "st.pdf"
    )
    text = "\n".join(text_of(out))
    assert "During round 2" in text
    assert "Ties broken by: match wins" in text
    for row in rows:
        assert row.entrant.name in text
    top = rows[0]
    assert f"{top.counts.match_wins}–{top.counts.match_losses}" in text
    after_1 = build(
        request_for("standings", event_id=sample.swiss_event_id, round_number=1),
        sample.db,
        tmp_path / "st1.pdf",
    )
    assert "After round 1" in text_of(after_1)[0]


def test_bracket_from_the_service_and_blank(sample: Sample, tmp_path: Path) -> None:
    from gin_scorer.services.queries.standings import bracket
    from gin_scorer.services.writes.entrants import add_entrant
    from gin_scorer.services.writes.events import create_event
    from gin_scorer.services.writes.rounds import start_round
    from tests.reports.conftest import play

    db = sample.db
    event = create_event(db, name="KO Cup", format="double-elim")
    for i in range(1, 7):
        add_entrant(db, event.id, f"Knight {i}", seed=i)
    blank = build(request_for("bracket", event_id=event.id, blank=True), db, tmp_path / "blank.pdf")
    assert "(1) Knight 1" in text_of(blank)[0] and "Grand final" in text_of(blank)[0]
    first = start_round(db, event.id)
    for n, pairing in enumerate(first.pairings):
        if pairing.b is not None:
            play(db, pairing.match_id, None, seed=300 + n)
    out = build(request_for("bracket", event_id=event.id), db, tmp_path / "b.pdf")
    text = text_of(out)
    assert len(text) == 1
    view = bracket(db, event.id)
    decided = [s for s in view.slots if s.winner and s.games_a is not None]
    assert decided, "round 1 produced no result"
    for slot in decided:
        assert slot.a is not None and slot.b is not None
        assert slot.a.name in text[0] and slot.b.name in text[0]
    with pytest.raises(ReportError, match="no bracket"):
        build(request_for("bracket", event_id=sample.swiss_event_id), db, tmp_path / "x.pdf")


def test_large_brackets_split_over_pages(tmp_path: Path) -> None:
    from gin_scorer.reports.bracket import bracket_pages
    from gin_scorer.reports.kinds.bracket import bracket_boxes
    from gin_scorer.tournament.elimination import build_bracket, resolve
    from gin_scorer.tournament.model import Entrant

    people = [Entrant(i, name=f"Player {i}", seed=i) for i in range(1, 65)]
    bracket = build_bracket(people, double=True)
    boxes = bracket_boxes(bracket, resolve(bracket, ()), {e.id: e.name for e in people})
    pages = bracket_pages(boxes)
    assert sorted(b.slot for _, page in pages for b in page) == sorted(b.slot for b in boxes)
    assert [title for title, _ in pages][:2] == [
        "Winners' bracket — part 1 of 2",
        "Winners' bracket — part 2 of 2",
    ]
    out = render_bracket(tmp_path / "b64.pdf", header("Bracket"), boxes)
    text = text_of(out)
    assert len(text) == len(pages)
    assert "(1) Player 1" in text[0] and "(2) Player 2" in text[1]


def test_the_seal_on_a_sheet_follows_the_database(sample: Sample, tmp_path: Path) -> None:
    from gin_scorer.core.hands import Declaration, HandRecord
    from gin_scorer.services.writes.hands import record_hand

    def seal_on(pdf: Path) -> str:
        flat = " ".join(text_of(pdf)[0].split())  # the bold code is a text run of its own
        found = re.search(r"Seal (\S+) — “gin-scorer verify --seal \1”", flat)
        assert found, text_of(pdf)[0]
        return found.group(1)

    before = seal_on(
        build(request_for("sheet", match_id=sample.open_match_id), sample.db, tmp_path / "a.pdf")
    )
    assert before == current_seal(sample.db)
    sheet = get_score_sheet(sample.db, sample.open_match_id)
    record_hand(
        sample.db,
        sample.open_match_id,
        HandRecord(Declaration.KNOCK, Side.A, ((Side.A, 2), (Side.B, 9))),
        sheet.version,
        entered_by="test",
    )
    after = seal_on(
        build(request_for("sheet", match_id=sample.open_match_id), sample.db, tmp_path / "b.pdf")
    )
    assert after != before and after == current_seal(sample.db)


def test_multimatch_sheet_prints_the_credits(sample: Sample, tmp_path: Path) -> None:
    from gin_scorer.presets import load_preset
    from gin_scorer.services.writes.entrants import add_entrant
    from gin_scorer.services.writes.events import create_event
    from gin_scorer.services.writes.matches import create_match
    from tests.reports.conftest import play

    db = sample.db
    event = create_event(db, name="Multi night", rules=load_preset("multi-match"))
    a = add_entrant(db, event.id, "Mia")
    b = add_entrant(db, event.id, "Ned")
    match = create_match(db, event.id, a.id, b.id)
    play(db, match.id, 25, seed=9)
    out = build(request_for("sheet", match_id=match.id), db, tmp_path / "mm.pdf")
    text = "\n".join(text_of(out))
    ledger = get_score_sheet(db, match.id).ledger
    assert "Match 1" in text and "Credited" in text and "Matches won" in text
    for credit in ledger.matches:  # type: ignore[attr-defined]
        if credit.game.finished:
            assert str(credit.credit.a) in text and str(credit.credit.b) in text


def test_build_accepts_a_database_path(sample: Sample, tmp_path: Path) -> None:
    assert sample.db.path is not None
    out = build(
        request_for("player", entrant_id=sample.alice_id), str(sample.db.path), tmp_path / "p.pdf"
    )
    assert "Alice Zhang" in text_of(out)[0]


def test_a_shutout_prints_its_own_bonus_apart_from_the_game_bonus(tmp_path: Path) -> None:
    from gin_scorer.core.hand_json import record_from_json
    from gin_scorer.core.hands import score_hand
    from gin_scorer.core.ledgers import play_match
    from gin_scorer.presentation.format_profiles import sheet_shape
    from gin_scorer.presentation.sheet_fill import MatchHeading, sheet_fill
    from gin_scorer.presets import load_preset
    from gin_scorer.reports.score_sheet import render_score_sheets

    rules = load_preset("gra-tournament")
    gin = score_hand(record_from_json({"gin": "A", "deadwood": {"B": 60}}), rules)  # 85 each
    match = play_match([gin] * 3, rules)  # 255 - 0: game 1 to A by a shutout
    game = match.games[0]
    assert (game.game_bonus.a, game.shutout_bonus.a) == (100, 255)  # GRA: hand points doubled
    out = render_score_sheets(
        tmp_path / "shutout.pdf",
        header(),
        [(MatchHeading("Ann", "Cy"), sheet_fill(match, "Ann", "Cy"))],
        sheet_shape(rules),
    )
    cells = [line.strip() for line in text_of(out)[0].splitlines()]
    after = {
        label: cells[cells.index(label) + 1] for label in ("Game bonus", "Shutout", "Game total")
    }
    assert after == {"Game bonus": "100", "Shutout": "✓ +255", "Game total": "685"}
    assert game.final.a == 685


def test_a_reset_the_grand_final_made_unnecessary_says_so(tmp_path: Path) -> None:
    from gin_scorer.reports.bracket import BracketBox

    final = BracketBox(
        "GF", "GF", 1, 0, "Grand final", "Cleo Castro", "Omar Baker", "1", "0", winner="A"
    )
    reset = BracketBox(
        "GF2",
        "GF",
        2,
        0,
        "Grand final (reset)",
        "Cleo Castro",
        "Omar Baker",
        a_from="GF",
        needed=False,
    )
    text = text_of(render_bracket(tmp_path / "gf.pdf", header("Bracket"), [final, reset]))[0]
    assert "not needed" in text and "Grand final (reset)" in text
    assert text.count("Omar Baker") == 1  # named in the final only, not in the unplayed reset
