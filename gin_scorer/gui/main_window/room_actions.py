"""What the room sees: the projector, the round clock and the room served to the players'
phones, each for the open event.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gin_scorer.gui.main_window.window_state import WindowState

if TYPE_CHECKING:  # the store and services load after the window shows (faster start)
    from gin_scorer.gui.room_dialog import RoomDialog
    from gin_scorer.gui.round_clock_dialog import RoundClockDialog
    from gin_scorer.gui.views import ProjectorWindow


class RoomActions:
    """The Event menu's projector, round clock and room, on the window's shared state."""

    def __init__(self, state: WindowState) -> None:
        self.state = state
        self.window = state.window  # the dialogs' parent
        self._projector: ProjectorWindow | None = None
        self._clock_dialog: RoundClockDialog | None = None
        self._room_dialog: RoomDialog | None = None

    def projector(self) -> None:
        opened = self.state.opened_event()
        if opened is None:
            return
        db, event_id = opened
        from gin_scorer.gui.projector_screen import choose_screen
        from gin_scorer.gui.screen_fit import show_full_screen
        from gin_scorer.gui.views import ProjectorWindow

        screen = choose_screen(self.window)
        if screen is None:
            return
        self._projector = ProjectorWindow(
            db, event_id, self.state.settings.projector_seconds, clock=self.state.round_clock
        )
        show_full_screen(self._projector, screen)

    def show_round_clock(self) -> None:
        """Event → Round clock: set its length, start, pause, reset (for the latest round)."""
        from gin_scorer.gui.round_clock_dialog import RoundClockDialog

        latest = (
            self.state.round_numbers[-1]
            if self.state.event_id is not None and self.state.round_numbers
            else None
        )
        self._clock_dialog = RoundClockDialog(self.state.round_clock, latest, self.window)
        self._clock_dialog.show()

    def open_room(self) -> None:
        """Event → Open the room…: serve the event's room from this computer (address, QR
        code, who can reach it); it closes with the app."""
        opened = self.state.opened_event()
        if opened is None:
            return
        db, event_id = opened
        from gin_scorer.gui.background import wait_for
        from gin_scorer.gui.room_dialog import RoomDialog
        from gin_scorer.services.writes.events import get_event

        name = wait_for(lambda: get_event(db, event_id)).name
        self._room_dialog = RoomDialog(self.state.room, db, event_id, name, self.window)
        self._room_dialog.show()
