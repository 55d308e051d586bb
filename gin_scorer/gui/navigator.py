"""The event navigator: events → rounds → tables (matches), built from service views.

A plain QStandardItemModel filled from frozen :class:`EventView` / :class:`MatchView` values;
each item carries a :class:`Node` saying what it stands for, so selecting it opens the right
page. Rebuilt (cheaply) when the services report a change.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, Qt, Signal
from PySide6.QtGui import QBrush, QKeyEvent, QStandardItem, QStandardItemModel
from PySide6.QtWidgets import QLineEdit

from gin_scorer.gui.i18n import translate
from gin_scorer.gui.tones import Tone, colour
from gin_scorer.presentation.event_words import format_words, status_words
from gin_scorer.presentation.names import told_apart
from gin_scorer.presentation.three_words import players_phrase
from gin_scorer.services.support.dto import EventView, MatchStatus, MatchView

if TYPE_CHECKING:  # the store and services load after the window shows (faster start)
    from gin_scorer.services.support.database import Database

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


def match_label(match: MatchView, names: Mapping[str, str] | None = None) -> str:
    """``T3 ◐ Ann v Bob`` — table, status mark (not colour alone) and the players, each
    shown as ``names`` says (:func:`told_apart`: by surname in the tree), else whole."""
    shown = names or {}
    a = shown.get(match.a.name, match.a.name)
    b = shown.get(match.b.name, match.b.name) if match.b is not None else None
    b = b if b is not None else translate("NavigatorModel", "bye")
    table = (
        translate("NavigatorModel", "T{0}").format(match.table_number) + " "
        if match.table_number is not None
        else ""
    )
    slot = f"[{match.bracket_slot}] " if match.bracket_slot else ""
    players = translate("NavigatorModel", "{0} v {1}").format(a, b)
    if match.c is not None:  # a table of three: "Ann, Bob and Cat"
        players = players_phrase([shown.get(p.name, p.name) for p in match.players])
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


def event_names(matches: Iterable[MatchView]) -> dict[str, str]:
    """How the tree shows each player of an event's tables: by surname, told apart from
    the others' (a laptop's narrow tree cut "T3 ○ Xiomara García Márquez v R…")."""
    return told_apart(p.name for m in matches for p in m.players)


@dataclass(frozen=True, slots=True)
class EventLines:
    """An event's players as its lines name them (:func:`event_names`), and each table's
    line and tooltip (:func:`match_label`), by match id: worked out on the worker for the
    event open, so that opening it only makes the items on the GUI thread."""

    names: dict[str, str]
    lines: dict[int, tuple[str, str]]


def event_lines(matches: Sequence[MatchView]) -> EventLines:
    names = event_names(matches)
    return EventLines(names, {m.id: (match_label(m, names), match_label(m)) for m in matches})


def _show_match(
    item: QStandardItem,
    match: MatchView,
    names: Mapping[str, str],
    said: tuple[str, str] | None = None,
) -> None:
    """A match's line by surnames, the whole names in its tooltip (``said``: both worked
    out already), blue while it is being played (its mark says so without colour)."""
    text, tip = said if said is not None else (match_label(match, names), match_label(match))
    item.setText(text)
    item.setToolTip(tip)
    if match.status is MatchStatus.PLAYING:
        item.setForeground(QBrush(colour(Tone.PLAYING)))
    else:
        item.setData(None, Qt.ItemDataRole.ForegroundRole)


Rounds = dict[Node, dict[int, MatchView]]
"""Each round's tables (by match id, in table order), by the round's node, the rounds of an
event in order: what the tree shows under each event."""


def group_rounds(matches: Mapping[int, Sequence[MatchView]]) -> Rounds:
    """Every event's matches put in their rounds (pure: the worker that reads them does it,
    so the GUI thread only makes lines)."""
    grouped: Rounds = {}
    for event_id, tables in matches.items():
        rounds: dict[int | None, list[MatchView]] = {}
        for match in tables:
            rounds.setdefault(match.round_number, []).append(match)
        for number in sorted(rounds, key=lambda n: (n is None, n or 0)):
            in_round = sorted(rounds[number], key=lambda m: (m.table_number or 10**6, m.id))
            grouped[Node("round", event_id, number)] = {m.id: m for m in in_round}
    return grouped


@dataclass(frozen=True, slots=True)
class Tables:
    """Every event, each event's tables (by event id) and the same put in their rounds:
    what the navigator and Find show."""

    events: tuple[EventView, ...]
    matches: dict[int, tuple[MatchView, ...]]
    rounds: Rounds
    marks: dict[int, int]  # each event's tables in one number (see :func:`marks_of`)
    lines: dict[int, EventLines]  # the lines of the event open, if any


def read_tables(
    db: Database,
    before: Mapping[int, tuple[MatchView, ...]] | None = None,
    opened: int | None = None,
) -> Tables:
    """Every event and all their tables (so that Find looks through all of them, and the
    tree can open any, not only the event open now); on the worker, with the lines of the
    event ``opened`` (the tree opens it when the answer is shown).

    ``before``: each event's tables as the last read gave them. An event whose tables are
    the same keeps that read's values, and this read's copies go at once: the collector
    waits while a worker reads (see :mod:`..background`) and then runs on the GUI thread,
    where walking a refresh's 25,000 new values froze the window 15-50 ms at every F5."""
    from gin_scorer.services.writes.events import list_events
    from gin_scorer.services.writes.matches import list_matches

    events = list_events(db)
    last = before or {}
    matches = {
        event.id: _same_or(last.get(event.id), list_matches(db, event.id)) for event in events
    }
    lines = {opened: event_lines(matches[opened])} if opened in matches else {}
    return Tables(events, matches, group_rounds(matches), marks_of(matches), lines)


