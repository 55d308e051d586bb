"""When may a recorded result still be corrected without the director's PIN?

The tournament helper fills this in from the event's format (round robin: always;
elimination: until a match that depends on it has started; Swiss: until the next round is
paired). Until then every correction is allowed, which is the round-robin rule.
"""

from __future__ import annotations

from typing import Any


def correction_refusal(session: Any, match_id: int) -> str | None:
    """Why a correction of ``match_id`` needs the director's PIN, or ``None`` if it does not."""
    return None
