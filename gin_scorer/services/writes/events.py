"""Events: a tournament or a club night, with its rules frozen and its director's PIN.

Each function is one transaction and returns frozen views. The rule set is stored as
``RuleSet.to_dict()`` JSON when the event is created; matches copy it when they are created,
so changing the event's rules later never rewrites a match already played.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date

from sqlmodel import Session, col, select

from gin_scorer.core.ledgers.profiles import profile_of
from gin_scorer.core.rules import RuleSet
from gin_scorer.core.wording import Said, said, words_of
from gin_scorer.services.queries.views import event_view, event_views
from gin_scorer.services.support.audit_trail import record_changed
from gin_scorer.services.support.authority import Action, require
from gin_scorer.services.support.authority import check_event_pin as check_event_pin_in
from gin_scorer.services.support.dto import EntrantSpec, EventStatus, EventView
from gin_scorer.services.support.entrant_checks import team_fits, team_size
from gin_scorer.services.support.errors import InvalidInput, PinError
from gin_scorer.services.support.rows import claim_version, fetch, fetch_for_update
from gin_scorer.services.support.stored_json import dumps, loads_mapping
from gin_scorer.services.support.team_members import entrant_people
from gin_scorer.services.support.text_input import clean_text
from gin_scorer.services.writes.entrants import insert_entrants
from gin_scorer.store import pin as pins
from gin_scorer.store.database import Database
from gin_scorer.store.errors import PinError as StorePinError
from gin_scorer.store.tables import Entrant, Event, utcnow
from gin_scorer.tournament.engine import THREES_FORMATS
from gin_scorer.tournament.errors import TournamentError
from gin_scorer.tournament.model import Format
from gin_scorer.tournament.settings import TournamentSettings


def default_rules() -> RuleSet:
    """The rule set of a new event when none is given: the default preset (GRA tournament)."""
    from gin_scorer.presets import DEFAULT_PRESET, load_preset

    return load_preset(DEFAULT_PRESET)


def _format_and_settings(
    format: str, settings: Mapping[str, object] | None
) -> tuple[str, dict[str, object]]:
    """The stored format name and the checked settings (format settings of the engine)."""
    data = dict(settings or {})
    try:
        fmt = Format.parse(format)
        data["format"] = fmt.value
        checked = TournamentSettings.from_dict(data)
    except TournamentError as error:
        raise InvalidInput(words_of(error)) from None
    return fmt.value, checked.to_dict()


def _check_fixed_tables(session: Session, event_id: int, checked: Mapping[str, object]) -> None:
    """A fixed table names an entrant of this event (a typo would silently seat nobody)."""
    seats = checked.get("fixed_tables") or {}
    assert isinstance(seats, Mapping)
    if not seats:
        return
    ours = set(session.exec(select(Entrant.id).where(col(Entrant.event_id) == event_id)).all())
    for entrant in seats:
        if int(entrant) not in ours:
            raise InvalidInput(
                said(
                    "fixed tables: entrant {0} is not in this event (see: gin-scorer entrant list)",
                    entrant,
                )
            )


def _check_dates(start: date | None, end: date | None) -> None:
    if start is not None and not isinstance(start, date):
        raise InvalidInput(
            said("start date: {0} is not a date (write it as 2026-11-22)", repr(start))
        )
    if end is not None and not isinstance(end, date):
        raise InvalidInput(said("end date: {0} is not a date (write it as 2026-11-22)", repr(end)))
    if start is not None and end is not None and end < start:
        raise InvalidInput(
            said(
                "the end date {0} is before the start date {1}", end.isoformat(), start.isoformat()
            )
        )


def _new_event_format(
    format: str, settings: Mapping[str, object] | None
) -> tuple[str, dict[str, object]]:
    """The format and its settings, checked; a new event cannot fix entrants to tables yet."""
    fmt, checked = _format_and_settings(format, settings)
    if checked.get("fixed_tables"):
        raise InvalidInput(
            said(
                "fixed tables name entrants, and a new event has none yet: set them once the "
                "entrants are in (gin-scorer event settings ID --fixed-table ENTRANT_ID=TABLE)"
            )
        )
    return fmt, checked


def _pin_hash(pin: str | None) -> str | None:
    """The director PIN as stored (a salted scrypt hash), or None without one."""
    if not pin:
        return None
    try:
        return pins.hash_pin(pin)
    except StorePinError as error:
        raise PinError(words_of(error), askable=False) from None


def create_event(
    db: Database,
    *,
    name: str,
    rules: RuleSet | None = None,
    format: str = "club",
    venue: str = "",
    start_date: date | None = None,
    end_date: date | None = None,
    settings: Mapping[str, object] | None = None,
    pin: str | None = None,
    entrants: Sequence[EntrantSpec] = (),
    entrant_labels: Sequence[Said] | None = None,
    actor: str | None = None,
) -> EventView:
    """Create an event. ``rules`` defaults to the GRA tournament preset; ``format`` is an
    event format (``club``, ``swiss``, ``round-robin``, ``single-elim``, ``double-elim``);
    ``pin`` sets the director's PIN (stored as a salted scrypt hash only).

    ``entrants`` are entered in the same transaction: an entrant refused (problems named by
    ``entrant_labels``, "line 4") means no event either, so the director fixes the list and
    creates again instead of finding a half-made event."""
    title = clean_text(name, "event name", required=True)
    place = clean_text(venue, "venue")
    _check_dates(start_date, end_date)
    fmt, checked = _new_event_format(format, settings)
    chosen = rules if rules is not None else default_rules()
    if not isinstance(chosen, RuleSet):
        raise InvalidInput(said("rules: {0} is not a rule set", repr(chosen)))
    _check_seats_fit(fmt, chosen)
    pin_hash = _pin_hash(pin)
    with db.transaction() as session:
        row = Event(
            name=title,
            venue=place or None,
            start_date=start_date,
            end_date=end_date,
            format=fmt,
            rules_json=dumps(chosen.to_dict()),
            settings_json=dumps(checked),
            status=EventStatus.SETUP.value,
            pin_hash=pin_hash,
            created_at=utcnow(),
        )
        created = {"name": title, "format": fmt, "rules": chosen.key, "has_pin": bool(pin)}
        event_id = record_changed(
            session, db, row, "event", "event.create", created, actor, new=True
        )
        if entrants:
            insert_entrants(
                session, db, event_id, list(entrants), actor=actor, labels=entrant_labels
            )
        return event_view(session, row)


def list_events(db: Database) -> tuple[EventView, ...]:
    """Every event, newest first (a deleted event is not listed)."""
    with db.transaction(write=False) as session:
        rows = list(
            session.exec(
                select(Event)
                .where(col(Event.status) != EventStatus.DELETED.value)
                .order_by(col(Event.id).desc())
            )
        )
        return event_views(session, rows)


def get_event(db: Database, event_id: int) -> EventView:
    with db.transaction(write=False) as session:
        return event_view(session, fetch(session, Event, event_id))


def set_event_rules(
    db: Database,
    event_id: int,
    rules: RuleSet,
    expected_version: int,
    *,
    pin: str | None = None,
    actor: str | None = None,
) -> EventView:
    """Change the rules new matches of the event will use. Once the event is running this
    needs the director's PIN; matches already created keep the rules they were created with."""
    if not isinstance(rules, RuleSet):
        raise InvalidInput(said("rules: {0} is not a rule set", repr(rules)))
    with db.transaction() as session:
        row = fetch(session, Event, event_id)
        pinned = require(session, Action.CHANGE_RULES, row, pin)
        claim_version(session, db, Event, event_id, expected_version)
        row = fetch_for_update(session, Event, event_id)
        before = loads_mapping(row.rules_json, "rules")
        _check_seats_fit(row.format, rules)
        _check_format_fits(session, row, rules)
        row.rules_json = dumps(rules.to_dict())
        changed = {k: v for k, v in rules.to_dict().items() if before.get(k) != v}
        record_changed(
            session, db, row, "event", "event.rules", {"changed": changed, "pin": pinned}, actor
        )
        return event_view(session, row)


