"""The registry of players: an entrant is linked to the person on entry (member number, else
name and club), near misses are offered, and two records of one person are merged (audited,
refused when they are two people), on SQLite and PostgreSQL."""

from __future__ import annotations

import json

import pytest

from gin_scorer.services.queries.audit_log import recent_audit_entries
from gin_scorer.services.queries.players import find_player, list_players, players_near
from gin_scorer.services.support.errors import ActionRefused, InvalidInput, NotFound, PinError
from gin_scorer.services.writes import entrants, events, matches
from gin_scorer.services.writes.database_pin import set_database_pin
from gin_scorer.services.writes.exchange.csv_files import import_entrants_csv
from gin_scorer.services.writes.player_merge import merge_players
from gin_scorer.store.database import Database


def _event(db: Database, name: str) -> int:
    return events.create_event(db, name=name).id


def test_the_same_person_in_two_events_is_one_player(db: Database) -> None:
    first, second = _event(db, "Monday"), _event(db, "Tuesday")
    ada = entrants.add_entrant(db, first, "Ada Lovelace", club="Analytical")
    again = entrants.add_entrant(db, second, " ada  LOVELACE ", club="analytical")
    numbered = entrants.add_entrant(db, first, "Bob Babbage", member_number="B7")
    renamed = entrants.add_entrant(db, second, "Robert Babbage", member_number="B7")
    other_club = entrants.add_entrant(db, second, "Carl Gauss", club="Göttingen")
    same_name = entrants.add_entrant(db, first, "Carl Gauss", club="Brunswick")
    assert again.player_id == ada.player_id
    assert renamed.player_id == numbered.player_id
    assert other_club.player_id != same_name.player_id  # a name alone is not a person
    assert [p.events for p in list_players(db) if p.id == ada.player_id] == [2]


def test_a_member_number_given_later_is_kept_on_the_player(db: Database) -> None:
    first, second, third = _event(db, "1"), _event(db, "2"), _event(db, "3")
    plain = entrants.add_entrant(db, first, "Dora Dee", club="C")
    numbered = entrants.add_entrant(db, second, "Dora Dee", club="C", member_number="D1")
    by_number = entrants.add_entrant(db, third, "Dora D.", member_number="D1")
    assert plain.player_id == numbered.player_id == by_number.player_id
    assert find_player(db, "D1").name == "Dora Dee"


def test_a_member_number_already_in_the_event_is_refused(db: Database) -> None:
    event = _event(db, "Open")
    entrants.add_entrant(db, event, "Eve Ito", member_number="E1")
    with pytest.raises(InvalidInput, match="'E1' is 'Eve Ito', who is already entered"):
        entrants.add_entrant(db, event, "Eve Itō", member_number="E1")


def test_an_entrants_csv_links_to_the_players_already_known(db: Database) -> None:
    first, second = _event(db, "Spring"), _event(db, "Summer")
    known = entrants.add_entrant(db, first, "Finn Hughes", club="North", member_number="F9")
    loaded = import_entrants_csv(db, second, "name,club,member_number\nFinn Hughes,North,F9\n")
    assert loaded[0].player_id == known.player_id


def test_near_misses_are_offered_not_linked(db: Database) -> None:
    event = _event(db, "Club night")
    entrants.add_entrant(db, event, "Gia Moreau", club="West")
    assert [p.name for p in players_near(db, "Gia Moreaux", "West")] == ["Gia Moreau"]
    assert [p.club for p in players_near(db, "gia moreau", "East")] == ["West"]
    assert players_near(db, "Gia Moreau", "West") == ()  # that one would be linked
    assert players_near(db, "Hugo Novak") == ()
    # Someone already in the event cannot be the one being entered there.
    assert players_near(db, "Gia Moreaux", "West", event_id=event) == ()


def test_merging_moves_the_entries_and_is_audited(db: Database) -> None:
    first, second = _event(db, "Week 1"), _event(db, "Week 2")
    kept = entrants.add_entrant(db, first, "Iris Khan", club="South")
    typo = entrants.add_entrant(db, second, "Iris Kahn", club="South", member_number="I3")
    assert kept.player_id and typo.player_id and kept.player_id != typo.player_id
    merged = merge_players(db, kept.player_id, typo.player_id, actor="director")
    assert (merged.name, merged.member_number, merged.events) == ("Iris Khan", "I3", 2)
    assert entrants.get_entrant(db, typo.id).player_id == kept.player_id
    assert entrants.get_entrant(db, typo.id).name == "Iris Kahn"  # the event keeps its names
    with pytest.raises(NotFound):
        find_player(db, f"#{typo.player_id}")
    (entry,) = [e for e in recent_audit_entries(db, 20) if e.action == "player.merge"]
    assert json.loads(entry.payload_json)["gone"]["name"] == "Iris Kahn"


