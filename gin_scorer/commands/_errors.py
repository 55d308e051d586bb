"""The command line's own refusal, beside the typed errors of the layers below.

:class:`UserError` lives here, not in ``cli.py``, so that the command modules never import
the module that imports them: ``cli`` → ``commands`` is the only direction.
"""

from __future__ import annotations

from gin_scorer.core.hands import HandRecordError
from gin_scorer.core.rules import RuleSetError
from gin_scorer.services.errors import ServiceError, StoreError
from gin_scorer.tournament.errors import TournamentError


class UserError(Exception):
    """A problem the user can fix (bad input, missing file); printed without a traceback."""


REFUSALS: tuple[type[Exception], ...] = (
    UserError,
    ServiceError,
    StoreError,
    HandRecordError,
    RuleSetError,
    TournamentError,
)
"""Every exception that means "the input or the database said no", not a bug of ours: the
command line prints its sentence as one line and exits with status 2."""
