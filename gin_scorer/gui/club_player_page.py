"""A player's page in the app: the rating, the statistics from the hands, the two plots, and
the events, head-to-head and matches tables — the words the terminal and the printout use
(:mod:`gin_scorer.presentation.club_words`)."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QT_TRANSLATE_NOOP, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFormLayout,
    QHeaderView,
    QLabel,
    QScrollArea,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from gin_scorer.gui.i18n import translate
from gin_scorer.gui.zoom import sized_text
from gin_scorer.presentation import club_words as words
from gin_scorer.presentation.columns import headings
from gin_scorer.services.queries.player_record import PlayerRecord


def fill_table(
    table: QTableWidget,
    columns: Sequence[str],
    rows: Sequence[Sequence[str]],
    numeric: Sequence[int] = (),
) -> None:
    """Plain read-only rows in a table (right-aligned ``numeric`` columns)."""
    table.clear()
    table.setColumnCount(len(columns))
    table.setRowCount(len(rows))
    table.setHorizontalHeaderLabels(list(columns))
    for r, row in enumerate(rows):
        for c, text in enumerate(row):
            item = QTableWidgetItem(text)
            if c in numeric:
                item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            table.setItem(r, c, item)
    table.resizeColumnsToContents()


def read_only_table(name: str) -> QTableWidget:
    table = QTableWidget()
    table.setObjectName(name)
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.verticalHeader().setVisible(False)
    table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
    table.horizontalHeader().setStretchLastSection(True)
    return table


class PlayerPage(QScrollArea):
    """Shows one :class:`PlayerRecord` (or a hint while none is chosen)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("playerPage")
        self.setWidgetResizable(True)
        self.record: PlayerRecord | None = None
        self.show_record(None)

    def show_record(self, record: PlayerRecord | None) -> None:
        self.record = record
        body = QWidget()
        layout = QVBoxLayout(body)
        if record is None:
            hint = QLabel(translate("PlayerPage", "Choose a player on the left to see their page."))
            hint.setWordWrap(True)
            layout.addWidget(hint)
            layout.addStretch(1)
            self.setWidget(body)
            return
        from gin_scorer.gui.player_charts import rating_chart, results_chart

        heading = QLabel(words.player_heading(record))
        heading.setObjectName("playerHeading")
        sized_text(heading, 15, bold=True)
        layout.addWidget(heading)
        rating = QLabel(words.rating_line(record))
        rating.setObjectName("playerRating")
        layout.addWidget(rating)
        stats = QFormLayout()
        for label, value in words.statistics_lines(record):
            shown = QLabel(value)
            shown.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            stats.addRow(label + ":", shown)
        layout.addLayout(stats)
        if record.history:
            layout.addWidget(rating_chart(record.history))
        if record.events:
            layout.addWidget(results_chart(words.event_bars(record)))
        _tables(layout, record)
        self.setWidget(body)


def _tables(layout: QVBoxLayout, record: PlayerRecord) -> None:
    """The events, head-to-head and matches tables, each under its heading."""
    for title, name, columns, rows, numeric in (
        (
            QT_TRANSLATE_NOOP("PlayerPage", "Events"),
            "playerEvents",
            headings(words.EVENT_COLUMNS),
            words.event_cells(record),
            (2, 3, 4),
        ),
        (
            QT_TRANSLATE_NOOP("PlayerPage", "Head to head"),
            "playerHeadToHead",
            headings(words.HEAD_TO_HEAD_COLUMNS),
            words.head_to_head_cells(record),
            (1, 2),
        ),
        (
            QT_TRANSLATE_NOOP("PlayerPage", "Matches"),
            "playerMatches",
            headings(words.MATCH_COLUMNS),
            words.match_cells(record),
            (2, 5),
        ),
    ):
        if not rows:
            continue
        section = QLabel(translate("PlayerPage", str(title)))
        sized_text(section, 11, bold=True)
        table = read_only_table(name)
        fill_table(table, columns, rows, numeric)
        table.setMinimumHeight(min(320, 30 + 24 * len(rows)))
        layout.addWidget(section)
        layout.addWidget(table)
