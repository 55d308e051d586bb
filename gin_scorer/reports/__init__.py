"""Printouts as PDF (reportlab): one module per document over a shared page template.

The GUI's Reports menu and the ``report`` command both call :func:`build`.
"""

from gin_scorer.reports.build import KINDS, TITLES, ReportError, build

__all__ = ["KINDS", "TITLES", "ReportError", "build"]
