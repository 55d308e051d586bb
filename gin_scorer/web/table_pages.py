"""A table's own page in the room (``/t/<match>.<code>``, opened from the table's QR code):
the match, its running sheet, and the entry line — a hand typed as at the desk (``ak7 15``),
read back in words before it is recorded, recorded once however often the phone resends it,
and the table's own last hand taken back until the next one is entered.

The link is the only key: it opens its own match and nothing else. Every write goes through
the services with the same rules as the desk (a decided, locked or finished match refuses);
no director action is offered. A send from another site is refused, and a table that sends
too often is asked to wait.
"""

from __future__ import annotations

import secrets
import time
from collections import defaultdict, deque
from collections.abc import Callable
from dataclasses import dataclass
from html import escape

from jinja2 import Environment
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response

from gin_scorer.core.hands import Side
from gin_scorer.presentation.entry_grammar import GRAMMAR_HINT, EntryState, read_entry
from gin_scorer.presentation.hand_words import describe_result
from gin_scorer.presentation.result_grammar import reported_result_text
from gin_scorer.services.database import Database
from gin_scorer.services.dto import EntryKind, MatchView, ScoreSheet
from gin_scorer.services.errors import ServiceError
from gin_scorer.services.hands import record_hand, undo_last_entry
from gin_scorer.services.matches import get_score_sheet
from gin_scorer.services.table_links import match_of_token

SENDS_PER_MINUTE = 20  # a table enters a hand every minute or two; twenty is a runaway phone


@dataclass(frozen=True, slots=True)
class TablePage:
    """What a table's page shows."""

    token: str
    where: str  # "Round 2 · Table 3"
    names: tuple[str, str]
    rules: str
    lines: tuple[tuple[int, str, str], ...]  # (hand, what happened, totals after "a–b")
    standing: str  # "Game 1: Ann 30 – 24 Bob · games 0–0" or the result
    open: bool  # takes hands
    can_undo: bool  # the newest row is this table's own hand
    version: int
    key: str  # this form's submission key


def table_name(match: MatchView) -> str:
    """Who the log says entered a hand from this table: ``table 3 (room)``."""
    where = f"table {match.table_number}" if match.table_number else f"match {match.id}"
    return f"{where} (room)"


def _page(token: str, sheet: ScoreSheet) -> TablePage:
    match = sheet.match
    names = (match.a.name, match.b.name if match.b is not None else "bye")
    parts = [f"Round {match.round_number}" if match.round_number else "", ""]
    parts[1] = f"Table {match.table_number}" if match.table_number else ""
    lines = tuple(
        (h.number, describe_result(h.result, names), f"{h.totals_after.a}–{h.totals_after.b}")
        for h in sheet.hands
    )
    if sheet.result is not None:
        standing = reported_result_text(sheet.result, *names)
    elif sheet.finished:
        winner = sheet.winner_entrant
        standing = f"finished: {winner.name if winner else 'nobody'} won"
    else:
        totals = sheet.current_totals
        standing = (
            f"Game {sheet.current_game}: {names[0]} {totals.a} – {totals.b} {names[1]}"
            f" · games {sheet.games_won.a}–{sheet.games_won.b}"
            f" · next dealer: {names[0] if sheet.next_dealer is Side.A else names[1]}"
        )
    newest = max(sheet.log, key=lambda row: row.id, default=None)
    can_undo = (
        newest is not None
        and newest.kind is EntryKind.ENTRY
        and newest.entered_by == table_name(match)
        and sheet.result is None
    )
    return TablePage(
        token=token,
        where=" · ".join(p for p in parts if p) or "Match",
        names=names,
        rules=sheet.rules.name,
        lines=lines,
        standing=standing,
        open=not sheet.finished and not match.locked and sheet.result is None,
        can_undo=can_undo and not match.locked,
        version=sheet.version,
        key=secrets.token_urlsafe(24),
    )


