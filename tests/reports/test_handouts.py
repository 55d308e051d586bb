"""The handouts: a tent card per table, the sign-in sheet, name badges — names as typed."""

from __future__ import annotations

from pathlib import Path

import pypdf
import pytest

from gin_scorer.reports import ReportError, build, request_for
from gin_scorer.services.support.database import open_database
from gin_scorer.services.support.dto import EntrantSpec
from gin_scorer.services.writes.entrants import add_entrants, check_in, withdraw_entrant
from gin_scorer.services.writes.events import create_event
from gin_scorer.services.writes.rounds import get_round, start_round


def pages_of(pdf: Path) -> list[str]:
    return [page.extract_text() for page in pypdf.PdfReader(pdf).pages]


@pytest.fixture
def event(tmp_path: Path):  # type: ignore[no-untyped-def]
    db = open_database(tmp_path / "handouts.sqlite", station="Desk 1")
    made = create_event(db, name="Spring Open", format="swiss")
    people = add_entrants(
        db,
        made.id,
        [
            EntrantSpec("Pat <Jr>", club="Lee & Co"),
            EntrantSpec("Ann Adler", club="Riverside", member_number="R-101"),
            EntrantSpec("bob Brandt", club="Riverside"),
            EntrantSpec("Cy Costa"),
            EntrantSpec("Dee Duarte", club="Northgate"),
        ],
    )
    yield db, made, people
    db.close()


def test_a_tent_card_for_every_table_of_the_round(event, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    db, made, _people = event
    start_round(db, made.id)
    tables = [p for p in get_round(db, made.id, 1).pairings if p.table is not None]
    pages = pages_of(build(request_for("tents", event_id=made.id), db, tmp_path / "tents.pdf"))
    assert len(pages) == len(tables) == 2  # five entrants: two tables and a bye, no card
    for page, pairing in zip(pages, sorted(tables, key=lambda p: p.table or 0), strict=True):
        assert f"Table {pairing.table}" in page
        assert pairing.a.name in page and pairing.b is not None and pairing.b.name in page
        assert "Spring Open · Round 1" in page


def test_no_tents_before_a_round_is_paired(event, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    db, made, _people = event
    with pytest.raises(ReportError, match="no round paired yet"):
        build(request_for("tents", event_id=made.id), db, tmp_path / "tents.pdf")


def test_the_sign_in_sheet_lists_everyone_a_to_z_with_a_box(event, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    db, made, people = event
    check_in(db, people[1].id, True)
    withdraw_entrant(db, people[3].id)
    text = "\n".join(
        pages_of(build(request_for("signin", event_id=made.id), db, tmp_path / "in.pdf"))
    )
    names = ["Ann Adler", "bob Brandt", "Cy Costa", "Dee Duarte", "Pat <Jr>"]
    positions = [text.index(name) for name in names]
    assert positions == sorted(positions)  # A to Z, whatever the case
    assert "R-101" in text and "Lee & Co" in text
    assert text.count("☐") == 4 and text.count("☑") == 1  # Ann is checked in already
    assert "(withdrawn)" in text
    assert "5 players" in text


def test_badges_name_everyone_still_in_the_event(event, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    db, made, people = event
    withdraw_entrant(db, people[3].id)
    text = "\n".join(
        pages_of(build(request_for("badges", event_id=made.id), db, tmp_path / "badges.pdf"))
    )
    for name in ("Ann Adler", "bob Brandt", "Dee Duarte", "Pat <Jr>", "Lee & Co", "Riverside"):
        assert name in text
    assert "Cy Costa" not in text  # withdrawn: no badge
    assert text.count("Spring Open") >= 4


def test_tents_carry_each_tables_code_for_the_room(event, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    import shutil
    import subprocess

    from gin_scorer.services.writes.table_links import table_links

    db, made, _people = event
    start_round(db, made.id)
    room = "http://10.0.0.5:8080"
    pdf = build(request_for("tents", event_id=made.id, room=room), db, tmp_path / "tents.pdf")
    pages = pages_of(pdf)
    assert all("scan: enter your hands" in page for page in pages)
    if shutil.which("zbarimg") is None or shutil.which("pdftoppm") is None:
        pytest.skip("needs zbar-tools and poppler-utils to read the codes back")
    subprocess.run(["pdftoppm", "-png", "-r", "150", str(pdf), str(tmp_path / "p")], check=True)
    read = subprocess.run(
        ["zbarimg", "-q", "--raw", *sorted(str(p) for p in tmp_path.glob("p-*.png"))],
        capture_output=True,
        text=True,
        check=False,
    ).stdout.split()
    links = {room + link.path for link in table_links(db, made.id)}
    assert set(read) == links and len(read) == 2 * len(links)  # both faces of every card
