"""When a recorded result may still be corrected without the director's PIN.

Round robin and club play: always (no later pairing depends on one result). Swiss: until
the next round has been paired (its pairings were made from this result). Elimination: until
a match fed by this one (its winner's or loser's next match) has started.

>>> print(correction_refusal_reason(Format.SWISS, match_round=2, latest_paired_round=3))
round 3 has already been paired from this result; correcting it needs the director's PIN
>>> correction_refusal_reason(Format.ROUND_ROBIN, match_round=1, latest_paired_round=5) is None
True
"""

from __future__ import annotations

from collections.abc import Sequence

from gin_scorer.core.wording import Said, said
from gin_scorer.tournament.model import Format


def correction_refusal_reason(
    event_format: Format,
    *,
    match_round: int | None,
    latest_paired_round: int,
    started_dependants: Sequence[str] = (),
) -> Said | None:
    """Why a correction needs the PIN, or ``None`` when it may go ahead.

    ``started_dependants`` (elimination) names the slots fed by this match that have started.
    """
    if event_format in (Format.ROUND_ROBIN, Format.CLUB) or match_round is None:
        return None
    if event_format is Format.SWISS:
        if latest_paired_round > match_round:
            return said(
                "round {0} has already been paired from this result; correcting it needs the "
                "director's PIN",
                latest_paired_round,
            )
        return None
    if started_dependants:
        slots = ", ".join(started_dependants)
        return said(
            "the bracket has moved on: {0} depends on this result and has started; correcting "
            "it needs the director's PIN",
            slots,
        )
    return None
