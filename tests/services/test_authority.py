"""Who may change what: every cell of the authority table through the real services on a real
SQLite file, and the attacks of issue 13.

Each refused action is checked to change nothing at all: the whole database (every table,
the audit log and the change feed included) is dumped before and after and compared.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from gin_scorer.core.hands import Side
from gin_scorer.presets import load_preset
from gin_scorer.services.support.authority import (
    Action,
    Allowed,
    NeedsPin,
    Refused,
    State,
    decide,
    markdown_table,
)
from gin_scorer.services.support.dto import EventStatus, EventView, ResultKind
from gin_scorer.services.support.errors import ActionRefused, PinError
from gin_scorer.services.writes import entrants, events, hands, matches, rounds
from gin_scorer.services.writes.backups import back_up_now, restore_backup
from gin_scorer.services.writes.confirmations import confirm_result
from gin_scorer.services.writes.database_pin import set_database_pin
from gin_scorer.services.writes.event_delete import delete_event
from gin_scorer.services.writes.results import ResultReport, record_result, void_result
from gin_scorer.store.database import Database, open_database
from tests.services.helpers import GIN_A, KNOCK_A, hand

PIN = "2468"
FAST = "wikipedia-standard"  # one game to 100: two gins decide a match


def dump(path: Path) -> list[tuple[str, list[tuple[object, ...]]]]:
    """Every row of every table, in storage order: what "nothing changed" is compared on
    (not SQLite's own ``sqlite_sequence``: the highest match number given, which any new
    match moves on)."""
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as connection:
        names = [
            row[0]
            for row in connection.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' "
                "AND name NOT LIKE 'sqlite_%' ORDER BY name"
            )
        ]
        return [
            (name, list(connection.execute(f'SELECT * FROM "{name}" ORDER BY rowid')))
            for name in names
        ]


@dataclass
class Scene:
    """An event in one state: club night "Open" (PIN 2468), six players in round 1.

    m1 (A v B) and m3 (E v F) are decided, m2 (C v D) has one hand; G has withdrawn. Round 2
    (A v E, no hands yet) is paired except in the locked scene, where m1's result is locked
    and round 1 is the latest round."""

    db: Database
    path: Path
    event_id: int
    ids: dict[str, int]
    m1: int
    m2: int
    m3: int

    def event(self) -> EventView:
        return events.get_event(self.db, self.event_id)

    def version(self, match_id: int) -> int:
        return matches.get_match(self.db, match_id).version

    def hand_of(self, match_id: int) -> int:
        return matches.get_score_sheet(self.db, match_id).hands[-1].hand_id


def _build(path: Path, state: State) -> Scene:
    db = open_database(path, station="desk-1")
    event = events.create_event(db, name="Open", rules=load_preset(FAST), format="club", pin=PIN)
    ids = {name: entrants.add_entrant(db, event.id, name, checked_in=True).id for name in "ABCDEFG"}
    entrants.withdraw_entrant(db, ids["G"])
    first = rounds.start_round(
        db, event.id, chosen=[(ids["A"], ids["B"]), (ids["C"], ids["D"]), (ids["E"], ids["F"])]
    )
    m1, m2, m3 = (p.match_id for p in first.pairings)
    for match_id, played in ((m1, [GIN_A, GIN_A]), (m2, [KNOCK_A]), (m3, [GIN_A, GIN_A])):
        for record in played:
            version = matches.get_match(db, match_id).version
            hands.record_hand(db, match_id, hand(record), version, entered_by="T")
    # m3's result came on a slip after all (a forfeit: it fits any format), set over its hands.
    forfeit = ResultReport(ResultKind.FORFEIT, Side.A)
    version = matches.get_match(db, m3).version
    record_result(db, m3, forfeit, version, entered_by="T", replace_existing=True)
    scene = Scene(db, path, event.id, ids, m1, m2, m3)
    if state is State.LOCKED:
        matches.set_result_lock(db, m1, scene.version(m1), pin=PIN, locked=True)
        return scene
    rounds.start_round(db, event.id, chosen=[(ids["A"], ids["E"])])
    if state is State.FINISHED:
        matches.set_result_lock(db, m1, scene.version(m1), pin=PIN, locked=True)
        events.set_event_status(db, event.id, EventStatus.FINISHED, scene.event().version)
    elif state is State.SETUP:
        events.set_event_status(db, event.id, EventStatus.SETUP, scene.event().version, pin=PIN)
    return scene


Attempt = Callable[[Scene, State, "str | None"], object]


def _hand_match(s: Scene, state: State) -> int:
    return s.m1 if state is State.LOCKED else s.m2


def _record(s: Scene, state: State, pin: str | None) -> object:
    target = _hand_match(s, state)
    return hands.record_hand(
        s.db, target, hand(KNOCK_A), s.version(target), entered_by="T", pin=pin
    )


def _correct(s: Scene, state: State, pin: str | None) -> object:
    target = _hand_match(s, state)
    return hands.correct_hand(
        s.db,
        s.hand_of(target),
        hand(GIN_A),
        s.version(target),
        reason="slip",
        entered_by="T",
        pin=pin,
    )


def _void(s: Scene, state: State, pin: str | None) -> object:
    target = _hand_match(s, state)
    return hands.void_hand(
        s.db, s.hand_of(target), s.version(target), reason="misdeal", entered_by="T", pin=pin
    )


def _undo(s: Scene, state: State, pin: str | None) -> object:
    target = _hand_match(s, state)
    return hands.undo(s.db, target, s.version(target), entered_by="T", pin=pin)


def _lock(s: Scene, state: State, pin: str | None) -> object:
    target = s.m1 if state is State.LOCKED else s.m3
    return matches.set_result_lock(s.db, target, s.version(target), pin=pin, locked=True)


def _unlock(s: Scene, state: State, pin: str | None) -> object:
    return matches.set_result_lock(s.db, s.m1, s.version(s.m1), pin=pin, locked=False)


def _report(s: Scene, state: State, pin: str | None) -> object:
    target = _hand_match(s, state)
    forfeit = ResultReport(ResultKind.FORFEIT, Side.B)
    return record_result(
        s.db, target, forfeit, s.version(target), entered_by="T", replace_existing=True, pin=pin
    )


def _take_back(s: Scene, state: State, pin: str | None) -> object:
    target = s.m1 if state is State.LOCKED else s.m3
    return void_result(s.db, target, s.version(target), reason="came", entered_by="T", pin=pin)


def _adjudicate(s: Scene, state: State, pin: str | None) -> object:
    target = _hand_match(s, state)
    ruling = ResultReport(ResultKind.ADJUDICATED, Side.B, reason="A left")
    return record_result(s.db, target, ruling, s.version(target), entered_by="T", pin=pin)


def _confirm(s: Scene, state: State, pin: str | None) -> object:
    # m1 is decided in every scene (locked in the locked and finished ones); no PIN is asked.
    return confirm_result(s.db, s.m1, Side.A, s.version(s.m1), agrees=True, entered_by="T")


def _status(status: EventStatus) -> Attempt:
    def attempt(s: Scene, state: State, pin: str | None) -> object:
        return events.set_event_status(s.db, s.event_id, status, s.event().version, pin=pin)

    return attempt


ATTEMPTS: dict[Action, Attempt] = {
    Action.RECORD_HAND: _record,
    Action.CORRECT_HAND: _correct,
    Action.VOID_HAND: _void,
    Action.UNDO_ENTRY: _undo,
    Action.RECORD_RESULT: _report,
    Action.CORRECT_RESULT: _take_back,
    Action.ADJUDICATE: _adjudicate,
    Action.CONFIRM_RESULT: _confirm,
    Action.CREATE_MATCH: lambda s, state, pin: matches.create_match(
        s.db, s.event_id, s.ids["B"], s.ids["F"]
    ),
    Action.LOCK_RESULT: _lock,
    Action.UNLOCK_RESULT: _unlock,
    Action.PAIR_ROUND: lambda s, state, pin: rounds.start_round(
        s.db, s.event_id, chosen=[(s.ids["B"], s.ids["F"])]
    ),
    Action.CANCEL_ROUND: lambda s, state, pin: rounds.cancel_round(s.db, s.event_id),
    Action.ADD_ENTRANT: lambda s, state, pin: entrants.add_entrant(s.db, s.event_id, "Hal"),
    Action.EDIT_ENTRANT: lambda s, state, pin: entrants.update_entrant(
        s.db, s.ids["A"], club="Elks", pin=pin
    ),
    Action.WITHDRAW_ENTRANT: lambda s, state, pin: entrants.withdraw_entrant(
        s.db, s.ids["F"], pin=pin
    ),
    Action.REINSTATE_ENTRANT: lambda s, state, pin: entrants.reinstate_entrant(
        s.db, s.ids["G"], pin=pin
    ),
    Action.CHECK_IN: lambda s, state, pin: entrants.check_in(s.db, s.ids["A"], False, pin=pin),
    Action.CHANGE_RULES: lambda s, state, pin: events.set_event_rules(
        s.db, s.event_id, load_preset("gra-tournament"), s.event().version, pin=pin
    ),
    Action.CHANGE_SETTINGS: lambda s, state, pin: events.set_event_settings(
        s.db,
        s.event_id,
        {**s.event().settings, "require_check_in": True},
        s.event().version,
        pin=pin,
    ),
    Action.START_EVENT: _status(EventStatus.RUNNING),
    Action.RETURN_TO_SETUP: _status(EventStatus.SETUP),
    Action.FINISH_EVENT: _status(EventStatus.FINISHED),
    Action.REOPEN_EVENT: _status(EventStatus.RUNNING),
    Action.SET_EVENT_PIN: lambda s, state, pin: events.set_event_pin(
        s.db, s.event_id, "1357", old_pin=pin
    ),
    Action.DELETE_EVENT: lambda s, state, pin: delete_event(s.db, s.event_id, name="Open", pin=pin),
}

# Cells no service call can reach: the service names the action from the state (moving a
# finished event is reopening it; reopening an event that is not finished is a status move).
UNREACHABLE = {
    (Action.START_EVENT, State.FINISHED),
    (Action.RETURN_TO_SETUP, State.FINISHED),
    (Action.REOPEN_EVENT, State.SETUP),
    (Action.REOPEN_EVENT, State.RUNNING),
}
# Actions on no single match have no locked column of their own ("as the event").
MATCH_ACTIONS = {
    Action.RECORD_HAND,
    Action.CORRECT_HAND,
    Action.VOID_HAND,
    Action.UNDO_ENTRY,
    Action.RECORD_RESULT,
    Action.CORRECT_RESULT,
    Action.ADJUDICATE,
    Action.LOCK_RESULT,
    Action.UNLOCK_RESULT,
    Action.CANCEL_ROUND,
}
# What the sentence of each refusal says to do, or why.
SAYS = {
    "reopen first": "is finished: reopen it to",
    "unlock first": "locked: unlock it first to",
    "already locked": "is already locked",
    "not locked": "is not locked",
    "already finished": "is already finished",
}
CELLS = [
    pytest.param(action, state, id=f"{action.name.lower()}-{state.name.lower()}")
    for action in Action
    for state in State
    if (action, state) not in UNREACHABLE and (state is not State.LOCKED or action in MATCH_ACTIONS)
]


@pytest.mark.parametrize(("action", "state"), CELLS)
def test_every_cell_of_the_table_holds(action: Action, state: State, tmp_path: Path) -> None:
    scene = _build(tmp_path / "event.sqlite", state)
    attempt = ATTEMPTS[action]
    try:
        decision = decide(action, state)
        before = dump(scene.path)
        if isinstance(decision, Refused):
            # Not even the right PIN lifts a refusal; the sentence says what to do first.
            with pytest.raises(ActionRefused, match=SAYS[decision.reason]):
                attempt(scene, state, PIN)
            assert dump(scene.path) == before
        elif isinstance(decision, NeedsPin):
            with pytest.raises(PinError, match="PIN of 'Open' is needed to " + action.value):
                attempt(scene, state, None)
            assert dump(scene.path) == before
            with pytest.raises(PinError, match="wrong director PIN for 'Open'"):
                attempt(scene, state, "0000")
            assert dump(scene.path) == before
            attempt(scene, state, PIN)
            assert dump(scene.path) != before
        else:
            assert isinstance(decision, Allowed)
            attempt(scene, state, None)
            assert dump(scene.path) != before
    finally:
        scene.db.close()


def test_the_readme_shows_exactly_the_table_the_code_decides() -> None:
    readme = (Path(__file__).parents[2] / "README.md").read_text(encoding="utf-8")
    assert markdown_table() in readme


def test_every_action_has_a_decision_in_every_state() -> None:
    for action in Action:
        for state in State:
            assert isinstance(decide(action, state), Allowed | NeedsPin | Refused)
    # The correction policy's reliance turns an allowed correction into a PIN.
    assert decide(Action.CORRECT_HAND, State.RUNNING) == Allowed()
    assert decide(Action.CORRECT_HAND, State.RUNNING, relied_on="round 3 is paired") == (
        NeedsPin(because="round 3 is paired")
    )


# --- the attacks of issue 13 ------------------------------------------------------------------


@pytest.fixture
def finished(tmp_path: Path) -> Scene:
    scene = _build(tmp_path / "event.sqlite", State.FINISHED)
    yield scene  # type: ignore[misc]
    scene.db.close()


def test_a_finished_event_cannot_be_changed_without_the_pin(finished: Scene) -> None:
    s = finished
    before = dump(s.path)
    with pytest.raises(
        PinError, match="PIN of 'Open' is needed to withdraw an entrant: the event is finished"
    ):
        entrants.withdraw_entrant(s.db, s.ids["F"])
    with pytest.raises(ActionRefused, match="finished: reopen it to take back a round"):
        rounds.cancel_round(s.db, s.event_id)
    with pytest.raises(PinError, match="needed to reopen the event"):
        events.set_event_status(s.db, s.event_id, EventStatus.RUNNING, s.event().version)
    with pytest.raises(PinError, match="needed to change the settings"):
        events.set_event_settings(s.db, s.event_id, {"require_check_in": True}, s.event().version)
    with pytest.raises(ActionRefused, match="finished: reopen it to record a hand in match"):
        hands.record_hand(s.db, s.m2, hand(KNOCK_A), s.version(s.m2), entered_by="T", pin=PIN)
    with pytest.raises(ActionRefused, match="finished: reopen it to record a hand"):
        rounds.record_match_hands(s.db, s.m2, [], s.version(s.m2), entered_by="T")
    assert dump(s.path) == before


def test_the_database_pin_opens_every_event_and_guards_one_without_its_own(
    tmp_path: Path,
) -> None:
    with open_database(tmp_path / "club.sqlite") as db:
        guarded = events.create_event(db, name="Open", format="club", pin=PIN)
        bare = events.create_event(db, name="Social", format="club")
        set_database_pin(db, "9753", pins=[PIN])
        events.set_event_status(db, guarded.id, EventStatus.FINISHED, guarded.version)
        events.set_event_status(db, bare.id, EventStatus.FINISHED, bare.version)
        with pytest.raises(PinError, match="PIN of 'Social' is needed to reopen"):
            events.set_event_status(db, bare.id, EventStatus.RUNNING, bare.version + 1)
        for event in (guarded, bare):
            reopened = events.set_event_status(
                db, event.id, EventStatus.RUNNING, event.version + 1, pin="9753"
            )
            assert reopened.status is EventStatus.RUNNING


def test_the_first_database_pin_needs_every_event_pin(tmp_path: Path) -> None:
    path = tmp_path / "club.sqlite"
    with open_database(path) as db:
        events.create_event(db, name="Open", format="club", pin=PIN)
        events.create_event(db, name="Mine", format="club", pin="1111")  # the attacker's
        before = dump(path)
        with pytest.raises(PinError, match=r"still guarded: 'Open' \(event 1\), 'Mine'"):
            set_database_pin(db, "9999")
        with pytest.raises(PinError, match=r"still guarded: 'Open' \(event 1\)$|'Open'"):
            set_database_pin(db, "9999", pins=["1111"])
        assert dump(path) == before
        assert set_database_pin(db, "9999", pins=["1111", PIN])
        # From now on the database PIN guards itself: the event PINs no longer change it.
        with pytest.raises(PinError, match="not the director PIN of this database"):
            set_database_pin(db, None, pins=[PIN, "1111"])
        assert not set_database_pin(db, None, pins=["9999"])


def test_a_restore_needs_every_guard_not_a_fresh_events_pin(tmp_path: Path) -> None:
    path = tmp_path / "club.sqlite"
    with open_database(path) as db:
        events.create_event(db, name="Open", format="club", pin=PIN)
        backup = back_up_now(db)
        events.create_event(db, name="Mine", format="club", pin="1111")  # the attacker's
    before = dump(path)
    with pytest.raises(PinError, match=r"still guarded: 'Open' \(event 1\)"):
        restore_backup(str(path), backup.path, pin="1111")
    with pytest.raises(PinError, match="no PIN was given"):
        restore_backup(str(path), backup.path, ask_pin=lambda: "")
    assert dump(path) == before
    restore_backup(str(path), backup.path, pins=["1111", PIN])
    with open_database(path) as db:
        assert [e.name for e in events.list_events(db)] == ["Open"]
        set_database_pin(db, "9753", pins=[PIN])
    with pytest.raises(PinError, match="not the director PIN of this database"):
        restore_backup(str(path), backup.path, pin=PIN)  # an event's PIN no longer does
    restore_backup(str(path), backup.path, ask_pin=lambda: "9753")


def test_importing_an_event_touches_no_other(tmp_path: Path) -> None:
    from gin_scorer.services.writes.exchange import export_event_json, import_event_json

    scene = _build(tmp_path / "event.sqlite", State.FINISHED)
    try:
        text = export_event_json(scene.db, scene.event_id)
        before = dump(scene.path)
        copy = import_event_json(scene.db, text)
        assert copy.id != scene.event_id
        after = dict(dump(scene.path))
        for table, rows in before:
            assert set(rows) <= set(after[table])  # nothing of the old rows changed or went
    finally:
        scene.db.close()


def test_a_screen_asks_for_one_event_pin_after_another(tmp_path: Path) -> None:
    path = tmp_path / "club.sqlite"
    with open_database(path) as db:
        events.create_event(db, name="Open", format="club", pin=PIN)
        events.create_event(db, name="Juniors", format="club", pin="1111")
        backup = back_up_now(db)
        events.create_event(db, name="Later", format="club")
    typed = iter([PIN, "0000"])  # the second PIN typed is wrong: it opens nothing more
    with pytest.raises(PinError, match=r"still guarded: 'Juniors' \(event 2\)$"):
        restore_backup(str(path), backup.path, ask_pin=lambda: next(typed))
    typed = iter([PIN, "1111"])
    restore_backup(str(path), backup.path, ask_pin=lambda: next(typed))
    with open_database(path) as db:
        assert [e.name for e in events.list_events(db)] == ["Juniors", "Open"]


def test_the_restore_rule_holds_on_a_postgresql_server(pg_url: str) -> None:
    with open_database(pg_url, station="desk-1") as db:
        events.create_event(db, name="Open", format="club", pin=PIN)
        backup = back_up_now(db)
        events.create_event(db, name="Mine", format="club", pin="1111")  # the attacker's
        with pytest.raises(PinError, match=r"still guarded: 'Open' \(event 1\)"):
            set_database_pin(db, "9999", pins=["1111"])
    with pytest.raises(PinError, match=r"still guarded: 'Open' \(event 1\)"):
        restore_backup(pg_url, backup.path, pin="1111")
    with open_database(pg_url) as db:
        assert sorted(e.name for e in events.list_events(db)) == ["Mine", "Open"]
    restore_backup(pg_url, backup.path, pins=[PIN, "1111"])
    with open_database(pg_url) as db:
        assert [e.name for e in events.list_events(db)] == ["Open"]
        set_database_pin(db, "9753", pins=[PIN])
    with pytest.raises(PinError, match="not the director PIN of this database"):
        restore_backup(pg_url, backup.path, pin=PIN)
    restore_backup(pg_url, backup.path, pin="9753")


# Writing services the table allows everywhere (database-wide actions that touch no event
# already there, or no fact at all: for the backup schedule, how often copies are taken, as the
# station could always set; for the tables' links, the secret their codes are made with — the
# links let a table enter its own hands, which the authority checks when they come; for the
# name order, how lists are sorted, a display setting like the schedule); every other write
# must reach authority.require.
ALLOWED_WITHOUT_ASKING = {
    "create_event",
    "import_event_json",
    "set_backup_schedule",
    "set_name_order",
    "table_links",
}


def test_every_writing_service_asks_the_authority() -> None:
    """A new service that writes without asking would be a hole no other test notices."""
    import ast

    folder = Path(__file__).parents[2] / "gin_scorer" / "services"
    calls: dict[str, set[str]] = {}
    writers: set[str] = set()
    for source in folder.rglob("*.py"):
        for node in ast.parse(source.read_text(encoding="utf-8")).body:
            if not isinstance(node, ast.FunctionDef):
                continue
            named = calls.setdefault(node.name, set())
            for inner in ast.walk(node):
                if isinstance(inner, ast.Call):
                    func = inner.func
                    name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
                    named.add(name)
                    if name == "transaction" and not any(k.arg == "write" for k in inner.keywords):
                        writers.add(node.name)
    asks = {"require", "require_whole_database"}
    changed = True
    while changed:  # every function that reaches require, through any helper
        changed = False
        for name, called in calls.items():
            if name not in asks and called & asks:
                asks.add(name)
                changed = True
    silent = sorted(writers - asks - ALLOWED_WITHOUT_ASKING)
    assert not silent, f"these services write without asking who may: {silent}"


def test_a_running_event_goes_back_to_setup_only_with_the_pin(tmp_path: Path) -> None:
    """Issue 36: set back to setup, an event's rules and settings change without the PIN, and
    it can then be set running again: the move back needs the PIN once the event runs."""
    scene = _build(tmp_path / "event.sqlite", State.RUNNING)
    try:
        before = dump(scene.path)
        with pytest.raises(PinError, match="PIN of 'Open' is needed to set a running event back"):
            events.set_event_status(
                scene.db, scene.event_id, EventStatus.SETUP, scene.event().version
            )
        assert dump(scene.path) == before
        events.set_event_status(
            scene.db, scene.event_id, EventStatus.SETUP, scene.event().version, pin=PIN
        )
        assert scene.event().status is EventStatus.SETUP
    finally:
        scene.db.close()
