"""The one error the tournament engine raises: a request that makes no sense for the event."""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum
from typing import TypeVar

from gin_scorer.core.wording import Said, SaidError


class TournamentError(SaidError, ValueError):
    """A tournament request that cannot be met; the message says why in plain words."""


E = TypeVar("E", bound=Enum)


def member_of(kind: type[E], value: object, refusal: Callable[[str], Said]) -> E:
    """The member of the enum ``kind`` whose value is ``value``; else a :class:`TournamentError`
    saying ``refusal`` of the values allowed (comma-separated).

    Each caller words its own refusal, a whole ``said("…")`` pattern for the translators; only
    the lookup and the list of values are shared.

    >>> from gin_scorer.core.wording import said
    >>> class Colour(Enum):
    ...     RED = "red"
    ...     BLUE = "blue"
    >>> member_of(Colour, "blue", lambda names: said("use {0}", names))
    <Colour.BLUE: 'blue'>
    >>> member_of(Colour, "green", lambda names: said("use {0}", names))
    Traceback (most recent call last):
    ...
    gin_scorer.tournament.errors.TournamentError: use red, blue
    """
    try:
        return kind(value)
    except ValueError:
        raise TournamentError(refusal(", ".join(m.value for m in kind))) from None