def test_merging_two_people_is_refused_with_the_reason(db: Database) -> None:
    event = _event(db, "Final")
    jon = entrants.add_entrant(db, event, "Jon Young")
    kai = entrants.add_entrant(db, event, "Kai Young")
    matches.create_match(db, event, jon.id, kai.id, table_number=1)
    assert jon.player_id and kai.player_id
    with pytest.raises(ActionRefused, match="played each other in match"):
        merge_players(db, jon.player_id, kai.player_id)
    other = _event(db, "Side event")
    lea = entrants.add_entrant(db, other, "Lea Xu")
    mia = entrants.add_entrant(db, other, "Mia Xu")
    assert lea.player_id and mia.player_id
    with pytest.raises(ActionRefused, match="both entered in 'Side event'"):
        merge_players(db, lea.player_id, mia.player_id)
    with pytest.raises(InvalidInput, match="two different players"):
        merge_players(db, lea.player_id, lea.player_id)


def test_merging_needs_the_database_pin_when_one_is_set(db: Database) -> None:
    a = entrants.add_entrant(db, _event(db, "A"), "Nora Silva")
    b = entrants.add_entrant(db, _event(db, "B"), "Nora Sylva")
    set_database_pin(db, "4321")
    assert a.player_id and b.player_id
    with pytest.raises(PinError):
        merge_players(db, a.player_id, b.player_id)
    assert merge_players(db, a.player_id, b.player_id, pin="4321").events == 2


def test_a_name_that_fits_several_players_asks_for_the_id(db: Database) -> None:
    event = _event(db, "Open")
    entrants.add_entrant(db, event, "Omar Patel")
    entrants.add_entrant(db, event, "Omar Diaz")
    with pytest.raises(InvalidInput, match="could be 2 players"):
        find_player(db, "omar")
    assert find_player(db, "omar d").name == "Omar Diaz"
    with pytest.raises(NotFound):
        find_player(db, "Zed")


def test_an_unmerge_puts_back_exactly_what_the_merge_moved(db: Database) -> None:
    """The record comes back with its id, its entries (alone and as a partner) are its own
    again, what the merge filled into the kept record is taken out, entries made for the kept
    player since stay theirs, and the seal holds (issue 36)."""
    from gin_scorer.services.queries.verify import verify_database
    from gin_scorer.services.writes.player_unmerge import unmerge_players

    first, second, third = _event(db, "Week 1"), _event(db, "Week 2"), _event(db, "Week 3")
    kept = entrants.add_entrant(db, first, "Iris Khan", club="South")
    typo = entrants.add_entrant(db, second, "Iris Kahn", club="South", member_number="I3")
    pair = entrants.add_entrant(db, third, "Olu Ade", partner="Iris Kahn", club="South")
    assert kept.player_id and typo.player_id
    merge_players(db, kept.player_id, typo.player_id)
    assert _partner(db, pair.id) == kept.player_id
    later = entrants.add_entrant(db, _event(db, "Week 4"), "Iris Khan", club="South")
    assert later.player_id == kept.player_id
    done = unmerge_players(db, kept.player_id, typo.player_id, actor="director")
    assert (done.restored.id, done.restored.name, done.restored.member_number) == (
        typo.player_id,
        "Iris Kahn",
        "I3",
    )
    assert done.entrants == 2 and done.kept.member_number == ""  # filled by the merge: out
    assert entrants.get_entrant(db, typo.id).player_id == typo.player_id
    assert _partner(db, pair.id) == typo.player_id
    assert entrants.get_entrant(db, later.id).player_id == kept.player_id
    with pytest.raises(NotFound, match="nothing to undo"):
        unmerge_players(db, kept.player_id, typo.player_id)
    report = verify_database(db)
    assert report.clean, report.problems


def _partner(db: Database, entrant_id: int) -> int | None:
    from gin_scorer.store.tables import Entrant

    with db.transaction(write=False) as session:
        row = session.get(Entrant, entrant_id)
        assert row is not None
        return row.partner_id
