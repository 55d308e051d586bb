"""The event navigator: events → rounds → tables (matches), built from service views.

A plain QStandardItemModel filled from frozen :class:`EventView` / :class:`MatchView` values;
each item carries a :class:`Node` saying what it stands for, so selecting it opens the right
page. Rebuilt (cheaply) when the services report a change.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QBrush, QKeyEvent, QStandardItem, QStandardItemModel
from PySide6.QtWidgets import QLineEdit

from gin_scorer.gui.i18n import translate
from gin_scorer.gui.tones import Tone, colour
from gin_scorer.presentation.event_words import format_words, status_words
from gin_scorer.presentation.three_words import players_phrase
from gin_scorer.services.dto import EventView, MatchStatus, MatchView

NODE_ROLE = Qt.ItemDataRole.UserRole + 10


@dataclass(frozen=True, slots=True)
class Node:
    kind: str  # "event", "round", "match"
    event_id: int
    round_number: int | None = None
    match_id: int | None = None


_STATUS_MARKS = {
    MatchStatus.PENDING: "○",
    MatchStatus.PLAYING: "◐",
    MatchStatus.FINISHED: "●",
    MatchStatus.LOCKED: "🔒",
}


def match_label(match: MatchView) -> str:
    """``T3 ◐ Ann v Bob`` — table, status mark (not colour alone) and the players."""
    b = match.b.name if match.b is not None else translate("NavigatorModel", "bye")
    table = (
        translate("NavigatorModel", "T{0}").format(match.table_number) + " "
        if match.table_number is not None
        else ""
    )
    slot = f"[{match.bracket_slot}] " if match.bracket_slot else ""
    players = translate("NavigatorModel", "{0} v {1}").format(match.a.name, b)
    if match.c is not None:  # a table of three: "Ann, Bob and Cat"
        players = players_phrase(match.players)
    # A withdrawal decides the match as a forfeit: marked done, as the round's board says.
    status = MatchStatus.FINISHED if match.withdrawn else match.status
    return f"{table}{slot}{_STATUS_MARKS[status]} {players}"


def round_text(number: int | None, matches: Sequence[MatchView]) -> str:
    """``Round 2  (5/8 done, 1 bye)``: how far the round has got."""
    label = round_label(number)
    played = [m for m in matches if not m.is_bye]
    done = sum(
        m.status in (MatchStatus.FINISHED, MatchStatus.LOCKED) or bool(m.withdrawn) for m in played
    )
    byes = len(matches) - len(played)
    if byes == 1:
        text = translate("NavigatorModel", "{0}  ({1}/{2} done, 1 bye)")
    elif byes:
        text = translate("NavigatorModel", "{0}  ({1}/{2} done, {3} byes)")
    else:
        text = translate("NavigatorModel", "{0}  ({1}/{2} done)")
    return text.format(label, done, len(played), byes)


def round_label(number: int | None) -> str:
    """``Round 2``, or ``Matches`` for the matches of no round (club play)."""
    if number is None:
        return translate("NavigatorModel", "Matches")
    return translate("NavigatorModel", "Round {0}").format(number)


def _show_match(item: QStandardItem, match: MatchView) -> None:
    """A match's line, blue while it is being played (its mark says so without colour)."""
    item.setText(match_label(match))
    if match.status is MatchStatus.PLAYING:
        item.setForeground(QBrush(colour(Tone.PLAYING)))
    else:
        item.setData(None, Qt.ItemDataRole.ForegroundRole)


class NavigatorModel(QStandardItemModel):
    def __init__(self, parent: object | None = None) -> None:
        super().__init__(parent)  # type: ignore[arg-type]
        self.setHorizontalHeaderLabels([translate("NavigatorModel", "Events")])
        self._items: dict[Node, QStandardItem] = {}  # found in O(1) after every hand
        # Each round's matches as last shown, so one changed match recounts its round.
        self._rounds: dict[Node, dict[int, MatchView]] = {}

    def empty(self) -> None:
        """Every row gone, and the Python values its items hold with them. ``clear()`` keeps
        each item's Python wrapper and its Node alive until the process ends: two objects a
        line at every refresh, which a station syncing all day would pile up."""
        self.removeRows(0, self.rowCount())

    def set_events(
        self, events: Sequence[EventView], matches: Mapping[int, Sequence[MatchView]]
    ) -> None:
        """Fill the tree; ``matches`` maps event ids to their matches (open events only)."""
        self.empty()
        self._items = {}
        self._rounds = {}
        self.setHorizontalHeaderLabels([translate("NavigatorModel", "Events")])
        root = self.invisibleRootItem()
        for event in events:
            item = QStandardItem(f"{event.name}  ({event.entrant_count})")
            item.setData(Node("event", event.id), NODE_ROLE)
            self._items[Node("event", event.id)] = item
            item.setToolTip(
                translate("NavigatorModel", "{0} · {1} · {2}").format(
                    format_words(event.format), event.rules.name, status_words(event.status)
                )
            )
            item.setEditable(False)
            rounds: dict[int | None, list[MatchView]] = {}
            for match in matches.get(event.id, ()):
                rounds.setdefault(match.round_number, []).append(match)
            for number in sorted(rounds, key=lambda n: (n is None, n or 0)):
                round_item = QStandardItem(round_label(number))
                round_item.setEditable(False)
                round_item.setData(Node("round", event.id, number), NODE_ROLE)
                round_node = Node("round", event.id, number)
                self._items[round_node] = round_item
                in_round = sorted(rounds[number], key=lambda m: (m.table_number or 10**6, m.id))
                self._rounds[round_node] = {m.id: m for m in in_round}
                round_item.setText(round_text(number, in_round))
                for match in in_round:
                    match_item = QStandardItem()
                    match_item.setEditable(False)
                    node = Node("match", event.id, number, match.id)
                    match_item.setData(node, NODE_ROLE)
                    self._items[node] = match_item
                    _show_match(match_item, match)
                    round_item.appendRow(match_item)
                item.appendRow(round_item)
            root.appendRow(item)

    def update_match(self, match: MatchView) -> None:
        """One match changed (a hand, a result): its line, its colour and its round's count."""
        round_node = Node("round", match.event_id, match.round_number)
        item = self._items.get(Node("match", match.event_id, match.round_number, match.id))
        in_round = self._rounds.get(round_node)
        if item is None or in_round is None:
            return
        _show_match(item, match)
        in_round[match.id] = match
        round_item = self._items.get(round_node)
        if round_item is not None:
            round_item.setText(round_text(match.round_number, list(in_round.values())))

    def nodes(self) -> tuple[Node, ...]:
        return tuple(self._items)

    def find(self, node: Node) -> QStandardItem | None:
        """The item for ``node`` (to re-select it after a rebuild)."""
        return self._items.get(node)

    def tables(self) -> dict[int, list[MatchView]]:
        """Every event's tables as the tree shows them now (a hand since the last rebuild
        included), by event id."""
        shown: dict[int, list[MatchView]] = {}
        for node, in_round in self._rounds.items():
            shown.setdefault(node.event_id, []).extend(in_round.values())
        return shown


class FindBox(QLineEdit):
    """The line above the tree that finds a player's table; ↓ and ↑ step through the hits."""

    step = Signal(int)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Down:
            self.step.emit(1)
        elif event.key() == Qt.Key.Key_Up:
            self.step.emit(-1)
        else:
            super().keyPressEvent(event)
