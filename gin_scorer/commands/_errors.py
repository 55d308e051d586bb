"""The command line's own refusal, beside the typed errors of the layers below.

:class:`UserError` lives here, not in ``cli.py``, so that the command modules never import
the module that imports them: ``cli`` → ``commands`` is the only direction. Every command
module imports it, and so does the command line's last net in ``cli.py``, so this module
imports nothing heavy: one base class names the typed errors of every layer below.
"""

from __future__ import annotations

from gin_scorer.core.wording import SaidError


class UserError(Exception):
    """A problem the user can fix (bad input, missing file); printed without a traceback."""


def refusals() -> tuple[type[Exception], ...]:
    """Every exception that means "the input or the database said no", not a bug of ours:
    the command line prints its sentence as one line and exits with status 2. Every error of
    the layers below that carries a sentence for a person is a
    :class:`~gin_scorer.core.wording.SaidError` (the services', the store's, the tournament
    engine's, the core's, the reports'), so one class names them all: a new one can never be
    mistaken for a fault again."""

    return (UserError, SaidError)
