"""Each report kind is asked with its own frozen request, holding only what that kind reads."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from pypdf import PdfReader

from gin_scorer.presentation.paper import Paper
from gin_scorer.reports import KINDS, ReportError, ReportRequest, build, request_for
from gin_scorer.reports.request import (
    REQUESTS,
    PadRequest,
    SeasonRequest,
    SheetRequest,
    SlipsRequest,
    TentsRequest,
)

EVERY_FLAG = {
    "event_id": 1,
    "round_number": 2,
    "match_id": 3,
    "entrant_id": 4,
    "blank": True,
    "blank_count": 2,
    "room": "http://127.0.0.1:8000/",
    "season_id": 5,
    "player_id": 6,
}


def test_every_kind_has_one_request_and_the_build_menu_lists_them_in_order() -> None:
    assert tuple(REQUESTS) == KINDS
    assert len(set(REQUESTS.values())) == len(KINDS)
    for kind, request in REQUESTS.items():
        assert request.kind == kind
        assert dataclasses.is_dataclass(request)
        assert request.__dataclass_params__.frozen  # type: ignore[attr-defined]


@pytest.mark.parametrize("kind", KINDS)
def test_a_request_takes_only_the_flags_its_kind_reads(kind: str) -> None:
    request = request_for(kind, paper="letter", **EVERY_FLAG)
    assert type(request) is REQUESTS[kind]
    assert request.paper is Paper.LETTER
    held = {field.name for field in dataclasses.fields(request)}
    assert held <= {"paper", *EVERY_FLAG}
    for name in held - {"paper"}:
        assert getattr(request, name) == EVERY_FLAG[name]
    with pytest.raises(dataclasses.FrozenInstanceError):
        request.paper = Paper.A4  # type: ignore[misc]


def test_the_kinds_hold_what_they_read_and_nothing_else() -> None:
    assert {f.name for f in dataclasses.fields(SeasonRequest)} == {"paper", "season_id"}
    assert {f.name for f in dataclasses.fields(TentsRequest)} == {
        "paper",
        "event_id",
        "round_number",
        "room",
    }
    assert {f.name for f in dataclasses.fields(SlipsRequest)} == {
        "paper",
        "event_id",
        "round_number",
        "blank",
        "blank_count",
    }
    assert issubclass(PadRequest, SheetRequest)  # a format without pads prints its sheets


def test_an_unknown_kind_or_paper_is_one_clear_sentence() -> None:
    with pytest.raises(ReportError, match="unknown report 'nonsense'; choose one of: standings"):
        request_for("nonsense")
    with pytest.raises(ReportError, match="tabloid"):
        request_for("sheet", paper="tabloid")


def test_a_typed_request_prints_as_the_flat_one(tmp_path: Path) -> None:
    typed: ReportRequest = SheetRequest(blank=True, blank_count=2, paper=Paper.LETTER)
    flat = request_for("sheet", blank=True, blank_count=2, paper="letter")
    assert typed == flat
    pages = len(PdfReader(build(typed, None, tmp_path / "typed.pdf")).pages)
    assert pages == len(PdfReader(build(flat, None, tmp_path / "flat.pdf")).pages) == 2
