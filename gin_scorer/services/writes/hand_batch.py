"""Many typed hands in one transaction: a round's hands from a file of entry lines, one hand a
line (``gin-scorer hand add -``), all or nothing.

Each hand is read from its match's sheet as it stands just before it, by the front end's own
reader (the entry line's grammar lives above the services), then checked, written and audited
exactly as :func:`.hands.record_hand` does one hand. The first line the services refuse stops
the batch: nothing of it is written, and the refusal names the line.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from gin_scorer.core.hands import HandRecord, Problem
from gin_scorer.core.wording import SaidError, said, words_of
from gin_scorer.services.support.dto import ScoreSheet
from gin_scorer.services.support.errors import HandRejected, InvalidInput, PinError
from gin_scorer.services.support.rows import fetch
from gin_scorer.services.support.text_input import clean_text
from gin_scorer.services.writes.hands import record_in
from gin_scorer.store import backup
from gin_scorer.store.database import Database
from gin_scorer.store.tables import Match

ReadText = Callable[[str, ScoreSheet], HandRecord]
"""A typed hand read against its match's sheet (its rules, its players); raises a refusal of
ours (:class:`InvalidInput`) for text that is not a hand."""


@dataclass(frozen=True, slots=True)
class TypedHand:
    """One hand as typed: the line it came from, the match it belongs to, its text."""

    line: int
    match_id: int
    text: str


@dataclass(frozen=True, slots=True)
class TypedHandsRecorded:
    """What a batch wrote: each match's sheet after its last hand (in the order the matches
    first appear in the batch) and the number of hands."""

    sheets: tuple[ScoreSheet, ...]
    hands: int


class LineRefused(InvalidInput):
    """A line of a batch the services refused (nothing of the batch was written): its
    number, and the refusal itself (``problems``: a rejected hand's findings)."""

    def __init__(self, line: int, error: SaidError) -> None:
        super().__init__(said("line {0}: {1}", line, words_of(error)))
        self.line = line
        self.problems: tuple[Problem, ...] = (
            error.problems if isinstance(error, HandRejected) else ()
        )


def record_typed_hands(
    db: Database,
    typed: Sequence[TypedHand],
    read: ReadText,
    *,
    entered_by: str,
    pin: str | None = None,
) -> TypedHandsRecorded:
    """Record every hand of ``typed`` in order, in one transaction, or none of them.

    A PIN the event needs is asked once for the whole batch (:class:`PinError` is raised as
    it is); any other refusal becomes :class:`LineRefused`, naming the line."""
    who = clean_text(entered_by, "entered by", required=True, limit=80)
    if not typed:
        raise InvalidInput(said("there is no hand to record: every line was empty"))
    sheets: dict[int, ScoreSheet] = {}
    with db.transaction() as session:
        for hand in typed:
            version = fetch(session, Match, hand.match_id).version

            def reading(before: ScoreSheet, text: str = hand.text) -> tuple[HandRecord, str]:
                return read(text, before), who

            try:
                sheet, _ = record_in(session, db, hand.match_id, reading, version, None, None, pin)
            except PinError:
                raise
            except SaidError as error:
                raise LineRefused(hand.line, error) from None
            sheets[hand.match_id] = sheet
    backup.maybe_backup(db)
    return TypedHandsRecorded(tuple(sheets.values()), len(typed))
