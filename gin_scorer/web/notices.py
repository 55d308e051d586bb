"""The room's short answers: a link that opens nothing (or was taken back with its round), a
phone asking too often, the desk's database not answering. Each is a small page in the
phone's language (``notice.html``), or JSON for the pages' scripts (``/state``, ``/reading``),
and never a traceback: the desk's server away writes one line to the log per request, and the
page says "retrying" rather than "not saved" (a read saves nothing; a send is kept on the page
to be sent again, and its key makes a second send harmless).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Mapping
from typing import NamedTuple

from jinja2 import Environment
from starlette.responses import HTMLResponse, JSONResponse, Response

from gin_scorer.core.wording import SaidError
from gin_scorer.presentation.words import error_text, translate
from gin_scorer.services.support.errors import LinkRevoked

RETRY_SECONDS = 5  # how soon a phone asks again while the desk's server is away
LOG = logging.getLogger("gin_scorer.room")
_TOKEN_IN_PATH = re.compile(r"^/t/(\d+)\.[a-z2-7]+")


class Resend(NamedTuple):
    """A send kept on the page that says it could not be done now: where it went, and what."""

    action: str
    fields: tuple[tuple[str, str], ...]


def wants_json(path: str) -> bool:
    """Is this the address of a page's script rather than of a page?"""
    return path.endswith(("/state", "/reading"))


def loggable(path: str) -> str:
    """A path fit for the log: a table's link is its key, so its code is left out."""
    return _TOKEN_IN_PATH.sub(r"/t/\1.…", path)


class Notices:
    """The answers, made with the room's templates."""

    def __init__(self, env: Environment) -> None:
        self.env = env

    def answer(
        self,
        path: str,
        status: int,
        state: str,
        message: str,
        *,
        headers: Mapping[str, str] | None = None,
        **page: object,
    ) -> Response:
        """``message`` as JSON (``{"state": …, "message": …}``) for a script, else a page."""
        if wants_json(path):
            return JSONResponse({"state": state, "message": message}, status, headers=headers)
        title = page.pop("title", None) or translate("notices", "The room")
        body = self.env.get_template("notice.html").render(title=title, message=message, **page)
        return HTMLResponse(body, status, headers=headers)

    def too_many_reads(self, path: str, seconds: int) -> Response:
        said = translate("notices", "Too many requests from this phone: wait a moment.")
        title = translate("notices", "Wait a moment")
        headers = {"retry-after": str(seconds)}
        return self.answer(path, 429, "wait", said, headers=headers, refresh=seconds, title=title)

    def too_many_sends(self, path: str, back: str) -> Response:
        said = translate("table_pages", "✖ too many sends from this table: wait a minute")
        title = translate("notices", "Wait a moment")
        headers = {"retry-after": "60"}
        return self.answer(path, 429, "wait", said, headers=headers, back=back, title=title)

    def other_site(self, path: str, back: str) -> Response:
        said = translate("table_pages", "✖ refused: this send did not come from the room")
        title = translate("notices", "Refused")
        return self.answer(path, 403, "refused", said, back=back, title=title)

    def no_table(self, path: str, error: SaidError) -> Response:
        """A link that opens nothing: 410 for a round taken back (for good), else 404."""
        if isinstance(error, LinkRevoked):
            title = translate("notices", "Round taken back")
            return self.answer(path, 410, "gone", error_text(error), title=title)
        title = translate("notices", "Not a table's link")
        return self.answer(path, 404, "error", error_text(error), title=title)

    def unavailable(
        self, method: str, path: str, error: SaidError, resend: Resend | None = None
    ) -> Response:
        """The desk's database is not answering (or busy past its wait): 503 with
        ``Retry-After``, one line in the log. A page read asks again by itself; a send is
        kept on the page, to be sent again."""
        LOG.warning("%s %s: %s", method, loggable(path), " ".join(str(error).split()))
        said = translate("notices", "The desk's server is not answering, retrying…")
        if resend is not None:
            said = translate(
                "notices",
                "The desk's server is not answering: what you sent is kept below. Send it "
                "again in a moment (it is never recorded twice).",
            )
        headers = {"retry-after": str(RETRY_SECONDS)}
        refresh = RETRY_SECONDS if resend is None and method in ("GET", "HEAD") else None
        title = translate("notices", "Retrying…")
        return self.answer(
            path,
            503,
            "unavailable",
            said,
            headers=headers,
            refresh=refresh,
            resend=resend,
            title=title,
        )
