"""Who may change what: one decision table for every service that writes, and one check.

A director must be able to trust that a finished event or a locked result stays as it was
unless someone who knows the PIN changed it. So every service that writes asks
:func:`require` (inside its transaction, before it writes anything); :func:`decide` is the
pure table behind it, and :func:`markdown_table` prints that same table into the README, so
the documentation can never say something the code does not do.

The states are the event's (open for entries = ``setup``, ``running``, ``finished``) and, for
an action on one match, ``locked`` when the director has locked its result (a finished event
outranks a locked result: its column applies). A cell is

- allowed;
- PIN: the director's PIN is needed when the event has one or the database has one (either
  opens the event: the database PIN works wherever an event PIN is asked); with no PIN set
  anywhere there is nobody to ask, and the action is allowed;
- PIN when relied on: allowed until the format's correction policy says later play relies on
  the result (:mod:`gin_scorer.services.queries.correction_policy`), then PIN — and refused while no
  PIN is set, because then nobody could lift the refusal;
- refused, with the reason (reopen the event first, unlock the result first ...).

Why the finished column refuses play (hands, rounds, matches, new entrants) rather than
asking for the PIN: a hand or a round added to a finished event would sit in an event that
says it is over. The director reopens it (with the PIN), changes what must change, and
finishes it again, and the log shows both steps.

Database-wide actions (:data:`DATABASE_RULES`) have no event state: setting or clearing the
database PIN and restoring or replacing the database need the PIN that guards everything
they touch — the database PIN when one is set, else the PIN of every event that has one.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Self

from sqlalchemy.orm import Session

from gin_scorer.core.wording import Said, said
from gin_scorer.services.support import authority_words as words
from gin_scorer.services.support.dto import EventStatus, MatchStatus
from gin_scorer.services.support.errors import ActionRefused, PinError
from gin_scorer.store import pin as pins
from gin_scorer.store.seal import authorize
from gin_scorer.store.settings import DIRECTOR_PIN, EventGuard, PinGuards, get_setting
from gin_scorer.store.tables import Event, Match


class _Phrase(Enum):
    """An enum whose value is the phrase messages use, kept as its words too (``words``)
    so that a message says it in the reader's language."""

    _value_: str
    words: Said

    def __new__(cls, words: Said) -> Self:
        member = object.__new__(cls)
        member._value_ = words.pattern
        member.words = words
        return member


class Action(_Phrase):
    """Every change a service makes to an event; the value is the phrase messages use."""

    RECORD_HAND = said("record a hand")
    CORRECT_HAND = said("correct a hand")
    VOID_HAND = said("void a hand")
    UNDO_ENTRY = said("undo an entry")
    RECORD_RESULT = said("report a result (slip, forfeit, time called)")
    CORRECT_RESULT = said("replace or void a reported result")
    ADJUDICATE = said("adjudicate a match")
    CONFIRM_RESULT = said("confirm or dispute a result at the table")
    CREATE_MATCH = said("create a match")
    LOCK_RESULT = said("lock a result")
    UNLOCK_RESULT = said("unlock a result")
    PAIR_ROUND = said("pair a round")
    CANCEL_ROUND = said("take back a round")
    ADD_ENTRANT = said("add an entrant")
    EDIT_ENTRANT = said("edit an entrant")
    WITHDRAW_ENTRANT = said("withdraw an entrant")
    REINSTATE_ENTRANT = said("reinstate an entrant")
    CHECK_IN = said("check an entrant in or out")
    CHANGE_RULES = said("change the rules")
    CHANGE_SETTINGS = said("change the settings")
    START_EVENT = said("mark the event running")
    RETURN_TO_SETUP = said("set a running event back to setup")
    FINISH_EVENT = said("finish the event")
    REOPEN_EVENT = said("reopen the event")
    SET_EVENT_PIN = said("set, change or clear the event's PIN")
    DELETE_EVENT = said("delete the event")


class DatabaseAction(_Phrase):
    """Changes to the database as a whole (no event state applies)."""

    CREATE_EVENT = said("create an event")
    IMPORT_EVENT = said("import an event file")
    BACK_UP = said("back up, or change the backup schedule")
    SET_DATABASE_PIN = said("set, change or clear the database PIN")
    REPLACE_DATABASE = said("restore or replace the database")
    MERGE_PLAYERS = said("merge two records of one player")
    UNMERGE_PLAYERS = said("undo a merge of two players' records")
    MANAGE_SEASON = said("create a season, or change its nights or points")


