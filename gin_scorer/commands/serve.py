"""``gin-scorer serve``: the room — the event's live pages on this computer's network.

Binds to 127.0.0.1 (this computer only) unless ``--host`` says otherwise: ``--host 0.0.0.0``
puts the room on every network this computer is on, the venue's Wi-Fi included. The room's
pages only read, except each table's own page (its link's code opens its match only), which
enters that match's hands and the players' confirmations; no director action is offered over
the network. Ctrl+C (or SIGTERM) stops it cleanly.
"""

from __future__ import annotations

import argparse
import contextlib
import signal
from collections.abc import Iterator
from typing import Any

from gin_scorer.commands._arguments import positive
from gin_scorer.commands._errors import UserError
from gin_scorer.web import DEFAULT_PORT

MOST_MINUTES = 600


def register(subparsers: Any) -> None:
    serve = subparsers.add_parser(
        "serve",
        help="the room: live pairings and standings, and the tables' own entry pages",
        description="Serve the event's room: a page for the players' phones (where they sit, "
        "the tables' results, the standings, live), /projector for the wall, and each "
        "table's own page for entering its hands (gin-scorer links lists them). "
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
    serve.add_argument(
        "--clock",
        type=_minutes,
        metavar="MINUTES",
        help="count the latest round down from MINUTES on the room's pages, from now (the "
        "desktop app's round clock does this when the app serves the room)",
    )
    serve.set_defaults(func=run_serve)


def _minutes(text: str) -> int:
    minutes = positive(text)
    if minutes > MOST_MINUTES:
        raise argparse.ArgumentTypeError(
            f"{text}: a round clock runs at most {MOST_MINUTES} minutes"
        )
    return minutes


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
    from gin_scorer.commands._database import opened
    from gin_scorer.services.events import get_event
    from gin_scorer.services.rounds import list_rounds
    from gin_scorer.web.room_server import (
        CannotListen,
        check_can_listen,
        countdown,
        room_addresses,
        room_config,
    )

    try:
        check_can_listen(args.host, args.port)
    except CannotListen as error:
        raise UserError(str(error)) from None
    with opened(args, backups=False) as db:
        event = get_event(db, args.event)
        clock = None
        if args.clock is not None:
            latest = max((r.number for r in list_rounds(db, event.id)), default=None)
            clock = countdown(args.clock, latest)
        server = _room_server()(room_config(db, event.id, args.host, args.port, clock))
        addresses = room_addresses(args.host, args.port)
        print(f"The room of {event.name}:")
        for address in addresses:
            print(f"  {address}   (projector: {address}projector)")
        if args.host == "127.0.0.1":
            print(
                "  only this computer can open it; --host 0.0.0.0 opens it to the venue's network"
            )
        if clock is not None:
            print(f"  the round clock: {clock().text()}")
        print("Ctrl+C stops it.", flush=True)
        try:
            server.run()
        except (OSError, SystemExit):  # taken between the check and the start
            raise UserError(f"cannot listen on {args.host}:{args.port}") from None
        print("The room is closed.")
    return 0
