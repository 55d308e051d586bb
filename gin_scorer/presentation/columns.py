"""A column a person reads, described once for every table front end: its heading, the text
of each cell, the key it sorts by, which side it leans to and what its heading explains.

The app's :class:`~gin_scorer.gui.rows_model.RowsModel` shows rows through these; a web page
or a terminal table can read the same specs, so a column means the same thing everywhere.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from gin_scorer.presentation.names import name_key
from gin_scorer.presentation.words import translate
from gin_scorer.services.support.dto import NameOrder

HEADINGS = "columns"
"""The translation context of every column's heading and explanation: mark each with
``QT_TRANSLATE_NOOP("columns", …)``, written out (lupdate reads the literal)."""


def headings(names: Sequence[str]) -> list[str]:
    """Column names kept in a list (marked ``QT_TRANSLATE_NOOP("columns", …)``), each in the
    reader's language."""
    return [translate(HEADINGS, name) for name in names]


@dataclass(frozen=True)
class ColumnSpec:
    """One column over rows of any frozen value (``Any``: a spec list serves one row type).

    >>> ColumnSpec("Name", lambda r: r.upper()).text("ann")
    'ANN'
    """

    header: str  # in English, marked for the template; front ends show :attr:`heading`
    text: Callable[[Any], str]
    sort: Callable[[Any], object] | None = None  # default: the text
    align_left: bool = False
    tooltip: str = ""  # the same: front ends show :attr:`explanation`
    tooltip_values: tuple[object, ...] = ()  # what fills the tooltip's {0} fields

    @property
    def heading(self) -> str:
        """The heading in the reader's language."""
        return translate(HEADINGS, self.header)

    @property
    def explanation(self) -> str:
        """What the heading means, in the reader's language ("" when it says it all)."""
        if not self.tooltip:
            return ""
        return translate(HEADINGS, self.tooltip).format(*self.tooltip_values)


def name_column(header: str, order: NameOrder = NameOrder.SURNAME) -> ColumnSpec:
    """The column of each row's ``name``, sorted by the name key of ``order`` (decision 0024:
    by surname unless the director chose the names as typed).

    >>> from types import SimpleNamespace
    >>> column = name_column("Name")
    >>> ann, zoe = SimpleNamespace(name="Ann Zeller"), SimpleNamespace(name="Zoë Abbott")
    >>> column.text(ann), column.sort(ann) > column.sort(zoe)
    ('Ann Zeller', True)
    """
    return ColumnSpec(
        header, lambda row: row.name, lambda row: name_key(row.name, order), align_left=True
    )
