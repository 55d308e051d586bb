"""The words of the presentation layer in the reader's language, without knowing Qt.

Every text that this layer makes for a person goes through :func:`translate` with the name of
its module as the context, as the app's widgets do through Qt's ``tr()``. Qt's ``lupdate``
finds these calls (and :func:`QT_TRANSLATE_NOOP` for texts kept in tables) and writes them
into the same template as the widgets' texts (``tools/translations.py``), so that one ``.ts``
file translates the window, the score sheet it shows and the PDFs it prints.

The layer knows no Qt, so it does not translate by itself: a front end that has a translation
installs its translator with :func:`use_translator` (the desktop app installs Qt's
``QCoreApplication.translate``). Until one does — the command line, the tests — every text is
the English it is written in.
"""

from __future__ import annotations

import contextlib
import functools
import string
from collections.abc import Callable, Iterator
from contextvars import ContextVar

from gin_scorer.core.wording import Said, SaidError

Translator = Callable[[str, str], str]
"""``(context, text) -> the text in the reader's language``."""


def _english(_context: str, text: str) -> str:
    return text


_translator: list[Translator] = [_english]  # one slot, replaced by the front end
# A reader's own language for one request (a phone in the room), over the installed one.
_speaking: ContextVar[Translator | None] = ContextVar("gin_scorer_speaking", default=None)


def use_translator(translator: Translator | None) -> None:
    """Make ``translator`` translate this layer's words from now on (``None``: English)."""
    _translator[0] = translator or _english


@contextlib.contextmanager
def speaking(translator: Translator | None) -> Iterator[None]:
    """Inside the block, this layer's words go through ``translator`` (``None``: English)
    instead of the installed one, in this thread or task and what it starts with its context
    (a worker thread the room reads in). The room answers each phone in the phone's own
    language this way, while the desk in the same process speaks its own."""
    token = _speaking.set(translator or _english)
    try:
        yield
    finally:
        _speaking.reset(token)


def translate(context: str, text: str) -> str:
    """``text`` in the reader's language; ``context`` is the module that says it."""
    chosen = _speaking.get() or _translator[0]
    return checked_translation(text, chosen(context, text))


def checked_translation(source: str, translated: str) -> str:
    """``translated``, unless its ``{0}`` fields differ from the source's (a slip in a
    translation file): the English then, since ``.format`` on it would raise mid-event."""
    if translated == source or _fields(translated) == _fields(source):
        return translated
    return source


@functools.lru_cache(maxsize=4096)
def _fields(text: str) -> tuple[str, ...] | None:
    """The replacement fields of ``text``, sorted (``None`` when its braces do not parse)."""
    try:
        return tuple(sorted(name for _, name, _, _ in string.Formatter().parse(text) if name))
    except ValueError:
        return None


CORE_WORDS = "core_words"
"""The context of the sentences the core says (:mod:`gin_scorer.core.wording`): what does not
add up in a hand, why a meld is not one. ``tools/translations.py`` puts each ``said("…")``
pattern in the template under it."""


def say(words: Said) -> str:
    """A sentence of the core's in the reader's language: its pattern translated, then each
    value said in turn (a reason inside a sentence is a sentence too; a card, a number or a
    name stands as it is)."""
    values = [said_text(value) for value in words.values]
    return translate(CORE_WORDS, words.pattern).format(*values)


def said_text(value: object) -> str:
    """A value to put in a sentence: a :class:`Said` (a value cut short, a reason) said in
    the reader's language through :func:`say`; anything else as ``str()`` gives it."""
    return say(value) if isinstance(value, Said) else str(value)


def QT_TRANSLATE_NOOP(_context: str, text: str) -> str:  # the name lupdate reads
    """Marks a text kept in a table for the template; :func:`translate` it where it is shown."""
    return text


def error_text(error: BaseException) -> str:
    """An error's sentence in the reader's language: what the core or a service refused,
    said through :func:`say`; any other error as Python gives it."""
    return say(error.words) if isinstance(error, SaidError) else str(error)
