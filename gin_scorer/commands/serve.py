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

import uvicorn

from gin_scorer.commands._database import opened
from gin_scorer.commands._errors import UserError
from gin_scorer.presentation.words import translate
from gin_scorer.services.writes.backup_keeper import keep_backing_up
from gin_scorer.services.writes.events import get_event
from gin_scorer.services.writes.rounds import list_rounds
from gin_scorer.web.room_server import check_can_listen, countdown, room_addresses, room_config


def _room_server() -> type:
    """uvicorn's server, stopping on Ctrl+C or SIGTERM without raising the signal again
    afterwards (uvicorn's own does, so the command could not say it closed and exit 0)."""

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


def _print_addresses(name: str, addresses: list[str], host: str, clock: Any) -> None:
    """Where the room can be opened, and how to stop it."""
    print(translate("cli", "The room of {0}:").format(name))
    for address in addresses:
        print("  " + translate("cli", "{0}   (projector: {0}projector)").format(address))
    if host == "127.0.0.1":
        print(
            "  "
            + translate(
                "cli",
                "only this computer can open it; --host 0.0.0.0 opens it to the venue's network",
            )
        )
    if clock is not None:
        print("  " + translate("cli", "the round clock: {0}").format(clock().text()))
    print(translate("cli", "Ctrl+C stops it."), flush=True)


def run_serve(args: argparse.Namespace) -> int:

    check_can_listen(args.host, args.port)  # CannotListen says why, in one line
    # The tables record hands through the room, and other stations through the server: the
    # schedule is looked at on a clock, not only after the room's own hands (issue 41: five
    # minutes of serve on a server made no backup). A failure is said on this terminal.
    with opened(args, one_shot=False) as db:
        stop_backups = keep_backing_up(db)
        event = get_event(db, args.event)
        clock = None
        if args.clock is not None:
            latest = max((r.number for r in list_rounds(db, event.id)), default=None)
            clock = countdown(args.clock, latest)
        server = _room_server()(room_config(db, event.id, args.host, args.port, clock))
        addresses = room_addresses(args.host, args.port)
        _print_addresses(event.name, addresses, args.host, clock)
        try:
            server.run()
        except (OSError, SystemExit):  # taken between the check and the start
            raise UserError(
                translate("cli", "cannot listen on {0}:{1}").format(args.host, args.port)
            ) from None
        finally:
            stop_backups()
        print(translate("cli", "The room is closed."))
    return 0
