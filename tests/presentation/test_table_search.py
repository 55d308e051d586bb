"""Find's reading of what is typed and the order of the tables it finds (issue 35, finding 5)."""

from __future__ import annotations

from dataclasses import replace
from datetime import date

from hypothesis import given
from hypothesis import strategies as st

from gin_scorer.core.rules import RuleSet
from gin_scorer.presentation.table_search import find_tables, read_table_number
from gin_scorer.services.support.dto import EventStatus, EventView, MatchStatus, MatchView
from tests.presentation.helpers import entrant


@given(st.integers(1, 999_999), st.sampled_from(["T{0}", "t {0}", "table {0}", "#{0}", "{0}"]))
def test_every_way_of_asking_for_a_table(number: int, written: str) -> None:
    assert read_table_number(written.format(number)) == number
    assert read_table_number(written.format(number) + "x") is None


@given(st.text(st.characters(categories=("L", "Zs")), min_size=1))
def test_a_name_is_never_a_table(text: str) -> None:
    assert read_table_number(text) is None


def _event(event_id: int, status: EventStatus, day: date) -> EventView:
    return EventView(
        event_id, f"Event {event_id}", "", day, None, "swiss", RuleSet(), status, {}, 8, False, 1
    )


def _match(match_id: int, event_id: int, round_number: int, table: int, a: str, b: str,
           status: MatchStatus = MatchStatus.PENDING) -> MatchView:  # fmt: skip
    return MatchView(
        match_id, event_id, round_number, table, entrant(match_id, a), entrant(-match_id, b),
        status, 1,
    )  # fmt: skip


def test_the_running_event_first_then_its_latest_round() -> None:
    old = _event(1, EventStatus.FINISHED, date(2026, 6, 1))
    live = _event(2, EventStatus.RUNNING, date(2026, 5, 1))
    done = MatchStatus.FINISHED
    tables = {
        1: [_match(1, 1, 5, 3, "Ann", "Bob", done), _match(2, 1, 5, 30, "Cat", "Dan", done)],
        2: [
            _match(3, 2, 1, 3, "Eve", "Ann", done),
            _match(4, 2, 2, 3, "Fay", "Gus"),
            _match(5, 2, 2, 30, "Ann", "Hal"),
        ],
    }
    assert [m.id for m in find_tables("T3", [old, live], tables)] == [4, 3, 1]
    assert [m.id for m in find_tables("ann", [old, live], tables)] == [5, 3, 1]
    # The event open on the desk before another event in play.
    other = replace(live, id=3)
    tables[3] = [_match(6, 3, 1, 3, "Ivy", "Jo")]
    assert [m.id for m in find_tables("T3", [old, live, other], tables, open_event=3)][:2] == [6, 4]
    assert find_tables("  ", [old, live], tables) == []
    assert find_tables("zed", [old, live], tables) == []
