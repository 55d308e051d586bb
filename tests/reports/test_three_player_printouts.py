"""The printouts of a three-player event (decision 0014): a table's score sheet (who dealt
and sat out, who played, the result, a total for each player, boxes, the bonus and the
winner), the blank pad, the pairings with three players a table, the tents, the standings
and the refused result slips — from hands entered through the services."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from gin_scorer.presets import load_preset
from gin_scorer.reports import ReportError, build, request_for
from gin_scorer.services.support.database import Database, open_database
from gin_scorer.services.writes import entrants, events, hands, matches, rounds
from tests.services.helpers import hand

from .test_sheet_history_pdf import text_of

NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus")
# Table 1 seats Ann, Cat and Eve (round one folds the field in thirds); Ann deals first.
TABLE_ONE = (
    {"knock": "A", "deadwood": {"A": 3, "B": 20}},  # Ann deals: Cat knocks, 17
    {"gin": "B", "deadwood": {"A": 30}},  # Eve deals: Cat gins v Ann, 50
    {"knock": "A", "deadwood": {"A": 8, "B": 6}},  # Ann deals: Eve undercuts Cat, 12
    {"gin": "A", "deadwood": {"B": 40}},  # Cat deals: Eve gins v Ann, 60
    {"gin": "B", "deadwood": {"A": 40}},  # Ann deals: Eve gins v Cat, 60: 132, the game
)


@dataclass(frozen=True)
class Threes:
    db: Database
    event_id: int
    table_one: int  # finished, with a corrected hand and a voided one
    table_two: int  # one hand in


def _enter(db: Database, match_id: int, play: dict[str, object]) -> None:
    sheet = matches.get_score_sheet(db, match_id)
    hands.record_hand(db, match_id, hand(play), sheet.version, entered_by="Desk")


def _paired(db: Database, name: str, names: tuple[str, ...], club: str) -> int:
    """A Swiss event of ``names`` under Pagat's three-player rules, its first round paired."""
    event = events.create_event(db, name=name, rules=load_preset("pagat-three"), format="swiss")
    for entrant in names:
        entrants.add_entrant(db, event.id, entrant, club=club)
    rounds.start_round(db, event.id)
    return event.id


@pytest.fixture
def threes(tmp_path: Path) -> Iterator[Threes]:
    db = open_database(tmp_path / "threes.sqlite", station="Desk 1", backups=False)
    try:
        event_id = _paired(db, "Threes Open", NAMES, "Riverside")
        one, two = (p.match_id for p in rounds.get_round(db, event_id, 1).pairings[:2])
        _enter(db, one, {"knock": "A", "deadwood": {"A": 3, "B": 10}})  # misheard: corrected
        sheet = matches.get_score_sheet(db, one)
        hands.correct_hand(
            db,
            sheet.hands[0].hand_id,
            hand(TABLE_ONE[0]),
            sheet.version,
            reason="misheard the count",
            entered_by="Desk",
        )
        _enter(db, one, TABLE_ONE[1])
        _enter(db, one, {"gin": "A", "deadwood": {"B": 25}})  # the wrong table's hand: voided
        sheet = matches.get_score_sheet(db, one)
        hands.void_hand(
            db, sheet.hands[-1].hand_id, sheet.version, reason="wrong table", entered_by="Desk"
        )
        for play in TABLE_ONE[2:]:
            _enter(db, one, play)
        _enter(db, two, TABLE_ONE[0])
        yield Threes(db, event_id, one, two)
    finally:
        db.close()


def _squeezed(text: str) -> str:
    return re.sub(r"\s+", " ", text)


def test_a_tables_sheet_shows_the_dealer_the_players_the_totals_and_the_winner(
    threes: Threes, tmp_path: Path
) -> None:
    assert matches.get_score_sheet(threes.db, threes.table_one).finished
    pdf = build(request_for("sheet", match_id=threes.table_one), threes.db, tmp_path / "sheet.pdf")
    text = _squeezed(text_of(pdf))
    assert "Score sheet, table of three" in text
    assert "Player 1 · deals first Ann (Riverside)" in text
    assert "Cat (Riverside)" in text and "Eve (Riverside)" in text
    assert "the loser of each hand deals the next; first to 100 wins the game" in text
    assert "Deals (sits out) Plays: A v B Result Ann Cat Eve" in text
    # A row a hand: number (a corrected one with its †), dealer, players, result, totals.
    assert "1† Ann Cat v Eve Cat 17 0 17 0" in text
    assert "2 Eve Ann v Cat Cat 50 G 0 67 0" in text
    assert "3 Ann Cat v Eve Eve 12 U 0 67 12" in text
    assert "4 Cat Eve v Ann Eve 60 G 0 67 72" in text
    assert "5 Ann Cat v Eve Eve 60 G 0 67 132" in text
    # Boxes (20 each), the bonus to the winner, the final totals, the winner.
    assert "Boxes ×20 2=40 3=60" in text
    assert "Game bonus (to the winner: 100) 100" in text
    assert "Final total 0 107 292" in text
    assert "Winner Eve" in text
    assert "Eve wins the game · final: Ann 0 · Cat 107 · Eve 292" in text
    assert "† hand 1 corrected: misheard the count" in text
    assert "✗ after hand 2, voided: A gin v 25 (wrong table)" in text
    assert "Signature, Ann" in text and "Signature, Eve" in text and "Next:" not in text


