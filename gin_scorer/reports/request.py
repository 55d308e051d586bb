"""What a report is asked for, one frozen request per kind, and how it refuses.

Kept apart from :mod:`.build` (which dispatches to the kinds) so the kinds import these and
``build`` imports the kinds, one way only.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any, ClassVar

from gin_scorer.core.wording import SaidError, said, words_of
from gin_scorer.presentation.paper import Paper
from gin_scorer.services.support.database import Database


class ReportError(SaidError):
    """A report that cannot be made as asked (unknown event, no such round ...): the message
    says what to change (``words``, for the reader's language; ``str()`` in English)."""


@dataclass(frozen=True, kw_only=True)
class ReportRequest:
    """What every report is asked with: the paper it is printed on. Each kind has its own
    frozen request below, holding only what that kind reads."""

    kind: ClassVar[str]
    paper: Paper = Paper.A4


@dataclass(frozen=True, kw_only=True)
class EventRequest(ReportRequest):
    """A report about one event (``None``: not given, which the kind refuses or prints blank)."""

    event_id: int | None = None


@dataclass(frozen=True, kw_only=True)
class StandingsRequest(EventRequest):
    kind: ClassVar[str] = "standings"
    round_number: int | None = None  # the standings after this round (None: as they stand)


@dataclass(frozen=True, kw_only=True)
class PairingsRequest(EventRequest):
    kind: ClassVar[str] = "pairings"
    round_number: int | None = None  # None: the latest round


@dataclass(frozen=True, kw_only=True)
class SheetRequest(EventRequest):
    """One match's sheet, a round's sheets, or blank ones (``blank_count`` without an event)."""

    kind: ClassVar[str] = "sheet"
    round_number: int | None = None
    match_id: int | None = None
    blank: bool = False
    blank_count: int = 1


@dataclass(frozen=True, kw_only=True)
class PadRequest(SheetRequest):
    """A Hollywood pad: the sheet's request (a format without pads prints its sheets)."""

    kind: ClassVar[str] = "pad"


@dataclass(frozen=True, kw_only=True)
class SlipsRequest(EventRequest):
    kind: ClassVar[str] = "slips"
    round_number: int | None = None
    blank: bool = False
    blank_count: int = 1


@dataclass(frozen=True, kw_only=True)
class BracketRequest(EventRequest):
    kind: ClassVar[str] = "bracket"
    blank: bool = False


@dataclass(frozen=True, kw_only=True)
class PlayerRequest(EventRequest):
    """An entrant's sheet (``event_id``, when given, must be the entrant's event)."""

    kind: ClassVar[str] = "player"
    entrant_id: int | None = None


@dataclass(frozen=True, kw_only=True)
class TentsRequest(EventRequest):
    kind: ClassVar[str] = "tents"
    round_number: int | None = None
    room: str | None = None  # the room's address: table cards carry each table's QR code


@dataclass(frozen=True, kw_only=True)
class SignInRequest(EventRequest):
    kind: ClassVar[str] = "signin"


@dataclass(frozen=True, kw_only=True)
class BadgesRequest(EventRequest):
    kind: ClassVar[str] = "badges"


@dataclass(frozen=True, kw_only=True)
class SeasonRequest(ReportRequest):
    kind: ClassVar[str] = "season"
    season_id: int | None = None


@dataclass(frozen=True, kw_only=True)
class PlayerPageRequest(ReportRequest):
    """A person of the registry's page across every event."""

    kind: ClassVar[str] = "player-page"
    player_id: int | None = None


REQUESTS: dict[str, type[ReportRequest]] = {
    request.kind: request
    for request in (
        StandingsRequest,
        PairingsRequest,
        SheetRequest,
        PadRequest,
        SlipsRequest,
        BracketRequest,
        PlayerRequest,
        TentsRequest,
        SignInRequest,
        BadgesRequest,
        SeasonRequest,
        PlayerPageRequest,
    )
}
"""Every report kind's request, in the order the CLI and the Reports menu list them."""


def request_for(kind: str, *, paper: Paper | str | None = None, **given: Any) -> ReportRequest:
    """The ``kind`` report's request from flat options, as the command line's flags and the
    Reports menu give them: each kind takes the fields it has and ignores the rest (a
    ``--round`` on badges changes nothing). A :class:`ReportError` names an unknown kind or
    paper.

    >>> request = request_for("sheet", match_id=4, season_id=2, paper="letter")
    >>> type(request).__name__, request.match_id, request.paper
    ('SheetRequest', 4, <Paper.LETTER: 'letter'>)
    """
    request = REQUESTS.get(kind)
    if request is None:
        raise ReportError(
            said("unknown report {0}; choose one of: {1}", repr(kind), ", ".join(REQUESTS))
        )
    try:
        chosen = Paper.parse(paper or Paper.A4)
    except ValueError as error:
        raise ReportError(words_of(error)) from None
    names = {field.name for field in fields(request)}
    return request(paper=chosen, **{name: value for name, value in given.items() if name in names})


Maker = Callable[[Database | None, Path, Any], Path]
"""One report kind: read the services (``None``: no database, blank forms only), write the PDF
to the path, return it; its third argument is the kind's own request."""


def need_db(db: Database | None) -> Database:
    """The database, or a refusal for a report that cannot be made without one."""
    if db is None:
        raise ReportError(said("this report needs a database"))
    return db
