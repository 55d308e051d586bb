"""The room lists names by surname, as the director's setting says (issue 35, finding 9;
decision 0024): "where you sit" on the phones and "find your table" on the room's projector."""

from __future__ import annotations

import html
import re
from pathlib import Path

from gin_scorer.services.support.database import open_database
from gin_scorer.services.support.dto import NameOrder
from gin_scorer.services.support.name_order import set_name_order
from gin_scorer.web.app import room_app
from tests.name_field import AS_TYPED, BY_SURNAME, FIELD, paired_field

from .conftest import fetch


def _listed(page: str, names: tuple[str, ...]) -> list[str]:
    """The names in the order the page lists them in its by-name rows."""
    found = [
        html.unescape(n) for n in re.findall(r"<tr data-name=\"[^\"]*\"><td>([^<]*)</td>", page)
    ]
    return [n for n in found if n in names]


def test_where_you_sit_is_by_surname_unless_the_director_says_as_typed(tmp_path: Path) -> None:
    db = open_database(str(tmp_path / "names.sqlite"), station="desk", backups=False)
    try:
        event_id = paired_field(db)
        app = room_app(db, event_id)
        assert _listed(fetch(app, "/").text, FIELD) == BY_SURNAME
        wall = fetch(app, "/projector").text
        wall = wall[wall.index("find your table") :]
        positions = [wall.index(f"<tr><td>{html.escape(n)}</td>") for n in BY_SURNAME]
        assert positions == sorted(positions)  # the wall's "find your table" too
        set_name_order(db, NameOrder.AS_TYPED)
        again = room_app(db, event_id)
        assert _listed(fetch(again, "/").text, FIELD) == AS_TYPED
    finally:
        db.close()
