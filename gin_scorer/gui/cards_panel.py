"""The cards panel: both hands typed or clicked, the best arrangement, layoffs and problems.

Used for disputes and verified events. It reads the declared hand from the entry line (who
knocked, the counts), shows live what the cards say, lists every problem in plain words in red
WITH an icon, and asks to save the hand with its cards; the controller then records it, asking
for the director's override and reason when the core refuses it.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QBoxLayout,
    QButtonGroup,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QRadioButton,
    QStyle,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from gin_scorer.core.cards import Card, Rank, Suit, format_cards, parse_cards
from gin_scorer.core.hands import HandRecord, Side
from gin_scorer.core.rules import RuleSet
from gin_scorer.gui.i18n import translate
from gin_scorer.gui.tones import Tone, colour, tone
from gin_scorer.gui.zoom import sized_like, sized_text
from gin_scorer.presentation.cards_analysis import CardsAnalysis, analyse_cards
from gin_scorer.presentation.words import say

_SUIT_ROWS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
CARD_GRID_ROWS = len(_SUIT_ROWS)  # the card grid is made a row at a time (grow_grid)


def card_html(card: Card) -> str:
    """A card with its suit symbol, red for ♥♦ and black for ♠♣."""
    shade = tone(Tone.RED_SUIT if card.suit.is_red else Tone.BLACK_SUIT)
    return f'<span style="color:{shade}">{card}</span>'


def cards_html(cards: tuple[Card, ...] | list[Card]) -> str:
    return " ".join(card_html(c) for c in cards) or "—"


class CardsPanel(QWidget):
    save_requested = Signal(object)  # HandRecord with cards
    grid_made = Signal()  # the card grid is whole (see grow_grid)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.rules = RuleSet()
        self.names: tuple[str, str] = ("A", "B")
        self.declared: HandRecord | None = None
        self.analysis = CardsAnalysis()

        self.declared_label = QLabel("")
        self.declared_label.setStyleSheet("font-weight: bold;")
        self.knocker_label = QLabel(translate("CardsPanel", "Knocker’s cards:"))
        self.knocker_edit = QLineEdit()
        self.knocker_edit.setObjectName("knockerCards")
        self.knocker_edit.setPlaceholderText(translate("CardsPanel", "e.g. 7h 8h 9h Kc Kd Ks …"))
        self.defender_label = QLabel(translate("CardsPanel", "Defender’s cards:"))
        self.defender_edit = QLineEdit()
        self.defender_edit.setObjectName("defenderCards")
        self.defender_edit.setPlaceholderText(
            translate("CardsPanel", "ten cards, e.g. Qh Qs Qd 10h …")
        )
        self.knocker_label.setBuddy(self.knocker_edit)  # read out with the field
        self.defender_label.setBuddy(self.defender_edit)
        for edit in (self.knocker_edit, self.defender_edit):
            sized_text(edit, 12, monospace=True)
            edit.textChanged.connect(self.refresh)

        self._build_targets()
        grid_box = self._build_card_grid()
        self._build_results()
        self._lay_out(grid_box)
        self.setTabOrder(self.knocker_edit, self.defender_edit)
        self.setTabOrder(self.defender_edit, self.save_button)
        self.refresh()

    def _build_targets(self) -> None:
        """Where a clicked card goes: the knocker's hand or the defender's."""
        self.target_group = QButtonGroup(self)
        self.to_knocker = QRadioButton(translate("CardsPanel", "clicks go to the knocker"))
        self.to_defender = QRadioButton(translate("CardsPanel", "to the defender"))
        self.to_knocker.setChecked(True)
        self.target_group.addButton(self.to_knocker)
        self.target_group.addButton(self.to_defender)

    def _build_card_grid(self) -> QGroupBox:
        """The box of the card grid, its buttons made a suit at a time (:meth:`grow_grid`):
        52 buttons with their style sheets were most of the time the score sheet's page
        took to make, while the window stood still; on a laptop's screen the panel starts
        folded away. Whatever shows the panel, or asks for its buttons, gets them all."""
        grid_box = QGroupBox(translate("CardsPanel", "Click cards"))
        # The buttons' text size is their holder's, which zooming scales: a button made
        # after the zoom was applied takes it (a style sheet stops a font being inherited).
        self._grid_holder = QWidget()
        sized_text(self._grid_holder, 10)
        QVBoxLayout(grid_box).addWidget(self._grid_holder)
        self._grid = QGridLayout(self._grid_holder)
        self._grid.setContentsMargins(0, 0, 0, 0)
        self._grid.setSpacing(2)
        self._buttons: dict[Card, QToolButton] = {}
        self._suits_to_make = list(_SUIT_ROWS)
        return grid_box

    def grow_grid(self) -> None:
        """The next suit's row of the card grid (nothing once it is whole); the grid, whole,
        says so (``grid_made``): the panel's width changes with it."""
        if not self._suits_to_make:
            return
        suit = self._suits_to_make.pop(0)
        row = _SUIT_ROWS.index(suit)
        shade = tone(Tone.RED_SUIT if suit.is_red else Tone.BLACK_SUIT)
        sheet = (
            f"QToolButton {{ color: {shade}; padding: 0px; }}"
            f"QToolButton:checked {{ background: {tone(Tone.CHOSEN_CARD)};"
            f" border: 2px solid {tone(Tone.WARNING)}; font-weight: bold; }}"
        )
        in_hands = set(self.analysis.knocker_cards) | set(self.analysis.defender_cards)
        for column, rank in enumerate(Rank):
            card = Card(rank, suit)
            button = QToolButton(self._grid_holder)
            sized_like(button, self._grid_holder)
            button.setText(str(card))
            button.setCheckable(True)
            button.setChecked(card in in_hands)
            button.setMinimumWidth(33)
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # tab order stays on the fields
            button.setToolTip(translate("CardsPanel", "{0} ({1})").format(card, card.code))
            button.setStyleSheet(sheet)
            button.clicked.connect(lambda _=False, c=card: self.toggle_card(c))
            self._grid.addWidget(button, row, column)
            button.show()  # made while the panel shows (showEvent): in sight now, not later
            self._buttons[card] = button
        if not self._suits_to_make:
            self.grid_made.emit()

    def make_grid(self) -> None:
        """The card grid whole now (what is left of it)."""
        while self._suits_to_make:
            self.grow_grid()

    @property
    def card_buttons(self) -> dict[Card, QToolButton]:
        """One button per card, a row per suit, coloured as on the table (all made now)."""
        self.make_grid()
        return self._buttons

    def showEvent(self, event: QShowEvent) -> None:
        self.make_grid()  # shown, the grid is whole at its first paint
        super().showEvent(event)

    def _build_results(self) -> None:
        """What the cards show (melds, layoffs, deadwood), the problems, and Save."""
        self.analysis_label = QLabel("")
        self.analysis_label.setObjectName("cardsAnalysis")
        self.analysis_label.setTextFormat(Qt.TextFormat.RichText)
        self.analysis_label.setWordWrap(True)
        sized_text(self.analysis_label, 12)
        self.problems = QListWidget()
        self.problems.setAccessibleName(translate("CardsPanel", "What the cards do not agree with"))
        self.problems.setObjectName("cardProblems")
        self.problems.setMaximumHeight(130)
        self.save_button = QPushButton(translate("CardsPanel", "Save hand with cards"))
        self.save_button.clicked.connect(self._save)

    def _lay_out(self, grid_box: QGroupBox) -> None:
        """The inputs (who, the cards, the grid) above what they show; side by side instead
        when the panel sits under the sheet (:meth:`set_wide`)."""
        fields = QGridLayout()
        fields.addWidget(self.knocker_label, 0, 0)
        fields.addWidget(self.knocker_edit, 0, 1)
        fields.addWidget(self.defender_label, 1, 0)
        fields.addWidget(self.defender_edit, 1, 1)
        targets = QHBoxLayout()
        targets.addWidget(self.to_knocker)
        targets.addWidget(self.to_defender)
        targets.addStretch(1)
        inputs = QVBoxLayout()
        inputs.addWidget(self.declared_label)
        inputs.addLayout(fields)
        inputs.addLayout(targets)
        inputs.addWidget(grid_box)
        inputs.addStretch(1)
        shown = QVBoxLayout()
        shown.addWidget(self.analysis_label)
        shown.addWidget(self.problems)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.save_button)
        shown.addLayout(buttons)
        shown.addStretch(1)
        self.halves = QBoxLayout(QBoxLayout.Direction.TopToBottom, self)
        self.halves.addLayout(inputs)
        self.halves.addLayout(shown, 1)

    def set_wide(self, wide: bool) -> None:
        """Under the sheet the panel is wide and short: inputs left, what they show right."""
        self.halves.setDirection(
            QBoxLayout.Direction.LeftToRight if wide else QBoxLayout.Direction.TopToBottom
        )

    @property
    def wide(self) -> bool:
        return self.halves.direction() is QBoxLayout.Direction.LeftToRight

    # --- inputs ---------------------------------------------------------------------------

    def set_declared(
        self, record: HandRecord | None, rules: RuleSet, names: tuple[str, str]
    ) -> None:
        """The hand as declared on the entry line (who knocked, the counts)."""
        self.declared = record
        self.rules = rules
        self.names = names
        if record is not None and record.declarer is not None:
            # Labels read "&" as a shortcut mark: a team's "Ann & Bob" must show as typed.
            a, b = (name.replace("&", "&&") for name in names)
            knocker = a if record.declarer is Side.A else b
            defender = b if record.declarer is Side.A else a
            self.knocker_label.setText(
                translate("CardsPanel", "{0}’s cards (knocker):").format(knocker)
            )
            self.defender_label.setText(translate("CardsPanel", "{0}’s cards:").format(defender))
        else:  # nothing declared yet (or another match): no names from an earlier hand
            self.knocker_label.setText(translate("CardsPanel", "Knocker’s cards:"))
            self.defender_label.setText(translate("CardsPanel", "Defender’s cards:"))
        self.refresh()

    def toggle_card(self, card: Card) -> None:
        """A click on the grid adds the card to the chosen hand, or takes it out again."""
        edit = self.knocker_edit if self.to_knocker.isChecked() else self.defender_edit
        other = self.defender_edit if edit is self.knocker_edit else self.knocker_edit
        for field in (edit, other):
            cards = self._cards_in(field)
            if card in cards:
                cards.remove(card)
                field.setText(format_cards(cards, machine=True))
                return
        cards = self._cards_in(edit)
        cards.append(card)
        edit.setText(format_cards(cards, machine=True))

    @staticmethod
    def _cards_in(edit: QLineEdit) -> list[Card]:
        try:
            return list(parse_cards(edit.text()))
        except ValueError:
            return []

    # --- showing --------------------------------------------------------------------------

    def refresh(self) -> None:
        self.analysis = analyse_cards(
            self.declared,
            self.knocker_edit.text(),
            self.defender_edit.text(),
            self.rules,
            self.names,
        )
        analysis = self.analysis
        if self.declared is not None and self.declared.declarer is not None:
            who = self.names[0] if self.declared.declarer is Side.A else self.names[1]
            self.declared_label.setText(
                translate("CardsPanel", "Declared: {0} {1}   (A = {2}, B = {3})").format(
                    who,
                    self.declared.declaration.value.replace("_", " "),
                    self.names[0],
                    self.names[1],
                )
            )
        else:
            self.declared_label.setText(
                translate("CardsPanel", "Declared: — (type the hand on the entry line first)")
            )
        in_hands = set(analysis.knocker_cards) | set(analysis.defender_cards)
        for card, button in self._buttons.items():  # the ones made yet (the rest: as made)
            button.setChecked(card in in_hands)
        self.analysis_label.setText(self._analysis_html(analysis))
        # Nothing typed anywhere yet: the line above says what to do; a red ✖ would be noise.
        at_rest = self.declared is None and not (
            self.knocker_edit.text().strip() or self.defender_edit.text().strip()
        )
        self._show_problems(analysis, at_rest=at_rest)
        self.save_button.setEnabled(analysis.complete)

    def _analysis_html(self, analysis: CardsAnalysis) -> str:
        lines: list[str] = []
        if analysis.knocker is not None:
            melds = " &nbsp;|&nbsp; ".join(cards_html(m.cards) for m in analysis.knocker.melds)
            lines.append(
                translate(
                    "CardsPanel", "<b>Knocker</b> ({0} cards): melds {1}; deadwood {2} = <b>{3}</b>"
                ).format(
                    len(analysis.knocker_cards),
                    melds or "—",
                    cards_html(analysis.knocker.deadwood),
                    analysis.knocker.deadwood_points,
                )
            )
        if analysis.defence is not None:
            defence = analysis.defence
            melds = " &nbsp;|&nbsp; ".join(cards_html(m.cards) for m in defence.melds)
            layoffs = " ".join(card_html(lay.card) for lay in defence.layoffs)
            lines.append(
                translate(
                    "CardsPanel",
                    "<b>Defender</b>: melds {0}; lays off {1}; deadwood {2} = <b>{3}</b>",
                ).format(
                    melds or "—",
                    layoffs or "—",
                    cards_html(defence.deadwood),
                    defence.deadwood_points,
                )
            )
        if not lines:
            lines.append(
                translate(
                    "CardsPanel", "Type or click each player's cards to check the declaration."
                )
            )
        return "<br>".join(lines)

    def _show_problems(self, analysis: CardsAnalysis, *, at_rest: bool = False) -> None:
        self.problems.clear()
        style = self.style()
        error_icon = style.standardIcon(QStyle.StandardPixmap.SP_MessageBoxCritical)
        warning_icon = style.standardIcon(QStyle.StandardPixmap.SP_MessageBoxWarning)
        if analysis.input_error and not at_rest:
            item = QListWidgetItem(error_icon, f"✖ {analysis.input_error}")
            item.setForeground(colour(Tone.ERROR))
            self.problems.addItem(item)
        for problem in analysis.problems:
            icon = error_icon if problem.is_error else warning_icon
            mark = "✖" if problem.is_error else "⚠"
            item = QListWidgetItem(icon, f"{mark} {say(problem.words)}")
            item.setForeground(colour(Tone.ERROR if problem.is_error else Tone.WARNING))
            self.problems.addItem(item)
        if analysis.complete and not analysis.problems:
            self.problems.addItem(
                QListWidgetItem(
                    style.standardIcon(QStyle.StandardPixmap.SP_DialogApplyButton),
                    translate("CardsPanel", "✔ the cards agree with the declaration"),
                )
            )

    def problem_texts(self) -> list[str]:
        return [self.problems.item(i).text() for i in range(self.problems.count())]

    def _save(self) -> None:
        if self.analysis.complete and self.analysis.record is not None:
            self.save_requested.emit(self.analysis.record)

    def clear(self) -> None:
        self.knocker_edit.clear()
        self.defender_edit.clear()
