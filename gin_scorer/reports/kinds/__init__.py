"""One module per report kind: each reads the services and hands what a person reads (from
:mod:`gin_scorer.presentation`) to the document module that lays it out.

Each exposes its ``make_<kind>(db, out, options)`` functions; :mod:`gin_scorer.reports.build`
holds the registry from kind to function.
"""
