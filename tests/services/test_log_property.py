"""Property: whatever mix of records, corrections, voids and undos is applied, the sheet counts
exactly the hands a simple model says are in force, and its totals are the core's fold of them.
Checked on the pure derivation (many cases) and through the real services on SQLite (fewer)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gin_scorer.core.hand_json import record_from_json
from gin_scorer.core.hands import HandRecord, score_hand
from gin_scorer.core.ledgers import play_match
from gin_scorer.core.rules import RuleSet
from gin_scorer.services.queries.sheets import counted_hands
from gin_scorer.services.support.dto import EntryKind, LogEntry, MatchView
from gin_scorer.services.writes import hands, matches
from gin_scorer.store.database import Database

RECORDS = [
    record_from_json(r)
    for r in (
        {"knock": "A", "deadwood": {"A": 3, "B": 20}},
        {"knock": "B", "deadwood": {"A": 9, "B": 2}},
        {"knock": "A", "deadwood": {"A": 8, "B": 5}},  # undercut
        {"gin": "B", "deadwood": {"A": 31}},
        {"dead": True},
    )
]
RULES = RuleSet(target=100_000)

# An operation: ("record", r) / ("correct", k, r) / ("void", k) / ("undo",) / ("redo",), where
# k picks one of the hands in force (modulo their number).
_op = st.one_of(
    st.tuples(st.just("record"), st.integers(0, len(RECORDS) - 1)),
    st.tuples(st.just("correct"), st.integers(0, 50), st.integers(0, len(RECORDS) - 1)),
    st.tuples(st.just("void"), st.integers(0, 50)),
    st.tuples(st.just("undo")),
    st.tuples(st.just("redo")),
)


@dataclass
class Model:
    """The log as rows (id, kind, supersedes, record) and the chains' current state."""

    rows: list[tuple[int, EntryKind, int | None, HandRecord | None]] = field(default_factory=list)
    head: dict[int, int] = field(default_factory=dict)  # chain root -> row id in force
    root_of: dict[int, int] = field(default_factory=dict)
    # An editor's two piles (decision 0029): rows a person wrote or redid, and undo rows.
    done: list[int] = field(default_factory=list)
    redoable: list[int] = field(default_factory=list)

    def record_of(self, row_id: int) -> HandRecord | None:
        return self.rows[row_id - 1][3]

    def in_force(self) -> list[int]:
        """Row ids of counted hands, in entry order."""
        return [
            self.head[root]
            for root in sorted(self.head)
            if self.rows[self.head[root] - 1][1] is not EntryKind.VOID
        ]

    def add(self, kind: EntryKind, supersedes: int | None, record: HandRecord | None) -> None:
        row_id = len(self.rows) + 1
        self.rows.append((row_id, kind, supersedes, record))
        root = row_id if supersedes is None else self.root_of[supersedes]
        self.root_of[row_id] = root
        self.head[root] = row_id

    def apply(self, op: tuple[object, ...]) -> tuple[object, ...] | None:
        """Apply ``op``; returns the concrete action taken (or None when it does not apply)."""
        live = self.in_force()
        if op[0] in ("undo", "redo"):
            return self._take_back(again=op[0] == "redo")
        if op[0] == "record":
            self.add(EntryKind.ENTRY, None, RECORDS[op[1]])  # type: ignore[index]
            action: tuple[object, ...] = ("record", op[1])
        else:
            if not live:
                return None
            target = live[op[1] % len(live)]  # type: ignore[operator]
            if op[0] == "correct":
                self.add(EntryKind.CORRECTION, target, RECORDS[op[2]])  # type: ignore[index]
                action = ("correct", target, op[2])
            else:
                self.add(EntryKind.VOID, target, None)
                action = ("void", target)
        self.done.append(len(self.rows))
        self.redoable.clear()
        return action

    def _take_back(self, *, again: bool) -> tuple[object, ...] | None:
        """Undo the newest done row (``again``: the newest undo row): its hand goes back to
        how it stood before that row, written over the hand's row in force."""
        pile, other = (self.redoable, self.done) if again else (self.done, self.redoable)
        if not pile:
            return None
        taken = pile.pop()
        _, _, supersedes, _ = self.rows[taken - 1]
        tip = self.head[self.root_of[taken]]
        previous = self.rows[supersedes - 1] if supersedes is not None else None
        if previous is None or previous[1] is EntryKind.VOID:
            self.add(EntryKind.VOID, tip, None)
        else:
            self.add(EntryKind.CORRECTION, tip, previous[3])
        other.append(len(self.rows))
        return ("redo",) if again else ("undo",)

    def log(self) -> list[LogEntry]:
        superseded = {s for _, _, s, _ in self.rows if s is not None}
        at = datetime(2026, 1, 1, tzinfo=UTC)
        return [
            LogEntry(
                id=row_id,
                seq=self.root_of[row_id],
                kind=kind,
                supersedes_id=supersedes,
                record=record,
                dealer=None,
                override_reason=None,
                entered_by="t",
                station="s",
                entered_at=at,
                in_force=row_id not in superseded,
            )
            for row_id, kind, supersedes, record in self.rows
        ]


@settings(max_examples=300, deadline=None)
@given(ops=st.lists(_op, max_size=30))
def test_counted_hands_follow_the_model(ops: list[tuple[object, ...]]) -> None:
    model = Model()
    for op in ops:
        model.apply(op)
    expected = [model.record_of(r) for r in model.in_force()]
    assert [h.record for h in counted_hands(model.log())] == expected


@settings(
    max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(ops=st.lists(_op, max_size=12))
def test_services_follow_the_model(
    sqlite_db: Database, new_match: Callable[..., MatchView], ops: list[tuple[object, ...]]
) -> None:
    match = new_match(sqlite_db, target=100_000, match_format="single_game", best_of=1)
    model = Model()
    sheet = matches.get_score_sheet(sqlite_db, match.id)
    first_row = None
    for op in ops:
        action = model.apply(op)
        if action is None:
            continue
        if action[0] == "record":
            sheet = hands.record_hand(
                sqlite_db,
                match.id,
                RECORDS[action[1]],
                sheet.version,
                entered_by="t",  # type: ignore[index]
                override_reason="property test",
            )
        elif action[0] == "undo":
            sheet = hands.undo(sqlite_db, match.id, sheet.version, entered_by="t")
        elif action[0] == "redo":
            sheet = hands.redo(sqlite_db, match.id, sheet.version, entered_by="t")
        else:
            if first_row is None:
                first_row = sheet.log[0].id - 1  # model ids are 1-based within this match
            target = action[1] + first_row  # type: ignore[operator]
            if action[0] == "correct":
                sheet = hands.correct_hand(
                    sqlite_db,
                    target,
                    RECORDS[action[2]],
                    sheet.version,
                    reason="r",  # type: ignore[index]
                    entered_by="t",
                )
            else:
                sheet = hands.void_hand(
                    sqlite_db, target, sheet.version, reason="r", entered_by="t"
                )
        if first_row is None and sheet.log:
            first_row = sheet.log[0].id - 1
    expected = [model.record_of(r) for r in model.in_force()]
    assert [row.record for row in sheet.hands] == expected
    rules = sheet.rules
    fold = play_match([score_hand(r, rules) for r in expected if r is not None], rules)
    assert sheet.games_won == fold.games_won
    if fold.games:
        assert sheet.current_totals == fold.games[-1].points
    assert len(sheet.log) == len(model.rows)
