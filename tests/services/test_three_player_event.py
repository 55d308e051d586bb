"""Three players at a table as an event format, through the services every front end uses:
seating in threes with byes, the hands of a table (the dealer sits out), its result between
each two players in the standings, a withdrawal, taking a round back, the refusals; on SQLite
and PostgreSQL."""

from __future__ import annotations

import pytest

from gin_scorer.core.hands import Side
from gin_scorer.core.ledgers.three_player import ThreePlayerGame
from gin_scorer.presentation import three_words
from gin_scorer.presentation.seat_words import entry_names
from gin_scorer.presets import load_preset
from gin_scorer.services.queries import ratings, standings
from gin_scorer.services.queries.player_record import player_record
from gin_scorer.services.queries.verify import verify_database
from gin_scorer.services.support.dto import MatchStatus, ResultKind
from gin_scorer.services.support.errors import InvalidInput
from gin_scorer.services.writes import entrants, events, hands, matches, rounds
from gin_scorer.services.writes.confirmations import confirm_result
from gin_scorer.services.writes.demo import DemoPlan, play_demo
from gin_scorer.services.writes.exchange import export_event_json, import_event_json
from gin_scorer.services.writes.results import ResultReport, record_result
from gin_scorer.services.writes.rounds import RoundRefused
from gin_scorer.store.database import Database

from .helpers import hand

THREE = load_preset("pagat-three")
NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy")
GIN_A = {"gin": "A", "deadwood": {"B": 40}}  # A scores 60 under Pagat (gin 20 + 40)
GIN_B = {"gin": "B", "deadwood": {"A": 40}}


def _event(db: Database, format: str = "swiss", names: tuple[str, ...] = NAMES) -> int:
    event = events.create_event(db, name="Threes", rules=THREE, format=format)
    for name in names:
        entrants.add_entrant(db, event.id, name)
    return event.id


def test_a_round_seats_tables_of_three_and_byes_for_the_rest(db: Database) -> None:
    event_id = _event(db, names=NAMES[:7])
    paired = rounds.start_round(db, event_id)
    tables = [p for p in paired.pairings if not p.is_bye]
    assert [[e.name for e in p.players] for p in tables] == [
        ["Ann", "Cat", "Eve"],
        ["Bob", "Dan", "Fay"],
    ]
    assert [p.a.name for p in paired.byes] == ["Gus"]  # seven: two tables and a bye
    match = matches.get_match(db, tables[0].match_id)
    assert [e.name for e in match.players] == ["Ann", "Cat", "Eve"]
    by_name = {line.name: line for line in rounds.pairings_by_name(paired.pairings)}
    assert (by_name["Eve"].opponent, by_name["Eve"].second_opponent) == ("Ann", "Cat")
    board = rounds.round_status(db, event_id, 1)
    assert [(t.a, t.b, t.c) for t in board.lines][:1] == [("Ann", "Cat", "Eve")]


def test_a_tables_hands_follow_the_dealer_and_its_result_counts_between_each_two(
    db: Database,
) -> None:
    event_id = _event(db, names=NAMES[:7])  # table 1: Ann, Cat and Eve
    table = rounds.start_round(db, event_id).pairings[0]
    sheet = matches.get_score_sheet(db, table.match_id)
    # Ann deals first: Cat (A) plays Eve (B), and Cat's gin scores 60. Eve lost and deals
    # next: Ann (A) plays Cat (B), and Cat's second gin takes her past 100.
    for play in (GIN_A, GIN_B):
        sheet = hands.record_hand(db, table.match_id, hand(play), sheet.version, entered_by="T")
    assert isinstance(sheet.ledger, ThreePlayerGame)
    assert [line.dealer for line in sheet.ledger.lines] == [0, 2]
    assert sheet.ledger.finished and sheet.ledger.winner == 1
    assert sheet.finished and sheet.winner_entrant is not None
    assert sheet.winner_entrant.name == "Cat"
    assert matches.get_match(db, table.match_id).status is MatchStatus.FINISHED
    rows = {r.entrant.name: r for r in standings.standings(db, event_id)}
    assert (rows["Cat"].counts.match_wins, rows["Cat"].counts.match_losses) == (2, 0)
    # Ann and Eve scored nothing: equal totals, a draw between them (boxes 0, no bonus).
    assert (rows["Ann"].counts.match_wins, rows["Ann"].counts.match_losses) == (0, 1)
    assert (rows["Eve"].counts.match_wins, rows["Eve"].counts.match_losses) == (0, 1)
    final = sheet.ledger.final
    assert rows["Cat"].counts.point_differential == (final[1] - final[0]) + (final[1] - final[2])
    assert not verify_database(db).problems


def test_the_next_round_keeps_apart_who_has_met(db: Database) -> None:
    event_id = _event(db)  # nine: three tables, and a second round with nobody meeting again
    first = rounds.start_round(db, event_id)
    for table in first.pairings:
        sheet = matches.get_score_sheet(db, table.match_id)
        for play in (GIN_A, GIN_B):
            sheet = hands.record_hand(db, table.match_id, hand(play), sheet.version, entered_by="T")
    met = {frozenset(p.players) for p in first.pairings}
    second = rounds.start_round(db, event_id)
    for table in second.pairings:
        players = {e.id for e in table.players}
        for before in met:
            assert len(players & {e.id for e in before}) <= 1, (table, before)


