"""Reading matches' result logs and the event's knobs for them, inside a transaction.

The pure side — which row is in force, what it is worth — is
:mod:`gin_scorer.services.support.result_values`; this module only turns rows into its values.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Sequence

from sqlmodel import Session, col, select

from gin_scorer.core.hands import Side
from gin_scorer.core.wording import said, words_of
from gin_scorer.services.support.dto import EntryKind, ResultKind
from gin_scorer.services.support.errors import InvalidInput
from gin_scorer.services.support.event_settings import event_settings
from gin_scorer.services.support.result_values import ResultRow
from gin_scorer.services.support.rows import fetch
from gin_scorer.services.support.slip_games import slip_games
from gin_scorer.store.tables import Event, Match, ResultEntry
from gin_scorer.tournament.results import ResultRules
from gin_scorer.tournament.settings import DEFAULT_RESULT_RULES


def reported_for(session: Session, match: Match) -> tuple[tuple[ResultRow, ...], ResultRules]:
    """A match's result log and, when it has one, what its event's results are worth (the
    event is read only then: most matches were played, and a sheet is read on every Enter)."""
    assert match.id is not None
    log = result_log(session, match.id)
    return log, (result_knobs(session, match.event_id) if log else DEFAULT_RESULT_RULES)


def result_log(session: Session, match_id: int) -> tuple[ResultRow, ...]:
    """A match's result log, oldest first."""
    return tuple(result_logs(session, [match_id]).get(match_id, ()))


def result_logs(session: Session, match_ids: Sequence[int]) -> dict[int, list[ResultRow]]:
    """The result logs of many matches at once (most matches have none)."""
    logs: dict[int, list[ResultRow]] = defaultdict(list)
    for start in range(0, len(match_ids), 400):
        chunk = list(match_ids[start : start + 400])
        query = (
            select(ResultEntry)
            .where(col(ResultEntry.match_id).in_(chunk))
            .order_by(col(ResultEntry.id))
        )
        for entry in session.exec(query):
            logs[entry.match_id].append(result_row(entry))
    return logs


def result_row(entry: ResultEntry) -> ResultRow:
    """A stored row as values; a row edited outside the app is named, not a traceback."""
    assert entry.id is not None
    try:
        games = slip_games(json.loads(entry.game_points_json or "[]"))
        return ResultRow(
            id=entry.id,
            kind=EntryKind(entry.kind),
            supersedes_id=entry.supersedes_id,
            outcome=ResultKind(entry.outcome),
            winner=None if entry.winner is None else Side(entry.winner),
            games_a=entry.games_a,
            games_b=entry.games_b,
            game_points=games.points,
            game_winners=games.winners,
            scale=games.scale,
            reason=entry.reason,
            entered_by=entry.entered_by,
            station=entry.station,
            entered_at=entry.entered_at,
        )
    except (ValueError, TypeError) as error:
        raise InvalidInput(said("result entry {0}: {1}", entry.id, words_of(error))) from None


def result_knobs(session: Session, event_id: int) -> ResultRules:
    """What the event's forfeits and time-called matches are worth."""
    return event_settings(fetch(session, Event, event_id)).results
