"""The seal: a hash chain over every fact a standing is computed from.

This module is being built (issue 13). The contract the services rely on already holds:

- :func:`authorize` — a service calls it inside a transaction after it has checked a PIN,
  naming the guard whose PIN allowed the action (``"database"`` for the database-wide
  director PIN, ``"event:<id>"`` for an event's PIN). The seal then keys that transaction's
  link with a secret derived from the PIN, so nobody without it can forge a director action.
"""

from __future__ import annotations

from sqlalchemy.orm import Session

AUTHORIZATIONS = "seal_authorizations"


def authorize(session: Session, guard: str, pin: str) -> None:
    """Record that ``pin`` (already checked against ``guard``'s stored hash) allowed what this
    transaction does. Call it once per guard per transaction, after the PIN check passed."""
    granted: dict[str, str] = session.info.setdefault(AUTHORIZATIONS, {})
    granted[guard] = pin