class State(Enum):
    """The column of the table an action falls in; the value is the README's heading."""

    SETUP = "open event"
    RUNNING = "running"
    FINISHED = "finished"
    LOCKED = "locked result"


@dataclass(frozen=True, slots=True)
class Allowed:
    pass


@dataclass(frozen=True, slots=True)
class NeedsPin:
    """The director's PIN is needed; ``because`` names the policy that asks for it, if any."""

    because: Said | None = None


@dataclass(frozen=True, slots=True)
class Refused:
    reason: str


Decision = Allowed | NeedsPin | Refused


class _Cell(Enum):
    """A cell of the table as written; PIN_WHEN_RELIED_ON resolves to Allowed or NeedsPin."""

    ALLOWED = "allowed"
    PIN = "PIN"
    PIN_WHEN_RELIED_ON = "allowed; PIN once relied on"
    AS_EVENT = "as the event"  # acts on no single match: the event's column applies
    REOPEN_FIRST = "refused: reopen first"
    UNLOCK_FIRST = "refused: unlock first"
    ALREADY_LOCKED = "refused: already locked"
    NOT_LOCKED = "refused: not locked"
    ALREADY_FINISHED = "refused: already finished"
    NOT_FINISHED = "refused: not finished"


_A, _P, _R, _E = _Cell.ALLOWED, _Cell.PIN, _Cell.PIN_WHEN_RELIED_ON, _Cell.AS_EVENT
_HAND_OR_MATCH = (_A, _A, _Cell.REOPEN_FIRST, _Cell.UNLOCK_FIRST)
_CORRECTION = (_R, _R, _Cell.REOPEN_FIRST, _Cell.UNLOCK_FIRST)
_ENTRANT = (_A, _A, _P, _E)

# Columns: open event (setup), running, finished, locked result.
_TABLE: dict[Action, tuple[_Cell, _Cell, _Cell, _Cell]] = {
    Action.RECORD_HAND: _HAND_OR_MATCH,
    Action.CORRECT_HAND: _CORRECTION,
    Action.VOID_HAND: _CORRECTION,
    Action.UNDO_ENTRY: _CORRECTION,
    Action.RECORD_RESULT: _HAND_OR_MATCH,
    Action.CORRECT_RESULT: _CORRECTION,
    # The director's ruling: always the director's PIN (when one is set).
    Action.ADJUDICATE: (_P, _P, _Cell.REOPEN_FIRST, _Cell.UNLOCK_FIRST),
    # The players' word from the table: theirs until the result is locked or finished.
    Action.CONFIRM_RESULT: _HAND_OR_MATCH,
    Action.CREATE_MATCH: (_A, _A, _Cell.REOPEN_FIRST, _E),
    Action.LOCK_RESULT: (_P, _P, _P, _Cell.ALREADY_LOCKED),
    Action.UNLOCK_RESULT: (_Cell.NOT_LOCKED, _Cell.NOT_LOCKED, _P, _P),
    Action.PAIR_ROUND: (_A, _A, _Cell.REOPEN_FIRST, _E),
    # A round with a locked result in it stays: the director unlocks first, on purpose.
    Action.CANCEL_ROUND: (_A, _A, _Cell.REOPEN_FIRST, _Cell.UNLOCK_FIRST),
    # A late entrant in a finished event would join a round that will never be paired.
    Action.ADD_ENTRANT: (_A, _A, _Cell.REOPEN_FIRST, _E),
    Action.EDIT_ENTRANT: _ENTRANT,
    Action.WITHDRAW_ENTRANT: _ENTRANT,
    Action.REINSTATE_ENTRANT: _ENTRANT,
    Action.CHECK_IN: _ENTRANT,
    Action.CHANGE_RULES: (_A, _P, _P, _E),
    Action.CHANGE_SETTINGS: (_A, _P, _P, _E),
    Action.START_EVENT: (_A, _A, _Cell.REOPEN_FIRST, _E),
    # Back in setup, rules and settings change without the PIN: so the move needs it.
    Action.RETURN_TO_SETUP: (_A, _P, _Cell.REOPEN_FIRST, _E),
    Action.FINISH_EVENT: (_A, _A, _Cell.ALREADY_FINISHED, _E),
    Action.REOPEN_EVENT: (_Cell.NOT_FINISHED, _Cell.NOT_FINISHED, _P, _E),
    Action.SET_EVENT_PIN: (_P, _P, _P, _E),
    Action.DELETE_EVENT: (_P, _P, _P, _E),
}

