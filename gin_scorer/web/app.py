"""The room's ASGI application: the live room page (``/``), the projector (``/projector``), the
tables of the seasons that count the event (``/season``) and the stream of changes that keeps
them live (``/events``, server-sent events).

The room pages only read; a table's own page (``/t/<code>``, :mod:`.table_pages`) enters its
match's hands. No director action is offered. Every page works without JavaScript (the find
box is then a form, a hand is read back before it is recorded); with it, a page refreshes
within a couple of seconds of a change at any station.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path

from anyio import to_thread
from jinja2 import Environment, FileSystemLoader, select_autoescape
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.gzip import GZipMiddleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response, StreamingResponse
from starlette.routing import Route

from gin_scorer.presentation.bracket_words import slot_label, slot_side
from gin_scorer.presentation.club_words import (
    season_heading,
    season_notes,
    season_room_cells,
    season_room_columns,
)
from gin_scorer.presentation.projector_pages import (
    ClockReading,
    clock_words,
    standings_notes,
)
from gin_scorer.presentation.round_status import room_state_text, table_text
from gin_scorer.presentation.standings_table import (
    deciding_tie_breaks,
    extra_tie_breaks,
    points_text,
)
from gin_scorer.presentation.words import said_text, translate
from gin_scorer.services.queries.seasons import SeasonStanding, seasons_of_event
from gin_scorer.services.support.database import Database
from gin_scorer.services.support.errors import ServiceError, StoreError
from gin_scorer.web.change_watch import ChangeWatch, SharedRead
from gin_scorer.web.compression import LEVEL, MINIMUM_SIZE, accepts_gzip, gzipped_stream
from gin_scorer.web.favicon import favicon_routes
from gin_scorer.web.headers import SecurityHeaders
from gin_scorer.web.limits import ReadLimit, ReadLimits
from gin_scorer.web.notices import Notices
from gin_scorer.web.room_language import ReadersLanguage, RoomLanguages, page_language, say
from gin_scorer.web.room_pages import RoomPages, cannot_show
from gin_scorer.web.room_view import RoomView, read_room
from gin_scorer.web.static_files import StaticFiles
from gin_scorer.web.table_pages import SendLimit, TablePages

HERE = Path(__file__).resolve().parent
SEASON_SECONDS = 15.0  # how old a season table may be (its read covers every night)
# Threads that read and write the database for the room's requests at once. The rest wait
# their turn in order. Forty (the ASGI default) share one interpreter lock: each of a hand's
# round trips to a server then waits for the lock behind every other request, and a hand
# holding the chains' lock holds up every station's writes meanwhile.
DATABASE_THREADS = 4


def _templates(statics: StaticFiles) -> Environment:
    """Jinja2 with autoescaping on: a name like ``Pat <Jr>`` is text, never markup. A page
    names its CSS and scripts with ``{{ "room.css" | static_url }}`` (their cacheable names)."""
    env = Environment(
        loader=FileSystemLoader(HERE / "templates"),
        autoescape=select_autoescape(["html"], default=True),
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["static_url"] = statics.url
    env.globals.update(
        room_state_text=room_state_text, table_text=table_text, points_text=points_text
    )
    env.globals.update(said_text=said_text)  # a sentence of the services, in the phone's words
    env.globals.update(_=say, page_language=page_language, clock_words=clock_words)
    env.globals.update(slot_label=slot_label, slot_side=slot_side)
    # The standings' own columns, then only the tie-breaks they do not already show.
    env.globals.update(extra_tie_breaks=extra_tie_breaks)
    # The figure that placed each row, in bold, and the notes saying how ties are broken.
    env.globals.update(deciding_tie_breaks=deciding_tie_breaks, standings_notes=standings_notes)
    env.globals.update(column_heading=lambda label: translate("columns", label))
    env.globals.update(
        season_room_cells=season_room_cells,
        season_room_columns=season_room_columns,
        season_heading=season_heading,
        season_notes=season_notes,
    )
    return env


def room_app(
    db: Database,
    event_id: int,
    *,
    poll_seconds: float = 0.5,
    stream_seconds: float = 300.0,
    clock: Callable[[], ClockReading | None] | None = None,
    languages: RoomLanguages | None = None,
) -> Starlette:
    """The room for ``event_id`` on an open ``db`` (the caller opens and closes it).

    ``poll_seconds``: how often the change stream asks the services; ``stream_seconds``: how
    long one stream lasts before the browser reconnects (it does so by itself). ``clock``:
    the desk's round clock, when the desk serves the room (the pages count it down).
    ``languages``: the translations a phone may read the room in (those shipped by default).
    """
    statics = StaticFiles(HERE / "static")
    env = _templates(statics)
    notices = Notices(env)
    watch = ChangeWatch(db, event_id, poll_seconds, clock=clock)
    views = SharedRead(
        watch, lambda: read_room(db, event_id), fresh_seconds=poll_seconds, ahead=True
    )
    seasons = _season_read(watch, db, event_id)

    pages = RoomPages(env, watch, views, seasons)

    async def events(request: Request) -> Response:
        # Where the page's stream stopped: the browser's own Last-Event-ID when it reconnects
        # by itself, or ``?since=`` when the page opens a new stream after the browser gave up.
        last = request.headers.get("last-event-id") or request.query_params.get("since", "")
        stream = watch.stream(request, stream_seconds, last[:40])
        if not accepts_gzip(request.headers):
            return StreamingResponse(stream, media_type="text/event-stream")
        return StreamingResponse(
            gzipped_stream(stream),
            media_type="text/event-stream",
            headers={"content-encoding": "gzip", "vary": "Accept-Encoding"},
        )

    async def not_answering(request: Request, error: Exception) -> Response:
        assert isinstance(error, StoreError)
        return notices.unavailable(request.method, request.url.path, error)

    return Starlette(
        lifespan=_database_threads,
        routes=[
            *pages.routes(),
            *_season_routes(env, views, seasons),
            Route("/events", events),
            *favicon_routes(),
            *_table_routes(TablePages(env, db, event_id, SendLimit(), notices, watch)),
            Route("/static/{name:path}", statics.serve),
        ],
        middleware=_middleware(languages or RoomLanguages(), notices),
        exception_handlers={StoreError: not_answering},
    )


@asynccontextmanager
async def _database_threads(_app: Starlette) -> AsyncIterator[None]:
    """The room's requests reach the services through at most DATABASE_THREADS threads (the
    limit of this server's own event loop: a desk serving the room keeps its own)."""
    to_thread.current_default_thread_limiter().total_tokens = DATABASE_THREADS
    yield


