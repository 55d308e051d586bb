"""A database `verify` accepts stays acceptable after any legitimate service call.

A hypothesis state machine drives the services the way a director and the scorekeepers do -
events (club and Swiss), entrants, rounds, hands recorded, corrected, voided and undone
(sometimes with an override reason), results reported without hands (slips, forfeits, time
called, rulings — often ones the match cannot have) and taken back, results locked and
unlocked, entrants withdrawn and
reinstated, events finished and reopened - on a real SQLite file. After every step the whole
database is verified exactly as `gin-scorer verify` does: no problem may appear. A service
may refuse a step (a ServiceError): then the rows must be exactly as before.
"""

from __future__ import annotations

import shutil
import sqlite3
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from gin_scorer.core.hand_json import record_from_json
from gin_scorer.core.hands import HandRecord, HandRecordError, Side
from gin_scorer.presets import load_preset
from gin_scorer.services.queries.verify import verify_database
from gin_scorer.services.support.dto import EventStatus, MatchStatus, ResultKind
from gin_scorer.services.support.errors import ServiceError
from gin_scorer.services.writes import entrants, events, hands, matches, rounds
from gin_scorer.services.writes.results import ResultReport, record_result, void_result
from gin_scorer.store.database import Database, open_database

PIN = "2468"
NAMES = ["Ada", "Ben", "Cleo", "Dev", "Elif", "Finn"]

deadwood = st.integers(min_value=0, max_value=60)
records = st.one_of(
    # Mostly small knocks, so that a correction to a gin can move the end of a match.
    st.builds(
        lambda w: {"knock": w, "deadwood": {w: 0, "AB".replace(w, ""): 5}}, st.sampled_from("AB")
    ),
    st.builds(
        lambda w, a, b: {"knock": w, "deadwood": {w: a % 11, "AB".replace(w, ""): b}},
        st.sampled_from("AB"),
        deadwood,
        deadwood,
    ),
    st.builds(
        lambda w, b: {"gin": w, "deadwood": {"AB".replace(w, ""): b}},
        st.sampled_from("AB"),
        deadwood,
    ),
    st.builds(
        lambda w, b: {"big_gin": w, "deadwood": {"AB".replace(w, ""): b}},
        st.sampled_from("AB"),
        deadwood,
    ),
    st.just({"dead": True}),
    # Hands that validation refuses unless the director gives a reason.
    st.builds(
        lambda w, a, b: {"knock": w, "deadwood": {w: a, "AB".replace(w, ""): b}},
        st.sampled_from("AB"),
        st.integers(11, 40),
        deadwood,
    ),
)


def _record(data: dict[str, Any]) -> HandRecord | None:
    try:
        return record_from_json(data)
    except HandRecordError:
        return None


def _rows(path: Path) -> list[str]:
    connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return list(connection.iterdump())
    finally:
        connection.close()


