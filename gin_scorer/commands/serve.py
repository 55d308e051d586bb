"""``gin-scorer serve``: the room — the event's live pages on this computer's network.

Binds to 127.0.0.1 (this computer only) unless ``--host`` says otherwise: ``--host 0.0.0.0``
puts the room on every network this computer is on, the venue's Wi-Fi included. Read-only:
the pages change nothing, and no director action is offered over the network. Ctrl+C (or
SIGTERM) stops it cleanly.
"""

from __future__ import annotations

import argparse
import contextlib
import signal
import socket
from collections.abc import Iterator
from typing import Any

from gin_scorer.commands._arguments import positive
from gin_scorer.commands._errors import UserError

DEFAULT_PORT = 8080


def register(subparsers: Any) -> None:
    serve = subparsers.add_parser(
        "serve",
        help="the room: live pairings and standings on the venue's network",
        description="Serve the event's room: a page for the players' phones (where they sit, "
        "the tables' results, the standings, live) and /projector for the wall. Read-only. "
        "Binds to this computer only unless --host says otherwise (--host 0.0.0.0: the "
        "venue's network). Ctrl+C stops it.",
    )
    serve.add_argument("--event", type=positive, metavar="ID", required=True, help="the event")
    serve.add_argument(
        "--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)"
    )
    serve.add_argument(
        "--port", type=positive, default=DEFAULT_PORT, help=f"port (default {DEFAULT_PORT})"
    )
    serve.set_defaults(func=run_serve)


def room_addresses(host: str, port: int) -> list[str]:
    """Where a phone finds the room: this computer's network addresses when listening on all
    of them, else the one address given.

    >>> room_addresses("127.0.0.1", 8080)
    ['http://127.0.0.1:8080/']
    """
    if host not in ("0.0.0.0", "::", ""):
        return [f"http://{host}:{port}/"]
    found = {"127.0.0.1"}
    try:
        # The address this computer would use to reach another network: no packet is sent.
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))
            found.add(probe.getsockname()[0])
    except OSError:
        pass
    return [f"http://{address}:{port}/" for address in sorted(found, reverse=True)]


def _can_listen(host: str, port: int) -> None:
    """Refuse at once, in one line, an address this computer cannot listen on."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as trial:
        trial.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            trial.bind((host, port))
        except OSError as error:
            raise UserError(
                f"cannot listen on {host}:{port}: {error.strerror or error} "
                "(the port is taken, or the address is not one of this computer's; "
                "try another --port)"
            ) from None


def _room_server() -> type:
    """uvicorn's server, stopping on Ctrl+C or SIGTERM without raising the signal again
    afterwards (uvicorn's own does, so the command could not say it closed and exit 0)."""
    import uvicorn

    class RoomServer(uvicorn.Server):
        @contextlib.contextmanager
        def capture_signals(self) -> Iterator[None]:
            stops = (signal.SIGINT, signal.SIGTERM)
            before = {sig: signal.signal(sig, self.handle_exit) for sig in stops}
            try:
                yield
            finally:
                for sig, handler in before.items():
                    signal.signal(sig, handler)

    return RoomServer


def run_serve(args: argparse.Namespace) -> int:
    import uvicorn

    from gin_scorer.commands._database import opened
    from gin_scorer.services.events import get_event
    from gin_scorer.web.app import room_app

    _can_listen(args.host, args.port)
    with opened(args, backups=False) as db:
        event = get_event(db, args.event)
        app = room_app(db, event.id)
        config = uvicorn.Config(app, host=args.host, port=args.port, log_level="warning")
        server = _room_server()(config)
        addresses = room_addresses(args.host, args.port)
        print(f"The room of {event.name}:")
        for address in addresses:
            print(f"  {address}   (projector: {address}projector)")
        if args.host == "127.0.0.1":
            print(
                "  only this computer can open it; --host 0.0.0.0 opens it to the venue's network"
            )
        print("Ctrl+C stops it.", flush=True)
        try:
            server.run()
        except (OSError, SystemExit):  # taken between the check and the start
            raise UserError(f"cannot listen on {args.host}:{args.port}") from None
        print("The room is closed.")
    return 0
