"""Render every main screen of a demo event to PNG files (for the README and for review).

    QT_QPA_PLATFORM=offscreen .venv/bin/python tools/screenshots.py --out /tmp/shots
    xvfb-run -a .venv/bin/python tools/screenshots.py --out /tmp/shots

Builds a simulated Swiss event and two elimination events in a fresh database (the demo of
gin_scorer.services.writes.demo, through the services like a director would), opens the main window
on
it and grabs each screen.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


class Camera:
    """Grabs widgets into PNG files named for the README, and remembers them."""

    def __init__(self, app, out: Path) -> None:  # type: ignore[no-untyped-def]
        self.app = app
        self.out = out
        self.shots: list[Path] = []

    def grab(self, widget, name: str) -> None:  # type: ignore[no-untyped-def]
        self.app.processEvents()
        # The desk reads on a worker: wait until what it set out to show is shown.
        top = widget.window()  # the main window keeps its reads in its shared state
        reads = getattr(widget, "reads", None) or getattr(getattr(top, "state", top), "reads", None)
        while reads is not None and not reads.idle():
            self.app.processEvents()
            time.sleep(0.005)
        self.app.processEvents()
        path = self.out / f"{name}.png"
        widget.grab().save(str(path))
        self.shots.append(path)


def build_events(database: str, entrants: int) -> int:
    """A Swiss event (its last round part-played) and two knockouts; the Swiss event's id."""
    from dataclasses import replace
    from datetime import date

    from gin_scorer.services.support.database import open_database
    from gin_scorer.services.writes.demo import DemoPlan, play_demo

    # What the three events share: the hall, the day, the clubs, the PIN, one game to 100.
    hall = DemoPlan(
        venue="Riverside Community Hall",
        pin="1234",
        start_date=date(2026, 11, 21),
        clubs=("Riverside GC", "Queens Table", "North End", "Harbour Club", ""),
        preset="wikipedia-standard",
    )
    with open_database(database, station="desk", backups=False) as db:
        print("building a simulated Swiss event…", flush=True)
        swiss = play_demo(
            db,
            replace(
                hall,
                name="Autumn Open (demo)",
                entrants=entrants,
                rounds=3,
                seed=7,
                unfinished_tables=2,
            ),
            progress=lambda p: print(" ", p.message, flush=True),
        )
        print("building a single-elimination event…", flush=True)
        play_demo(
            db,
            replace(
                hall,
                name="Club Knockout (demo)",
                entrants=8,
                event_format="single-elim",
                seed=3,
                finish=False,
            ),
        )
        print("building a double-elimination event…", flush=True)
        play_demo(
            db,
            replace(
                hall,
                name="Double Knockout (demo)",
                entrants=8,
                event_format="double-elim",
                seed=5,
                unfinished_tables=1,
                with_cards=False,
            ),
        )
    return swiss.event.id


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("/tmp/shots"))
    parser.add_argument("--entrants", type=int, default=16)
    parser.add_argument("--db", help="use this database instead of a fresh temporary one")
    parser.add_argument(
        "--size", default="1440x900", help="the main window's size, WIDTHxHEIGHT (1366x768 …)"
    )
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)

    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from gin_scorer.gui.app import make_application
    from gin_scorer.gui.main_window import MainWindow
    from gin_scorer.gui.settings import GuiSettings

    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    app = make_application([sys.argv[0]])
    folder = Path(tempfile.mkdtemp(prefix="gin-shots-"))
    os.environ.setdefault("GIN_SCORER_BACKUP_DIR", str(folder / "backups"))  # not the user's
    database = args.db or str(folder / "demo.sqlite")
    event_id = build_events(database, args.entrants) if not args.db else 1
    camera = Camera(app, args.out)
    window = MainWindow(database=database, settings=GuiSettings(station_name="Desk 1"))
    width, height = (int(side) for side in args.size.lower().split("x"))
    window.resize(width, height)
    window.show()
    camera.grab(window, "01-welcome")
    new_event_dialog(camera, window, folder)
    event_screens(camera, window, event_id, folder)
    scoring_screens(camera, window, event_id)
    bracket_screens(camera, window, event_id)
    window.close()
    for path in camera.shots:
        print(path)
    QApplication.processEvents()
    return 0


