"""The room on a port: where phones find it, whether this computer can listen there, and the
server itself — run by ``gin-scorer serve`` in its main thread, or by the desk (*Event → Open
the room…*) in a thread of its own that stops when the window closes."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Callable

import uvicorn

from gin_scorer.core.wording import SaidError, said
from gin_scorer.presentation.projector_pages import ClockReading
from gin_scorer.services.support.database import Database
from gin_scorer.web import DEFAULT_PORT as DEFAULT_PORT
from gin_scorer.web.app import room_app

# Open pages (the live stream above all) are closed after this long when the room stops.
GRACE_SECONDS = 3
EVERY_NETWORK = "0.0.0.0"
THIS_COMPUTER = "127.0.0.1"


class CannotListen(SaidError):
    """The room cannot listen on that address: the sentence says why and what to try."""


def room_addresses(host: str, port: int) -> list[str]:
    """Where a phone finds the room: this computer's network addresses when listening on all
    of them, else the one address given.

    >>> room_addresses("127.0.0.1", 8080)
    ['http://127.0.0.1:8080/']
    """
    if host not in (EVERY_NETWORK, "::", ""):
        return [f"http://{host}:{port}/"]
    found = {THIS_COMPUTER}
    try:
        # The address this computer would use to reach another network: no packet is sent.
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))
            found.add(probe.getsockname()[0])
    except OSError:
        pass
    return [f"http://{address}:{port}/" for address in sorted(found, reverse=True)]


def check_can_listen(host: str, port: int) -> None:
    """Refuse at once, in one line, an address this computer cannot listen on."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as trial:
        trial.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            trial.bind((host, port))
        except OSError as error:
            raise CannotListen(
                said(
                    "cannot listen on {0}: {1} (the port is taken, or the address is not one "
                    "of this computer's; try another port)",
                    f"{host}:{port}",
                    error.strerror or error,
                )
            ) from None


def countdown(
    minutes: int, round_number: int | None, *, now: Callable[[], float] = time.monotonic
) -> Callable[[], ClockReading]:
    """A round clock started now for ``minutes`` (``serve --clock``): it only counts down;
    the desk's own clock also pauses and resets."""
    ends_at = now() + minutes * 60
    mark = (round_number, ends_at, None)
    return lambda: ClockReading(round_number, ends_at - now(), False, mark)


def room_config(
    db: Database,
    event_id: int,
    host: str,
    port: int,
    clock: Callable[[], ClockReading | None] | None = None,
) -> uvicorn.Config:
    return uvicorn.Config(
        room_app(db, event_id, clock=clock),
        host=host,
        port=port,
        log_level="warning",
        timeout_graceful_shutdown=GRACE_SECONDS,
    )


class RoomInThread:
    """The room served from inside the desktop app, beside the desk, on the same open
    database (its writes queue with the desk's). ``start`` returns once it listens."""

    def __init__(
        self,
        db: Database,
        event_id: int,
        host: str,
        port: int,
        clock: Callable[[], ClockReading | None] | None = None,
    ) -> None:
        self.event_id, self.host, self.port = event_id, host, port
        self._server = uvicorn.Server(room_config(db, event_id, host, port, clock))
        self._thread = threading.Thread(target=self._server.run, name="room", daemon=True)

    @property
    def addresses(self) -> list[str]:
        return room_addresses(self.host, self.port)

    @property
    def running(self) -> bool:
        return self._thread.is_alive() and self._server.started

    def start(self, wait_seconds: float = 10.0) -> None:
        check_can_listen(self.host, self.port)
        self._thread.start()
        deadline = time.monotonic() + wait_seconds
        while not self._server.started and self._thread.is_alive():
            if time.monotonic() > deadline:
                break
            time.sleep(0.02)
        if not self.running:
            self.stop()
            raise CannotListen(said("the room did not start on {0}", f"{self.host}:{self.port}"))

    def stop(self) -> None:
        """Close the room: open pages are let go after :data:`GRACE_SECONDS`."""
        self._server.should_exit = True
        if self._thread.is_alive():
            self._thread.join(timeout=GRACE_SECONDS + 5)