def _same_or(
    before: tuple[MatchView, ...] | None, read: tuple[MatchView, ...]
) -> tuple[MatchView, ...]:
    """The tables read before if they are still the same, else those just read."""
    return before if before == read else read


def marks_of(matches: Mapping[int, Sequence[MatchView]]) -> dict[int, int]:
    """Each event's tables summed up in one number (their frozen values' hash), so that a
    refresh tells the events whose tables changed without comparing 12,500 tables on the
    GUI thread (made on the worker, with the read)."""
    return {event_id: hash(tuple(tables)) for event_id, tables in matches.items()}


def _by_event(rounds: Rounds) -> dict[int, Rounds]:
    """The rounds of each event, by event id."""
    grouped: dict[int, Rounds] = {}
    for node, in_round in rounds.items():
        grouped.setdefault(node.event_id, {})[node] = in_round
    return grouped


class NavigatorModel(QStandardItemModel):
    def __init__(self, parent: object | None = None) -> None:
        super().__init__(parent)  # type: ignore[arg-type]
        self.setHorizontalHeaderLabels([translate("NavigatorModel", "Events")])
        self._items: dict[Node, QStandardItem] = {}  # found in O(1) after every hand
        # Each round's matches as last shown, so one changed match recounts its round.
        self._rounds: dict[Node, dict[int, MatchView]] = {}
        self._unfilled: set[int] = set()  # events whose lines are not made yet
        self._events: dict[int, EventView] = {}  # as their lines show them
        # Each event's tables as last read (marks_of); None once a line changed since.
        self._marks: dict[int, int | None] = {}
        self._names: dict[int, dict[str, str]] = {}  # each event's players as its lines say
        self._said: dict[int, EventLines] = {}  # lines read for events not filled yet

    def empty(self) -> None:
        """Every row gone, and the Python values its items hold with them. ``clear()`` keeps
        each item's Python wrapper and its Node alive until the process ends: two objects a
        line at every refresh, which a station syncing all day would pile up."""
        self.removeRows(0, self.rowCount())
        self._items, self._rounds, self._unfilled, self._events = {}, {}, set(), {}
        self._marks, self._names, self._said = {}, {}, {}

    def set_events(
        self,
        events: Sequence[EventView],
        matches: Mapping[int, Sequence[MatchView]],
        rounds: Rounds | None = None,
        marks: Mapping[int, int] | None = None,
        lines: Mapping[int, EventLines] | None = None,
    ) -> None:
        """Show ``events``; ``matches`` maps event ids to their matches (``rounds`` and
        ``marks``: the same put in their rounds by :func:`group_rounds` and summed up by
        :func:`marks_of`, and ``lines`` some events' lines, by :func:`event_lines`, on the
        worker that read them).

        An event shown as it is now keeps its line, and its rounds' and tables' lines, open
        or not: a refresh at which nothing changed makes no line. A new or changed event
        gets a new line, and its rounds and tables are made when it is first opened, or a
        line of it is looked for (:meth:`find`): a club's fifty events hold 12,500 tables,
        and making a line for each took over a second on the GUI thread at every refresh."""
        wanted = _by_event(group_rounds(matches) if rounds is None else rounds)
        marks = marks_of(matches) if marks is None else marks
        kept = {
            e.id
            for e in events
            if self._events.get(e.id) == e and self._marks.get(e.id, None) == marks.get(e.id)
        }
        for row in reversed(range(self.rowCount())):
            node = self.item(row).data(NODE_ROLE)
            event_id = node.event_id if isinstance(node, Node) else -1
            if event_id not in kept:
                self._forget(event_id)
                self.removeRow(row)
        for row, event in enumerate(events):
            if event.id not in kept:
                self._rounds.update(wanted.get(event.id, {}))
                if event.id in wanted:
                    self._unfilled.add(event.id)
                self._marks[event.id] = marks.get(event.id)
                if lines is not None and event.id in lines:
                    self._said[event.id] = lines[event.id]
                self.insertRow(row, self._event_item(event))
        self._events = {e.id: e for e in events}

    def _event_item(self, event: EventView) -> QStandardItem:
        item = QStandardItem(f"{event.name}  ({event.entrant_count})")
        item.setData(Node("event", event.id), NODE_ROLE)
        self._items[Node("event", event.id)] = item
        item.setToolTip(
            translate("NavigatorModel", "{0} · {1} · {2}").format(
                format_words(event.format), event.rules.name, status_words(event.status)
            )
        )
        item.setEditable(False)
        return item

    def _forget(self, event_id: int) -> None:
        """An event's line is going: its rounds' and tables' lines with it."""
        self._items = {n: i for n, i in self._items.items() if n.event_id != event_id}
        self._rounds = {n: r for n, r in self._rounds.items() if n.event_id != event_id}
        self._unfilled.discard(event_id)
        self._events.pop(event_id, None)
        self._marks.pop(event_id, None)
        self._names.pop(event_id, None)
        self._said.pop(event_id, None)

    def _fill(self, event_id: int) -> None:
        """Make the lines of an event's rounds and tables (once: see :meth:`set_events`)."""
        if event_id not in self._unfilled:
            return
        self._unfilled.discard(event_id)
        event_item = self._items[Node("event", event_id)]
        said = self._said.pop(event_id, None)
        if said is None:
            in_event = [
                m for n, r in self._rounds.items() if n.event_id == event_id for m in r.values()
            ]
            said = EventLines(event_names(in_event), {})
        names = self._names[event_id] = said.names
        for round_node, in_round in self._rounds.items():
            if round_node.event_id != event_id:
                continue
            number = round_node.round_number
            round_item = QStandardItem(round_text(number, list(in_round.values())))
            round_item.setEditable(False)
            round_item.setData(round_node, NODE_ROLE)
            self._items[round_node] = round_item
            for match in in_round.values():
                match_item = QStandardItem()
                match_item.setEditable(False)
                node = Node("match", event_id, number, match.id)
                match_item.setData(node, NODE_ROLE)
                self._items[node] = match_item
                _show_match(match_item, match, names, said.lines.get(match.id))
                round_item.appendRow(match_item)
            event_item.appendRow(round_item)

    def _unfilled_event(self, parent: QModelIndex | QPersistentModelIndex) -> int | None:
        """The event ``parent`` stands for, if its lines are not made yet."""
        node = parent.data(NODE_ROLE) if parent.isValid() else None
        if isinstance(node, Node) and node.kind == "event" and node.event_id in self._unfilled:
            return node.event_id
        return None

    def hasChildren(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> bool:  # noqa: B008 - Qt's signature
        return self._unfilled_event(parent) is not None or super().hasChildren(parent)

    def canFetchMore(self, parent: QModelIndex | QPersistentModelIndex) -> bool:
        return self._unfilled_event(parent) is not None

    def fetchMore(self, parent: QModelIndex | QPersistentModelIndex) -> None:
        """Opening an event in the tree makes its lines."""
        event_id = self._unfilled_event(parent)
        if event_id is not None:
            self._fill(event_id)

    def update_match(self, match: MatchView) -> None:
        """One match changed (a hand, a result): its line, its colour and its round's count."""
        round_node = Node("round", match.event_id, match.round_number)
        in_round = self._rounds.get(round_node)
        if in_round is None or match.id not in in_round:
            return
        in_round[match.id] = match
        self._marks[match.event_id] = None  # its lines no longer show the last read
        self._said.pop(match.event_id, None)  # nor do the lines read with it
        item = self._items.get(Node("match", match.event_id, match.round_number, match.id))
        if item is not None:  # its event's lines are made
            _show_match(item, match, self._names.get(match.event_id, {}))
        round_item = self._items.get(round_node)
        if round_item is not None:
            round_item.setText(round_text(match.round_number, list(in_round.values())))

    def nodes(self) -> tuple[Node, ...]:
        """The lines made so far (see :meth:`set_events`)."""
        return tuple(self._items)

    def find(self, node: Node) -> QStandardItem | None:
        """The item for ``node`` (to re-select it after a rebuild), its event's lines made
        first if need be."""
        if node.kind != "event":
            self._fill(node.event_id)
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
