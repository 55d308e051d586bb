"""What several report kinds read from the services: the event asked for, its rules, its
rounds and their matches, and a match's heading as the sheets print it."""

from __future__ import annotations

from gin_scorer.core.rules import RuleSet
from gin_scorer.core.wording import said
from gin_scorer.presentation.sheet_fill import MatchHeading
from gin_scorer.presentation.words import translate
from gin_scorer.reports.request import EventRequest, ReportError, need_db
from gin_scorer.services.support.database import Database
from gin_scorer.services.support.dto import EventView, MatchView
from gin_scorer.services.writes.events import default_rules, get_event
from gin_scorer.services.writes.matches import list_matches

NO_TABLE = 10**6
"""Sorts matches without a table after every numbered table."""


def event_of(db: Database | None, options: EventRequest) -> EventView | None:
    """The options' event (``None`` when none was given)."""
    if options.event_id is None:
        return None
    return get_event(need_db(db), options.event_id)


def required_event(db: Database | None, options: EventRequest) -> EventView:
    """The options' event, or a refusal saying the report needs one."""
    event = event_of(db, options)
    if event is None:
        raise ReportError(said("this report needs an event: give --event ID"))
    return event


def rules_of(event: EventView | None) -> RuleSet:
    """The event's rules; without an event, the rules a new event would get."""
    return event.rules if event is not None else default_rules()


def round_number(db: Database, event: EventView, wanted: int | None) -> int:
    """``wanted`` if that round is paired (default: the latest), else a clear refusal."""
    # The match list is cheap (no hands are read); the rounds service recomputes results.
    numbers = sorted(
        {m.round_number for m in list_matches(db, event.id) if m.round_number is not None}
    )
    if not numbers:
        raise ReportError(said("event {0} ({1}) has no round paired yet", event.id, event.name))
    if wanted is None:
        return numbers[-1]
    if wanted not in numbers:
        raise ReportError(
            said(
                "event {0} ({1}) has no round {2}; rounds paired: {3}",
                event.id,
                event.name,
                wanted,
                ", ".join(str(n) for n in numbers),
            )
        )
    return wanted


def round_matches(
    db: Database, event: EventView, wanted: int | None
) -> tuple[int, list[MatchView]]:
    """The round's number and its matches by table (default: the latest round paired)."""
    number = round_number(db, event, wanted)
    chosen = list(list_matches(db, event.id, round_number=number))
    chosen.sort(key=lambda m: (m.b is None, m.table_number or NO_TABLE, m.id))
    return number, chosen


def match_heading(match: MatchView) -> MatchHeading:
    """Who plays whom, where, as the top of a score sheet or pad prints it (by round and
    table, as the room knows it: the database's own match number is no one's business)."""
    b, c = match.b, match.c
    return MatchHeading(
        player_a=match.a.name,
        player_b=b.name if b is not None else "(bye)",
        club_a=match.a.club,
        club_b=b.club if b is not None else "",
        table=str(match.table_number or ""),
        round=str(match.round_number or ""),
        player_c=c.name if c is not None else "",
        club_c=c.club if c is not None else "",
    )


def round_label(number: int | None) -> str:
    """``Round 3`` for the page header (nothing without a round)."""
    return translate("reports", "Round {0}").format(number) if number else ""