def _check_seats_fit(format: str, rules: RuleSet) -> None:
    """Tables of three are seated by a Swiss event or a club night, by no other format."""
    refused = THREES_FORMATS.get(Format(format)) if profile_of(rules).seats == 3 else None
    if refused is not None:
        raise InvalidInput(refused)


def _check_format_fits(session: Session, event: Event, rules: RuleSet) -> None:
    """A team event seats teams of its size (two for partnerships): refused while an entrant
    of another size is entered; any other event refuses a team of three or more."""
    size = team_size(rules)
    rows = list(session.exec(select(Entrant).where(Entrant.event_id == event.id)))
    people = entrant_people(session, rows)
    for row in rows:
        players = len(people.get(row.id or 0, ())) or 1
        if team_fits(size, players):
            continue
        if size == 2 and players == 1:
            raise InvalidInput(
                said(
                    "{0} is entered without a partner: partnerships need every entrant to be a "
                    "team of two (add the partners first)",
                    repr(row.name),
                )
            )
        if size:
            raise InvalidInput(
                said(
                    "{0} is a team of {1}: these rules seat teams of {2} (enter the teams again "
                    "under the new rules in a new event)",
                    repr(row.name),
                    players,
                    size,
                )
            )
        raise InvalidInput(
            said(
                "{0} is a team of {1}: these rules seat players or pairs (enter the teams again "
                "under the new rules in a new event)",
                repr(row.name),
                players,
            )
        )