def _middleware(languages: RoomLanguages, notices: Notices) -> list[Middleware]:
    """Every answer carries the open network's headers, in its reader's language; a phone's
    reads are counted before anything is done for them; what is sent is compressed."""
    return [
        Middleware(SecurityHeaders),
        Middleware(ReadersLanguage, languages=languages),
        Middleware(ReadLimits, limit=ReadLimit(), notices=notices),
        Middleware(GZipMiddleware, minimum_size=MINIMUM_SIZE, compresslevel=LEVEL),
    ]


def _season_read(
    watch: ChangeWatch, db: Database, event_id: int
) -> SharedRead[tuple[SeasonStanding, ...]]:
    """The seasons' tables, shared. A season reads every night it counts: it is read only
    when a season page or the projector asks (never for the live room page), and at most
    every SEASON_SECONDS for everyone."""
    return SharedRead(
        watch,
        lambda: seasons_of_event(db, event_id),
        fresh_seconds=SEASON_SECONDS,
        steady_seconds=SEASON_SECONDS,
    )


def _season_routes(
    env: Environment,
    views: SharedRead[RoomView],
    seasons: SharedRead[tuple[SeasonStanding, ...]],
) -> list[Route]:
    """``/season``: the tables of the seasons that count the event; ``/season/live``: its
    main part, for the live refresh."""

    async def season(request: Request, part: str = "season.html") -> Response:
        try:
            view, tables = await views.get(), await seasons.get()
        except ServiceError as error:
            return cannot_show(error)
        return HTMLResponse(env.get_template(part).render(view=view, seasons=tables))

    async def season_live(request: Request) -> Response:
        return await season(request, "season_main.html")

    return [Route("/season", season), Route("/season/live", season_live)]


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
