"""A round's pairings, by table or by name."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QVBoxLayout,
    QWidget,
)

from gin_scorer.gui.background import Operation, in_background
from gin_scorer.gui.i18n import translate
from gin_scorer.gui.queries import Reads
from gin_scorer.gui.rows_model import RowsModel
from gin_scorer.gui.views.base import make_table
from gin_scorer.gui.views.round_page import RoundPage
from gin_scorer.presentation.club_words import entrant_rating_text
from gin_scorer.presentation.columns import ColumnSpec, name_column
from gin_scorer.presentation.names import name_key
from gin_scorer.presentation.words import QT_TRANSLATE_NOOP
from gin_scorer.services.queries.ratings import entrant_ratings
from gin_scorer.services.support.database import Database
from gin_scorer.services.support.dto import EntrantView, EventView, MatchStatus, NameOrder
from gin_scorer.services.writes.rounds import NameLine, PairingView
from gin_scorer.tournament.ratings import Rating

Ratings = dict[int, tuple[Rating, ...]]

_STATUS_WORDS = {
    MatchStatus.PENDING: QT_TRANSLATE_NOOP("PairingsView", "pending"),
    MatchStatus.PLAYING: QT_TRANSLATE_NOOP("PairingsView", "playing"),
    MatchStatus.FINISHED: QT_TRANSLATE_NOOP("PairingsView", "finished"),
    MatchStatus.LOCKED: QT_TRANSLATE_NOOP("PairingsView", "locked"),
}

# Both lists' table column (a pairing and a name line each know their table; none: a bye,
# sorted last).
_TABLE_COLUMN = ColumnSpec(
    QT_TRANSLATE_NOOP("columns", "Table"),
    lambda row: str(row.table) if row.table is not None else translate("PairingsView", "bye"),
    lambda row: row.table if row.table is not None else 10**6,
)

Seat = Callable[[PairingView], EntrantView | None]


def _seat_column(header: str, seat: Seat, order: NameOrder, empty: str = "") -> ColumnSpec:
    """A seat's player, sorted by the name key of ``order`` (``empty``: no player there)."""

    def text(p: PairingView) -> str:
        entrant = seat(p)
        if entrant is not None:
            return entrant.name
        return translate("PairingsView", empty) if empty else ""

    def key(p: PairingView) -> str:
        entrant = seat(p)
        return name_key(entrant.name, order) if entrant is not None else ""

    return ColumnSpec(header, text, key, align_left=True)


_GAMES_COLUMN = ColumnSpec(
    QT_TRANSLATE_NOOP("columns", "Games"),
    lambda p: f"{p.games_a}–{p.games_b}" if p.hands else "",
    lambda p: p.games_a + p.games_b,
)
_STATUS_COLUMN = ColumnSpec(
    QT_TRANSLATE_NOOP("columns", "Status"),
    lambda p: translate("PairingsView", _STATUS_WORDS[p.status]),
    align_left=True,
)
_SEATS: tuple[tuple[str, Seat, str], ...] = (
    (QT_TRANSLATE_NOOP("columns", "A"), lambda p: p.a, ""),
    (
        QT_TRANSLATE_NOOP("columns", "B"),
        lambda p: p.b,
        QT_TRANSLATE_NOOP("PairingsView", "— bye —"),
    ),
    (QT_TRANSLATE_NOOP("columns", "C"), lambda p: p.c, ""),  # a table of three's third player
)


def _opponents(line: NameLine) -> str:
    """Who an entrant plays: one opponent, both at a table of three, or the bye."""
    if line.second_opponent:
        return translate("PairingsView", "{0} and {1}").format(line.opponent, line.second_opponent)
    return line.opponent or translate("PairingsView", "— bye —")


def by_name_columns(order: NameOrder = NameOrder.SURNAME) -> list[ColumnSpec]:
    """The round by name, the names sorted by ``order`` (decision 0024)."""
    return [
        name_column(QT_TRANSLATE_NOOP("columns", "Name"), order),
        _TABLE_COLUMN,
        ColumnSpec(QT_TRANSLATE_NOOP("columns", "Opponent"), _opponents, align_left=True),
        ColumnSpec(QT_TRANSLATE_NOOP("columns", "Seat"), lambda n: n.side),
    ]


def _winner(p: PairingView) -> str:
    """A finished table of three's winner, by name."""
    return next((e.name for e in p.players if e.id == p.winner), "")


# A table of three: its winner instead of two sides' games.
_WINNER_COLUMN = ColumnSpec(QT_TRANSLATE_NOOP("columns", "Winner"), _winner, align_left=True)


