"""The field every test of the name order lists (decision 0024): names typed every way a
director types them, in the order each setting lists them, and an event of them paired."""

from __future__ import annotations

from typing import Any

FIELD = (
    "Xiomara García Márquez",
    "Zoë Ó'Brien",
    "Jan van der Berg",
    "Cher",
    "Obama, Barack",
    "Anna De Luca",
    "Ann Smith",
    "Émile Zola",
)
BY_SURNAME = [
    "Jan van der Berg",  # filed under Berg: "van der" in lower case is not filed under
    "Cher",  # one name: the whole of it
    "Anna De Luca",  # a capital De is
    "Xiomara García Márquez",  # typed given-first: the last word
    "Obama, Barack",  # the comma says where the surname ends
    "Zoë Ó'Brien",  # OBrien: accents and the apostrophe aside, after Obama
    "Ann Smith",
    "Émile Zola",
]
AS_TYPED = sorted(BY_SURNAME, key=lambda n: n.replace("É", "E").casefold())


def paired_field(db: Any) -> int:
    """A Swiss event of :data:`FIELD` with its first round paired; its id."""
    from gin_scorer.services.support.dto import EntrantSpec
    from gin_scorer.services.writes.events import create_event
    from gin_scorer.services.writes.rounds import start_round

    people = tuple(EntrantSpec(name) for name in FIELD)
    event = create_event(db, name="Open", format="swiss", entrants=people)
    start_round(db, event.id)
    return event.id
