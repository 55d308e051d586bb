"""A match's confirmation log as the players' words (:class:`Word`), read for one match or a
whole round at once; :mod:`.confirmations` writes it."""

from __future__ import annotations

from collections.abc import Sequence

from sqlmodel import Session, col, select

from gin_scorer.core.hands import Side
from gin_scorer.store.tables import ResultConfirmation
from gin_scorer.tournament.confirmation import Confirmation, Word, confirmation_of


def words_of(session: Session, match_ids: Sequence[int]) -> dict[int, list[Word]]:
    """Each match's words, oldest first (one query for a whole round)."""
    found: dict[int, list[Word]] = {m: [] for m in match_ids}
    if not match_ids:
        return found
    query = (
        select(ResultConfirmation)
        .where(col(ResultConfirmation.match_id).in_(list(match_ids)))
        .order_by(col(ResultConfirmation.id))
    )
    for row in session.exec(query):
        found[row.match_id].append(as_word(row))
    return found


def as_word(row: ResultConfirmation) -> Word:
    return Word(Side[row.side], row.match_version, row.agrees, row.reason)


def confirmation_in(
    session: Session, match_id: int, version: int, *, decided: bool
) -> Confirmation:
    """Where one match stands with its players' words, for its ``version``."""
    return confirmation_of(words_of(session, [match_id])[match_id], version, decided=decided)
