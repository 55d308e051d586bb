"""The projector: standings, pairings and the bracket in large type, page after page."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPushButton,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from gin_scorer.presentation.standings_table import (
    missing_points_note,
    points_text,
    standings_stage,
)
from gin_scorer.services.database import Database
from gin_scorer.services.rounds import PairingView
from gin_scorer.services.standings import StandingRow
from gin_scorer.tournament.model import Format

_BRACKET_PAGE = "\x00bracket"  # a projector page that shows the bracket, not text


def projector_seal_text(code: str | None) -> str:
    """The seal as the projector shows it, whole: players may note it from their seats.

    >>> projector_seal_text("4127-K3M9-QX2P-7TAB")
    'Seal 4127-K3M9-QX2P-7TAB'
    >>> projector_seal_text(None)
    ''
    """
    return f"Seal {code}" if code else ""


class ProjectorWindow(QWidget):
    """Full screen, large type, cycling the standings and the current round's pairings (and
    a knockout's bracket, scaled to the screen), with the database's seal in the bottom
    right corner of every page."""

    ROWS_PER_PAGE = 16

    def __init__(
        self, db: Database, event_id: int, seconds: int, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.db = db
        self.event_id = event_id
        self.setWindowTitle("Gin Scorer — projector")
        self.setStyleSheet("background: #101820; color: #f5f5f5;")
        self.heading = QLabel("")
        self.heading.setTextFormat(Qt.TextFormat.PlainText)  # names are text, not markup
        self.heading.setStyleSheet("font-size: 34pt; font-weight: bold; color: #ffd54f;")
        self.body = QLabel("")
        self.body.setTextFormat(Qt.TextFormat.RichText)
        self.body.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.body.setStyleSheet("font-size: 24pt;")
        from gin_scorer.gui.bracket_canvas import BracketCanvas

        # A knockout's bracket, scaled to the screen (white boxes read well on the dark page).
        self.bracket = BracketCanvas(fit=True)
        self.body_stack = QStackedWidget()
        self.body_stack.addWidget(self.body)
        self.body_stack.addWidget(self.bracket)
        self.footer = QLabel("Esc closes · → next page")
        self.footer.setStyleSheet("font-size: 12pt; color: #90a4ae;")
        # Large enough to read from the back of the room, in the footer's muted grey-blue so
        # it does not compete with the standings; refreshed with every reload of the pages.
        self.seal = QLabel("")
        self.seal.setObjectName("projectorSeal")
        self.seal.setStyleSheet("font-size: 18pt; font-weight: bold; color: #78909c;")
        self.seal.setToolTip(
            "The seal of what is shown: “gin-scorer verify --seal CODE” "
            "proves nothing recorded before it has changed"
        )
        close = QPushButton("Close")
        close.clicked.connect(self.close)
        close.setStyleSheet("color: #101820; background: #cfd8dc;")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(40, 30, 40, 20)
        layout.addWidget(self.heading)
        layout.addWidget(self.body_stack, 1)
        bottom = QHBoxLayout()
        bottom.addWidget(self.footer, 1)
        bottom.addWidget(self.seal)
        bottom.addSpacing(24)
        bottom.addWidget(close)
        layout.addLayout(bottom)
        self.pages: list[tuple[str, str]] = []
        self.page = 0
        self.timer = QTimer(self)
        self.timer.setInterval(seconds * 1000)
        self.timer.timeout.connect(self.next_page)
        self.reload()
        self.timer.start()

    def reload(self) -> None:
        from gin_scorer.services.errors import ServiceError
        from gin_scorer.services.events import get_event
        from gin_scorer.services.matches import list_matches
        from gin_scorer.services.rounds import list_rounds, pairings
        from gin_scorer.services.standings import bracket, standings

        pages: list[tuple[str, str]] = []
        try:
            event = get_event(self.db, self.event_id)
            rows = standings(self.db, self.event_id)
            rounds = list_rounds(self.db, self.event_id)
            lines: tuple[PairingView, ...] = (
                pairings(self.db, self.event_id, rounds[-1].number) if rounds else ()
            )
            knockout = (
                bracket(self.db, self.event_id) if Format(event.format).is_elimination else None
            )
            stage = standings_stage(list_matches(self.db, self.event_id)).lower()
        except ServiceError as error:
            self.pages = [("Gin Scorer", f"✖ {error}")]
            self.show_page(0)
            return
        self.show_seal()  # read after the pages' data, so it covers everything shown
        self.bracket.show_bracket(knockout)
        if knockout is not None:
            pages.append((f"{event.name} — bracket", _BRACKET_PAGE))
        pages += _standings_pages(f"{event.name} — standings {stage}", rows, self.ROWS_PER_PAGE)
        if rounds:
            title = f"{event.name} — round {rounds[-1].number} pairings"
            pages += _pairings_pages(title, lines, self.ROWS_PER_PAGE)
        self.pages = pages or [(event.name, "Nothing to show yet.")]
        self.show_page(min(self.page, len(self.pages) - 1))

    def show_seal(self) -> None:
        from gin_scorer.services.seal import current_seal

        self.seal.setText(projector_seal_text(current_seal(self.db)))

    def show_page(self, page: int) -> None:
        self.page = page
        heading, body = self.pages[page]
        self.heading.setText(heading)
        if body == _BRACKET_PAGE:
            self.body_stack.setCurrentWidget(self.bracket)
        else:
            self.body.setText(body)
            self.body_stack.setCurrentWidget(self.body)
        self.footer.setText(f"page {page + 1} of {len(self.pages)} · Esc closes · → next page")

    def next_page(self) -> None:
        if self.page + 1 >= len(self.pages):
            self.reload()  # fresh results at the start of every cycle
            self.show_page(0)
        else:
            self.show_page(self.page + 1)

    def keyPressEvent(self, event: object) -> None:
        key = event.key()  # type: ignore[attr-defined]
        if key == Qt.Key.Key_Escape:
            self.close()
        elif key in (Qt.Key.Key_Right, Qt.Key.Key_Space, Qt.Key.Key_PageDown):
            self.next_page()
        else:
            super().keyPressEvent(event)  # type: ignore[arg-type]


def _standings_pages(title: str, rows: Sequence[StandingRow], n: int) -> list[tuple[str, str]]:
    """The standings, ``n`` rows a page, headed; names are text, not markup (escaped)."""
    pages = []
    for start in range(0, max(len(rows), 1), n):
        chunk = rows[start : start + n]
        html = (
            "<table cellspacing=0 cellpadding=6 width='100%'>"
            "<tr><th align=left>Place</th><th align=left>Entrant</th>"
            "<th align=right>W–L</th><th align=right>Points ±</th></tr>"
            + "".join(
                f"<tr><td width=90>{r.place_label}</td><td>{escape(r.entrant.name)}</td>"
                f"<td align=right>{r.match_wins}–{r.match_losses}</td>"
                f"<td align=right>{points_text(r.point_differential, r.points_missing)}"
                "</td></tr>"
                for r in chunk
            )
            + "</table>"
        )
        missing = missing_points_note(rows)
        if missing:  # the * beside a differential: say what it leaves out
            html += f"<p style='font-size: 16pt; color: #b0bec5'>{escape(missing)}</p>"
        pages.append((title, html))
    return pages


def _pairings_pages(title: str, lines: Sequence[PairingView], n: int) -> list[tuple[str, str]]:
    """The round's tables, ``n`` a page, headed; names escaped."""
    pages = []
    for start in range(0, len(lines), n):
        html = (
            "<table cellspacing=0 cellpadding=6 width='100%'>"
            "<tr><th align=left>Table</th><th align=left>A</th><th></th>"
            "<th align=left>B</th></tr>"
            + "".join(
                f"<tr><td width=120>{'T' + str(p.table) if p.table else 'bye'}</td>"
                f"<td>{escape(p.a.name)}</td><td>v</td>"
                f"<td>{escape(p.b.name) if p.b else '—'}</td></tr>"
                for p in lines[start : start + n]
            )
            + "</table>"
        )
        pages.append((title, html))
    return pages
