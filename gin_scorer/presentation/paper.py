"""Paper sizes a director is likely to have in the printer: one definition for the app's
settings, the command line's ``--paper`` and the PDF reports (which map each to points).

>>> Paper.parse("Letter"), Paper.LETTER.label, Paper("A4")
(<Paper.LETTER: 'letter'>, 'Letter', <Paper.A4: 'a4'>)
"""

from __future__ import annotations

from enum import Enum

from gin_scorer.core.wording import SaidError, said


class PaperError(SaidError, ValueError):
    """A paper size that is not one of ours; the sentence names it (in the reader's
    language where a front end says it)."""


class Paper(Enum):
    """A paper size; the value is what ``--paper`` takes, :attr:`label` what a menu shows."""

    A4 = "a4"
    LETTER = "letter"

    @property
    def label(self) -> str:
        """The name as printed on the box of paper: ``A4``, ``Letter``."""
        return "A4" if self is Paper.A4 else "Letter"

    @classmethod
    def _missing_(cls, value: object) -> Paper | None:
        """``Paper("Letter")``, ``Paper(" A4 ")``: any case, so a size stored by its label
        (as the app's settings did) reads back as the same size."""
        if isinstance(value, str):
            wanted = value.strip().lower()
            for paper in cls:
                if paper.value == wanted:
                    return paper
        return None

    @classmethod
    def parse(cls, text: str | Paper) -> Paper:
        """A size from its value or label, in any case; a clear :class:`PaperError` (a
        ``ValueError``) otherwise.

        >>> Paper.parse(" A4 ")
        <Paper.A4: 'a4'>
        >>> Paper.parse("A0")
        Traceback (most recent call last):
        ...
        gin_scorer.presentation.paper.PaperError: paper 'A0' is not one of: a4, letter
        """
        if isinstance(text, Paper):
            return text
        try:
            return cls(text)
        except ValueError:
            raise PaperError(said("paper {0} is not one of: a4, letter", repr(text))) from None