def test_a_round_in_play_and_the_blank_pads(threes: Threes, tmp_path: Path) -> None:
    pdf = build(request_for("sheet", event_id=threes.event_id), threes.db, tmp_path / "round.pdf")
    text = _squeezed(text_of(pdf))
    assert "Bob Dan Fay" in text and "1 Bob Dan v Fay Dan 17 0 17 0" in text
    assert "Next: Hand 2 · Fay deals: Bob v Dan" in text
    assert "Points: Bob 0 · Dan 17 · Fay 0" in text
    blank = build(
        request_for("sheet", event_id=threes.event_id, round_number=1, blank=True),
        threes.db,
        tmp_path / "b.pdf",
    )
    text = _squeezed(text_of(blank))
    assert "Score sheet, table of three (blank)" in text
    assert "Deals (sits out) Plays: A v B Result Bob Dan Fay" in text
    assert "1 Bob Dan v Fay" in text  # who plays the first hand is known before it starts
    anonymous = build(
        request_for("sheet", event_id=threes.event_id, blank=True), threes.db, tmp_path / "a.pdf"
    )
    text = _squeezed(text_of(anonymous))
    assert "Deals (sits out) Plays: A v B Result Player 1 Player 2 Player 3" in text
    assert "Signature, player 3" in text and "Won by ☐ ☐ ☐" in text
    # The Reports menu's "Blank pad" for this event: the event's own pad, not Hollywood's.
    pad = build(
        request_for("pad", event_id=threes.event_id, blank=True), threes.db, tmp_path / "pad.pdf"
    )
    text = _squeezed(text_of(pad))
    assert "Score sheet, table of three (blank)" in text and "Hollywood" not in text
    assert "Deals (sits out) Plays: A v B Result Player 1 Player 2 Player 3" in text


def test_pairings_tents_standings_and_no_slips(threes: Threes, tmp_path: Path) -> None:
    db, event_id = threes.db, threes.event_id
    pairings = _squeezed(
        text_of(build(request_for("pairings", event_id=event_id), db, tmp_path / "p.pdf"))
    )
    assert "Table Player 1 · deals first Player 2 Player 3 Note" in pairings
    assert "1 Ann Riverside Cat Riverside Eve Riverside" in pairings
    assert "Gus Riverside — bye —" in pairings
    assert "Name Table Opponents" in pairings and "Cat Riverside 1 Ann and Eve" in pairings
    tents = text_of(build(request_for("tents", event_id=event_id), db, tmp_path / "t.pdf"))
    assert "Ann, Cat and Eve" in tents and "Ann deals first" in tents
    assert "Bob, Dan and Fay" in tents
    tents = text_of(
        build(request_for("tents", event_id=event_id, room="http://x"), db, tmp_path / "r.pdf")
    )
    assert "Ann, Cat and Eve" in tents and "scan: enter your hands" in tents
    standings = _squeezed(
        text_of(build(request_for("standings", event_id=event_id), db, tmp_path / "s.pdf"))
    )
    assert all(name in standings for name in NAMES)
    assert "1 Eve Riverside 2 2–0 2–0 +477" in standings
    eve = next(e.id for e in entrants.list_entrants(db, event_id) if e.name == "Eve")
    player = build(
        request_for("player", event_id=event_id, entrant_id=eve), db, tmp_path / "eve.pdf"
    )
    text = _squeezed(text_of(player))
    # A line against each other player, as the standings count the table.
    assert "1 1 Ann won 1–0 292 0 +292 1/1 1 0" in text
    assert "1 1 Cat won 1–0 292 107 +185 2/3 1 1" in text
    assert "Total 2 matches 2–0 2–0 584 107 +477 3/4 2 1" in text
    assert "At a table of three, a line against each other player" in text
    with pytest.raises(ReportError, match="a table's result comes from its hands"):
        build(request_for("slips", event_id=event_id), db, tmp_path / "slips.pdf")
    with pytest.raises(ReportError, match="print the tables' score sheets"):
        build(request_for("slips", event_id=event_id, blank=True), db, tmp_path / "slips.pdf")


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_long_game_stays_on_one_page(threes: Threes, tmp_path: Path, paper: str) -> None:
    for _ in range(30):  # dead hands: the same dealer deals again, nobody scores
        _enter(threes.db, threes.table_two, {"dead": True})
    pdf = build(
        request_for("sheet", match_id=threes.table_two, paper=paper),
        threes.db,
        tmp_path / "long.pdf",
    )
    text = _squeezed(text_of(pdf))
    assert text.count("Page 1 of 1") == 1
    assert "31 Fay Bob v Dan dead hand 0 17 0" in text


def test_long_names_fit_the_sheet_and_the_tent(tmp_path: Path) -> None:
    long_names = (
        "Maximilian-Alexander von Hohenzollern-Sigmaringen",
        "Bartholomew Fitzwilliam-Montgomery",
        "Catherine Elisabeth Featherstonehaugh-Cholmondeley",
    )
    db = open_database(tmp_path / "long.sqlite", station="Desk 1", backups=False)
    try:
        event_id = _paired(db, "Long", long_names, "Royal Tunbridge Wells Gin Society")
        table = rounds.get_round(db, event_id, 1).pairings[0].match_id
        _enter(db, table, {"gin": "A", "deadwood": {"B": 40}})
        for paper in ("a4", "letter"):
            pdf = build(
                request_for("sheet", match_id=table, paper=paper), db, tmp_path / f"{paper}.pdf"
            )
            text = _squeezed(text_of(pdf))
            assert text.count("Page 1 of 1") == 1
            # The heading names each in full; a row cuts a name short rather than run over.
            assert "Catherine Elisabeth Featherstonehaugh-Cholmondeley (Royal" in text
            assert "Bartholomew Fitzwilliam…" in text or "Bartholomew Fitzwilliam-M…" in text
        tents = build(
            request_for("tents", event_id=event_id, room="http://x"), db, tmp_path / "t.pdf"
        )
        assert "Hohenzollern-Sigmaringen, Bartholomew" in _squeezed(text_of(tents))
    finally:
        db.close()
