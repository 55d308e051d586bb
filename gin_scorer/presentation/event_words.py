"""An event's format and state in the reader's language: the stored values ("round-robin",
"running") are keys, never words to show."""

from __future__ import annotations

from gin_scorer.presentation.words import QT_TRANSLATE_NOOP, translate
from gin_scorer.services.support.dto import EventStatus
from gin_scorer.tournament.model import Format

_CONTEXT = "event_words"
_FORMATS = {
    Format.SWISS: QT_TRANSLATE_NOOP("event_words", "Swiss"),
    Format.ROUND_ROBIN: QT_TRANSLATE_NOOP("event_words", "Round robin"),
    Format.SINGLE_ELIMINATION: QT_TRANSLATE_NOOP("event_words", "Single elimination"),
    Format.DOUBLE_ELIMINATION: QT_TRANSLATE_NOOP("event_words", "Double elimination"),
    Format.CLUB: QT_TRANSLATE_NOOP("event_words", "Club night"),
}
_STATES = {
    EventStatus.SETUP: QT_TRANSLATE_NOOP("event_words", "being set up"),
    EventStatus.RUNNING: QT_TRANSLATE_NOOP("event_words", "running"),
    EventStatus.FINISHED: QT_TRANSLATE_NOOP("event_words", "finished"),
    EventStatus.DELETED: QT_TRANSLATE_NOOP("event_words", "deleted"),
}


def format_words(stored: str | Format) -> str:
    """ "Round robin" for ``round-robin``; a value this version does not know, as stored.

    >>> format_words("round-robin"), format_words("knock-knock")
    ('Round robin', 'knock-knock')
    """
    try:
        fmt = stored if isinstance(stored, Format) else Format(stored)
    except ValueError:
        return str(stored)
    return translate(_CONTEXT, _FORMATS[fmt])


def status_words(status: EventStatus) -> str:
    """ "being set up", "running" or "finished"."""
    return translate(_CONTEXT, _STATES[status])
