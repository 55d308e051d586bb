"""The room's CSS and scripts, served from memory.

Read once when the room starts, each is served under a name carrying a hash of its content
(``room.3f2a9c1b7e.css``): a phone may keep it for a year (``immutable``), and a new version
has a new name, so the pages (which stay ``no-store``) always name the file they were made
with. A page names a file through the ``static_url`` filter of the templates; the plain name
(``/static/room.css``) still answers, to be checked again each time (``no-cache``). Each file
is compressed once. Nothing here waits on the database or on a thread: a file is answered
from the event loop even while every database thread is busy.
"""

from __future__ import annotations

import hashlib
import mimetypes
import re
from dataclasses import dataclass
from pathlib import Path

from starlette.requests import Request
from starlette.responses import Response

from gin_scorer.web.compression import accepts_gzip, gzipped

FOREVER = "public, max-age=31536000, immutable"
CHECK_AGAIN = "no-cache"
_HASHED = re.compile(r"^(?P<stem>.+)\.(?P<hash>[0-9a-f]{10})(?P<suffix>\.[A-Za-z0-9]+)$")


@dataclass(frozen=True, slots=True)
class StaticFile:
    body: bytes
    gzipped: bytes | None  # None: compressing it saves nothing
    media_type: str
    digest: str  # ten hex digits of its SHA-256

    @property
    def etag(self) -> str:
        return f'"{self.digest}"'


def _media_type(path: Path) -> str:
    guessed = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
    if path.suffix == ".js":
        guessed = "text/javascript"
    return f"{guessed}; charset=utf-8" if guessed.startswith("text/") else guessed


def _read(path: Path) -> StaticFile:
    body = path.read_bytes()
    packed = gzipped(body)
    return StaticFile(
        body=body,
        gzipped=packed if len(packed) < len(body) else None,
        media_type=_media_type(path),
        digest=hashlib.sha256(body).hexdigest()[:10],
    )


class StaticFiles:
    """Every file under ``folder``, by its path there (``room.css``)."""

    def __init__(self, folder: Path) -> None:
        self.files = {
            path.relative_to(folder).as_posix(): _read(path)
            for path in sorted(folder.rglob("*"))
            if path.is_file()
        }

    def url(self, name: str) -> str:
        """The address a page gives for ``name``: with its content's hash in it."""
        known = self.files.get(name)
        if known is None:
            return f"/static/{name}"
        stem, dot, suffix = name.rpartition(".")
        return f"/static/{stem}.{known.digest}.{suffix}" if dot else f"/static/{name}"

    def _find(self, name: str) -> tuple[StaticFile, bool] | None:
        """The file a request names, and whether it names this very version of it."""
        if name in self.files:
            return self.files[name], False
        hashed = _HASHED.match(name)
        if hashed is None:
            return None
        found = self.files.get(hashed["stem"] + hashed["suffix"])
        return (found, found.digest == hashed["hash"]) if found is not None else None

    async def serve(self, request: Request) -> Response:
        found = self._find(request.path_params["name"])
        if found is None:
            return Response(status_code=404, headers={"cache-control": CHECK_AGAIN})
        file, this_version = found
        headers = {
            "cache-control": FOREVER if this_version else CHECK_AGAIN,
            "etag": file.etag,
            "vary": "Accept-Encoding",
        }
        if file.etag in request.headers.get("if-none-match", ""):
            return Response(status_code=304, headers=headers)
        body = file.body
        if file.gzipped is not None and accepts_gzip(request.headers):
            body, headers["content-encoding"] = file.gzipped, "gzip"
        return Response(body, media_type=file.media_type, headers=headers)
