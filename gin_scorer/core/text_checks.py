"""What may stand in a text a person gives us (a name, a club, a rule set's description).

Control characters (C0 such as NUL or ESC, DEL, the C1 block), lone surrogates and the
bidirectional overrides hide in a name, print it backwards or garble a terminal, a PDF or a
CSV; nobody types one into a name on purpose. Ordinary Unicode (accents, CJK, emoji) is fine.

>>> first_control("Zoë 李")
>>> first_control("Ada\\x1b[31m")
3
"""

from __future__ import annotations

__all__ = ["first_control", "is_control"]


def is_control(char: str) -> bool:
    code = ord(char)
    return (
        code < 0x20
        or 0x7F <= code < 0xA0
        or 0xD800 <= code < 0xE000
        or 0x202A <= code <= 0x202E
        or 0x2066 <= code <= 0x2069
    )


def first_control(text: str, allowed: str = "") -> int | None:
    """The 0-based index of the first control character of ``text`` not in ``allowed``."""
    for index, char in enumerate(text):
        if is_control(char) and char not in allowed:
            return index
    return None
