"""Write use cases: each changes the database in one transaction, asks
:mod:`gin_scorer.services.support.authority` first and leaves an audit entry. Writes may read
through :mod:`gin_scorer.services.queries` and use :mod:`gin_scorer.services.support`; nothing
below imports them (import-linter: decision 0033)."""
