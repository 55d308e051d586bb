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

import hmac
from collections.abc import Awaitable, Callable
from typing import NamedTuple
from urllib.parse import quote

from jinja2 import Environment
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import FormData
from starlette.requests import ClientDisconnect, Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response

from gin_scorer.core.hands import HandRecord, Side
from gin_scorer.core.ledgers.profiles import profile_of
from gin_scorer.core.wording import said
from gin_scorer.presentation.entry_grammar import EntryState, grammar_hint, read_entry
from gin_scorer.presentation.result_grammar import (
    read_result_line,
    result_hint,
    result_words,
)
from gin_scorer.presentation.words import error_text, translate
from gin_scorer.services.support.database import Database
from gin_scorer.services.support.dto import ResultKind, ScoreSheet
from gin_scorer.services.support.errors import (
    ConflictError,
    InvalidInput,
    NotFound,
    ServiceError,
    StoreError,
)
from gin_scorer.services.writes.hands import undo
from gin_scorer.services.writes.results import record_result
from gin_scorer.services.writes.table_links import (
    TableState,
    confirm_at_table,
    page_state_of_token,
    record_table_hand,
    sheet_of_token,
    table_states,
)
from gin_scorer.web.change_watch import ChangeWatch, SharedRead
from gin_scorer.web.limits import SendLimit as SendLimit
from gin_scorer.web.notices import Notices, Resend
from gin_scorer.web.table_page_view import (
    TablePage,
    newest_label,
    sheet_changed_words,
    table_name,
    table_page,
    with_recorded,
)

_SIDES = {"a": Side.A, "b": Side.B}  # who answers, as the form says it
_KEPT_FIELDS = ("text", "key", "version", "step", "side", "answer", "reason", "result")


def _same_site(request: Request) -> bool:
    """A form sent from the room's own page (a browser says where a send comes from)."""
    origin = request.headers.get("origin")
    if origin is None or origin == "null":
        return origin is None  # no header: not a browser's cross-site send
    host = request.headers.get("host", "")
    return origin.split("://", 1)[-1] == host


async def _form(request: Request) -> FormData | None:
    """The sent form, or ``None`` when the phone hung up before it had sent it all."""
    try:
        return await request.form()
    except ClientDisconnect:
        return None


