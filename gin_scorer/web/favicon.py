"""The room's icon in the browser's tab and a phone's home screen: the app's own icon (from
``resources/icons``), read once when the room starts. ``/favicon.svg`` is what the pages name
(a kilobyte); ``/favicon.ico`` answers the browsers and checkers that ask for that address by
themselves, with the 32-pixel picture rather than the 270 KB multi-size ``.ico``."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from gin_scorer.paths import resources_dir

ICON_CACHE = "public, max-age=86400"  # the icon changes only with a new version of the app


def favicon_routes() -> list[Route]:
    icons = resources_dir() / "icons"
    pictures = {
        "/favicon.svg": ((icons / "gin-scorer.svg").read_bytes(), "image/svg+xml"),
        "/favicon.ico": ((icons / "gin-scorer-32.png").read_bytes(), "image/png"),
    }

    def route(path: str) -> Route:
        body, kind = pictures[path]

        async def icon(_request: Request) -> Response:
            return Response(body, media_type=kind, headers={"cache-control": ICON_CACHE})

        return Route(path, icon)

    return [route(path) for path in pictures]
