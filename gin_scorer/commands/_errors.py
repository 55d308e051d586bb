"""The command line's own refusal, beside the typed errors of the layers below.

:class:`UserError` lives here, not in ``cli.py``, so that the command modules never import
the module that imports them: ``cli`` → ``commands`` is the only direction. Every command
module imports it at start-up, so this module imports nothing heavy: the typed errors of the
layers below are loaded by :func:`refusals`, on the error path only (``gin-scorer --help``
stays fast).
"""

from __future__ import annotations


class UserError(Exception):
    """A problem the user can fix (bad input, missing file); printed without a traceback."""


def refusals() -> tuple[type[Exception], ...]:
    """Every exception that means "the input or the database said no", not a bug of ours:
    the command line prints its sentence as one line and exits with status 2."""
    from gin_scorer.core.hands import HandRecordError
    from gin_scorer.core.rules import RuleSetError
    from gin_scorer.services.errors import ServiceError, StoreError
    from gin_scorer.tournament.errors import TournamentError

    return (UserError, ServiceError, StoreError, HandRecordError, RuleSetError, TournamentError)
