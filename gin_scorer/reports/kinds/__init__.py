"""One module per report kind: each reads the services and hands what a person reads (from
:mod:`gin_scorer.presentation`) to the document module that lays it out.

Each exposes its ``make_<kind>(db, out, request)`` functions, each reading its kind's own
frozen request (:mod:`gin_scorer.reports.request`); :mod:`gin_scorer.reports.build` holds the
registry from kind to function.
"""