_COLUMN = {State.SETUP: 0, State.RUNNING: 1, State.FINISHED: 2, State.LOCKED: 3}

# What each database-wide action needs, as the README says it.
DATABASE_RULES: dict[DatabaseAction, str] = {
    DatabaseAction.CREATE_EVENT: "allowed",
    DatabaseAction.IMPORT_EVENT: "allowed (it creates a new event and touches no other)",
    DatabaseAction.BACK_UP: "allowed",
    DatabaseAction.SET_DATABASE_PIN: (
        "the database PIN when one is set; else the PIN of every event that has one "
        "(the database PIN will open them all)"
    ),
    DatabaseAction.REPLACE_DATABASE: (
        "the PIN that guards all of the database being replaced: the database PIN when one "
        "is set; else the PIN of every event that has one"
    ),
    DatabaseAction.MERGE_PLAYERS: (
        "the database PIN when one is set; else the PIN of each event whose entrants it "
        "re-links that has one"
    ),
    DatabaseAction.UNMERGE_PLAYERS: "as the merge",
    DatabaseAction.MANAGE_SEASON: "the database PIN when one is set; else allowed",
}


def decide(action: Action, state: State, *, relied_on: Said | None = None) -> Decision:
    """The table's answer for ``action`` in ``state``. ``relied_on`` is the correction
    policy's reason why later play relies on the result (``None``: nothing does yet)."""
    cell = _TABLE[action][_COLUMN[state]]
    if cell is _Cell.AS_EVENT:
        # Reached only if a caller passes LOCKED for an action on no single match.
        cell = _TABLE[action][_COLUMN[State.RUNNING]]
    if cell is _Cell.ALLOWED:
        return Allowed()
    if cell is _Cell.PIN:
        return NeedsPin()
    if cell is _Cell.PIN_WHEN_RELIED_ON:
        return Allowed() if relied_on is None else NeedsPin(because=relied_on)
    return Refused(cell.value.removeprefix("refused: "))


def state_of(event: Event, match: Match | None = None) -> State:
    """The column that applies to ``event`` (and, for an action on one match, ``match``)."""
    if event.status == EventStatus.FINISHED.value:
        return State.FINISHED
    if match is not None and match.status == MatchStatus.LOCKED.value:
        return State.LOCKED
    if event.status == EventStatus.RUNNING.value:
        return State.RUNNING
    return State.SETUP


def _guarded_by(session: Session, event: Event) -> list[tuple[str, str]]:
    """The (guard, stored hash) pairs whose PIN opens ``event``: its own, the database's."""
    found = [(f"event:{event.id}", event.pin_hash)] if event.pin_hash else []
    database = get_setting(session, DIRECTOR_PIN)
    if database:
        found.append(("database", database))
    return found


def require(
    session: Session,
    action: Action,
    event: Event,
    pin: str | None,
    *,
    match: Match | None = None,
    state: State | None = None,
    relied_on: Said | None = None,
) -> bool:
    """Refuse ``action`` on ``event`` (and ``match``) unless the table allows it.

    Call inside the transaction, before writing anything. ``state`` overrides the column
    (a round with a locked result in it). Returns whether a PIN was checked (the audit entry
    says so); raises :class:`ActionRefused` (nothing a PIN can change) or :class:`PinError`
    naming the PIN needed. On success with a PIN the seal is told which guard allowed it.
    """
    column = state or state_of(event, match)
    decision = decide(action, column, relied_on=relied_on)
    if isinstance(decision, Allowed):
        return False  # before reading any PIN: recording a hand stays one query cheaper
    guards = _guarded_by(session, event)
    if isinstance(decision, Refused):
        raise ActionRefused(
            words.refusal(action.words, event, match, decision.reason, bool(guards))
        )
    doing = words.doing(action.words, match)
    why = _why_pin(action, column, decision)
    if not guards:
        if decision.because is None:
            return False  # nobody holds a PIN: nobody to ask
        raise PinError(words.no_pin_yet(event, doing, why), askable=False)
    if pin is None or pin == "":
        raise PinError(words.pin_needed(event, doing, why))
    for guard, stored in guards:
        if pins.check_pin(pin, stored):
            authorize(session, guard, pin)
            return True
    raise PinError(words.wrong_pin(event, doing, why))


