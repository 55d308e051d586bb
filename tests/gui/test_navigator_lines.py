"""The navigator's lines fit a laptop's narrow tree: each table by its players' surnames (two
players of one surname told apart by an initial), the whole names in the line's tooltip
(issue 35: "T3 ○ Xiomara García Márquez v R…" was cut at 1366×768)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt

from gin_scorer.gui.navigator import NODE_ROLE, NavigatorModel, Node
from gin_scorer.presets import load_preset
from gin_scorer.services.support.database import open_database
from gin_scorer.services.writes import entrants, events, matches, rounds

NAMES = (
    "Xiomara García Márquez",
    "Rosalind Fairweather-Hughes",
    "Ann Smith",
    "Tom Smith",
    "Jan van der Berg",
    "Cher",
)


def test_a_table_s_line_names_its_players_by_surname(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    with open_database(str(tmp_path / "open.sqlite"), station="desk", backups=False) as db:
        event = events.create_event(
            db, name="Open", rules=load_preset("gra-tournament"), format="swiss"
        )
        for name in NAMES:
            entrants.add_entrant(db, event.id, name)
        rounds.start_round(db, event.id)
        tables = matches.list_matches(db, event.id)
        model = NavigatorModel()
        model.set_events(events.list_events(db), {event.id: tables})
    shown = {
        match.id: model.find(Node("match", event.id, match.round_number, match.id))
        for match in tables
    }
    surname = {
        "Xiomara García Márquez": "Márquez",
        "Rosalind Fairweather-Hughes": "Fairweather-Hughes",
        "Ann Smith": "A. Smith",
        "Tom Smith": "T. Smith",
        "Jan van der Berg": "van der Berg",
        "Cher": "Cher",
    }
    for match in tables:
        item = shown[match.id]
        assert item is not None and isinstance(item.data(NODE_ROLE), Node)
        a, b = match.a.name, match.b.name if match.b is not None else ""
        mark = item.text().split(" ")[1]
        assert item.text() == f"T{match.table_number} {mark} {surname[a]} v {surname[b]}"
        tooltip = item.data(Qt.ItemDataRole.ToolTipRole)
        assert tooltip == f"T{match.table_number} {mark} {a} v {b}"  # whole, for a hover