def test_a_player_who_leaves_an_unfinished_table_loses_to_both_others(db: Database) -> None:
    event_id = _event(db, names=NAMES[:3])
    table = rounds.start_round(db, event_id).pairings[0]
    sheet = matches.get_score_sheet(db, table.match_id)
    hands.record_hand(db, table.match_id, hand(GIN_A), sheet.version, entered_by="T")
    leaver = next(e for e in entrants.list_entrants(db, event_id) if e.name == "Ann")
    entrants.withdraw_entrant(db, leaver.id)
    rows = {r.entrant.name: r for r in standings.standings(db, event_id)}
    assert (rows["Ann"].counts.match_wins, rows["Ann"].counts.match_losses) == (0, 2)
    # Ann dealt the first hand, which Bob won from Cat: 60 points to none between them.
    assert (rows["Bob"].counts.match_wins, rows["Bob"].counts.match_losses) == (2, 0)
    assert (rows["Cat"].counts.match_wins, rows["Cat"].counts.match_losses) == (1, 1)
    assert rows["Ann"].counts.forfeits == 2 and rows["Bob"].counts.point_differential == 60
    assert rounds.round_status(db, event_id, 1).lines[0].state.value == "finished"
    # Hands after the withdrawal would change nothing: refused, with the way back.
    sheet = matches.get_score_sheet(db, table.match_id)
    with pytest.raises(InvalidInput, match="Ann has withdrawn, so the match counts as a forfeit"):
        hands.record_hand(db, table.match_id, hand(GIN_A), sheet.version, entered_by="T")
    entrants.reinstate_entrant(db, leaver.id)
    hands.record_hand(db, table.match_id, hand(GIN_A), sheet.version, entered_by="T")


def test_a_round_of_threes_can_be_taken_back_and_paired_again(db: Database) -> None:
    event_id = _event(db)
    rounds.start_round(db, event_id)
    assert rounds.cancel_round(db, event_id) == 1
    again = rounds.start_round(db, event_id)
    assert len([p for p in again.pairings if p.c is not None]) == 3


def test_a_club_night_seats_the_directors_tables_of_three(db: Database) -> None:
    event_id = _event(db, format="club", names=NAMES[:6])
    ids = {e.name: e.id for e in entrants.list_entrants(db, event_id)}
    with pytest.raises(RoundRefused, match="seats three players, not 2"):
        rounds.start_round(db, event_id, chosen=[(ids["Ann"], ids["Bob"])])
    paired = rounds.start_round(db, event_id, chosen=[(ids["Ann"], ids["Bob"], ids["Cat"])])
    assert [[e.name for e in p.players] for p in paired.pairings] == [["Ann", "Bob", "Cat"]]
    with pytest.raises(RoundRefused, match=r"table 1 \(Ann, Bob and Cat\) is still being played"):
        rounds.start_round(db, event_id, chosen=[(ids["Cat"], ids["Dan"], ids["Eve"])])


def test_what_a_table_of_three_refuses(db: Database) -> None:
    with pytest.raises(InvalidInput, match="a round robin has no three-player form"):
        events.create_event(db, name="RR", rules=THREE, format="round-robin")
    event_id = _event(db, names=NAMES[:3])
    table = rounds.start_round(db, event_id).pairings[0]
    version = matches.get_match(db, table.match_id).version
    report = ResultReport(ResultKind.SLIP)
    with pytest.raises(InvalidInput, match="is a table of three: its result comes from its hands"):
        record_result(db, table.match_id, report, version, entered_by="T")
    two = events.create_event(db, name="Pairs", rules=load_preset("pagat"), format="club")
    a, b, c = (entrants.add_entrant(db, two.id, n).id for n in ("X", "Y", "Z"))
    with pytest.raises(RoundRefused, match="seats two players, not 3"):
        rounds.start_round(db, two.id, chosen=[(a, b, c)])


def test_the_words_every_front_end_says_of_a_table_of_three(db: Database) -> None:
    event_id = _event(db, names=NAMES[:7])  # table 1: Ann, Cat and Eve
    table = rounds.start_round(db, event_id).pairings[0]
    sheet = matches.get_score_sheet(db, table.match_id)
    assert three_words.hand_words(sheet) == "Hand 1 · Ann deals: Cat v Eve"
    assert entry_names(sheet) == ("Cat", "Eve")
    sheet = hands.record_hand(db, table.match_id, hand(GIN_A), sheet.version, entered_by="T")
    assert three_words.next_hand_words(sheet) == "next: Hand 2 · Eve deals: Ann v Cat"
    assert entry_names(sheet) == ("Ann", "Cat") and entry_names(sheet, 0) == ("Cat", "Eve")
    assert (
        three_words.hand_notes(sheet, 0) == "Hand 1 · Ann deals: Cat v Eve; Ann 0 · Cat 60 · Eve 0"
    )
    assert three_words.table_line(sheet) == "Points: Ann 0 · Cat 60 · Eve 0"
    sheet = hands.record_hand(db, table.match_id, hand(GIN_B), sheet.version, entered_by="T")
    # Cat: 120 points, two boxes of 20 and the game bonus of 100.
    assert three_words.table_line(sheet) == "Cat wins the game · final: Ann 0 · Cat 260 · Eve 0"
    assert three_words.next_hand_words(sheet) == ""
    assert three_words.players_phrase(sheet.match.players) == "Ann, Cat and Eve"