class SendLimit:
    """At most :data:`SENDS_PER_MINUTE` writes a table a minute (a runaway phone, or someone
    trying codes, is asked to wait rather than filling the log)."""

    def __init__(
        self, per_minute: int = SENDS_PER_MINUTE, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.per_minute = per_minute
        self.clock = clock
        self.sent: dict[str, deque[float]] = defaultdict(deque)

    def allows(self, token: str) -> bool:
        now = self.clock()
        recent = self.sent[token]
        while recent and now - recent[0] > 60:
            recent.popleft()
        if len(recent) >= self.per_minute:
            return False
        recent.append(now)
        return True


def _same_site(request: Request) -> bool:
    """A form sent from the room's own page (a browser says where a send comes from)."""
    origin = request.headers.get("origin")
    if origin is None or origin == "null":
        return origin is None  # no header: not a browser's cross-site send
    host = request.headers.get("host", "")
    return origin.split("://", 1)[-1] == host


class TablePages:
    """The handlers of the tables' pages (the app routes ``/t/{token}…`` to them)."""

    def __init__(self, env: Environment, db: Database, event_id: int, limit: SendLimit) -> None:
        self.env, self.db, self.event_id, self.limit = env, db, event_id, limit

    async def _sheet(self, token: str) -> ScoreSheet:
        match = await run_in_threadpool(match_of_token, self.db, self.event_id, token)
        return await run_in_threadpool(get_score_sheet, self.db, match.id)

    def _show(self, page: TablePage, status: int = 200, **extra: object) -> Response:
        body = self.env.get_template("table.html").render(page=page, hint=GRAMMAR_HINT, **extra)
        return HTMLResponse(body, status)

    def _refused(self, request: Request, page: TablePage) -> Response | None:
        """A send from another site, or one too many: said, and nothing written."""
        if not _same_site(request):
            return self._show(page, 403, message="✖ refused: this send did not come from the room")
        if not self.limit.allows(page.token):
            return self._show(page, 429, message="✖ too many sends from this table: wait a minute")
        return None

    async def table(self, request: Request) -> Response:
        token = request.path_params["token"]
        try:
            sheet = await self._sheet(token)
        except ServiceError as error:
            return HTMLResponse(f"<p>{escape(str(error))}</p>", 404)
        return self._show(_page(token, sheet))

    async def reading(self, request: Request) -> Response:
        """What the typed line means, for the page's live reading (nothing is written)."""
        token = request.path_params["token"]
        try:
            sheet = await self._sheet(token)
        except ServiceError as error:
            return JSONResponse({"state": "error", "message": str(error)}, 404)
        names = _page(token, sheet).names
        said = read_entry(request.query_params.get("text", "")[:40], sheet.rules, names)
        return JSONResponse({"state": said.state.value, "message": said.message})

    async def hand(self, request: Request) -> Response:
        token = request.path_params["token"]
        try:
            sheet = await self._sheet(token)
        except ServiceError as error:
            return HTMLResponse(f"<p>{escape(str(error))}</p>", 404)
        page = _page(token, sheet)
        refused = self._refused(request, page)
        if refused is not None:
            return refused
        form = await request.form()
        text = str(form.get("text", ""))[:40]
        said = read_entry(text, sheet.rules, page.names)
        if said.state is not EntryState.COMPLETE or said.record is None:
            return self._show(page, 200, text=text, message=f"✖ {said.message}")
        if form.get("step") != "record":  # without scripts: read it back, then record
            return self._show(page, 200, text=text, reading=said.message)
        record = said.record
        try:
            version = int(str(form.get("version", "-1")))
            await run_in_threadpool(
                lambda: record_hand(
                    self.db,
                    sheet.match.id,
                    record,
                    version,
                    entered_by=table_name(sheet.match),
                    submission=str(form.get("key", "")),
                )
            )
        except (ServiceError, ValueError) as error:
            fresh = _page(token, await self._sheet(token))
            return self._show(fresh, 409, text=text, message=f"✖ {error}")
        return RedirectResponse(f"/t/{token}", 303)

    async def undo(self, request: Request) -> Response:
        """The table's own last hand taken back (only while it is the match's newest row)."""
        token = request.path_params["token"]
        try:
            sheet = await self._sheet(token)
        except ServiceError as error:
            return HTMLResponse(f"<p>{escape(str(error))}</p>", 404)
        page = _page(token, sheet)
        refused = self._refused(request, page)
        if refused is not None:
            return refused
        if not page.can_undo:
            return self._show(page, 409, message="✖ only this table's last hand can be taken back")
        form = await request.form()
        try:
            version = int(str(form.get("version", "-1")))
            who = table_name(sheet.match)
            await run_in_threadpool(
                lambda: undo_last_entry(self.db, sheet.match.id, version, entered_by=who)
            )
        except (ServiceError, ValueError) as error:
            return self._show(_page(token, await self._sheet(token)), 409, message=f"✖ {error}")
        return RedirectResponse(f"/t/{token}", 303)
