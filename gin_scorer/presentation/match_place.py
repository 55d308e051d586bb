"""Where a match is played, as the room names it: ``Round 2 · Table 3`` — never the
database's match number."""

from __future__ import annotations

from gin_scorer.presentation.words import translate
from gin_scorer.services.dto import MatchView


def match_place(match: MatchView, *, fallback: str = "") -> str:
    """``Round 2 · Table 3``, ``Round 2``, ``Table 3``, or ``fallback`` when it has neither."""
    parts = []
    if match.round_number is not None:
        parts.append(translate("match_place", "Round {0}").format(match.round_number))
    if match.table_number is not None:
        parts.append(translate("match_place", "Table {0}").format(match.table_number))
    return " · ".join(parts) or fallback


def match_names(match: MatchView) -> tuple[str, str]:
    """The two entrants' full names (``bye`` for a bye's missing side), as a title says them."""
    return match.a.name, match.b.name if match.b is not None else translate("match_place", "bye")
