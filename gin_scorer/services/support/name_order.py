"""The order every list of players is in (decision 0024): a setting of the database, so that
every station, the room and every printout list the same way.

A display setting: changing it asks no PIN and is not sealed or audited (like the backup
schedule), and a value this version does not know reads as the default.
"""

from __future__ import annotations

from gin_scorer.services.support.dto import NameOrder
from gin_scorer.store.database import Database
from gin_scorer.store.settings import get_setting, set_setting

NAME_ORDER = "names.order"
"""The key of the setting in the ``setting`` table."""


def read_name_order(value: str | None) -> NameOrder:
    """The stored text read as an order (the default, by surname, when unset or unknown).

    >>> [read_name_order(v).name for v in ("as-typed", "surname", None, "shoe size")]
    ['AS_TYPED', 'SURNAME', 'SURNAME', 'SURNAME']
    """
    try:
        return NameOrder(value)
    except ValueError:
        return NameOrder.SURNAME


def name_order(db: Database) -> NameOrder:
    """How this database's lists of players are ordered."""
    with db.transaction(write=False) as session:
        return read_name_order(get_setting(session, NAME_ORDER))


def set_name_order(db: Database, order: NameOrder) -> NameOrder:
    """List this database's players by ``order`` from now on; returns it."""
    with db.transaction() as session:
        set_setting(session, NAME_ORDER, order.value)
    return order
