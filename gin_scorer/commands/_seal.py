"""The seal as the command line prints it: the last line of ``standings``, ``match sheet`` and
``round status`` (a ``seal`` field with ``--json``), so a director can note it beside the
figures and prove later with ``gin-scorer verify --seal CODE`` that they have not changed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gin_scorer.presentation.words import translate
from gin_scorer.services.support.seal import current_seal

if TYPE_CHECKING:
    from gin_scorer.services.support.database import Database


def seal_of(db: Database) -> str | None:
    """The database's current seal; ask it after reading what is printed, so it covers it."""

    return current_seal(db)


def seal_text(seal: str | None) -> str:
    """The last line printed.

    >>> seal_text("4127-K3M9-QX2P-7TAB")
    'seal: 4127-K3M9-QX2P-7TAB'
    >>> seal_text(None)
    'seal: none yet'
    """
    if not seal:
        return translate("cli", "seal: none yet")
    return translate("cli", "seal: {0}").format(seal)