class ServiceSequences(RuleBasedStateMachine):
    db: Database
    path: Path

    @initialize()
    def open_events(self) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="gin-verify-clean-"))
        self.path = self.folder / "event.sqlite"
        self.db = open_database(self.path, station="desk", backups=False)
        # Short matches (best of 3 games to 40), so sequences reach decided matches, locks
        # and corrections that would move the end of a match.
        short = load_preset("gra-tournament").with_changes(target=40, best_of=3)
        club = events.create_event(self.db, name="Club night", rules=short)
        swiss = events.create_event(self.db, name="Open", format="swiss", pin=PIN, rules=short)
        self.events = [club.id, swiss.id]
        for name in NAMES[:4]:
            entrants.add_entrant(self.db, swiss.id, name)
        matches.create_match_by_names(self.db, club.id, "Ada", "Ben")

    def teardown(self) -> None:
        self.db.close()
        shutil.rmtree(self.folder, ignore_errors=True)

    def _try(self, action: Any, *args: Any, **kwargs: Any) -> Any:
        """Run a service call; a refusal must leave every row as it was."""
        before = _rows(self.path)
        try:
            return action(*args, **kwargs)
        except ServiceError:
            assert _rows(self.path) == before, f"{action.__name__} refused but wrote"
            return None

    def _matches(self) -> list[Any]:
        return [m for e in self.events for m in matches.list_matches(self.db, e)]

    def _hands(self) -> list[Any]:
        return [
            row
            for m in self._matches()
            if m.b is not None
            for row in matches.get_score_sheet(self.db, m.id).hands
        ]

    # --- entrants and events ----------------------------------------------------------

    @rule(name=st.sampled_from(NAMES), event=st.integers(0, 1))
    def add_entrant(self, name: str, event: int) -> None:
        self._try(entrants.add_entrant, self.db, self.events[event], name)

    @rule(pick=st.integers(0, 100), withdraw=st.booleans())
    def withdraw_or_reinstate(self, pick: int, withdraw: bool) -> None:
        people = [p for e in self.events for p in entrants.list_entrants(self.db, e)]
        if people:
            action = entrants.withdraw_entrant if withdraw else entrants.reinstate_entrant
            self._try(action, self.db, people[pick % len(people)].id)

    @rule(event=st.integers(0, 1), finish=st.booleans(), with_pin=st.booleans())
    def finish_or_reopen(self, event: int, finish: bool, with_pin: bool) -> None:
        view = events.get_event(self.db, self.events[event])
        status = EventStatus.FINISHED if finish else EventStatus.RUNNING
        self._try(
            events.set_event_status,
            self.db,
            view.id,
            status,
            view.version,
            pin=PIN if with_pin else None,
        )

    # --- matches and rounds -----------------------------------------------------------

    @rule(a=st.sampled_from(NAMES), b=st.sampled_from(NAMES))
    def club_match(self, a: str, b: str) -> None:
        self._try(matches.create_match_by_names, self.db, self.events[0], a, b)

    @rule()
    def start_round(self) -> None:
        self._try(rounds.start_round, self.db, self.events[1])

    @rule()
    def cancel_round(self) -> None:
        self._try(rounds.cancel_round, self.db, self.events[1])

    @rule(pick=st.integers(0, 100), lock=st.booleans(), with_pin=st.booleans())
    def lock_or_unlock(self, pick: int, lock: bool, with_pin: bool) -> None:
        found = self._matches()
        if found:
            m = found[pick % len(found)]
            pin = PIN if with_pin else None
            self._try(matches.set_result_lock, self.db, m.id, m.version, locked=lock, pin=pin)

    # --- hands ------------------------------------------------------------------------

    @rule(
        pick=st.integers(0, 100),
        data=records,
        reason=st.sampled_from([None, "director"]),
        with_pin=st.booleans(),
    )
    def record_hand(
        self, pick: int, data: dict[str, Any], reason: str | None, with_pin: bool
    ) -> None:
        found = [m for m in self._matches() if m.b is not None]
        record = _record(data)
        if found and record is not None:
            m = found[pick % len(found)]
            self._try(
                hands.record_hand,
                self.db,
                m.id,
                record,
                m.version,
                entered_by="t",
                override_reason=reason,
                pin=PIN if with_pin else None,
            )

    @rule(pick=st.integers(0, 100), datas=st.lists(records, min_size=2, max_size=5))
    def several_hands(self, pick: int, datas: list[dict[str, Any]]) -> None:
        """A stretch of play at one table (matches get decided, so corrections matter)."""
        for data in datas:
            self.record_hand(pick, data, None, False)

    @rule(
        pick=st.integers(0, 1000),
        data=records,
        reason=st.sampled_from([None, "director"]),
        with_pin=st.booleans(),
    )
    def correct_hand(
        self, pick: int, data: dict[str, Any], reason: str | None, with_pin: bool
    ) -> None:
        # Half the time a hand of a decided match: a correction there may move its end.
        decided = [
            row
            for m in self._matches()
            if m.b is not None and m.status in (MatchStatus.FINISHED, MatchStatus.LOCKED)
            for row in matches.get_score_sheet(self.db, m.id).hands
        ]
        rows = decided if decided and pick % 2 == 0 else self._hands()
        record = _record(data)
        if rows and record is not None:
            row = rows[(pick // 2) % len(rows)]
            version = matches.get_match(self.db, self._match_of(row.hand_id)).version
            self._try(
                hands.correct_hand,
                self.db,
                row.hand_id,
                record,
                version,
                reason="slip",
                entered_by="t",
                override_reason=reason,
                pin=PIN if with_pin else None,
            )

    @rule(pick=st.integers(0, 1000), with_pin=st.booleans())
    def void_hand(self, pick: int, with_pin: bool) -> None:
        rows = self._hands()
        if rows:
            row = rows[pick % len(rows)]
            version = matches.get_match(self.db, self._match_of(row.hand_id)).version
            self._try(
                hands.void_hand,
                self.db,
                row.hand_id,
                version,
                reason="misdeal",
                entered_by="t",
                pin=PIN if with_pin else None,
            )

    @rule(pick=st.integers(0, 100), with_pin=st.booleans())
    def undo(self, pick: int, with_pin: bool) -> None:
        found = [m for m in self._matches() if m.b is not None]
        if found:
            m = found[pick % len(found)]
            self._try(
                hands.undo,
                self.db,
                m.id,
                m.version,
                entered_by="t",
                pin=PIN if with_pin else None,
            )

    @rule(
        pick=st.integers(0, 100),
        kind=st.sampled_from([k for k in ResultKind if k is not ResultKind.PLAYED]),
        winner=st.sampled_from([None, Side.A, Side.B]),
        games=st.tuples(st.integers(0, 4), st.integers(0, 4)),
        replace_existing=st.booleans(),
        with_pin=st.booleans(),
    )
    def report_result(
        self,
        pick: int,
        kind: ResultKind,
        winner: Side | None,
        games: tuple[int, int],
        replace_existing: bool,
        with_pin: bool,
    ) -> None:
        """A slip, forfeit, time called or ruling — often one the match cannot have."""
        found = [m for m in self._matches() if m.b is not None]
        if found:
            m = found[pick % len(found)]
            report = ResultReport(kind, winner, games, reason="ruled" if winner else None)
            self._try(
                record_result,
                self.db,
                m.id,
                report,
                m.version,
                entered_by="desk",
                replace_existing=replace_existing,
                pin=PIN if with_pin else None,
            )

    @rule(pick=st.integers(0, 100), with_pin=st.booleans())
    def take_back_result(self, pick: int, with_pin: bool) -> None:
        found = [m for m in self._matches() if m.b is not None]
        if found:
            m = found[pick % len(found)]
            self._try(
                void_result,
                self.db,
                m.id,
                m.version,
                reason="wrong table",
                entered_by="desk",
                pin=PIN if with_pin else None,
            )

    def _match_of(self, hand_id: int) -> int:
        for m in self._matches():
            if m.b is not None and any(
                r.hand_id == hand_id for r in matches.get_score_sheet(self.db, m.id).hands
            ):
                return m.id
        raise AssertionError(f"hand {hand_id} is in no match")

    # --- what must hold ---------------------------------------------------------------

    @precondition(lambda self: hasattr(self, "db"))
    @invariant()
    def verify_finds_nothing(self) -> None:
        report = verify_database(self.db)
        assert report.clean, report.problems

    @precondition(lambda self: hasattr(self, "db"))
    @invariant()
    def locked_matches_are_finished(self) -> None:
        for m in self._matches():
            if m.status is MatchStatus.LOCKED:
                assert matches.get_score_sheet(self.db, m.id).finished


ServiceSequences.TestCase.settings = settings(
    max_examples=15,
    stateful_step_count=40,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
test_verify_stays_clean = ServiceSequences.TestCase


def test_a_correction_that_would_end_the_match_earlier_is_refused(tmp_path: Path) -> None:
    db = open_database(tmp_path / "club.sqlite", backups=False)
    try:
        short = load_preset("gra-tournament").with_changes(target=40, best_of=3)
        event = events.create_event(db, name="Club", rules=short)
        match, _ = matches.create_match_by_names(db, event.id, "Ada", "Ben")
        small = {"knock": "A", "deadwood": {"A": 0, "B": 5}}
        gin = {"gin": "A", "deadwood": {"B": 30}}
        for data in (small, gin, small, gin):  # A wins games 1 and 2 at hands 2 and 4
            version = matches.get_match(db, match.id).version
            sheet = hands.record_hand(db, match.id, record_from_json(data), version, entered_by="t")
        assert sheet.finished
        before = _rows(tmp_path / "club.sqlite")
        version = matches.get_match(db, match.id).version
        big = record_from_json({"big_gin": "A", "deadwood": {"B": 30}})
        try:
            hands.correct_hand(
                db, sheet.hands[0].hand_id, big, version, reason="slip", entered_by="t"
            )
        except ServiceError as error:
            # Hand 1 would win game 1, hand 2 game 2: hands 3-4 after the end.
            assert str(error) == (
                f"this would decide match {match.id} at hand 2, and hands 3–4 would then "
                "count nowhere: void hands 3–4 first"
            )
        else:
            raise AssertionError("the correction was accepted")
        assert _rows(tmp_path / "club.sqlite") == before
        assert verify_database(db).clean
    finally:
        db.close()
