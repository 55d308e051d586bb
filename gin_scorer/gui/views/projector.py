"""The projector: the event on the wall in large type, page after page — the standings, the
round's tables, the round by name ("find your table"), a knockout's bracket — with the event's
name and round in every heading, the round clock, and the database's seal in the corner.

As many rows go on a page as the screen holds at a size read from the back of the room; the
pages turn by themselves, and the arrow keys turn them by hand (P pauses the turning).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from operator import attrgetter

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtGui import QFont, QFontMetrics, QKeyEvent, QResizeEvent
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from gin_scorer.gui.i18n import translate
from gin_scorer.gui.queries import Query, Reads
from gin_scorer.gui.round_clock import RoundClock
from gin_scorer.presentation.names import by_name
from gin_scorer.presentation.projector_pages import (
    Page,
    names_pages,
    standings_notes,
    standings_pages,
    tables_pages,
)
from gin_scorer.presentation.standings_stage import latest_round, standings_heading
from gin_scorer.presentation.words import error_text
from gin_scorer.services.queries.standings import BracketView, StandingRow
from gin_scorer.services.support.database import Database
from gin_scorer.services.support.dto import MatchView
from gin_scorer.services.writes.rounds import NameLine, PairingView, pairings_by_name
from gin_scorer.tournament.model import Format

_ROW_PADDING = 12  # a table row is its text and the cells' padding, in pixels
_FEWEST_ROWS = 6
# The type is sized from the screen's height: a line of text is about a 36th of it, as
# readable from the back of a hall on any screen, and as many rows a page whatever the
# desk's scaling (at 150 % a fixed 24 pt took half again as many of a 1080p screen's
# pixels: 9 rows a page). About 13 standings a page at 768 lines, 15 at 1080.
_LINES_A_SCREEN = 36
_SIZES = {"body": 1.0, "event": 0.8, "heading": 1.35, "clock": 1.1, "seal": 0.7, "note": 0.7}
# Players note the seal from their seats: never under 16 pt (21 px), on any screen.
_SEAL_LEAST_PX = 21
_FOOTER_SIZE = 0.5
_CLOCK_STYLE = "font-weight: bold; color: {colour};"
_CLOCK_COLOUR = "#80cbc4"  # teal: apart from the headings' gold; red (and "time") at the end


def projector_seal_text(code: str | None) -> str:
    """The seal as the projector shows it, whole: players may note it from their seats.

    >>> projector_seal_text("4127-K3M9-QX2P-7TAB")
    'Seal 4127-K3M9-QX2P-7TAB'
    >>> projector_seal_text(None)
    ''
    """
    return translate("ProjectorWindow", "Seal {0}").format(code) if code else ""


def standings_title(matches: Sequence[MatchView]) -> str:
    """ "Standings — after round 3", "Standings — during round 3" or "Standings — before
    round 1", as one sentence."""
    last, done = latest_round(matches)
    return standings_heading(last, complete=done)


@dataclass(frozen=True, slots=True)
class _Wall:
    """What the projector shows, read in one go on the worker (the seal read last, so it
    covers everything shown)."""

    name: str
    stage: str
    rows: tuple[StandingRow, ...]
    number: int | None
    lines: tuple[PairingView, ...]
    knockout: BracketView | None
    seal: str | None
    by_name: tuple[NameLine, ...] = ()  # the round by name, in the database's name order


def _read_wall(db: Database, event_id: int) -> _Wall:
    from gin_scorer.services.queries.standings import bracket, standings
    from gin_scorer.services.support.name_order import name_order
    from gin_scorer.services.support.seal import current_seal
    from gin_scorer.services.writes.events import get_event
    from gin_scorer.services.writes.matches import list_matches
    from gin_scorer.services.writes.rounds import list_rounds, pairings

    event = get_event(db, event_id)
    rows = standings(db, event_id)
    rounds = list_rounds(db, event_id)
    number = rounds[-1].number if rounds else None
    lines = pairings(db, event_id, number) if number else ()
    knockout = bracket(db, event_id) if Format(event.format).is_elimination else None
    stage = standings_title(list_matches(db, event_id))
    names = by_name(pairings_by_name(lines), attrgetter("name"), name_order(db))
    seal = current_seal(db)
    return _Wall(event.name, stage, rows, number, tuple(lines), knockout, seal, tuple(names))


