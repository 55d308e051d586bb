"""Queries: what the database says, read and derived (facts, views, sheets, standings,
the room's reading, verify). A query writes nothing and imports no write
(:mod:`gin_scorer.services.writes`); it uses :mod:`gin_scorer.services.support`
(import-linter: decision 0033)."""
