"""Where a match is played, as the room names it: ``Round 2 · Table 3`` — never the
database's match number."""

from __future__ import annotations

from gin_scorer.presentation.words import translate
from gin_scorer.services.support.dto import MatchView


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


def short_names(a: str, b: str) -> tuple[str, str]:
    """Two players' names as a narrow column of the sheet says them (the title above it says
    them whole): their first names when those differ, else with the surname's initial, else
    whole.

    >>> short_names("Ann Lee", "Bob Marsh"), short_names("Kai Tanaka", "Kai Weber")
    (('Ann', 'Bob'), ('Kai T.', 'Kai W.'))
    >>> short_names("Ann Lee", "Ann Low"), short_names("Cher", "Ann Lee")
    (('Ann Lee', 'Ann Low'), ('Cher', 'Ann'))
    """
    first = (a.split()[0] if a.split() else a, b.split()[0] if b.split() else b)
    if first[0].casefold() != first[1].casefold():
        return first
    initialled = (_with_initial(a), _with_initial(b))
    if initialled[0].casefold() != initialled[1].casefold():
        return initialled
    return a, b


def _with_initial(name: str) -> str:
    """``Kai T.`` for ``Kai Tanaka`` (a one-word name as it is)."""
    words = name.split()
    return f"{words[0]} {words[-1][0]}." if len(words) > 1 else name
