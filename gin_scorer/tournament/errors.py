"""The one error the tournament engine raises: a request that makes no sense for the event."""

from __future__ import annotations

from gin_scorer.core.wording import SaidError


class TournamentError(SaidError, ValueError):
    """A tournament request that cannot be met; the message says why in plain words."""
