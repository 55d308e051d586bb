"""A hand as the command line takes it: the entry line the desk and the phones read (``ak7
15``, ``bg22``, ``d``, ``md``, ``… @Qs``: :mod:`gin_scorer.presentation.entry_grammar`, the
same parser), or the hand JSON (``{"knock": "A", ...}``, for scripts and the cards).

Both are read against the match's sheet as it stands (its rules: the knock limit, the 50th
card; its players), so a line means on the terminal what it means at the desk."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

from gin_scorer.core.hand_json import record_from_json
from gin_scorer.core.hands import HandRecordError
from gin_scorer.core.json_input import JsonInputError, read_json
from gin_scorer.presentation.entry_grammar import EntryState, read_entry
from gin_scorer.presentation.sheet_text import hand_summary
from gin_scorer.presentation.words import error_text, say, translate
from gin_scorer.services.support.errors import InvalidInput

if TYPE_CHECKING:
    from collections.abc import Sequence

    from gin_scorer.core.hands import HandRecord, Problem
    from gin_scorer.services.support.dto import HandRow, ScoreSheet

# One hand with all its cards is well under 2 KB; anything far larger is not a hand.
HAND_CHARS = 64 * 1024


def typed_text(words: Sequence[str]) -> str:
    """The hand as typed: the shell's words joined again (``ak7 15`` unquoted is two)."""
    return " ".join(words).strip()


def is_json(text: str) -> bool:
    """JSON starts with a bracket; an entry line never does."""
    return text.lstrip().startswith(("{", "["))


def read_typed(text: str, sheet: ScoreSheet) -> HandRecord:
    """The hand ``text`` says under ``sheet``'s rules; a refusal of ours
    (:class:`~gin_scorer.services.support.errors.InvalidInput`) names what is wrong."""
    if is_json(text):
        return _from_json(text)

    said = read_entry(text, sheet.rules)
    if said.state is EntryState.COMPLETE and said.record is not None:
        return said.record
    if said.state is EntryState.INCOMPLETE:
        problem = translate("cli", "{0} is not a whole hand: {1}").format(
            repr(text.strip()), said.message
        )
        raise InvalidInput(problem)
    raise InvalidInput(said.message)


def _from_json(text: str) -> HandRecord:

    try:
        data = read_json(text, "the hand", max_chars=HAND_CHARS)
    except JsonInputError as error:
        raise InvalidInput(
            translate(
                "cli",
                "{0}; write it as the entry line (ak7 15) or as JSON like "
                '\'{{"knock": "A", "deadwood": {{"A": 7, "B": 15}}}}\'',
            ).format(error_text(error))
        ) from None
    try:
        return record_from_json(data)
    except HandRecordError as error:
        raise InvalidInput(translate("cli", "hand: {0}").format(error_text(error))) from None


def typed_lines(text: str) -> list[tuple[int, str]]:
    """The lines of a file of hands that hold a hand, with their numbers (1 = the first line
    of the file): blank lines and ``#`` comments are skipped."""
    return [
        (number, line.strip())
        for number, line in enumerate(text.splitlines(), start=1)
        if line.strip() and not line.lstrip().startswith("#")
    ]


def print_problems(problems: Sequence[Problem], indent: str = "  ") -> None:
    """A refused hand's findings, one a line on stderr, each with its severity."""
    for p in problems:
        if p.is_error:
            line = translate("cli", "error: {0}").format(say(p.words))
        else:
            line = translate("cli", "warning: {0}").format(say(p.words))
        print(indent + line, file=sys.stderr)


def print_summary(sheet: ScoreSheet, row: HandRow | None = None) -> None:
    """The hand just entered (default: the newest) and where the match stands."""

    print("\n".join(hand_summary(sheet, row)))
