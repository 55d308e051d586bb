"""Tedesco's teams as an event format, through the services: teams of the event's size only,
each player a person of the registry, hands seated table by table, the sweep bonus, export
and import, a merge, ratings and the demo; on SQLite and PostgreSQL."""

from __future__ import annotations

import json

import pytest

from gin_scorer.core.hands import Side
from gin_scorer.core.ledgers import PerSide, SeatedMatch
from gin_scorer.presentation.seat_words import deal_words, seat_words, seating_line
from gin_scorer.presets import load_preset
from gin_scorer.services.queries.player_record import player_record
from gin_scorer.services.queries.players import list_players
from gin_scorer.services.queries.ratings import entrant_ratings
from gin_scorer.services.queries.verify import verify_database
from gin_scorer.services.support.dto import EntrantSpec
from gin_scorer.services.support.errors import InvalidInput, RowsRejected
from gin_scorer.services.writes import entrants, events, hands, matches, rounds
from gin_scorer.services.writes.exchange import export_event_json, import_event_json
from gin_scorer.services.writes.player_merge import merge_players
from gin_scorer.store.database import Database

from .helpers import hand

TEAMS = load_preset("tedesco-teams")
KNOCK = {"knock": "A", "deadwood": {"A": 2, "B": 22}, "upcard": "9h"}  # A +20 (knock limit 9)


def _teams_event(db: Database) -> int:
    event = events.create_event(db, name="Team night", rules=TEAMS, format="club")
    for team in ("Ann & Bob & Cy", "Dee & Eve & Fay"):
        first, partner, third = team.split(" & ")
        entrants.add_entrant(db, event.id, first, partner=f"{partner} & {third}")
    return event.id


def test_a_team_event_takes_teams_of_its_size(db: Database) -> None:
    event_id = _teams_event(db)
    shown = entrants.list_entrants(db, event_id)
    assert [e.members for e in shown] == [("Ann", "Bob", "Cy"), ("Dee", "Eve", "Fay")]
    assert shown[0].name == "Ann & Bob & Cy"
    with pytest.raises(InvalidInput, match="is 2 players, and this event plays teams of 3"):
        entrants.add_entrant(db, event_id, "Gus", partner="Hal")
    singles = events.create_event(db, name="Singles", rules=load_preset("pagat"))
    refused = [EntrantSpec("Ivy", partner="Jo & Kit")]
    with pytest.raises(RowsRejected, match="a team of 3 plays only in a team event"):
        entrants.add_entrants(db, singles.id, refused)
    pairs = events.create_event(db, name="Pairs", rules=TEAMS)
    entrants.add_entrant(db, pairs.id, "Lou", partner="Max & Ned")
    with pytest.raises(InvalidInput, match="is a team of 3: these rules seat teams of 2"):
        events.set_event_rules(db, pairs.id, load_preset("pagat-partnership"), pairs.version)


def test_a_sweep_scores_the_bonus_and_the_first_team_to_300_wins(db: Database) -> None:
    event_id = _teams_event(db)
    match_id = rounds.start_round(db, event_id, chosen=[(1, 2)]).pairings[0].match_id
    assert match_id is not None
    sheet = matches.get_score_sheet(db, match_id)
    assert seat_words(sheet) == "Deal 1 · table 1a: Ann v Dee"
    for _ in range(3):  # deal 1: A wins at all three tables: 3 x 20 + 25
        sheet = hands.record_hand(db, match_id, hand(KNOCK), sheet.version, entered_by="T")
    assert sheet.ledger.totals == PerSide(85, 0)  # type: ignore[union-attr]
    assert deal_words(sheet, 2) == "deal 1: 85 to A (60 net, 25 for the sweep)"
    assert deal_words(sheet, 1) == ""  # not the deal's last table
    assert seat_words(sheet) == "Deal 2 · table 1a: Ann v Eve"  # opponents move round
    assert seating_line(sheet.match, sheet.rules).startswith(
        "Deal 1: 1a Ann v Dee, 1b Bob v Eve, 1c Cy v Fay · deal 2: 1a Ann v Eve"
    )
    big = {"gin": "A", "deadwood": {"B": 60}, "upcard": "9h"}  # A + gin bonus + 60
    while not sheet.finished:
        sheet = hands.record_hand(db, match_id, hand(big), sheet.version, entered_by="T")
    assert isinstance(sheet.ledger, SeatedMatch) and sheet.winner is Side.A
    gin = TEAMS.gin_bonus + 60
    assert len(sheet.hands) == 6 and sheet.ledger.totals == PerSide(85 + 3 * gin + 25, 0)
    assert verify_database(db, event_id).problems == []
    # Each player's statistics take the hands at their own table: Cy played hands 3 and 6.
    cy = next(p for p in list_players(db) if p.name == "Cy")
    stats = player_record(db, cy.id).statistics
    assert (stats.matches, stats.won, stats.hands, stats.knocks, stats.gins) == (1, 1, 2, 1, 1)


def test_a_team_survives_export_and_import_and_a_merge(db: Database) -> None:
    event_id = _teams_event(db)
    doc = json.loads(export_event_json(db, event_id))
    assert [p["name"] for p in doc["entrants"][0]["team"]] == ["Cy"]
    doc["event"]["name"] = "Team night again"
    again = import_event_json(db, json.dumps(doc))
    assert entrants.list_entrants(db, again.id)[0].members == ("Ann", "Bob", "Cy")
    # Cy entered twice under two records (the import keeps the file's people): one person.
    cys = [p for p in list_players(db) if p.name == "Cy"]
    assert len(cys) == 2
    merge_players(db, cys[0].id, cys[1].id)
    assert [p.events for p in list_players(db) if p.name == "Cy"] == [2]
    assert entrant_ratings(db, event_id) == {}  # nobody has a rated match yet


def test_an_imported_team_without_its_partner_is_refused(db: Database) -> None:
    doc = json.loads(export_event_json(db, _teams_event(db)))
    del doc["entrants"][0]["partner"]  # Cy without Bob: the third player has no second
    doc["event"]["name"] = "Team night again"
    with pytest.raises(InvalidInput, match=r"entrants\[0\]\.team: a team's third player"):
        import_event_json(db, json.dumps(doc))


def test_the_demo_plays_a_team_event(sqlite_db: Database) -> None:
    from gin_scorer.services.writes.demo import DemoPlan, play_demo

    played = play_demo(sqlite_db, DemoPlan(entrants=4, rounds=2, seed=2, preset=TEAMS.key))
    event_id = played.event.id
    assert all(len(e.members) == 3 for e in entrants.list_entrants(sqlite_db, event_id))
    report = verify_database(sqlite_db, event_id)
    assert report.problems == [] and report.hands > 0
    sheet = matches.get_score_sheet(sqlite_db, matches.list_matches(sqlite_db, event_id)[0].id)
    assert sheet.finished and isinstance(sheet.ledger, SeatedMatch)


def test_the_entrants_csv_of_a_team_event_imports_into_another(db: Database) -> None:
    from gin_scorer.services.writes.exchange import export_entrants, import_entrants_csv

    event_id = _teams_event(db)
    text = export_entrants(db, event_id)
    assert "Ann,,,,Bob & Cy" in text.replace("\r", "")
    again = events.create_event(db, name="Team night 2", rules=TEAMS, format="club")
    import_entrants_csv(db, again.id, text)
    members = [e.members for e in entrants.list_entrants(db, again.id)]
    assert members == [("Ann", "Bob", "Cy"), ("Dee", "Eve", "Fay")]