def _why_pin(action: Action, column: State, decision: NeedsPin) -> Said | str | None:
    """Why the PIN is asked, unless the action needs it in every state anyway."""
    if decision.because:
        return decision.because
    if isinstance(decide(action, State.SETUP), NeedsPin):
        return None
    if column is State.RUNNING:
        return said("the event is running")
    if column is State.FINISHED:
        return said("the event is finished")
    if column is State.LOCKED:
        return said("its result is locked")
    return None


def check_event_pin(session: Session, event: Event, pin: str) -> bool:
    """Whether ``pin`` opens ``event`` (its own PIN or the database's; none set: any)."""
    guards = _guarded_by(session, event)
    return not guards or any(pins.check_pin(pin, stored) for _, stored in guards)


# --- database-wide: the database PIN, restores ----------------------------------------------


def _still_guarded(guards: PinGuards, given: Sequence[str]) -> list[EventGuard]:
    return [e for e in guards.events if not any(pins.check_pin(p, e.pin_hash) for p in given)]


def require_whole_database(
    guards: PinGuards,
    given: Sequence[str],
    action: DatabaseAction,
    *,
    ask: Callable[[], str] | None = None,
    session: Session | None = None,
) -> bool:
    """Refuse ``action`` unless ``given`` holds the PIN that guards the whole database: the
    database PIN when set, else every event's PIN (one PIN may open several events).

    ``ask`` is called for a PIN when none was given (again while each PIN typed opens some
    of the events). Returns whether a PIN was checked; with a ``session`` the seal is told
    which guards allowed it.
    """
    if not guards.database and not guards.events:
        return False
    offered = [p for p in given if p]
    asked = not offered and ask is not None
    if asked and ask is not None:
        offered = [p for p in [ask()] if p]
    if guards.database:
        if not offered:
            raise PinError(
                said(
                    "this database is protected by a director PIN and none was given; nothing "
                    "was changed (its PIN is needed to {0})",
                    action.words,
                )
            )
        opened = next((p for p in offered if pins.check_pin(p, guards.database)), None)
        if opened is None:
            raise PinError(
                said(
                    "that is not the director PIN of this database; nothing was changed (its "
                    "PIN is needed to {0})",
                    action.words,
                )
            )
        if session is not None:
            authorize(session, "database", opened)
        return True
    left = _still_guarded(guards, offered)
    # Events may have different PINs: a screen asks for one after another while each PIN
    # typed opens some of them (a wrong one, or none, ends it).
    opening = asked and len(left) < len(guards.events)
    while left and opening and ask is not None:
        typed = ask()
        fewer = [e for e in left if not (typed and pins.check_pin(typed, e.pin_hash))]
        opening = len(fewer) < len(left)
        if opening:
            offered.append(typed)
            left = fewer
    if left:
        raise PinError(words.still_guarded(action.words, left, offered=bool(offered)))
    if session is not None:
        for event in guards.events:
            opened = next(p for p in offered if pins.check_pin(p, event.pin_hash))
            authorize(session, f"event:{event.event_id}", opened)
    return True


# --- the README's table -----------------------------------------------------------------------


def markdown_table() -> str:
    """The decision table as the README shows it (a test keeps the two equal)."""
    columns = list(State)
    lines = [
        "| Action | " + " | ".join(s.value for s in columns) + " |",
        "|---|" + "---|" * len(columns),
    ]
    for action, cells in _TABLE.items():
        shown = [cells[_COLUMN[s]].value for s in columns]
        lines.append(f"| {action.value} | " + " | ".join(shown) + " |")
    lines += ["", "| Database-wide action | Needs |", "|---|---|"]
    for item, needs in DATABASE_RULES.items():
        lines.append(f"| {item.value} | {needs} |")
    return "\n".join(lines) + "\n"
