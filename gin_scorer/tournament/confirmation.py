"""The players' word on a decided match (given at the table, in the room): each side agrees
with the sheet as it stands, or says what is wrong — which flags the match to the desk.

Words are facts bound to the match version they were given at: a change at the desk
afterwards leaves them in the log but they no longer confirm anything, and the table is asked
again. This module folds a match's words into where it stands; it knows no storage.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum

from gin_scorer.core.hands import Side


class Agreement(Enum):
    """Where a match stands with its players' confirmation."""

    NOT_DECIDED = "not decided"  # still being played: nothing to confirm yet
    WAITING = "waiting"  # decided; nobody has answered for the sheet as it stands
    ONE_SIDE = "one side"  # one player agreed, the other has not answered
    CONFIRMED = "confirmed"  # both agreed with the sheet as it stands
    DISPUTED = "disputed"  # a player says the result is wrong: the desk looks


@dataclass(frozen=True, slots=True)
class Word:
    """One player's word: given for ``version`` of the match, agreeing or not (and why)."""

    side: Side
    version: int
    agrees: bool
    reason: str | None = None


@dataclass(frozen=True, slots=True)
class Confirmation:
    """The newest word per side for the match's current version, and whether words given
    for an earlier version were overtaken by a change at the desk."""

    decided: bool
    words: tuple[Word, ...] = ()
    overtaken: bool = False
    said: int = 0  # words in the log, for every version (a page's "has anything changed")

    def word_of(self, side: Side) -> Word | None:
        return next((w for w in self.words if w.side is side), None)

    @property
    def agreement(self) -> Agreement:
        if not self.decided:
            return Agreement.NOT_DECIDED
        if any(not w.agrees for w in self.words):
            return Agreement.DISPUTED
        agreed = {w.side for w in self.words if w.agrees}
        if agreed == {Side.A, Side.B}:
            return Agreement.CONFIRMED
        return Agreement.ONE_SIDE if agreed else Agreement.WAITING

    @property
    def disputes(self) -> tuple[Word, ...]:
        return tuple(w for w in self.words if not w.agrees)


def confirmation_of(words: Iterable[Word], version: int, *, decided: bool) -> Confirmation:
    """Fold a match's words (oldest first) into what counts for its ``version``."""
    newest: dict[Side, Word] = {}
    older = False
    given = 0
    for word in words:
        given += 1
        if word.version == version:
            newest[word.side] = word
        else:
            older = True
    ordered = tuple(newest[side] for side in (Side.A, Side.B) if side in newest)
    # Words for an earlier sheet matter only until someone answers for this one.
    return Confirmation(decided, ordered, overtaken=decided and older and not ordered, said=given)
