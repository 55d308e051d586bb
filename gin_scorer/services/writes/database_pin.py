"""The database-wide director PIN: it opens every event and guards restores.

Because it opens every event, setting it is guarded like a restore: the current database
PIN when one is set, else the PIN of every event that has one (otherwise anyone could set a
database PIN of their own and then use it to change a finished event guarded by another).
"""

from __future__ import annotations

from collections.abc import Sequence

from gin_scorer.core.wording import words_of
from gin_scorer.services.support.authority import DatabaseAction, require_whole_database
from gin_scorer.services.support.errors import PinError
from gin_scorer.store import audit
from gin_scorer.store import pin as store_pins
from gin_scorer.store.database import Database
from gin_scorer.store.errors import PinError as StorePinError
from gin_scorer.store.settings import DIRECTOR_PIN, pin_guards_in, set_setting


def is_guarded(db: Database) -> bool:
    """Whether any PIN guards the database (its own, or an event's): then changing its PIN
    or replacing it needs one, and a front end may ask for it before anything else."""
    with db.transaction(write=False) as session:
        guards = pin_guards_in(session)
    return bool(guards.database or guards.events)


def set_database_pin(
    db: Database, new_pin: str | None, *, pins: Sequence[str] = (), actor: str | None = None
) -> bool:
    """Set, change or (``new_pin=None``) clear the database PIN; ``pins`` are the PINs that
    guard the database now (see the module). Returns whether a PIN is set afterwards."""
    new_hash = None
    if new_pin is not None:
        try:
            new_hash = store_pins.hash_pin(new_pin)
        except StorePinError as error:
            raise PinError(words_of(error), askable=False) from None
    with db.transaction() as session:
        guards = pin_guards_in(session)
        pinned = require_whole_database(
            guards, pins, DatabaseAction.SET_DATABASE_PIN, session=session
        )
        set_setting(session, DIRECTOR_PIN, new_hash)
        audit.append(
            session,
            actor or db.station,
            "director_pin_set" if new_hash else "director_pin_clear",
            "database",
            {"pin": pinned},
        )
    return new_hash is not None
