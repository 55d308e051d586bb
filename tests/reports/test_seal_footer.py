"""Every printout carries the database's seal on every page, whole, on A4 and on Letter."""

from __future__ import annotations

from pathlib import Path

import pypdf
import pytest

from gin_scorer.presentation.standings_table import StandingLine
from gin_scorer.reports import build, request_for
from gin_scorer.reports.standings import render_standings
from gin_scorer.reports.template import PageHeader, seal_line
from gin_scorer.services.support.database import open_database
from gin_scorer.services.support.seal import current_seal
from gin_scorer.services.writes.entrants import add_entrant
from gin_scorer.services.writes.events import create_event
from gin_scorer.tournament.standings import RecordCounts
from tests.reports.conftest import Sample

# Longer than the ~20 characters the seal has; longer still, the explanation after the code
# is shortened with "…" on portrait A4 (the code itself always prints whole).
LONGEST_SEAL = "4127-K3M9-QX2P-7TAB-W"


def subject_of(pdf: Path) -> str:
    metadata = pypdf.PdfReader(pdf).metadata
    assert metadata is not None
    return str(metadata["/Subject"])


def pages_of(pdf: Path) -> list[str]:
    """Each page's text with runs of white space made one space (the seal's bold code and
    its explanation come out of the PDF as separate lines)."""
    return [" ".join(page.extract_text().split()) for page in pypdf.PdfReader(pdf).pages]


def _documents(sample: Sample) -> dict[str, dict[str, object]]:
    """Each kind of document from the sample database, with the options that make it."""
    return {
        "sheet": {"match_id": sample.match_id},
        "sheet-round": {"event_id": sample.swiss_event_id, "round_number": 1},
        "pad": {"match_id": sample.hollywood_match_id},
        "slips": {"event_id": sample.swiss_event_id},
        "pairings": {"event_id": sample.swiss_event_id},
        "standings": {"event_id": sample.swiss_event_id},
        "player": {"entrant_id": sample.alice_id},
    }


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize(
    "name", ["sheet", "sheet-round", "pad", "slips", "pairings", "standings", "player"]
)
def test_every_page_of_every_document_carries_the_current_seal(
    sample: Sample, tmp_path: Path, name: str, paper: str
) -> None:
    kind = name.split("-")[0]
    out = build(
        request_for(kind, paper=paper, **_documents(sample)[name]),
        sample.db,
        tmp_path / f"{name}.pdf",
    )
    seal = current_seal(sample.db)
    assert seal is not None
    pages = pages_of(out)
    assert pages
    for number, text in enumerate(pages, start=1):
        assert seal_line(seal) in text, f"page {number} of {name} lacks the whole seal line"
    assert subject_of(out) == f"seal {seal}"


def test_the_bracket_carries_the_seal(tmp_path: Path) -> None:
    db = open_database(tmp_path / "ko.sqlite", station="desk", backups=False)
    try:
        event = create_event(db, name="KO Cup", format="single-elim")
        for i in range(1, 5):
            add_entrant(db, event.id, f"Knight {i}", seed=i)
        out = build(
            request_for("bracket", event_id=event.id, blank=True, paper="letter"),
            db,
            tmp_path / "b.pdf",
        )
        seal = current_seal(db)
        assert seal is not None
        assert all(seal_line(seal) in text for text in pages_of(out))
    finally:
        db.close()


def test_a_blank_form_without_a_database_says_it_has_no_seal(tmp_path: Path) -> None:
    out = build(request_for("sheet", blank=True), None, tmp_path / "blank.pdf")
    assert seal_line(None) in pages_of(out)[0]
    assert subject_of(out) == "no seal yet"


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_longest_seal_fits_whole_on_portrait_pages(tmp_path: Path, paper: str) -> None:
    # Standings are portrait: the narrowest footer any document has.
    header = PageHeader(title="Standings", event_name="Spring Open", seal=LONGEST_SEAL)
    lines = [
        StandingLine(n, n, f"Player {n}", "", RecordCounts(0, 0, 0, 0, 0, 0)) for n in range(1, 90)
    ]
    out = render_standings(tmp_path / "st.pdf", header, lines, paper=paper)
    pages = pages_of(out)
    assert len(pages) > 1
    for text in pages:
        assert seal_line(LONGEST_SEAL) in text
        assert "…" not in text  # nothing of the explanation was cut


def test_an_overlong_code_keeps_the_code_and_shortens_only_the_words(tmp_path: Path) -> None:
    code = "X" * 90
    header = PageHeader(title="Standings", seal=code)
    out = render_standings(
        tmp_path / "st.pdf", header, [StandingLine(1, 1, "A", "", RecordCounts(0, 0, 0, 0, 0, 0))]
    )
    text = pages_of(out)[0]
    assert f"Seal {code}" in text and "…" in text


def test_each_result_slip_carries_the_seal_so_it_survives_the_scissors(
    sample: Sample, tmp_path: Path
) -> None:
    out = build(request_for("slips", event_id=sample.swiss_event_id), sample.db, tmp_path / "s.pdf")
    seal = current_seal(sample.db)
    text = " ".join(pages_of(out))
    slips = text.count("Signature, player A")
    assert slips > 1
    assert text.count(f"Seal {seal} when printed — “gin-scorer verify --seal {seal}”") == slips
