"""The application services: the one way in for the GUI, the CLI and the tests.

Every public function takes a :class:`~gin_scorer.store.database.Database` first, runs ONE
transaction, writes an audit entry for every change, and returns frozen values from
:mod:`.dto` (never ORM objects). Totals are never stored: every sheet, result and standing is
recomputed from the append-only hand log by the core's ledgers.

- :mod:`.events` — create / list / get events, rules (frozen per match), settings, status, PIN
- :mod:`.entrants` — add (one or a batch, all or nothing), check in, withdraw, reinstate
- :mod:`.matches` — create matches, score sheets, lock / unlock results
- :mod:`.hands` — record, correct, void, undo hands (optimistic concurrency on the match)
- :mod:`.changes` — what other stations wrote since a marker (polling)
- :mod:`.exchange` — entrants CSV in; results, hands and whole events out (and events in)
- :mod:`.rounds`, :mod:`.standings` — pairing rounds and standings (the tournament engine)
- :mod:`.authority` — who may change what: the one table every writing service asks
- :mod:`.database_pin`, :mod:`.backups` — the database-wide PIN; back up and restore
- :mod:`.errors` — what the services refuse, one sentence each

Refusals a person can fix are :class:`.errors.ServiceError` (``NotFound``, ``InvalidInput``,
``RowsRejected``, ``HandRejected``) or the store's ``ConflictError`` / ``PinError``.
"""
