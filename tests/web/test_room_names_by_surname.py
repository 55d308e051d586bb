"""The room lists names by surname, as the director's setting says (issue 35, finding 9;
decision 0024): "where you sit" on the phones and "find your table" on the room's projector."""

from __future__ import annotations

import html
import re
from pathlib import Path

from gin_scorer.services.database import open_database
from gin_scorer.services.dto import EntrantSpec, NameOrder
from gin_scorer.services.events import create_event
from gin_scorer.services.name_order import set_name_order
from gin_scorer.services.rounds import start_round
from gin_scorer.web.app import room_app

from .conftest import fetch

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
    "Jan van der Berg",
    "Cher",
    "Anna De Luca",
    "Xiomara García Márquez",
    "Obama, Barack",
    "Zoë Ó'Brien",
    "Ann Smith",
    "Émile Zola",
]
AS_TYPED = sorted(BY_SURNAME, key=lambda n: n.replace("É", "E").casefold())


def _listed(page: str, names: tuple[str, ...]) -> list[str]:
    """The names in the order the page lists them in its by-name rows."""
    found = [
        html.unescape(n) for n in re.findall(r"<tr data-name=\"[^\"]*\"><td>([^<]*)</td>", page)
    ]
    return [n for n in found if n in names]


def test_where_you_sit_is_by_surname_unless_the_director_says_as_typed(tmp_path: Path) -> None:
    db = open_database(str(tmp_path / "names.sqlite"), station="desk", backups=False)
    try:
        event = create_event(
            db, name="Open", format="swiss", entrants=tuple(EntrantSpec(n) for n in FIELD)
        )
        start_round(db, event.id)
        app = room_app(db, event.id)
        assert _listed(fetch(app, "/").text, FIELD) == BY_SURNAME
        wall = fetch(app, "/projector").text
        wall = wall[wall.index("find your table") :]
        positions = [wall.index(f"<tr><td>{html.escape(n)}</td>") for n in BY_SURNAME]
        assert positions == sorted(positions)  # the wall's "find your table" too
        set_name_order(db, NameOrder.AS_TYPED)
        again = room_app(db, event.id)
        assert _listed(fetch(again, "/").text, FIELD) == AS_TYPED
    finally:
        db.close()
