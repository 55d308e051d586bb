"""The sentences of the authority's refusals (:mod:`gin_scorer.services.support.authority`): why an
action is refused in this state, whose PIN it needs and why, which events still guard the
database. Each variant is a whole pattern (:func:`gin_scorer.core.wording.said`), so that a
translation words each one as it must; the action (``record a hand``) is said in turn.
"""

from __future__ import annotations

from collections.abc import Sequence

from gin_scorer.core.wording import Said, joined, said
from gin_scorer.store.settings import EventGuard
from gin_scorer.store.tables import Event, Match

_STATE_WORDS = {
    "already locked": said("already locked"),
    "not locked": said("not locked"),
    "already finished": said("already finished"),
    "not finished": said("not finished"),
}


def doing(action: Said, match: Match | None) -> Said:
    """The action as a message names it: ``record a hand in match 7``."""
    return action if match is None else said("{0} in match {1}", action, match.id)


def refusal(action: Said, event: Event, match: Match | None, reason: str, guarded: bool) -> Said:
    """Why the table refuses ``action`` (``reason``: its cell, ``reopen first`` ...), and
    whether that step needs the director's PIN (``guarded``)."""
    if reason == "reopen first":
        refused = said(
            "event {0} is finished: reopen it to {1}", repr(event.name), doing(action, match)
        )
    elif reason == "unlock first" and match is not None:
        refused = said("match {0}'s result is locked: unlock it first to {1}", match.id, action)
    elif reason == "unlock first":
        refused = said("a result in it is locked: unlock it first to {0}", action)
    elif match is not None:
        state = _STATE_WORDS.get(reason, reason)
        return said("cannot {0}: match {1} is {2}", action, match.id, state)
    else:
        state = _STATE_WORDS.get(reason, reason)
        return said("cannot {0}: event {1} is {2}", action, repr(event.name), state)
    return said("{0} (that needs the director's PIN)", refused) if guarded else refused


def no_pin_yet(event: Event, action: Said, why: Said | str | None) -> Said:
    """Only the director may, and nobody has set a PIN to give (``why``: why a PIN)."""
    if why is None:
        return said(
            "cannot {0}; only the director may, and event {1} has no director PIN yet (set "
            "one, then give it)",
            action,
            repr(event.name),
        )
    return said(
        "cannot {0}: {1}; only the director may, and event {2} has no director PIN yet (set "
        "one, then give it)",
        action,
        why,
        repr(event.name),
    )


def pin_needed(event: Event, action: Said, why: Said | str | None) -> Said:
    """No PIN was given for an action that needs one."""
    if why is None:
        return said("the director's PIN of {0} is needed to {1}", repr(event.name), action)
    return said("the director's PIN of {0} is needed to {1}: {2}", repr(event.name), action, why)


def wrong_pin(event: Event, action: Said, why: Said | str | None) -> Said:
    """The PIN given opens neither the event nor the database."""
    if why is None:
        return said("wrong director PIN for {0} (needed to {1})", repr(event.name), action)
    return said("wrong director PIN for {0} (needed to {1}: {2})", repr(event.name), action, why)


def still_guarded(action: Said, left: Sequence[EventGuard], *, offered: bool) -> Said:
    """A database-wide action refused while events ``left`` keep PINs not given."""
    guarded = joined([said("{0} (event {1})", repr(e.name), e.event_id) for e in left[:6]], ", ")
    if len(left) > 6:
        guarded = said("{0} and {1} more", guarded, len(left) - 6)
    if offered:
        return said(
            "nothing was changed: to {0} the PIN of every event that has one is needed; still "
            "guarded: {1}",
            action,
            guarded,
        )
    return said(
        "nothing was changed: to {0} the PIN of every event that has one is needed, and no PIN "
        "was given; still guarded: {1}",
        action,
        guarded,
    )
