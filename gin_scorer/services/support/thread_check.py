"""A debug hook: the front end that has a thread no service may run on (the desk's GUI
thread, which must paint and answer keys) installs a check here, and every transaction a
service opens, on any database, calls it first.

The services know no Qt: the check is the front end's own callable, given the database the
transaction is on, and it decides (the desk's asks whether it runs on the GUI thread; the
desk's helpers ``wait_for`` and ``Reads`` run their calls on workers, so a call through them
never trips it). The desk installs one in its tests and when ``GIN_SCORER_WATCH_GUI_THREAD``
is set, and keeps where each call came from.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sqlalchemy import event
from sqlalchemy.orm import Session

Check = Callable[[object], None]
"""Called with the transaction's database (``None`` when it is not one of ours)."""

_CHECKS: list[Check] = []


def _began(session: Session, _transaction: Any, _connection: Any) -> None:
    database = session.info.get("database")
    for check in tuple(_CHECKS):
        check(database)


def install_check(check: Check) -> Callable[[], None]:
    """Call ``check`` at the start of every service transaction; returns its removal."""
    if not _CHECKS:
        event.listen(Session, "after_begin", _began)
    _CHECKS.append(check)

    def remove() -> None:
        if check in _CHECKS:
            _CHECKS.remove(check)
            if not _CHECKS:
                event.remove(Session, "after_begin", _began)

    return remove