class TablePages:
    """The handlers of the tables' pages (the app routes ``/t/{token}…`` to them)."""

    def __init__(
        self,
        env: Environment,
        db: Database,
        event_id: int,
        limit: SendLimit,
        notices: Notices,
        watch: ChangeWatch,
    ) -> None:
        self.env, self.db, self.event_id, self.limit = env, db, event_id, limit
        self.notices = notices
        # Every table's short state, read once per change for all the phones asking /state.
        self.states: SharedRead[dict[int, TableState]] = SharedRead(
            watch,
            lambda: table_states(db, event_id),
            fresh_seconds=watch.poll_seconds,
            ahead=True,
        )

    async def _sheet(self, token: str) -> ScoreSheet:
        return await run_in_threadpool(sheet_of_token, self.db, self.event_id, token)

    def _show(self, page: TablePage, status: int = 200, **extra: object) -> Response:
        body = self.env.get_template("table.html").render(page=page, hint=grammar_hint(), **extra)
        return HTMLResponse(body, status)

    async def table(self, request: Request) -> Response:
        token = request.path_params["token"]
        try:
            sheet = await self._sheet(token)
        except ServiceError as error:
            return self.notices.no_table(request.url.path, error)
        recorded = request.query_params.get("recorded", "")[:20]
        return self._show(with_recorded(table_page(token, sheet), recorded))

    async def reading(self, request: Request) -> Response:
        """What the typed line means, for the page's live reading (nothing is written)."""
        token = request.path_params["token"]
        try:
            sheet = await self._sheet(token)
        except ServiceError as error:
            return self.notices.no_table(request.url.path, error)
        names = table_page(token, sheet).entry_names
        said = read_entry(request.query_params.get("text", "")[:40], sheet.rules, names)
        return JSONResponse({"state": said.state.value, "message": said.message})

    async def state(self, request: Request) -> Response:
        """What the page shows in short, so that it reloads only when its own sheet changed:
        from the tables' states read once for everybody; a link that reading does not know
        (taken back, or none) is looked up on its own, to say why."""
        token = request.path_params["token"]
        known = _shared_state(await self.states.get(), token)
        if known is not None:
            return JSONResponse({"state": known})
        try:
            state = await run_in_threadpool(page_state_of_token, self.db, self.event_id, token)
        except ServiceError as error:
            return self.notices.no_table(request.url.path, error)
        return JSONResponse({"state": state})

    def _admitted(self, request: Request, token: str) -> Response | None:
        """A send from another site, or one too many from this table: said, and nothing
        done. Counted here, before anything is awaited (see :mod:`.limits`)."""
        back = f"/t/{token}"
        if not _same_site(request):
            return self.notices.other_site(request.url.path, back)
        if not self.limit.allows(token):
            return self.notices.too_many_sends(request.url.path, back)
        return None

    async def _sent(
        self, request: Request, handle: Callable[[str, FormData], Awaitable[Response]]
    ) -> Response:
        """A send to a table's page: admitted or refused, its form read, then ``handle``d.
        While the desk's database is not answering, the send is kept on the page that says
        so, to be sent again (its key or its words make a second send harmless)."""
        token = request.path_params["token"]
        refused = self._admitted(request, token)
        if refused is not None:
            return refused
        form = await _form(request)
        if form is None:  # the phone went away mid-send: nobody to tell
            return Response(status_code=400)
        try:
            return await handle(token, form)
        except NotFound as error:  # the link opens no table: its count is let go
            self.limit.forget(token)
            return self.notices.no_table(request.url.path, error)
        except StoreError as error:
            fields = tuple((k, str(form[k])) for k in _KEPT_FIELDS if isinstance(form.get(k), str))
            resend = Resend(request.url.path, fields)
            return self.notices.unavailable(request.method, request.url.path, error, resend)

    async def _opened(self, token: str, form: FormData) -> _Send:
        """The send with its table's sheet as it stands (:class:`NotFound`: no table)."""
        sheet = await self._sheet(token)
        return _Send(sheet, table_page(token, sheet), form)

    async def hand(self, request: Request) -> Response:
        return await self._sent(request, self._hand)

    async def _hand(self, token: str, form: FormData) -> Response:
        """A hand typed at the table: read back, or — read back already — recorded."""
        if form.get("step") == "record":
            return await self._record_hand(token, form)
        sheet, page, _ = await self._opened(token, form)
        text = str(form.get("text", ""))[:40]
        said = read_entry(text, sheet.rules, page.entry_names)
        if said.state is not EntryState.COMPLETE or said.record is None:
            return self._show(page, 200, text=text, line_problem=f"✖ {said.message}")
        # Without scripts: read it back; the phone then sends it to be recorded (above).
        return self._show(page, 200, text=text, reading=said.message)

    async def _record_hand(self, token: str, form: FormData) -> Response:
        """A read-back hand sent to be recorded: the link checked, the line read against the
        sheet as it stands and the hand written, in one transaction (the other sends read the
        sheet first, to show it)."""
        text = str(form.get("text", ""))[:40]

        def read(before: ScoreSheet) -> tuple[HandRecord, str]:
            said = read_entry(text, before.rules, table_page(token, before).entry_names)
            if said.state is not EntryState.COMPLETE or said.record is None:
                raise _LineNotRead(said.message)
            return said.record, table_name(before.match)

        def write() -> object:
            version, key = _version(form), str(form.get("key", ""))
            return record_table_hand(self.db, self.event_id, token, read, version, submission=key)

        return await self._written(token, write, text)

    async def _written(self, token: str, write: Callable[[], object], text: str = "") -> Response:
        """Do ``write`` (it checks the link itself); back to the page — after a hand, saying
        which hand was recorded — or the page saying why nothing was written."""
        try:
            written = await run_in_threadpool(write)
        except NotFound:
            raise
        except _LineNotRead as unread:
            return await self._said_on_page(token, 200, text, unread.message)
        except ConflictError:  # said in the fresh page's own words (who changed the sheet)
            return await self._said_on_page(token, 409, text, "")
        except (ServiceError, ValueError) as error:
            return await self._said_on_page(token, 409, text, error_text(error))
        if isinstance(written, ScoreSheet) and written.hands:
            recorded = quote(newest_label(written), safe="")
            return RedirectResponse(f"/t/{token}?recorded={recorded}", 303)
        return RedirectResponse(f"/t/{token}", 303)

    async def _said_on_page(self, token: str, status: int, text: str, problem: str) -> Response:
        """A send that recorded nothing: the page as it now stands, saying why (no
        ``problem``: the sheet changed since the page was read, said as who changed it). A
        problem with the typed line is said once, under the line, which is kept."""
        sheet = await self._sheet(token)
        fresh = table_page(token, sheet)
        said = f"✖ {problem}" if problem else sheet_changed_words(sheet, text, kept=fresh.open)
        if text and fresh.open:
            return self._show(fresh, status, text=text, line_problem=said)
        return self._show(fresh, status, message=said)

    async def confirm(self, request: Request) -> Response:
        return await self._sent(request, self._confirm)

    async def _confirm(self, token: str, form: FormData) -> Response:
        """A player's word on the decided match: agreed, or what is wrong (for the desk). The
        link is checked and the word written in one transaction."""
        side = _SIDES.get(str(form.get("side", "")))
        if side is None:
            page = (await self._opened(token, form)).page
            return self._show(
                page, 400, message=translate("table_pages", "✖ say which player answers")
            )
        agrees = form.get("answer") == "agree"

        def write() -> object:
            return confirm_at_table(
                self.db,
                self.event_id,
                token,
                side,
                _version(form),
                agrees=agrees,
                reason=None if agrees else str(form.get("reason", ""))[:400],
                entered_by=_answering_table,
            )

        return await self._written(token, write)

    async def result(self, request: Request) -> Response:
        return await self._sent(request, self._result)

    async def _result(self, token: str, form: FormData) -> Response:
        """A result from the table's own pad (a slip) or time called, read back, then
        reported; the players then confirm it like any other. A forfeit or a ruling is the
        director's, at the desk."""
        sheet, page, _ = await self._opened(token, form)
        if page.three:
            refusal = translate(
                "table_pages",
                "✖ a table of three is decided by its hands: there is no result to report "
                "from a pad (a player who leaves is withdrawn at the desk)",
            )
            return self._show(page, 409, message=refusal)
        text = str(form.get("result", ""))[:80]
        line = read_result_line(text, with_table=False)
        said = {"result_text": text}
        if line.report is None:
            whole = translate("table_pages", "not a whole result yet: {0}").format(
                line.hint or result_hint()
            )
            problem = line.problem or whole
            return self._show(page, 200, result_message=f"✖ {problem}", **said)
        report = line.report
        if report.kind not in (ResultKind.SLIP, ResultKind.TIME_CALLED):
            refusal = translate(
                "table_pages", "a forfeit or a ruling is reported by the director, at the desk"
            )
            return self._show(page, 403, result_message=f"✖ {refusal}", **said)
        if report.kind is ResultKind.SLIP and sheet.hands:
            refusal = translate(
                "table_pages",
                "this match has hands on its sheet: a slip would set them aside; ask the desk",
            )
            return self._show(page, 409, result_message=f"✖ {refusal}", **said)
        if form.get("step") != "record":
            return self._show(page, 200, result_reading=result_words(report, *page.names), **said)
        who = table_name(sheet.match)
        return await self._written(
            token,
            lambda: record_result(self.db, sheet.match.id, report, _version(form), entered_by=who),
        )

    async def undo(self, request: Request) -> Response:
        return await self._sent(request, self._undo)

    async def _undo(self, token: str, form: FormData) -> Response:
        """The table's own last hand taken back (only while it is what the services' undo
        would take back: the version the page showed holds the log it was read from)."""
        sheet, page, _ = await self._opened(token, form)
        if not page.can_undo:
            refused = translate("table_pages", "✖ only this table's last hand can be taken back")
            return self._show(page, 409, message=refused)
        who = table_name(sheet.match)
        return await self._written(
            token, lambda: undo(self.db, sheet.match.id, _version(form), entered_by=who)
        )