def set_event_settings(
    db: Database,
    event_id: int,
    settings: Mapping[str, object],
    expected_version: int,
    *,
    pin: str | None = None,
    actor: str | None = None,
) -> EventView:
    """Change the event's format settings (rounds, byes, tie-breaks ...); the format itself
    stays. Once running this needs the director's PIN."""
    with db.transaction() as session:
        row = fetch(session, Event, event_id)
        pinned = require(session, Action.CHANGE_SETTINGS, row, pin)
        _, checked = _format_and_settings(row.format, {**settings, "format": row.format})
        _check_fixed_tables(session, event_id, checked)
        claim_version(session, db, Event, event_id, expected_version)
        row = fetch_for_update(session, Event, event_id)
        row.settings_json = dumps(checked)
        settled = {"settings": checked, "pin": pinned}
        record_changed(session, db, row, "event", "event.settings", settled, actor)
        return event_view(session, row)


def set_event_status(
    db: Database,
    event_id: int,
    status: EventStatus,
    expected_version: int,
    *,
    pin: str | None = None,
    actor: str | None = None,
) -> EventView:
    """Move an event to another status: finish it; reopen it (the PIN); set a running event
    back to setup (the PIN: its rules and settings then change without one)."""
    if not isinstance(status, EventStatus):
        raise InvalidInput(said("status: {0} is not an event status", repr(status)))
    with db.transaction() as session:
        row = fetch(session, Event, event_id)
        if status is EventStatus.FINISHED:
            action = Action.FINISH_EVENT
        elif row.status == EventStatus.FINISHED.value:
            action = Action.REOPEN_EVENT
        elif status is EventStatus.SETUP:
            action = Action.RETURN_TO_SETUP
        else:
            action = Action.START_EVENT
        pinned = require(session, action, row, pin)
        claim_version(session, db, Event, event_id, expected_version)
        row = fetch_for_update(session, Event, event_id)
        moved = {"from": row.status, "to": status.value, "pin": pinned}
        row.status = status.value
        record_changed(session, db, row, "event", "event.status", moved, actor)
        return event_view(session, row)


def set_event_pin(
    db: Database,
    event_id: int,
    new_pin: str | None,
    *,
    old_pin: str | None = None,
    actor: str | None = None,
) -> EventView:
    """Set, change (needs the old PIN) or clear (``new_pin=None``, needs the old PIN) the
    director's PIN of an event."""
    new_hash = None
    if new_pin:
        try:
            new_hash = pins.hash_pin(new_pin)
        except StorePinError as error:
            raise PinError(words_of(error), askable=False) from None
    with db.transaction() as session:
        row = fetch(session, Event, event_id)
        require(session, Action.SET_EVENT_PIN, row, old_pin)
        row.pin_hash = new_hash
        row.version += 1
        guarded = {"has_pin": new_hash is not None}
        record_changed(session, db, row, "event", "event.pin", guarded, actor)
        return event_view(session, row)


def check_event_pin(db: Database, event_id: int, pin: str) -> bool:
    """Whether ``pin`` opens the event: its director PIN or the database's (an event that
    neither guards accepts any)."""
    with db.transaction(write=False) as session:
        return check_event_pin_in(session, fetch(session, Event, event_id), pin)
