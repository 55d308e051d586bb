"""A table's players in one phrase for the terminal (``Ann v Bob``; ``Ann, Bob and Cat``),
without loading the scoring core when a command module is imported (issue 41: every command,
even ``--version``, built the meld tables through the tables of three's words)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from gin_scorer.presentation.three_words import players_phrase as phrase

if TYPE_CHECKING:
    from gin_scorer.services.support.dto import EntrantView


def players_phrase(names: Sequence[EntrantView | str]) -> str:
    """The players of a table in one phrase, loaded when a table is shown: the tables of three's
    words bring the scoring core with them, which ``--help`` and ``--version`` never need."""

    return phrase(names)