class ProjectorWindow(QWidget):
    """Full screen, large type, turning through the event's pages (see the module)."""

    def __init__(
        self,
        db: Database,
        event_id: int,
        seconds: int,
        parent: QWidget | None = None,
        *,
        clock: RoundClock | None = None,
    ) -> None:
        super().__init__(parent)
        self.db = db
        self.event_id = event_id
        self.clock = clock
        self.setWindowTitle(translate("ProjectorWindow", "Gin Scorer — projector"))
        self.setStyleSheet("background: #101820; color: #f5f5f5;")
        self._build()
        self.reads = Reads(self)  # the pages' data, read on the worker
        self.size_type()
        self.pages: list[Page] = []
        self.page = 0
        self._data: tuple[str, str, tuple[StandingRow, ...], int | None, tuple[PairingView, ...]]
        self._data = ("", "", (), None, ())
        self._knockout = False
        self._by_name: tuple[NameLine, ...] = ()
        self.timer = QTimer(self)
        self.timer.setInterval(seconds * 1000)
        self.timer.timeout.connect(self.next_page)
        self.timer.start()
        if clock is not None:
            clock.ticked.connect(self._show_clock)
            self._show_clock()
        self.reload()

    def _build(self) -> None:
        # The event's name above every page, the page's own title under it in large type.
        self.event_label = QLabel("")
        self.event_label.setObjectName("projectorEvent")
        self.event_label.setTextFormat(Qt.TextFormat.PlainText)  # names are text, not markup
        self.event_label.setStyleSheet("color: #b0bec5;")
        self.heading = QLabel("")
        self.heading.setTextFormat(Qt.TextFormat.PlainText)
        self.heading.setWordWrap(True)  # a long title wraps; it never widens the window
        self.heading.setStyleSheet("font-weight: bold; color: #ffd54f;")
        self.clock_label = QLabel("")
        self.clock_label.setObjectName("projectorClock")
        self.clock_label.setStyleSheet(_CLOCK_STYLE.format(colour=_CLOCK_COLOUR))
        self.body = QLabel("")
        self.body.setTextFormat(Qt.TextFormat.RichText)
        self.body.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        # The page fits the screen, never the other way round: the text asks for no height,
        # and a long footnote wraps (unwrapped, it made the window 1413 px on a 1366 screen).
        self.body.setWordWrap(True)
        self.body.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Ignored)
        from gin_scorer.gui.bracket_canvas import BracketCanvas

        # A knockout's bracket, scaled to the screen (white boxes read well on the dark page).
        self.bracket = BracketCanvas(fit=True)
        self.body_stack = QStackedWidget()
        self.body_stack.addWidget(self.body)
        self.body_stack.addWidget(self.bracket)
        self.body_stack.installEventFilter(self)
        top = QHBoxLayout()
        top.addWidget(self.event_label, 1)
        top.addWidget(self.clock_label)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(40, 20, 40, 20)
        layout.addLayout(top)
        layout.addWidget(self.heading)
        layout.addWidget(self.body_stack, 1)
        layout.addLayout(self._build_bottom())
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)

    def _build_bottom(self) -> QHBoxLayout:
        """Under the page: where the pages are and how to turn them, the seal, Close."""
        self.footer = QLabel("")
        self.footer.setStyleSheet("color: #90a4ae;")
        self.footer.setWordWrap(True)
        # Large enough to read from the back of the room, in the footer's muted grey-blue so
        # it does not compete with the standings; refreshed with every reload of the pages.
        self.seal = QLabel("")
        self.seal.setObjectName("projectorSeal")
        self.seal.setStyleSheet("font-weight: bold; color: #78909c;")
        self.seal.setToolTip(
            translate(
                "ProjectorWindow",
                "The seal of what is shown: “gin-scorer verify --seal CODE” "
                "proves nothing recorded before it has changed",
            )
        )
        close = QPushButton(translate("ProjectorWindow", "Close"))
        close.clicked.connect(self.close)
        close.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # Space turns the page; it never closes
        close.setStyleSheet("color: #101820; background: #cfd8dc;")
        bottom = QHBoxLayout()
        bottom.addWidget(self.footer, 1)
        bottom.addWidget(self.seal)
        bottom.addSpacing(24)
        bottom.addWidget(close)
        return bottom

    # --- the pages ------------------------------------------------------------------------

    def reload(self) -> None:
        """Read the event afresh (at the start of every cycle) on the worker; its pages are
        laid out when the answer is back."""
        db, event_id = self.db, self.event_id
        self.reads.run(
            Query(
                "projector",
                lambda: _read_wall(db, event_id),
                self._show_wall,
                on_error=self._refused,
            )
        )

    def _show_wall(self, wall: _Wall) -> None:
        self.seal.setText(projector_seal_text(wall.seal))
        self.bracket.show_bracket(wall.knockout)
        self._knockout = wall.knockout is not None
        self._data = (wall.name, wall.stage, wall.rows, wall.number, wall.lines)
        self._by_name = wall.by_name
        self.paginate()

    def _refused(self, error: Exception) -> None:
        from gin_scorer.services.support.errors import ServiceError

        if not isinstance(error, ServiceError):
            raise error  # a fault of ours: the app's fault handler logs it and says so
        failed = translate("ProjectorWindow", "✖ {0}").format(error_text(error))
        self.pages = [Page(translate("ProjectorWindow", "Gin Scorer"), failed, "message")]
        self.show_page(0)

    def size_type(self) -> None:
        """Every text's size from the window's height (see ``_LINES_A_SCREEN``)."""
        unit = self.height() / _LINES_A_SCREEN
        labels = {
            "body": self.body,
            "event": self.event_label,
            "heading": self.heading,
            "clock": self.clock_label,
            "seal": self.seal,
        }
        for key, label in labels.items():
            font = QFont(label.font())
            least = _SEAL_LEAST_PX if key == "seal" else 12
            font.setPixelSize(max(least, round(unit * _SIZES[key])))
            label.setFont(font)
        font = QFont(self.footer.font())
        font.setPixelSize(max(12, round(unit * _FOOTER_SIZE)))
        self.footer.setFont(font)
        self.note_px = max(12, round(unit * _SIZES["note"]))
        layout = self.layout()
        if layout is not None:  # the headings' new heights, so the body's is known now
            layout.activate()

    def note_style(self) -> str:
        return f"font-size: {self.note_px}px; color: #b0bec5"

    def rows_per_page(self) -> int:
        """How many rows of the body's type fit the body's height (never fewer than six),
        below the column headings and above the notes, wrapped to the body's width."""
        line = QFontMetrics(self.body.font()).lineSpacing() + _ROW_PADDING
        note_font = QFont(self.body.font())
        note_font.setPixelSize(self.note_px)
        metrics = QFontMetrics(note_font)
        width = max(1, self.body.width())
        notes = 0
        for note in standings_notes(self._data[2]):
            lines = -(-metrics.horizontalAdvance(note) // width) + 1  # wrapped, with room
            notes += lines * metrics.lineSpacing() + metrics.height()  # and the gap above
        taken = 1 + -(-notes // line)  # the headings, and the notes in rows
        return max(_FEWEST_ROWS, self.body_stack.height() // line - taken)

    def paginate(self) -> None:
        """The pages for the data read last, as many rows a page as fit now."""
        name, stage, rows, number, lines = self._data
        per_page = self.rows_per_page()
        self.event_label.setText(name)
        pages: list[Page] = []
        if self._knockout:
            pages.append(Page(translate("ProjectorWindow", "Bracket"), "", "bracket"))
        pages += standings_pages(stage, rows, per_page, note_style=self.note_style())
        if number is not None:
            find = translate("ProjectorWindow", "Round {0}: find your table").format(number)
            pages += names_pages(find, self._by_name, per_page)
            heading = translate("ProjectorWindow", "Round {0} pairings").format(number)
            pages += tables_pages(heading, lines, per_page)
        nothing = translate("ProjectorWindow", "Nothing to show yet.")
        self.pages = pages or [Page(name, nothing, "message")]
        self.show_page(min(self.page, len(self.pages) - 1))

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.size_type()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """The pages made again whenever the body's room changes (the screen, or the
        headings' type above it): a larger screen holds more rows a page."""
        if watched is self.body_stack and event.type() == QEvent.Type.Resize and self._data[0]:
            self.paginate()
        return super().eventFilter(watched, event)

    def show_page(self, page: int) -> None:
        if not self.pages:  # the first reading is not back yet: nothing to turn to
            return
        self.page = page
        shown = self.pages[page]
        self.heading.setText(shown.heading)
        if shown.kind == "bracket":
            self.body_stack.setCurrentWidget(self.bracket)
        else:
            self.body.setText(shown.body)
            self.body_stack.setCurrentWidget(self.body)
        turning = (
            translate("ProjectorWindow", "turning by itself")
            if self.timer.isActive()
            else translate("ProjectorWindow", "paused (P turns again)")
        )
        self.footer.setText(
            translate(
                "ProjectorWindow", "page {0} of {1} · {2} · ← → pages · P pause · Esc closes"
            ).format(page + 1, len(self.pages), turning)
        )

    def next_page(self) -> None:
        if self.page + 1 >= len(self.pages):
            self.reload()  # fresh results at the start of every cycle
            self.show_page(0)
        else:
            self.show_page(self.page + 1)

    def previous_page(self) -> None:
        if self.pages:
            self.show_page((self.page - 1) % len(self.pages))

    def toggle_turning(self) -> None:
        """P: stop turning by itself (a director explaining a page), or start again."""
        if self.timer.isActive():
            self.timer.stop()
        else:
            self.timer.start()
        self.show_page(self.page)

    def _show_clock(self) -> None:
        if self.clock is not None:
            text = self.clock.text()
            left = self.clock.seconds_left()
            colour = "#ef5350" if left is not None and left <= 0 else _CLOCK_COLOUR
            self.clock_label.setStyleSheet(_CLOCK_STYLE.format(colour=colour))
            self.clock_label.setText(text)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        turns = {
            Qt.Key.Key_Right: self.next_page,
            Qt.Key.Key_Space: self.next_page,
            Qt.Key.Key_PageDown: self.next_page,
            Qt.Key.Key_Left: self.previous_page,
            Qt.Key.Key_PageUp: self.previous_page,
            Qt.Key.Key_Backspace: self.previous_page,
            Qt.Key.Key_Home: lambda: self.show_page(0),
            Qt.Key.Key_P: self.toggle_turning,
            Qt.Key.Key_Escape: self.close,
        }
        action = turns.get(Qt.Key(key))
        if action is None:
            super().keyPressEvent(event)
        else:
            action()