def _shared_state(states: dict[int, TableState], token: str) -> str | None:
    """The state of the table ``token`` opens, if the shared reading knows its link."""
    number, _, given = token.partition(".")
    known = states.get(int(number)) if number.isascii() and number.isdigit() else None
    if known is None or not any(hmac.compare_digest(c, given) for c in known.codes):
        return None
    return known.state


def _answering_table(sheet: ScoreSheet) -> str:
    """Who gives a player's word from this table's page (its table's name), read in the
    word's own transaction. A table of three is refused: the players' words are kept for
    sides A and B, so its third player would have no say (nothing is written)."""
    if not profile_of(sheet.rules).players_confirm:
        raise InvalidInput(
            said(
                "at a table of three the players do not confirm the result on the table's "
                "page: check the sheet together, and tell the desk if something is wrong"
            )
        )
    return table_name(sheet.match)


class _LineNotRead(Exception):
    """The sent line is not a whole hand on the sheet as it now stands (nothing written)."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class _Send(NamedTuple):
    sheet: ScoreSheet
    page: TablePage
    form: FormData


def _version(form: FormData) -> int:
    """The match version the page was made at; a form without one was not made by the room
    (a person is told so in words, not Python's "invalid literal for int()")."""
    sent = str(form.get("version", ""))
    if not sent.isascii() or not sent.isdigit() or len(sent) > 9:
        raise InvalidInput(said("this send did not come from the table's page: reload it"))
    return int(sent)
