"""What a service refuses, each with a sentence the person at the keyboard can act on.

Every refusal is a :class:`ServiceError`, so callers need one ``except``. The two that the
store also knows are both: :class:`ConflictError` (another station changed the match) is a
:class:`ServiceError` *and* the store's ``ConflictError``; :class:`PinError` (the director's
PIN is needed or wrong) likewise. Other store failures (:class:`StoreError`: a busy or
damaged database) pass through unchanged; they are named here too
(:class:`CorruptDatabase`, :class:`NewerDatabase`, :class:`DatabaseBusy`), so that a front end
catches every error from this one module and never imports the store.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from gin_scorer.core.hands import Problem
from gin_scorer.core.wording import Said, SaidError, joined, said
from gin_scorer.store import errors as store_errors
from gin_scorer.store.errors import CorruptDatabase, DatabaseBusy, NewerDatabase, StoreError
from gin_scorer.store.server_trouble import ServerNotAnswering, ServerRefused

__all__ = [
    "ActionRefused",
    "ConflictError",
    "CorruptDatabase",
    "DatabaseBusy",
    "HandRejected",
    "InvalidInput",
    "LinkRevoked",
    "NewerDatabase",
    "NotFound",
    "PinError",
    "ReplaceFirst",
    "RowsRejected",
    "ServerNotAnswering",
    "ServerRefused",
    "ServiceError",
    "StoreError",
    "Unreadable",
]


class ServiceError(SaidError):
    """A refusal a person can fix. ``words`` is the sentence to show (a front end says it in
    the reader's language: ``presentation.words.error_text``); ``str(error)`` is its English."""


class ConflictError(ServiceError, store_errors.ConflictError):
    """Another station changed the row since this screen read it: reload, then enter again."""


class PinError(ServiceError, store_errors.PinError):
    """The director's PIN is needed, wrong, or not acceptable as a new PIN.

    ``askable`` is False when typing a PIN cannot help (the event has none to give), so a
    screen does not ask for one in vain.
    """

    def __init__(self, message: Said | str, *, askable: bool = True) -> None:
        super().__init__(message)
        self.askable = askable


class NotFound(ServiceError):
    """No event / entrant / match / hand with that id."""


class LinkRevoked(NotFound):
    """A table's link taken back with its round (decision 0026): it opens nothing, for good."""


class InvalidInput(ServiceError):
    """A field's value cannot be used; the message names the field and the value."""


class ReplaceFirst(InvalidInput):
    """A result would replace what the match already has (a result, or hands it sets aside):
    sent again with ``replace_existing`` it is taken. A front end asks "Replace?" on this
    class, never on the sentence's words (which a translation changes)."""


class Unreadable(InvalidInput, ValueError):
    """What was handed in or stored cannot be read as what it should be: a workbook given
    as an entrants file, a hand log broken outside the app. A :class:`ValueError` too, as
    the decoding errors its readers' callers catch beside it are."""


class HandRejected(ServiceError):
    """The core's validation found errors in a hand; ``problems`` lists every finding.

    Record it anyway by giving an ``override_reason`` (the director's words, stored and
    shown on the sheet).
    """

    def __init__(self, problems: Sequence[Problem]) -> None:
        self.problems = tuple(problems)
        errors = joined([p.words for p in self.problems if p.is_error])
        super().__init__(
            said("hand refused: {0} (give an override reason to record it anyway)", errors)
        )


RowsOf = Literal["rows", "entrants", "file", "event file"]
"""What :class:`RowsRejected` found its problems in."""


class RowsRejected(InvalidInput):
    """Several inputs (rows of an import, entrants of a batch) were refused; nothing was
    written. ``problems`` holds one sentence per problem, each naming its row (a front end
    says each in the reader's language; ``str()`` is its English)."""

    def __init__(self, problems: Sequence[Said], what: RowsOf = "rows") -> None:
        self.problems = tuple(problems)
        listed = joined(self.problems, "\n")
        super().__init__(_nothing_saved(len(self.problems), what, listed))


def _nothing_saved(count: int, what: RowsOf, listed: Said) -> Said:
    """The refusal of :class:`RowsRejected`: how many problems in what, then each one."""
    if what == "entrants":
        if count == 1:
            return said("nothing was saved: {0} problem in the entrants:\n{1}", count, listed)
        return said("nothing was saved: {0} problems in the entrants:\n{1}", count, listed)
    if what == "file":
        if count == 1:
            return said("nothing was saved: {0} problem in the file:\n{1}", count, listed)
        return said("nothing was saved: {0} problems in the file:\n{1}", count, listed)
    if what == "event file":
        if count == 1:
            return said("nothing was saved: {0} problem in the event file:\n{1}", count, listed)
        return said("nothing was saved: {0} problems in the event file:\n{1}", count, listed)
    if count == 1:
        return said("nothing was saved: {0} problem in the rows:\n{1}", count, listed)
    return said("nothing was saved: {0} problems in the rows:\n{1}", count, listed)


class ActionRefused(InvalidInput):
    """Who-may-change-what refuses the action in this state (a finished event, a locked
    result): no PIN lifts it; the message says what to do first (reopen, unlock)."""
