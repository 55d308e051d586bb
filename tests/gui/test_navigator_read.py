"""The navigator's read keeps the values of the last read for an event whose tables did not
change: the fresh copies are freed on the worker, so the collector has not 25,000 new values
to walk on the GUI thread after every refresh (issue 35: F5 froze the window 15-50 ms)."""

from __future__ import annotations

from pathlib import Path

from gin_scorer.gui.navigator import read_tables
from gin_scorer.presets import load_preset
from gin_scorer.services.support.database import open_database
from gin_scorer.services.writes import entrants, events, matches, rounds


def test_an_unchanged_event_keeps_the_last_read_s_tables(tmp_path: Path) -> None:
    with open_database(str(tmp_path / "club.sqlite"), station="desk", backups=False) as db:
        made = []
        for name in ("Monday", "Tuesday"):
            event = events.create_event(
                db, name=name, rules=load_preset("gra-tournament"), format="swiss"
            )
            people = [entrants.add_entrant(db, event.id, f"{name} {n}") for n in range(4)]
            rounds.start_round(db, event.id)
            made.append((event, people))
        first = read_tables(db)
        (monday, _), (tuesday, people) = made
        matches.create_match(db, tuesday.id, people[0].id, people[1].id, table_number=9)
        second = read_tables(db, first.matches)
    assert second.matches[monday.id] is first.matches[monday.id]  # the same values
    assert second.matches[tuesday.id] != first.matches[tuesday.id]  # the new table read
    assert len(second.matches[tuesday.id]) == len(first.matches[tuesday.id]) + 1
    assert second.marks[monday.id] == first.marks[monday.id]
    assert second.marks[tuesday.id] != first.marks[tuesday.id]
