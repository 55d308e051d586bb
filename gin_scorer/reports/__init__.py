"""Printouts as PDF (reportlab): one module per document over a shared page template.

The GUI's Reports menu and the ``report`` command both call :func:`build` with a kind's own
request (:func:`request_for` makes one from the kind's name and flat options); each report kind
is one function in :mod:`.kinds`, which reads the services and takes its texts from
:mod:`gin_scorer.presentation`.
"""

from gin_scorer.reports.build import KINDS, build
from gin_scorer.reports.request import ReportError, ReportRequest, request_for

__all__ = ["KINDS", "ReportError", "ReportRequest", "build", "request_for"]