def new_event_dialog(camera: Camera, window, folder: Path) -> None:  # type: ignore[no-untyped-def]
    """The new-event dialog with rows pasted from a spreadsheet."""
    from gin_scorer.gui.event_dialog import NewEventDialog
    from gin_scorer.presets import DEFAULT_PRESET, list_presets

    grab = camera.grab
    dialog = NewEventDialog(
        list_presets(), DEFAULT_PRESET, window, custom_folder=folder / "presets"
    )
    dialog.name.setText("Spring Championship")
    dialog.venue.setText("Riverside Community Hall")
    # Rows pasted from a spreadsheet (tabs between the cells), one with a slip to show.
    dialog.entrants.setPlainText(
        "Ann Adler\tRiverside\tR-101\t1\nBob Brandt\tRiverside\tR-102\t2\n"
        "Carla Costa\tNorthgate\tN-17\t3\nDev Duarte\tNorthgate\tN-22\t4\n"
        "Elle Ekberg\tHillcrest\t\t\nFinn Foley\tHillcrest\t\tfifth\n"
    )
    dialog.show()
    grab(dialog, "02-new-event")
    dialog.hide()  # close() would ask before dropping the typed entrants


def event_screens(camera: Camera, window, event_id: int, folder: Path) -> None:  # type: ignore[no-untyped-def]
    """The event's tabs and dialogs: entrants, settings, rules, a new match, a round preview,
    a restore; standings, pairings, the round status."""
    from gin_scorer.presets import list_presets

    grab = camera.grab
    window.state.open_event(event_id)
    window.state.show_view("entrants")
    grab(window, "11-entrants")

    from gin_scorer.gui.entrants_editor import AddEntrantsDialog
    from gin_scorer.gui.event_rules_dialog import EventRulesDialog
    from gin_scorer.gui.event_settings_dialog import EventSettingsDialog
    from gin_scorer.services.writes.entrants import list_entrants
    from gin_scorer.services.writes.events import get_event

    assert window.state.db is not None
    late = AddEntrantsDialog("Spring Championship", window)
    csv_file = folder / "late-entries.csv"
    csv_file.write_text(
        "name,club,member_number\nGwen Gray,Riverside,R-130\nHal Hughes,,\n", encoding="utf-8"
    )
    late.editor.load_file(csv_file)
    late.show()
    grab(late, "13-add-entrants")
    late.hide()
    event = get_event(window.state.db, event_id)
    settings_dialog = EventSettingsDialog(event, list_entrants(window.state.db, event_id), window)
    settings_dialog.show()
    grab(settings_dialog, "14-format-settings")
    settings_dialog.close()
    rules_dialog = EventRulesDialog(event, list_presets(), window)
    rules_dialog.show()
    grab(rules_dialog, "15-rule-set")
    rules_dialog.close()

    more_event_screens(camera, window, event_id)


