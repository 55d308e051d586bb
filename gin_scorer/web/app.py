"""The room's ASGI application: the live room page (``/``), the projector (``/projector``) and
the stream of changes that keeps both live (``/events``, server-sent events).

The room pages only read; a table's own page (``/t/<code>``, :mod:`.table_pages`) enters its
match's hands. No director action is offered. Every page works without JavaScript (the find
box is then a form, a hand is read back before it is recorded); with it, a page refreshes
within a couple of seconds of a change at any station.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, select_autoescape
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from gin_scorer.presentation.projector_pages import (
    ClockReading,
    Page,
    names_pages,
    standings_pages,
    tables_pages,
)
from gin_scorer.presentation.round_status import state_text, table_text
from gin_scorer.presentation.standings_table import points_text
from gin_scorer.services.database import Database
from gin_scorer.services.errors import ServiceError
from gin_scorer.web.change_watch import ChangeWatch, SharedRead
from gin_scorer.web.headers import SecurityHeaders
from gin_scorer.web.room_view import RoomView, read_room
from gin_scorer.web.table_pages import SendLimit, TablePages

HERE = Path(__file__).resolve().parent
PROJECTOR_ROWS = 12  # rows a projector page, readable from the back of a room


def _templates() -> Environment:
    """Jinja2 with autoescaping on: a name like ``Pat <Jr>`` is text, never markup."""
    env = Environment(
        loader=FileSystemLoader(HERE / "templates"),
        autoescape=select_autoescape(["html"], default=True),
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.globals.update(state_text=state_text, table_text=table_text, points_text=points_text)
    return env


def _found(view: RoomView, wanted: str) -> RoomView:
    """The room with the by-name list cut to the names holding ``wanted`` (case-blind)."""
    if not wanted:
        return view
    from dataclasses import replace

    key = wanted.casefold()
    return replace(view, by_name=tuple(n for n in view.by_name if key in n.name.casefold()))


def _projector_pages(view: RoomView) -> list[Page]:
    pages = standings_pages(f"Standings — {view.stage.lower()}", view.standings, PROJECTOR_ROWS)
    if view.round_number is not None:
        number = view.round_number
        pages += names_pages(f"Round {number}: find your table", view.by_name, PROJECTOR_ROWS)
        pages += tables_pages(f"Round {number} pairings", view.pairings, PROJECTOR_ROWS)
    return pages


def room_app(
    db: Database,
    event_id: int,
    *,
    poll_seconds: float = 0.5,
    stream_seconds: float = 300.0,
    clock: Callable[[], ClockReading | None] | None = None,
) -> Starlette:
    """The room for ``event_id`` on an open ``db`` (the caller opens and closes it).

    ``poll_seconds``: how often the change stream asks the services; ``stream_seconds``: how
    long one stream lasts before the browser reconnects (it does so by itself). ``clock``:
    the desk's round clock, when the desk serves the room (the pages count it down).
    """
    env = _templates()
    watch = ChangeWatch(db, event_id, poll_seconds, clock=clock)
    views = SharedRead(watch, lambda: read_room(db, event_id), fresh_seconds=poll_seconds)

    async def room(request: Request, part: str = "room.html") -> Response:
        wanted = request.query_params.get("find", "").strip()[:80]
        try:
            view = await views.get()
        except ServiceError as error:
            return HTMLResponse(f"<p>The room cannot show this event: {error}</p>", 404)
        shown = _found(view, wanted)
        page = env.get_template(part).render(view=shown, find=wanted, clock=watch.clock_now())
        return HTMLResponse(page)

    async def live(request: Request) -> Response:
        return await room(request, "room_main.html")

    async def projector(request: Request) -> Response:
        try:
            view = await views.get()
        except ServiceError as error:
            return HTMLResponse(f"<p>The room cannot show this event: {error}</p>", 404)
        pages = _projector_pages(view)
        page = env.get_template("projector.html").render(
            view=view, pages=pages, clock=watch.clock_now()
        )
        return HTMLResponse(page)

    async def events(request: Request) -> Response:
        return StreamingResponse(
            watch.stream(request, stream_seconds), media_type="text/event-stream"
        )

    return Starlette(
        routes=[
            *(Route(p, f) for p, f in (("/", room), ("/live", live), ("/projector", projector))),
            Route("/events", events),
            *_table_routes(TablePages(env, db, event_id, SendLimit())),
            Mount("/static", StaticFiles(directory=HERE / "static"), name="static"),
        ],
        middleware=[Middleware(SecurityHeaders)],
    )


def _table_routes(tables: TablePages) -> list[Route]:
    """Each table's own page and what it sends (its link's code opens its match only)."""
    return [
        Route("/t/{token}", tables.table),
        Route("/t/{token}/reading", tables.reading),
        Route("/t/{token}/state", tables.state),
        Route("/t/{token}/hand", tables.hand, methods=["POST"]),
        Route("/t/{token}/undo", tables.undo, methods=["POST"]),
        Route("/t/{token}/confirm", tables.confirm, methods=["POST"]),
        Route("/t/{token}/result", tables.result, methods=["POST"]),
    ]
