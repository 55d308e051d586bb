"""Finding a table from what the director types in the desk's find box (Ctrl+F): "T3" (or
"table 3", or "3") is table 3 and no other; anything else is part of a player's name, accents
and case aside ("garcia" finds "Xiomara García Márquez").

The tables found are listed best first, for the question the director is asking on the day:
where is it *now*? The event being played (a table still in play) before an event long
finished, the event open on the desk before the others, the latest event before older ones,
and in an event its latest round first; a player's table still in play before the tables they
have finished (a club night's earlier matches, a slip already entered).

>>> read_table_number("T3"), read_table_number(" table 12 "), read_table_number("3")
(3, 12, 3)
>>> read_table_number("T3x"), read_table_number("Ann")
(None, None)
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from datetime import date

from gin_scorer.presentation.names import folded
from gin_scorer.presentation.words import translate
from gin_scorer.services.support.dto import EventStatus, EventView, MatchStatus, MatchView

_TABLE = re.compile(r"(?:(?P<word>[^\d\s]+)\s*)?(?P<number>\d{1,6})")
_TABLE_WORDS = frozenset({"t", "table", "#"})
_DONE = (MatchStatus.FINISHED, MatchStatus.LOCKED)


def read_table_number(text: str) -> int | None:
    """The table number ``text`` asks for ("T3", "t 3", "table 3", "#3", "3", or the desk's
    own word for a table in the reader's language), or None when it asks for a name."""
    found = _TABLE.fullmatch(text.strip())
    if found is None:
        return None
    word = (found.group("word") or "t").casefold()
    local = translate("NavigatorModel", "T{0}").replace("{0}", "").strip().casefold()
    return int(found.group("number")) if word in _TABLE_WORDS | {local} else None


def in_play(match: MatchView) -> bool:
    """Whether the table is still being played (or waits to start): not finished, and not
    decided by a player's withdrawal."""
    return match.status not in _DONE and not match.withdrawn


def _holds_name(match: MatchView, words: Sequence[str]) -> bool:
    """Whether one player at the table has every typed word in their name (or a team's
    players' names)."""
    for entrant in match.players:
        said = folded(" ".join((entrant.name, *entrant.members)))
        if all(word in said for word in words):
            return True
    return False


def _event_rank(event: EventView | None, live: bool, open_event: int | None) -> tuple[object, ...]:
    """Smaller first: an event with tables in play, the one open, the latest."""
    if event is None:
        return (True, True, True, date.min, 0)
    finished = event.status is EventStatus.FINISHED
    latest = event.start_date or (event.created_at.date() if event.created_at else date.min)
    return (not live or finished, event.id != open_event, -latest.toordinal(), -event.id)


def find_tables(
    text: str,
    events: Sequence[EventView],
    matches: Mapping[int, Iterable[MatchView]],
    *,
    open_event: int | None = None,
) -> list[MatchView]:
    """The tables ``text`` asks for (see the module), best first; ``matches`` maps each
    event's id to its tables as shown now."""
    wanted = text.strip()
    if not wanted:
        return []
    number = read_table_number(wanted)
    words = folded(wanted).split()
    by_id = {event.id: event for event in events}
    found: list[tuple[tuple[object, ...], MatchView]] = []
    for event_id, tables in matches.items():
        tables = tuple(tables)
        live = any(in_play(m) for m in tables)
        rank = _event_rank(by_id.get(event_id), live, open_event)
        for match in tables:
            if number is not None and match.table_number != number:
                continue
            if number is None and not (words and _holds_name(match, words)):
                continue
            place = (-(match.round_number or 0), not in_play(match), -match.id)
            found.append(((*rank, *place), match))
    found.sort(key=lambda hit: hit[0])
    return [match for _, match in found]
