"""Events and entrants: creation with checked input, frozen rules, PIN, check-in, withdrawal."""

from __future__ import annotations

from datetime import date

import pytest

from gin_scorer.core.rules import MatchFormat
from gin_scorer.presets import load_preset
from gin_scorer.services.support.dto import EntrantSpec, EntrantStatus, EventStatus
from gin_scorer.services.support.errors import ConflictError, InvalidInput, PinError, RowsRejected
from gin_scorer.services.writes import entrants, events, hands, matches
from gin_scorer.store.database import Database
from gin_scorer.store.tables import Round

from .helpers import KNOCK_A, english, hand


def test_create_and_read_events(db: Database) -> None:
    rules = load_preset("wikipedia-standard")
    made = events.create_event(
        db,
        name="  Spring   Open ",
        rules=rules,
        format="round robin",
        venue="Hall",
        start_date=date(2026, 3, 1),
        end_date=date(2026, 3, 2),
        settings={"rounds": 3},
        pin="1357",
    )
    assert made.name == "Spring Open" and made.format == "round-robin"
    assert made.rules == rules and made.has_pin and made.status is EventStatus.SETUP
    assert made.settings["rounds"] == 3
    default = events.create_event(db, name="Club night")
    assert default.rules.key == "gra-tournament" and default.format == "club"
    assert not default.has_pin
    assert [e.id for e in events.list_events(db)] == [default.id, made.id]
    assert events.get_event(db, made.id) == made
    assert events.check_event_pin(db, made.id, "1357")
    assert not events.check_event_pin(db, made.id, "0000")


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"name": " "}, "event name must not be empty"),
        ({"name": "x", "format": "chess"}, "'chess' is not an event format"),
        ({"name": "x", "settings": {"rounds": "x"}}, "rounds = 'x'"),
        (
            {"name": "x", "start_date": date(2026, 3, 2), "end_date": date(2026, 3, 1)},
            "end date 2026-03-01 is before the start date",
        ),
    ],
)
def test_create_event_names_the_bad_field(
    sqlite_db: Database, kwargs: dict[str, object], message: str
) -> None:
    with pytest.raises(InvalidInput, match=message):
        events.create_event(sqlite_db, **kwargs)  # type: ignore[arg-type]
    with pytest.raises(PinError, match="at least 4"):
        events.create_event(sqlite_db, name="x", pin="12")
    assert events.list_events(sqlite_db) == ()


def test_rules_are_frozen_per_match_and_guarded_once_running(db: Database) -> None:
    event = events.create_event(db, name="Open", pin="1357")
    a = entrants.add_entrant(db, event.id, "Ada")
    b = entrants.add_entrant(db, event.id, "Bob")
    first = matches.create_match(db, event.id, a.id, b.id)
    hands.record_hand(db, first.id, hand(KNOCK_A), first.version, entered_by="T")
    event = events.get_event(db, event.id)
    assert event.status is EventStatus.RUNNING
    single = event.rules.with_changes(match_format="single_game", best_of=1, target=100)
    with pytest.raises(PinError, match="is needed to change the rules"):
        events.set_event_rules(db, event.id, single, event.version)
    changed = events.set_event_rules(db, event.id, single, event.version, pin="1357")
    assert changed.rules.match_format is MatchFormat.SINGLE_GAME
    with pytest.raises(ConflictError, match=f"event {event.id} was changed"):
        events.set_event_rules(db, event.id, single, event.version, pin="1357")
    # The match played so far keeps the rules it started with; a new one takes the new rules.
    assert matches.get_score_sheet(db, first.id).rules.match_format is MatchFormat.BEST_OF
    second = matches.create_match(db, event.id, a.id, b.id)
    assert matches.get_score_sheet(db, second.id).rules.match_format is MatchFormat.SINGLE_GAME


def test_event_status_and_pin_changes(db: Database) -> None:
    event = events.create_event(db, name="Open", pin="1357")
    done = events.set_event_status(db, event.id, EventStatus.FINISHED, event.version)
    with pytest.raises(PinError):
        events.set_event_status(db, event.id, EventStatus.RUNNING, done.version)
    again = events.set_event_status(db, event.id, EventStatus.RUNNING, done.version, pin="1357")
    assert again.status is EventStatus.RUNNING
    with pytest.raises(PinError):
        events.set_event_pin(db, event.id, "9999", old_pin="0000")
    cleared = events.set_event_pin(db, event.id, None, old_pin="1357")
    assert not cleared.has_pin


