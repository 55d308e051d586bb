"""The desk's one room (Event → Open the room…): at most one running, for one event, on the
open database; the window stops it when it closes or opens another database. The web stack
is loaded only when a room is opened, so the desk starts as fast without it."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from gin_scorer.presentation.projector_pages import ClockReading
from gin_scorer.services.support.database import Database

if TYPE_CHECKING:
    from gin_scorer.web.room_server import RoomInThread


class RoomControl:
    def __init__(self, clock: Callable[[], ClockReading | None] | None = None) -> None:
        self.server: RoomInThread | None = None
        self.clock = clock  # the desk's round clock: the room's pages count it down too

    @property
    def running(self) -> bool:
        return self.server is not None and self.server.running

    def start(self, db: Database, event_id: int, host: str, port: int) -> RoomInThread:
        """Open the room (a :class:`CannotListen` says why it cannot), closing any other."""
        from gin_scorer.web.room_server import RoomInThread

        self.stop()
        server = RoomInThread(db, event_id, host, port, self.clock)
        server.start()
        self.server = server
        return server

    def stop(self) -> None:
        if self.server is not None:
            self.server.stop()
            self.server = None
