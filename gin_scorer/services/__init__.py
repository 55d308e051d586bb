"""The application services: the one way in for the GUI, the CLI, the room and the tests.

Every public function takes a :class:`~gin_scorer.store.database.Database` first, runs ONE
transaction, writes an audit entry for every change, and returns frozen values from
:mod:`.support.dto` (never ORM objects). Totals are never stored: every sheet, result and
standing is recomputed from the append-only hand log by the core's ledgers.

In three parts (decision 0033), kept apart by import-linter:

- :mod:`.writes` — the write use cases (events, entrants, matches, hands, results, rounds'
  pairing, exchange, backups, the demo ...); they may use the other two parts;
- :mod:`.queries` — the reads (facts, views, sheets, standings, the room's reading, verify);
  they import no write;
- :mod:`.support` — what both share (rows, stored JSON, authority, the audit trail, errors,
  the frozen values, the database's front door, the seal); it imports neither.

Refusals a person can fix are :class:`.support.errors.ServiceError` (``NotFound``,
``InvalidInput``, ``RowsRejected``, ``HandRejected``) or the store's ``ConflictError`` /
``PinError``.
"""