def more_event_screens(camera: Camera, window, event_id: int) -> None:  # type: ignore[no-untyped-def]
    """A new match, an entrant edited, a round preview, a restore; the event's tabs."""
    from gin_scorer.services.writes.entrants import list_entrants

    grab = camera.grab
    from gin_scorer.gui.entrant_edit_dialog import EntrantEditDialog
    from gin_scorer.gui.new_match_dialog import NewMatchDialog
    from gin_scorer.gui.round_dialogs import RoundPreviewDialog
    from gin_scorer.services.support.dto import EntrantSpec
    from gin_scorer.services.writes.events import create_event
    from gin_scorer.services.writes.rounds import preview_round

    pick = NewMatchDialog(list_entrants(window.state.db, event_id), window)
    someone = list_entrants(window.state.db, event_id)[3].name
    pick.a.setEditText(someone)
    pick.b.setEditText(someone)
    pick._accept()  # the same player twice: the dialog says so
    pick.show()
    grab(pick, "21-new-match")
    pick.hide()
    edit = EntrantEditDialog(list_entrants(window.state.db, event_id)[0], window)
    edit.show()
    grab(edit, "17-edit-entrant")
    edit.close()
    thursday = create_event(
        window.state.db,
        name="Thursday Swiss",
        format="swiss",
        entrants=[
            EntrantSpec(n, seed=i + 1)
            for i, n in enumerate(
                (
                    "Ann Adler",
                    "Bob Brandt",
                    "Carla Costa",
                    "Dev Duarte",
                    "Elle Ekberg",
                    "Finn Foley",
                    "Gwen Gray",
                )
            )
        ],
    )
    preview = RoundPreviewDialog(preview_round(window.state.db, thursday.id), thursday.name, window)
    preview.show()
    grab(preview, "18-round-preview")
    preview.close()

    from gin_scorer.gui.backup_dialog import RestoreDialog
    from gin_scorer.services.writes.backups import back_up_now, backups_of

    back_up_now(window.state.db)
    restore = RestoreDialog(window.state.database, backups_of(window.state.db), window)
    restore.show()
    grab(restore, "16-restore")
    restore.close()
    window.state.show_view("standings")
    grab(window, "03-standings")
    window.state.show_view("pairings")
    grab(window, "04-pairings")
    window.state.show_view("status")
    grab(window, "05-round-status")


def scoring_screens(camera: Camera, window, event_id: int) -> None:  # type: ignore[no-untyped-def]
    """Scoring: an unfinished table of the last round, a hand typed but not yet entered."""
    grab = camera.grab
    from gin_scorer.services.support.dto import MatchStatus
    from gin_scorer.services.writes.matches import list_matches

    assert window.state.db is not None
    open_matches = [
        m
        for m in list_matches(window.state.db, event_id)
        if m.status is MatchStatus.PLAYING and m.b is not None
    ]
    match = open_matches[0] if open_matches else list_matches(window.state.db, event_id)[-1]
    window.state.open_match(match.id)
    scoring = window.state.scoring
    assert scoring is not None
    for text in ("ak7 15", "bg22", "d", "ak3 9"):  # typed and entered, as at the table
        scoring.panel.entry.setText(text)
        scoring.panel.entry.returnPressed.emit()
    scoring.panel.entry.setText("bk9 4")
    grab(window, "06-score-sheet")

    scoring.panel.entry.setText("ak5 30")
    scoring.cards.knocker_edit.setText("7h 8h 9h Kc Kd Ks 2s 3s 4s 5c")
    scoring.cards.defender_edit.setText("Qh Qs Qd 10h Jc 2c 3c 4d 6d 9s")
    grab(window, "07-cards-panel")
    from gin_scorer.gui.override_dialog import OverrideDialog

    analysis = scoring.cards.analysis
    override = OverrideDialog(window, analysis.problems)
    override.reason.setText("players agreed 30 at the table")
    override.show()
    grab(override, "12-override")
    override.close()
    scoring.panel.entry.setText("ak12 20")
    grab(scoring.panel, "08-bad-entry")
    scoring.panel.entry.clear()
    scoring.cards.clear()


def bracket_screens(camera: Camera, window, event_id: int) -> None:  # type: ignore[no-untyped-def]
    """Both brackets, the projector showing one, and the projector's standings."""
    from gin_scorer.gui.views import ProjectorWindow

    grab = camera.grab
    knockouts = {e.name: e.id for e in window.state.events}
    window.state.open_event(knockouts["Club Knockout (demo)"])
    window.state.show_view("bracket")
    grab(window, "09-bracket")
    window.state.open_event(knockouts["Double Knockout (demo)"])
    window.state.show_view("bracket")
    grab(window, "19-double-bracket")
    bracket_projector = ProjectorWindow(window.state.db, knockouts["Double Knockout (demo)"], 30)
    bracket_projector.resize(1280, 720)
    bracket_projector.show()
    grab(bracket_projector, "20-projector-bracket")
    bracket_projector.close()

    projector = ProjectorWindow(window.state.db, event_id, 30)
    projector.resize(1280, 720)
    projector.show()
    grab(projector, "10-projector")
    projector.close()


if __name__ == "__main__":
    raise SystemExit(main())
