"""What may stand in a text a person gives us (a name, a club, a rule set's description).

Control characters (C0 such as NUL or ESC, DEL, the C1 block), lone surrogates and the
bidirectional overrides hide in a name, print it backwards or garble a terminal, a PDF or a
CSV; nobody types one into a name on purpose. Ordinary Unicode (accents, CJK, emoji) is fine.

>>> first_control("Zoë 李")
>>> first_control("Ada\\x1b[31m")
3
"""

from __future__ import annotations

import re

__all__ = ["first_control", "is_control"]

# One character class, searched in C: a rule set's text knobs are read for every match when
# verify re-checks an event, and a per-character Python loop cost seconds on 100k hands.
_CONTROL = "\x00-\x1f\x7f-\x9f\ud800-\udfff\u202a-\u202e\u2066-\u2069"
_CONTROL_CHAR = re.compile(f"[{_CONTROL}]")


def is_control(char: str) -> bool:
    return _CONTROL_CHAR.fullmatch(char) is not None


def first_control(text: str, allowed: str = "") -> int | None:
    """The 0-based index of the first control character of ``text`` not in ``allowed``."""
    for found in _CONTROL_CHAR.finditer(text):
        if found.group() not in allowed:
            return found.start()
    return None
