"""The room's own pages: the live room page (``/``), its main part for the live refresh
(``/live``) and the projector (``/projector``), each made once for every phone that asks for
the same thing after a change (:mod:`.made_pages`)."""

from __future__ import annotations

from dataclasses import replace
from html import escape

from jinja2 import Environment
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.routing import Route

from gin_scorer.presentation.projector_pages import (
    Page,
    names_pages,
    season_pages,
    standings_pages,
    tables_pages,
)
from gin_scorer.presentation.words import error_text, translate
from gin_scorer.services.queries.seasons import SeasonStanding
from gin_scorer.services.support.errors import ServiceError
from gin_scorer.services.writes.rounds import NameLine
from gin_scorer.web.change_watch import ChangeWatch, SharedRead
from gin_scorer.web.made_pages import MadePages, clock_key
from gin_scorer.web.room_language import page_language
from gin_scorer.web.room_view import RoomView

PROJECTOR_ROWS = 12  # rows a projector page, readable from the back of a room
# The standings' notes (how ties are broken, the * of a differential) in the wall's own type,
# a little smaller than its rows: the desk's fixed 16 pt was larger than a 1280×720 wall's
# rows, and the last note's second line fell below the page (hidden behind the seal).
WALL_NOTE_STYLE = "font-size: 0.75em; color: #b0bec5"


class RoomPages:
    """The room page and the projector, on the event's shared reading."""

    def __init__(
        self,
        env: Environment,
        watch: ChangeWatch,
        views: SharedRead[RoomView],
        seasons: SharedRead[tuple[SeasonStanding, ...]],
    ) -> None:
        self.env, self.watch, self.views, self.seasons = env, watch, views, seasons
        self.room_pages, self.wall_pages = MadePages(), MadePages()

    def routes(self) -> list[Route]:
        return [
            Route("/", self.room),
            Route("/live", self.live),
            Route("/projector", self.projector),
        ]

    async def room(
        self, request: Request, part: str = "room.html", told: int | None = None
    ) -> Response:
        wanted = request.query_params.get("find", "").strip()[:80]
        try:
            view = await self.views.get(told)
        except ServiceError as error:
            return cannot_show(error)
        clock = self.watch.clock_now()

        def make() -> str:
            shown = _found(view, wanted)
            return self.env.get_template(part).render(view=shown, find=wanted, clock=clock)

        key = (part, wanted, page_language().code, clock_key(clock))
        return self.room_pages.page((view,), key, make).response(request.headers)

    async def live(self, request: Request) -> Response:
        """The room page's main part, fetched again at each change its stream tells it of
        (``?v=``: that change's version, so that the reading made for it is given at once)."""
        return await self.room(request, "room_main.html", told_version(request))

    async def projector(self, request: Request) -> Response:
        try:
            view = await self.views.get()
        except ServiceError as error:
            return cannot_show(error)
        tables = await self.seasons.get() if view.seasons else ()
        clock = self.watch.clock_now()

        def make() -> str:
            shown = _projector_pages(view, tables)
            template = self.env.get_template("projector.html")
            return template.render(view=view, pages=shown, clock=clock)

        key = ("projector.html", page_language().code, clock_key(clock))
        return self.wall_pages.page((view, tables), key, make).response(request.headers)


def told_version(request: Request) -> int | None:
    """The version of the change a page reloads for (``?v=12``, from its stream's event), or
    None when it said none or something else."""
    said = request.query_params.get("v", "")
    return int(said) if said.isascii() and said.isdigit() and len(said) <= 18 else None


def cannot_show(error: ServiceError) -> Response:
    said = translate("app", "The room cannot show this event: {0}").format(error_text(error))
    return HTMLResponse(f"<p>{escape(said)}</p>", 404)


def _found(view: RoomView, wanted: str) -> RoomView:
    """The room with the by-name list cut to the names holding ``wanted`` (case-blind)."""
    if not wanted:
        return view
    key = wanted.casefold()
    return replace(view, by_name=tuple(n for n in view.by_name if key in n.name.casefold()))


def _projector_pages(view: RoomView, seasons: tuple[SeasonStanding, ...]) -> list[Page]:
    pages = standings_pages(
        view.standings_heading, view.standings, PROJECTOR_ROWS, note_style=WALL_NOTE_STYLE
    )
    if view.round_number is not None:
        number = view.round_number
        finding = translate("app", "Round {0}: find your table").format(number)
        pages += names_pages(finding, _both_opponents(view.by_name), PROJECTOR_ROWS)
        pairings = translate("app", "Round {0} pairings").format(number)
        pages += tables_pages(pairings, view.pairings, PROJECTOR_ROWS)
    for standing in seasons:
        pages += season_pages(standing, PROJECTOR_ROWS)
    return pages


def _both_opponents(lines: tuple[NameLine, ...]) -> tuple[NameLine, ...]:
    """The round by name with a table of three's two opponents as one ("Ann and Cat"), for
    the wall's "find your table" (its pages name one opponent a line)."""
    said = translate("app", "{0} and {1}")
    return tuple(
        replace(n, opponent=said.format(n.opponent, n.second_opponent), second_opponent="")
        if n.second_opponent
        else n
        for n in lines
    )