def test_ratings_and_a_players_page_read_a_table_between_each_two(db: Database) -> None:
    event_id = _event(db, names=NAMES[:7])  # table 1: Ann, Cat and Eve; Cat wins it
    table = rounds.start_round(db, event_id).pairings[0]
    sheet = matches.get_score_sheet(db, table.match_id)
    for play in (GIN_A, GIN_B):
        sheet = hands.record_hand(db, table.match_id, hand(play), sheet.version, entered_by="T")
    rated = {row.name: row for row in ratings.rating_rows(db)}
    # Cat beat both; Ann and Eve drew (equal totals), which rates nobody.
    assert (rated["Cat"].matches, rated["Ann"].matches, rated["Eve"].matches) == (2, 1, 1)
    assert rated["Cat"].rating > rated["Ann"].rating
    eve = next(e for e in entrants.list_entrants(db, event_id) if e.name == "Eve")
    assert eve.player_id is not None
    page = player_record(db, eve.player_id)
    (line,) = page.matches
    assert (line.opponent, line.result, line.games_for, line.games_against) == (
        "Ann, Cat",
        "lost",
        0,
        1,
    )
    # Eve played hand 1 (as B, against Cat) and dealt hand 2: one hand, lost.
    assert (page.statistics.hands, page.statistics.hands_won) == (1, 0)
    assert {h.name: (h.won, h.lost) for h in page.head_to_head} == {"Cat": (0, 1)}
    # Cat won both hands at the table: two boxes, as the sheet's final total counts them.
    cat = next(e for e in entrants.list_entrants(db, event_id) if e.name == "Cat")
    assert cat.player_id is not None
    stats = player_record(db, cat.player_id).statistics
    assert (stats.hands, stats.hands_won, stats.gins, stats.boxes) == (2, 2, 2, 2)
    assert page.statistics.boxes == 0


def test_an_event_file_keeps_a_tables_third_player(db: Database) -> None:
    event_id = _event(db, names=NAMES[:7])
    table = rounds.start_round(db, event_id).pairings[0]
    sheet = matches.get_score_sheet(db, table.match_id)
    for play in (GIN_A, GIN_B):
        sheet = hands.record_hand(db, table.match_id, hand(play), sheet.version, entered_by="T")
    text = export_event_json(db, event_id)
    copy = import_event_json(db, text)
    before = [
        (r.entrant.name, r.counts.match_wins, r.counts.point_differential)
        for r in standings.standings(db, event_id)
    ]
    after = [
        (r.entrant.name, r.counts.match_wins, r.counts.point_differential)
        for r in standings.standings(db, copy.id)
    ]
    assert after == before
    again = rounds.get_round(db, copy.id, 1).pairings[0]
    assert [e.name for e in again.players] == ["Ann", "Cat", "Eve"]


@pytest.mark.parametrize("event_format", ["swiss", "club"])
def test_the_demo_plays_tables_of_three(db: Database, event_format: str) -> None:
    plan = DemoPlan(entrants=10, rounds=2, event_format=event_format, preset="pagat-three")
    result = play_demo(db, plan)
    played = [p for r in rounds.list_rounds(db, result.event.id) for p in r.pairings if p.c]
    assert played and all(p.finished and p.winner is not None for p in played)
    rows = standings.standings(db, result.event.id)
    # Every table counts three results, between each two of its players: two wins to its
    # winner, one to its second (or a draw between the two behind it); a bye is a win too.
    decided = sum(r.counts.match_losses for r in rows)
    drawn = (sum(r.counts.played for r in rows) - 2 * decided) // 2
    assert decided + drawn == 3 * len(played)
    assert sum(r.counts.match_wins - r.counts.byes for r in rows) == decided
    assert not verify_database(db).problems


def test_two_players_cannot_confirm_a_table_of_three_for_the_third(db: Database) -> None:
    event_id = _event(db, names=NAMES[:3])
    table = rounds.start_round(db, event_id).pairings[0]
    sheet = matches.get_score_sheet(db, table.match_id)
    for play in (GIN_A, GIN_B):  # Bob wins both hands he plays, and the game
        sheet = hands.record_hand(db, table.match_id, hand(play), sheet.version, entered_by="T")
    assert sheet.finished
    with pytest.raises(InvalidInput, match="a table of three is confirmed at the desk"):
        confirm_result(db, table.match_id, Side.A, sheet.version, agrees=True, entered_by="Bob")
