"""How the hand log marks a row written by an undo (the app's Ctrl+Z, ``gin-scorer hand
undo``): by the row's reason, ``hand_entry.override_reason``, which starts ``undo of``.

That reason is a fact in the database, sealed with it, so its text never changes: a database
written by an older version reads the same. It is written here and recognised here only; a
front end asks :func:`is_undo` (or a row's flag filled from it) and says "undone" in the
reader's language instead of showing the stored text.

>>> undo_of_recording(4), undo_of_correction("misheard"), undo_of_entry(12)
('undo of recording hand 4', 'undo of correction (misheard)', 'undo of entry 12')
>>> is_undo("undo of entry 12"), is_undo("misdeal"), is_undo(None)
(True, False, False)
"""

from __future__ import annotations

UNDO_MARK = "undo of"
"""The start of every undo's stored reason (never shown: see :func:`is_undo`)."""


def undo_of_recording(number: int) -> str:
    """The void's reason when recording hand ``number`` is undone."""
    return f"{UNDO_MARK} recording hand {number}"


def undo_of_correction(reason: str) -> str:
    """The reason of the correction back to the old record when a correction made for
    ``reason`` is undone."""
    return f"{UNDO_MARK} correction ({reason})"


def undo_of_entry(entry_id: int) -> str:
    """The reason of the row that takes back the log's row ``entry_id`` (the command line's
    undo of the newest row)."""
    return f"{UNDO_MARK} entry {entry_id}"


def is_undo(reason: str | None) -> bool:
    """Whether a log row's stored ``reason`` marks it as written by an undo."""
    return reason is not None and reason.startswith(UNDO_MARK)
