"""Text a person typed (a name, a club, a reason), checked before it is stored."""

from __future__ import annotations

from gin_scorer.core.text_checks import first_control
from gin_scorer.core.wording import said, shown
from gin_scorer.services.support.errors import InvalidInput


def clean_text(value: object, field: str, *, required: bool = False, limit: int = 200) -> str:
    """A trimmed one-line text field, or :class:`InvalidInput` naming the field.

    Every control character (C0 including tab and line break, DEL, C1), lone surrogate and
    bidirectional override is refused, naming its position: it would hide in a name, break a
    printed sheet or a terminal, and nobody types one into a name on purpose. Runs of spaces
    become one; ordinary Unicode (accents, CJK, emoji) is kept.
    """
    if value is None:
        value = ""
    if not isinstance(value, str):
        raise InvalidInput(said("{0}: {1} is not text", field, shown(value)))
    if len(value) > 4 * limit + 100:  # said before any work: 200 KB of spaces is no name
        raise InvalidInput(
            said("{0} is too long ({1} characters; at most {2})", field, len(value), limit)
        )
    index = first_control(value)
    if index is not None:
        raise InvalidInput(
            said(
                "{0}: character {1} is the control character U+{2}; type the text again without it",
                field,
                index + 1,
                f"{ord(value[index]):04X}",
            )
        )
    text = " ".join(value.split())
    if required and not text:
        raise InvalidInput(said("{0} must not be empty", field))
    if len(text) > limit:
        raise InvalidInput(
            said("{0} is too long ({1} characters; at most {2})", field, len(text), limit)
        )
    return text