def test_entrants_added_checked_in_withdrawn_and_reinstated(db: Database) -> None:
    event = events.create_event(db, name="Open")
    ada = entrants.add_entrant(db, event.id, "Ada", club="Analytical", member_number="A1", seed=1)
    team = entrants.add_entrant(db, event.id, "Bob", partner="Cy", seed=2)
    assert team.name == "Bob & Cy" and team.members == ("Bob", "Cy")
    assert ada.member_number == "A1" and ada.club == "Analytical" and ada.joined_round == 1
    with pytest.raises(InvalidInput, match="'Ada' is already entered"):
        entrants.add_entrant(db, event.id, " ada ")
    with pytest.raises(InvalidInput, match="seed 1 is already 'Ada'"):
        entrants.add_entrant(db, event.id, "Dee", seed=1)
    with pytest.raises(InvalidInput, match="seed 0 is not a whole number"):
        entrants.add_entrant(db, event.id, "Dee", seed=0)
    assert entrants.check_in(db, ada.id).checked_in
    out = entrants.withdraw_entrant(db, team.id)
    assert out.status is EntrantStatus.WITHDRAWN and not out.active
    with pytest.raises(InvalidInput, match="withdrawn"):
        matches.create_match(db, event.id, ada.id, team.id)
    with pytest.raises(InvalidInput, match="already withdrawn"):
        entrants.withdraw_entrant(db, team.id)
    # Back after round 2 was paired: plays from round 3.
    with db.transaction() as session:
        session.add(Round(event_id=event.id, number=1))
        session.add(Round(event_id=event.id, number=2))
    back = entrants.reinstate_entrant(db, team.id)
    assert back.active and back.joined_round == 3
    late = entrants.add_entrant(db, event.id, "Eve")
    assert late.joined_round == 3
    names = [e.name for e in entrants.list_entrants(db, event.id)]
    assert names == ["Ada", "Bob & Cy", "Eve"]
    assert entrants.find_entrant(db, event.id, "bob  & cy") == back
    assert events.get_event(db, event.id).entrant_count == 3


def test_batch_is_all_or_nothing_and_names_every_problem(db: Database) -> None:
    event = events.create_event(db, name="Open")
    entrants.add_entrant(db, event.id, "Ada")
    specs = [
        EntrantSpec("Bob", seed=3),
        EntrantSpec("Ada"),
        EntrantSpec(""),
        EntrantSpec("Cy", seed=3),
        EntrantSpec("Dee", partner="dee"),
    ]
    with pytest.raises(RowsRejected) as refused:
        entrants.add_entrants(db, event.id, specs)
    assert english(refused.value.problems) == (
        "entrant 2: 'Ada' is already entered in this event",
        "entrant 3: name must not be empty",
        "entrant 4: seed 3 is already 'Bob''s",
        "entrant 5: partner 'dee' is the player themself",
    )
    assert [e.name for e in entrants.list_entrants(db, event.id)] == ["Ada"]


def test_update_entrant(db: Database) -> None:
    event = events.create_event(db, name="Open")
    ada = entrants.add_entrant(db, event.id, "Ada", seed=1)
    bob = entrants.add_entrant(db, event.id, "Bob")
    fixed = entrants.update_entrant(db, bob.id, name="Bob  Babbage", club="Diff", seed=2)
    assert (fixed.name, fixed.club, fixed.seed) == ("Bob Babbage", "Diff", 2)
    with pytest.raises(InvalidInput, match="'Ada' is already entered"):
        entrants.update_entrant(db, bob.id, name="ADA")
    with pytest.raises(InvalidInput, match="seed 1 is already 'Ada''s"):
        entrants.update_entrant(db, bob.id, seed=1)
    assert entrants.update_entrant(db, ada.id, clear_seed=True).seed is None


def test_member_number_twice_in_one_batch(sqlite_db: Database) -> None:
    event = events.create_event(sqlite_db, name="Open")
    with pytest.raises(RowsRejected, match="entrant 2: member number 'M-7' is also 'Ada''s"):
        entrants.add_entrants(
            sqlite_db,
            event.id,
            [EntrantSpec("Ada", member_number="M-7"), EntrantSpec("Bea", member_number="M-7")],
        )


def test_finished_event_takes_no_hands(db: Database) -> None:
    event = events.create_event(db, name="Open")
    a = entrants.add_entrant(db, event.id, "Ada")
    b = entrants.add_entrant(db, event.id, "Bob")
    match = matches.create_match(db, event.id, a.id, b.id)
    events.set_event_status(db, event.id, EventStatus.FINISHED, event.version)
    with pytest.raises(InvalidInput, match="finished: reopen it to record a hand"):
        hands.record_hand(db, match.id, hand(KNOCK_A), match.version, entered_by="T")
    with pytest.raises(InvalidInput, match="finished: reopen it to create a match"):
        matches.create_match(db, event.id, a.id, b.id)