def _rating_column(
    ratings: Ratings, seat: Callable[[PairingView], EntrantView | None]
) -> ColumnSpec:
    """A seat's rating as the event began, sorted by its strength."""

    def rating(p: PairingView) -> str:
        entrant = seat(p)
        return entrant_rating_text(ratings.get(entrant.id, ())) if entrant is not None else ""

    def strength(p: PairingView) -> float:
        entrant = seat(p)
        found = ratings.get(entrant.id, ()) if entrant is not None else ()
        return found[0].rating if found else 0.0

    tip = QT_TRANSLATE_NOOP("columns", "The rating as the event began (? = provisional)")
    return ColumnSpec(QT_TRANSLATE_NOOP("columns", "Rating"), rating, strength, tooltip=tip)


def rated_columns(
    ratings: Ratings, *, three: bool = False, order: NameOrder = NameOrder.SURNAME
) -> list[ColumnSpec]:
    """The pairing columns with each side's rating as the event began beside its name (as
    chess pairing lists print them); the plain columns when nobody has a rating yet. Tables
    of three (``three``) add their third player and say their winner instead of games. The
    players sort by the name key of ``order``."""
    seats: list[ColumnSpec] = []
    for header, seat, empty in _SEATS[: 3 if three else 2]:
        seats.append(_seat_column(header, seat, order, empty))
        if ratings:
            seats.append(_rating_column(ratings, seat))
    return [_TABLE_COLUMN, *seats, _WINNER_COLUMN if three else _GAMES_COLUMN, _STATUS_COLUMN]


class PairingsView(RoundPage):
    def __init__(
        self, db: Database, parent: QWidget | None = None, *, reads: Reads | None = None
    ) -> None:
        super().__init__(db, parent, reads=reads)
        # Ratings as each event began, read once per event off the UI thread (the whole
        # club's history is folded for them).
        self._ratings: dict[int, Ratings] = {}
        self._rating_jobs: dict[int, Operation[Ratings]] = {}
        self.by_table = RowsModel(rated_columns({}), self)
        self.by_name = RowsModel(by_name_columns(), self)
        self.table_view = make_table(self.by_table)
        self.table_view.setAccessibleName(translate("PairingsView", "Pairings by table"))
        self.table_view.setObjectName("pairingsByTable")
        self.name_view = make_table(self.by_name)
        self.name_view.setAccessibleName(translate("PairingsView", "Pairings by name"))
        self._open_from(self.table_view)
        self._open_from(self.name_view)
        self.name_view.setObjectName("pairingsByName")
        self.name_view.sortByColumn(0, Qt.SortOrder.AscendingOrder)
        tables = QHBoxLayout()
        left = QVBoxLayout()
        left.addWidget(QLabel(translate("PairingsView", "<b>By table</b>")))
        left.addWidget(self.table_view)
        right = QVBoxLayout()
        right.addWidget(QLabel(translate("PairingsView", "<b>By name</b>")))
        right.addWidget(self.name_view)
        tables.addLayout(left, 3)
        tables.addLayout(right, 2)
        layout = QVBoxLayout(self)
        layout.addLayout(self.top)
        layout.addLayout(tables, 1)
        layout.addWidget(self.note)

    def read_lines(
        self, db: Database, event: EventView, number: int
    ) -> tuple[tuple[PairingView, ...], tuple[NameLine, ...], NameOrder]:
        from gin_scorer.services.support.name_order import name_order
        from gin_scorer.services.writes.rounds import pairings, pairings_by_name

        lines = pairings(db, event.id, number)
        return lines, pairings_by_name(lines), name_order(db)

    def show_lines(self, number: int, lines: Any) -> None:
        pairs: tuple[PairingView, ...]
        names: tuple[NameLine, ...]
        pairs, names, order = lines
        event_id = self.shown_event.id if self.shown_event is not None else None
        if event_id is not None and event_id not in self._ratings:
            self._read_ratings(event_id)
        three = any(p.c is not None for p in pairs)
        ratings = self._ratings.get(event_id, {}) if event_id is not None else {}
        self.by_table.set_rows(pairs, rated_columns(ratings, three=three, order=order))
        self.by_name.set_rows(names, by_name_columns(order))
        self.title.setText(translate("PairingsView", "Pairings — round {0}").format(number))
        byes = sum(1 for p in pairs if p.is_bye)
        self.note.setStyleSheet("")
        self.note.setText(
            translate("PairingsView", "{0} tables").format(len(pairs) - byes)
            + (translate("PairingsView", ", {0} bye").format(byes) if byes else "")
        )

    def _read_ratings(self, event_id: int) -> None:
        self._ratings[event_id] = {}  # asked once: a failure leaves the plain columns

        def done(ratings: Ratings) -> None:
            self._ratings[event_id] = ratings
            shown = self.shown_event
            if ratings and shown is not None and shown.id == event_id:
                self.refresh()  # the pairings again, with each side's rating

        self._rating_jobs[event_id] = in_background(
            lambda _report: entrant_ratings(self.db, event_id),
            on_done=done,
            on_error=lambda _error: None,  # the pairings stand without ratings
            parent=self,
        )
