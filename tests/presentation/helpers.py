"""Values the presentation tests read: hands scored by the core, ledgers folded, standings
rows as the service would give them. No database: presentation is pure."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

from gin_scorer.core.hands import Declaration, HandRecord, Problem, Severity, Side, score_hand
from gin_scorer.core.ledgers import PerSide
from gin_scorer.core.rules import RuleSet
from gin_scorer.core.wording import said
from gin_scorer.services.queries.standings import StandingRow
from gin_scorer.services.support.dto import EntrantStatus, EntrantView, HandRow
from gin_scorer.tournament.settings import TieBreak
from gin_scorer.tournament.standings import RecordCounts

KNOCK_A = HandRecord(Declaration.KNOCK, Side.A, ((Side.A, 7), (Side.B, 15)))
GIN_B = HandRecord(Declaration.GIN, Side.B, ((Side.B, 0), (Side.A, 22)))
BIG_GIN_A = HandRecord(Declaration.BIG_GIN, Side.A, ((Side.A, 0), (Side.B, 30)))
UNDERCUT = HandRecord(Declaration.KNOCK, Side.A, ((Side.A, 9), (Side.B, 4)))
DEAD = HandRecord(Declaration.DEAD)


def hand_row(record: HandRecord, *, problems: tuple[Problem, ...] = (), **extra: object) -> HandRow:
    """One score-sheet row for ``record`` scored under the default rules."""
    fields: dict[str, object] = {
        "hand_id": 11,
        "number": 1,
        "record": record,
        "result": score_hand(record, RuleSet()),
        "dealer": Side.B,
        "totals_after": PerSide(8, 0),
        "game_number": 1,
        "problems": problems,
        "override_reason": None,
        "entered_by": "desk",
        "station": "table 4",
        "entered_at": datetime(2026, 4, 12, 14, 3, 9),
    }
    fields.update(extra)
    return HandRow(**fields)  # type: ignore[arg-type]


def warning(message: str) -> Problem:
    return Problem(Severity.WARNING, "w", said("{0}", message))


def error(message: str) -> Problem:
    return Problem(Severity.ERROR, "e", said("{0}", message))


def entrant(entrant_id: int, name: str, *, withdrawn: bool = False) -> EntrantView:
    status = EntrantStatus.WITHDRAWN if withdrawn else EntrantStatus.ACTIVE
    return EntrantView(entrant_id, 1, name, "Riverside", (), None, status, True)


def standing(place: int, place_to: int, name: str, **extra: object) -> StandingRow:
    """A standings row with a record and the tie-breaks match wins, Buchholz, seed (a count
    given in ``extra``, ``byes=2``, replaces that count)."""
    counted = {key: extra.pop(key) for key in list(extra) if key in RecordCounts.__match_args__}
    fields: dict[str, object] = {
        "place": place,
        "place_to": place_to,
        "entrant": entrant(place, name, withdrawn=bool(extra.pop("withdrawn", False))),
        "counts": replace(
            RecordCounts(
                played=3,
                match_wins=2,
                match_losses=1,
                game_wins=7,
                game_losses=4,
                point_differential=125,
            ),
            **counted,  # type: ignore[arg-type]
        ),
        "buchholz": 5,
        "tie_breaks": (
            (TieBreak.MATCH_WINS, 2),
            (TieBreak.BUCHHOLZ, 5),
            (TieBreak.SEED, place),
        ),
    }
    fields.update(extra)
    return StandingRow(**fields)  # type: ignore[arg-type]
