"""A sentence the core says to a person, kept as its English pattern and its values until a
front end says it in the reader's language.

The core knows no translator (nor Qt, nor which language a phone reads): it writes what does
not add up in a hand as ``said("{0} knocked with {1} deadwood; {2}", "A", 12, why)``. Its
English, ``str()``, is the pattern filled in; the presentation layer looks the pattern up in
the translation (``presentation.words.say``) and fills in the values, each said in turn when it
is itself a :class:`Said` (the reason inside the sentence above). ``tools/translations.py``
finds every ``said("…")`` of the core and puts its pattern in the translation template.

>>> why = said("the knock limit is {0}", 10)
>>> str(said("{0} knocked with {1} deadwood; {2}", "A", 12, why))
'A knocked with 12 deadwood; the knock limit is 10'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

# How much of a value an error line quotes before it cuts it short.
QUOTE_CHARS = 40


@dataclass(frozen=True, slots=True)
class Said:
    """An English ``pattern`` with ``{0}``, ``{1}`` … fields, and the ``values`` that fill
    them (cards, numbers, names, or other sentences)."""

    pattern: str
    values: tuple[object, ...] = ()

    def __str__(self) -> str:
        return self.pattern.format(*(str(value) for value in self.values))


def said(pattern: str, *values: object) -> Said:
    """The sentence ``pattern`` with ``values``; write the pattern as a literal, so that the
    translation template finds it."""
    return Said(pattern, values)


def joined(parts: Sequence[Said], separator: str = "; ") -> Said:
    """``parts`` one after the other (each said in the reader's language), ``separator``
    between them.

    >>> str(joined([said("{0} makes a run", "7♥ 8♥ 9♥"), said("{0} makes a set", "K♠ K♥ K♦")]))
    '7♥ 8♥ 9♥ makes a run; K♠ K♥ K♦ makes a set'
    """
    fields = (
        separator.replace("{", "{{")
        .replace("}", "}}")
        .join(f"{{{number}}}" for number in range(len(parts)))
    )
    return Said(fields, tuple(parts))


class SaidError(Exception):
    """An error whose message is a sentence for a person: ``words`` keeps it as its pattern
    and values, so that a front end says it in the reader's language; ``str()`` is its
    English (logs, the command line's JSON, tests).

    >>> str(SaidError(said("{0} is not a card", "Xq")))
    'Xq is not a card'
    >>> SaidError("a message written whole").words
    Said(pattern='{0}', values=('a message written whole',))
    """

    def __init__(self, words: Said | str) -> None:
        self.words = words if isinstance(words, Said) else said("{0}", words)
        super().__init__(str(self.words))


def words_of(error: BaseException) -> Said:
    """What ``error`` says, to pass on inside another refusal: its own words when it has
    them, else its English as it is."""
    return error.words if isinstance(error, SaidError) else said("{0}", str(error))


def quote(text: str, limit: int = QUOTE_CHARS) -> str | Said:
    """``text`` quoted for an error line, cut to ``limit`` characters (then a :class:`Said`,
    whose "characters" a front end says in the reader's language).

    >>> str(quote("x" * 50))
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...' (50 characters)"
    """
    if len(text) <= limit:
        return repr(text)
    return _cut(repr(text[:limit] + "..."), len(text))


def shown(value: object, limit: int = QUOTE_CHARS) -> str | Said:
    """``repr(value)`` for an error line, cut to ``limit`` characters (then a :class:`Said`,
    as :func:`quote` says).

    >>> str(shown([1] * 30))
    '[1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, ... (90 characters)'
    """
    text = repr(value)
    if len(text) <= limit:
        return text
    return _cut(text[:limit] + "...", len(text))


def _cut(start: str, length: int) -> Said:
    """The start of a text cut short, and how long the whole text is."""
    return said("{0} ({1} characters)", start, length)
