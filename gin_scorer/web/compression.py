"""gzip for what the room sends: its pages, CSS and scripts, and the change stream.

A page that every phone asks for after a change (the room's live part, the projector) is
compressed once and the same bytes go to every phone (:class:`Made`); the CSS and scripts
once when the room starts (:mod:`.static_files`); every other answer as it goes
(``GZipMiddleware``). The change stream is compressed as one gzip stream flushed after each
event, so each event reaches the phone at once, in fewer bytes than it was.
"""

from __future__ import annotations

import gzip
import zlib
from collections.abc import AsyncIterator, Mapping
from dataclasses import dataclass, field

from starlette.responses import HTMLResponse, Response

LEVEL = 6  # zlib's own default: most of level 9's saving at a third of its time
MINIMUM_SIZE = 500  # smaller answers gain nothing from it
_GZIP_WINDOW = 31  # zlib's window bits for a gzip header and trailer


def accepts_gzip(headers: Mapping[str, str]) -> bool:
    """Does the phone take gzip (``Accept-Encoding: gzip, deflate, br``), not refused by q=0?"""
    for part in headers.get("accept-encoding", "").lower().split(","):
        name, _, weight = part.strip().partition(";")
        if name.strip() in ("gzip", "*"):
            return weight.replace(" ", "") not in ("q=0", "q=0.0", "q=0.00", "q=0.000")
    return False


def gzipped(body: bytes) -> bytes:
    """``body`` compressed (no file name or time in its header: the same bytes each time)."""
    return gzip.compress(body, LEVEL, mtime=0)


@dataclass
class Made:
    """A page made once for many phones, and its compressed bytes, made once when asked."""

    text: str
    _gzipped: bytes | None = field(default=None, repr=False)

    def gzipped(self) -> bytes:
        if self._gzipped is None:
            self._gzipped = gzipped(self.text.encode())
        return self._gzipped

    def response(self, request_headers: Mapping[str, str]) -> Response:
        """The page as this phone takes it: compressed when it can read gzip."""
        if not accepts_gzip(request_headers) or len(self.text) < MINIMUM_SIZE:
            return HTMLResponse(self.text, headers={"vary": "Accept-Encoding"})
        return Response(
            self.gzipped(),
            media_type="text/html",
            headers={"content-encoding": "gzip", "vary": "Accept-Encoding"},
        )


async def gzipped_stream(chunks: AsyncIterator[str]) -> AsyncIterator[bytes]:
    """A text stream as one gzip stream, flushed after each chunk so that nothing waits in
    the compressor (an event must reach the page when it happens)."""
    packer = zlib.compressobj(LEVEL, zlib.DEFLATED, _GZIP_WINDOW)
    try:
        async for chunk in chunks:
            yield packer.compress(chunk.encode()) + packer.flush(zlib.Z_SYNC_FLUSH)
    finally:
        closing = getattr(chunks, "aclose", None)
        if closing is not None:
            await closing()  # the stream's own clean-up (it counts its listeners)
