"""The seal against someone who edits the database file behind the app's back.

One real SQLite file is made through the services — an event with a director PIN, hands
recorded, one match locked with the PIN, and a second event finished — then each test copies
it, tampers with the copy the way a person with the sqlite3 tool (or the project's own code)
could, and runs ``gin-scorer verify`` as a director would. ``KINDS`` counts what is tried and
what is caught: the one kind not caught (a forged hand *appended* with a correctly forged
link in a match still being played) is indistinguishable from a station entering a hand, and
is asserted as such so the README's "what the seal cannot prove" stays true.
"""

from __future__ import annotations

import json
import random
import shutil
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine

from gin_scorer.cli import main
from gin_scorer.presets import load_preset
from gin_scorer.services.support.dto import EventStatus
from gin_scorer.services.support.seal import current_seal
from gin_scorer.services.writes import rounds
from gin_scorer.services.writes.entrants import add_entrant
from gin_scorer.services.writes.events import create_event, get_event, set_event_status
from gin_scorer.services.writes.matches import get_score_sheet, set_result_lock
from gin_scorer.simulation import simulate_match
from gin_scorer.store.database import open_database
from gin_scorer.store.seal import (
    append_link,
    canonical_json,
    link_hash,
)
from gin_scorer.store.seal_rows import read_rows

FAST = "wikipedia-standard"
PIN = "4321"
TRIGGERS = {
    "hand_entry": "hand entries are append-only",
    "audit_entry": "the audit log is append-only",
    "seal_link": "the seal is append-only",
    "result_entry": "result entries are append-only",
}


@dataclass(frozen=True)
class Made:
    """The template database and the ids a tamper needs."""

    path: Path
    event_id: int  # running, with a PIN
    finished_event_id: int  # finished, with a PIN
    playing_match: int  # finished but not locked
    locked_match: int
    code: str  # the seal code after everything was made


def _play(db: Any, view: rounds.RoundView) -> None:
    rules = load_preset(FAST)
    for p in view.pairings:
        if p.b is None:
            continue
        hands = simulate_match(random.Random(f"seal-{p.match_id}"), rules)
        version = get_score_sheet(db, p.match_id).version
        rounds.record_match_hands(
            db, p.match_id, [(h.record, h.dealer) for h in hands], version, entered_by="t"
        )


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> Made:
    folder = tmp_path_factory.mktemp("seal")
    path = folder / "template.sqlite"
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("GIN_SCORER_BACKUP_DIR", str(folder / "backups"))
        with open_database(path, station="desk", backups=False) as db:
            event = create_event(db, name="Open", rules=load_preset(FAST), format="swiss", pin=PIN)
            for i in range(4):
                add_entrant(db, event.id, f"Player {i + 1}", seed=i + 1, checked_in=True)
            first = rounds.start_round(db, event.id)
            _play(db, first)
            locked = first.pairings[0].match_id
            set_result_lock(db, locked, get_score_sheet(db, locked).version, pin=PIN, locked=True)
            other = create_event(
                db, name="Closed", rules=load_preset(FAST), format="swiss", pin="9876"
            )
            for i in range(2):
                add_entrant(db, other.id, f"Closer {i + 1}", seed=i + 1, checked_in=True)
            _play(db, rounds.start_round(db, other.id))
            set_event_status(db, other.id, EventStatus.FINISHED, get_event(db, other.id).version)
            code = current_seal(db)
    assert code is not None
    return Made(path, event.id, other.id, first.pairings[1].match_id, locked, code)


@pytest.fixture
def copy(made: Made, tmp_path: Path) -> Path:
    target = tmp_path / "copy.sqlite"
    shutil.copyfile(made.path, target)
    return target


def verify(path: Path, capsys: pytest.CaptureFixture[str], *extra: str) -> tuple[int, str]:
    capsys.readouterr()
    status = main(["--db", str(path), "verify", *extra])
    return status, capsys.readouterr().out


def first_problem(out: str) -> str:
    return next(line for line in out.splitlines() if line.startswith("PROBLEM:"))


def raw(path: Path, *statements: str) -> None:
    """Edit the file as a person with the sqlite3 tool would: drop the append-only triggers,
    run the statements, put the triggers back exactly as they were."""
    connection = sqlite3.connect(path)
    try:
        for table in TRIGGERS:
            for action in ("update", "delete"):
                connection.execute(f"DROP TRIGGER IF EXISTS {table}_append_only_{action}")
        for statement in statements:
            connection.execute(statement)
        for table, message in TRIGGERS.items():
            for action in ("update", "delete"):
                connection.execute(
                    f"CREATE TRIGGER {table}_append_only_{action} BEFORE {action.upper()} ON "
                    f"{table} BEGIN SELECT RAISE(ABORT, '{message}'); END"
                )
        connection.commit()
    finally:
        connection.close()


def scalar(path: Path, query: str) -> Any:
    connection = sqlite3.connect(path)
    try:
        return connection.execute(query).fetchone()[0]
    finally:
        connection.close()


def forge_link(path: Path, rows: list[tuple[str, Any, str]], *, signatures: Any = None) -> None:
    """Append a correctly chained link sealing ``rows`` ((table, pk, op)) as they now stand,
    computed with the project's own functions — what someone with the source code can do."""
    engine = create_engine(f"sqlite:///{path}")
    try:
        with engine.begin() as connection:
            body = []
            for table, pk, op in rows:
                found = read_rows(connection, table, [pk]).get(pk)
                body.append({"t": table, "id": pk, "op": op, "row": found})
            append_link(connection, body, "desk", signatures)
    finally:
        engine.dispose()


def a_hand(path: Path, match_id: int, which: str = "MAX") -> int:
    return int(scalar(path, f"SELECT {which}(id) FROM hand_entry WHERE match_id = {match_id}"))


FORGED_HAND = (
    "INSERT INTO hand_entry (match_id, seq, kind, record_json, entered_by, station, "
    "entered_at) VALUES ({match}, {seq}, 'entry', (SELECT record_json FROM hand_entry WHERE "
    "id = {like}), 't', 'desk', '2026-11-24 10:00:00.000000')"
)


# ---------------------------------------------------------------------------------------------
# The untouched copy verifies, and its code matches


def test_the_untouched_database_verifies_and_its_code_matches(
    made: Made, copy: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out = verify(copy, capsys)
    assert status == 0, out
    assert f"seal {made.code}" in out and "sealed:" in out
    status, out = verify(copy, capsys, "--seal", made.code.lower())
    assert status == 0 and "matches: nothing sealed before it has changed" in out


def test_a_code_that_is_not_one_is_refused_with_exit_2(
    copy: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status = main(["--db", str(copy), "verify", "--seal", "ABCD"])
    assert status == 2
    assert "is not a seal code" in capsys.readouterr().err


# ---------------------------------------------------------------------------------------------
# One test per kind of tampering. Each returns (caught without the code, caught with it).

KINDS: dict[str, bool] = {}  # kind -> caught (filled by the tests; printed at the end)


def caught(
    kind: str,
    path: Path,
    made: Made,
    capsys: pytest.CaptureFixture[str],
    *,
    names: str,
    with_code_only: bool = False,
) -> None:
    status, out = verify(path, capsys)
    if with_code_only:
        assert status == 0, out  # the chain was rewritten consistently: only the code shows
        status, out = verify(path, capsys, "--seal", made.code)
        assert status == 1, out
        assert first_problem(out) == (
            f"PROBLEM: the seal {made.code} does not match this database: facts sealed before "
            "it were changed, or the log was cut back"
        )
    else:
        assert status == 1, out
        assert names in first_problem(out), out
    KINDS[kind] = True


def test_update_a_hands_record(made: Made, copy: Path, capsys: Any) -> None:
    hand = a_hand(copy, made.playing_match)
    raw(
        copy,
        f'UPDATE hand_entry SET record_json = \'{{"declaration": "gin", '
        f'"declarer": "B", "deadwood": [["A", 99]]}}\' WHERE id = {hand}',
    )
    caught(
        "update a hand's record_json",
        copy,
        made,
        capsys,
        names=f"hand_entry {hand} was changed outside the app (record_json;",
    )


def test_reorder_hands_by_seq(made: Made, copy: Path, capsys: Any) -> None:
    first, last = a_hand(copy, made.playing_match, "MIN"), a_hand(copy, made.playing_match)
    raw(
        copy,
        f"UPDATE hand_entry SET seq = 9999 WHERE id = {first}",
        f"UPDATE hand_entry SET seq = 1 WHERE id = {last}",
    )
    caught(
        "reorder hands (seq)",
        copy,
        made,
        capsys,
        names=f"hand_entry {first} was changed outside the app (seq;",
    )


def test_delete_a_hand(made: Made, copy: Path, capsys: Any) -> None:
    hand = a_hand(copy, made.playing_match)
    raw(copy, f"DELETE FROM hand_entry WHERE id = {hand}")
    caught(
        "delete a hand", copy, made, capsys, names=f"hand_entry {hand} was deleted outside the app"
    )


def test_insert_a_forged_hand(made: Made, copy: Path, capsys: Any) -> None:
    like = a_hand(copy, made.playing_match)
    raw(copy, FORGED_HAND.format(match=made.playing_match, seq=99, like=like))
    forged = a_hand(copy, made.playing_match)
    caught(
        "insert a forged hand",
        copy,
        made,
        capsys,
        names=f"hand_entry {forged} was inserted outside the app",
    )


def test_forged_hand_with_forged_link_in_a_locked_match(
    made: Made, copy: Path, capsys: Any
) -> None:
    like = a_hand(copy, made.locked_match)
    raw(copy, FORGED_HAND.format(match=made.locked_match, seq=99, like=like))
    forged = a_hand(copy, made.locked_match)
    forge_link(copy, [("hand_entry", forged, "insert")])
    caught(
        "forged hand + forged link, locked match",
        copy,
        made,
        capsys,
        names=f"changes the locked result of match {made.locked_match} (hand_entry "
        f"{forged}) without the director's PIN",
    )


def test_forged_hand_with_forged_link_in_a_finished_event(
    made: Made, copy: Path, capsys: Any
) -> None:
    match = int(
        scalar(
            copy,
            f"SELECT MIN(id) FROM match WHERE event_id = "
            f"{made.finished_event_id} AND entrant_b_id IS NOT NULL",
        )
    )
    like = a_hand(copy, match)
    raw(copy, FORGED_HAND.format(match=match, seq=99, like=like))
    forged = a_hand(copy, match)
    forge_link(copy, [("hand_entry", forged, "insert")])
    caught(
        "forged hand + forged link, finished event",
        copy,
        made,
        capsys,
        names=f"changes the finished event {made.finished_event_id} (hand_entry {forged})",
    )


def test_forged_hand_with_forged_link_in_a_playing_match_is_not_caught(
    made: Made, copy: Path, capsys: Any
) -> None:
    """The limit the README states: appended with a correctly forged link, in a match that is
    still open, a forged hand looks exactly like a hand a station entered. (The core still
    rejects it when the hand itself is impossible; here it is a copy of a real hand.)"""
    with open_database(copy, backups=False) as db:
        event = create_event(db, name="Later", rules=load_preset(FAST), format="swiss")
        for i in range(2):
            add_entrant(db, event.id, f"Late {i + 1}", seed=i + 1, checked_in=True)
        match = rounds.start_round(db, event.id).pairings[0].match_id
        code = current_seal(db)
    like = a_hand(copy, made.playing_match, "MIN")
    raw(copy, FORGED_HAND.format(match=match, seq=1, like=like))
    forge_link(copy, [("hand_entry", a_hand(copy, match), "insert")])
    status, out = verify(copy, capsys, "--seal", str(code))
    assert status == 0, out
    KINDS["forged hand + forged link appended, open match"] = False


@pytest.mark.parametrize(
    ("kind", "statement", "table", "field"),
    [
        (
            "entrant name",
            "UPDATE entrant SET name = 'Someone Else' WHERE id = 1",
            "entrant",
            "name",
        ),
        (
            "entrant status",
            "UPDATE entrant SET status = 'withdrawn' WHERE id = 2",
            "entrant",
            "status",
        ),
        (
            "event rules_json",
            "UPDATE event SET rules_json = replace(rules_json, '100', '50') WHERE id = 1",
            "event",
            "rules_json",
        ),
        (
            "event settings_json",
            "UPDATE event SET settings_json = '{}' WHERE id = 1",
            "event",
            "settings_json",
        ),
        ("event status", "UPDATE event SET status = 'running' WHERE id = 2", "event", "status"),
        ("event pin_hash", "UPDATE event SET pin_hash = NULL WHERE id = 1", "event", "pin_hash"),
        (
            "match status",
            "UPDATE match SET status = 'finished' WHERE id = {locked}",
            "match",
            "status",
        ),
        (
            "match entrant",
            "UPDATE match SET entrant_a_id = entrant_b_id, entrant_b_id = "
            "entrant_a_id WHERE id = {playing}",
            "match",
            "entrant_a_id, entrant_b_id",
        ),
        (
            "audit entry payload",
            "UPDATE audit_entry SET payload_json = '{}' WHERE id = 3",
            "audit_entry",
            "payload_json",
        ),
    ],
)
def test_update_a_sealed_field(
    made: Made, copy: Path, capsys: Any, kind: str, statement: str, table: str, field: str
) -> None:
    statement = statement.replace("{locked}", str(made.locked_match)).replace(
        "{playing}", str(made.playing_match)
    )
    raw(copy, statement)
    status, out = verify(copy, capsys)
    assert status == 1, out
    problems = [line for line in out.splitlines() if line.startswith("PROBLEM:")]
    assert any(
        f"was changed outside the app ({field};" in p and p.startswith(f"PROBLEM: {table} ")
        for p in problems
    ), out
    KINDS[f"update {kind}"] = True


def test_delete_the_last_audit_entries(made: Made, copy: Path, capsys: Any) -> None:
    last = int(scalar(copy, "SELECT MAX(id) FROM audit_entry"))
    raw(copy, f"DELETE FROM audit_entry WHERE id > {last - 3}")
    caught(
        "delete the last audit entries",
        copy,
        made,
        capsys,
        names=f"audit_entry {last - 2} was deleted outside the app",
    )


def test_cut_back_the_log_with_the_rows_it_sealed(made: Made, tmp_path: Path, capsys: Any) -> None:
    """Take back the last transaction completely — its rows AND its seal link — as if it never
    happened: everything left is consistent, so only the code printed after it exposes it."""
    path = tmp_path / "cut.sqlite"
    shutil.copyfile(made.path, path)
    with open_database(path, backups=False) as db:
        before = current_seal(db)
        entrant = add_entrant(db, made.event_id, "Late Comer", checked_in=True)
        code = current_seal(db)
    last_link = int(scalar(path, "SELECT MAX(id) FROM seal_link"))
    last_audit = int(scalar(path, "SELECT MAX(id) FROM audit_entry"))
    status, _ = verify(path, capsys, "--seal", str(code))
    assert status == 0
    raw(
        path,
        f"DELETE FROM seal_link WHERE id = {last_link}",
        f"DELETE FROM audit_entry WHERE id = {last_audit}",
        f"DELETE FROM entrant WHERE id = {entrant.id}",
        "DELETE FROM player WHERE id = (SELECT MAX(id) FROM player)",
    )
    status, out = verify(path, capsys)
    assert status == 0, out  # consistent with itself ...
    status, out = verify(path, capsys, "--seal", str(before))
    assert status == 0, out  # ... and with a code printed before the cut
    status, out = verify(path, capsys, "--seal", str(code))
    assert status == 1 and "does not match this database" in first_problem(out)
    KINDS["cut back the last transaction (rows and link)"] = True


def test_delete_the_last_seal_links(made: Made, copy: Path, capsys: Any) -> None:
    last = int(scalar(copy, "SELECT MAX(id) FROM seal_link"))
    raw(copy, f"DELETE FROM seal_link WHERE id > {last - 2}")
    status, out = verify(copy, capsys, "--seal", made.code)
    assert status == 1
    assert "does not match this database" in first_problem(out)
    assert "was inserted outside the app" in out or "changed outside the app" in out
    KINDS["delete the last seal links"] = True


def _rewrite_chain(path: Path, edit: dict[str, Any]) -> None:
    """Recompute the whole chain after an edit, with the project's own functions, keeping
    every link's id, time and station: the strongest forgery without the printed code."""
    connection = sqlite3.connect(path)
    try:
        links = connection.execute(
            "SELECT id, at, station, body_json FROM seal_link ORDER BY id"
        ).fetchall()
        from datetime import UTC, datetime

        prev = ""
        updates = []
        for link_id, at, station, body_json in links:
            body = json.loads(body_json)
            for entry in body:
                if entry["t"] == edit["t"] and entry["id"] == edit["id"] and entry["row"]:
                    entry["row"].update(edit["row"])
            text = canonical_json(body)
            when = datetime.fromisoformat(at).replace(tzinfo=UTC)
            digest = link_hash(prev, text, when, station)
            updates.append((text, prev, digest, link_id))
            prev = digest
        connection.execute("DROP TRIGGER seal_link_append_only_update")
        # Two passes so the unique prev_hash/hash columns never collide mid-way.
        connection.execute("UPDATE seal_link SET prev_hash = 'x' || id, hash = 'y' || id")
        connection.executemany(
            "UPDATE seal_link SET body_json = ?, prev_hash = ?, hash = ? WHERE id = ?", updates
        )
        connection.execute(
            "CREATE TRIGGER seal_link_append_only_update BEFORE UPDATE ON seal_link "
            "BEGIN SELECT RAISE(ABORT, 'the seal is append-only'); END"
        )
        connection.commit()
    finally:
        connection.close()


def test_recompute_the_entire_chain_after_an_edit(made: Made, copy: Path, capsys: Any) -> None:
    raw(copy, "UPDATE entrant SET name = 'Someone Else' WHERE id = 1")
    _rewrite_chain(copy, {"t": "entrant", "id": 1, "row": {"name": "Someone Else"}})
    caught(
        "recompute the entire chain after an edit",
        copy,
        made,
        capsys,
        names="",
        with_code_only=True,
    )


def test_drop_the_triggers_edit_and_recreate_them(made: Made, copy: Path, capsys: Any) -> None:
    hand = a_hand(copy, made.locked_match)
    raw(copy, f"UPDATE hand_entry SET entered_by = 'nobody' WHERE id = {hand}")
    # Update and delete, on the hands, the results, the players' words, the audit and the seal.
    assert scalar(copy, "SELECT count(*) FROM sqlite_master WHERE type = 'trigger'") == 10
    caught(
        "drop triggers, edit, recreate",
        copy,
        made,
        capsys,
        names=f"hand_entry {hand} was changed outside the app (entered_by;",
    )


def test_edit_a_seal_link_body(made: Made, copy: Path, capsys: Any) -> None:
    link = int(scalar(copy, "SELECT MAX(id) FROM seal_link")) - 3
    raw(
        copy,
        f"UPDATE seal_link SET body_json = replace(body_json, '\"t\"', '\"t\" ') WHERE id = {link}",
    )
    caught("edit a seal link body", copy, made, capsys, names=f"seal link {link} (")


def test_edit_a_seal_link_time(made: Made, copy: Path, capsys: Any) -> None:
    link = int(scalar(copy, "SELECT MAX(id) FROM seal_link")) - 1
    raw(copy, f"UPDATE seal_link SET at = 'yesterday' WHERE id = {link}")
    caught(
        "edit a seal link's time",
        copy,
        made,
        capsys,
        names=f"seal link {link} (yesterday UTC, desk) was changed after it was written",
    )


def test_a_forged_link_the_app_could_not_have_written(made: Made, copy: Path, capsys: Any) -> None:
    """Correctly chained, but its body is not rows: named, never a traceback."""
    engine = create_engine(f"sqlite:///{copy}")
    try:
        with engine.begin() as connection:
            append_link(connection, [{"t": "match", "id": [1], "row": "locked"}], "desk")
    finally:
        engine.dispose()
    last = int(scalar(copy, "SELECT MAX(id) FROM seal_link"))
    caught("forged link with a malformed body", copy, made, capsys, names=f"seal link {last} (")


def test_forge_an_unsigned_unlock_of_a_locked_match(made: Made, copy: Path, capsys: Any) -> None:
    raw(
        copy,
        f"UPDATE match SET status = 'finished', version = version + 1 "
        f"WHERE id = {made.locked_match}",
    )
    forge_link(copy, [("match", made.locked_match, "update")])
    caught(
        "forged unsigned unlock",
        copy,
        made,
        capsys,
        names=f"changes the locked result of match {made.locked_match} (match "
        f"{made.locked_match}) without the director's PIN",
    )


def test_forge_a_signature_with_another_key(made: Made, copy: Path, capsys: Any) -> None:
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    stranger = Ed25519PrivateKey.generate()
    raw(
        copy,
        f"UPDATE match SET status = 'finished', version = version + 1 "
        f"WHERE id = {made.locked_match}",
    )
    forge_link(
        copy,
        [("match", made.locked_match, "update")],
        signatures=lambda digest: canonical_json(
            {
                "event:1": stranger.sign(digest.encode("ascii")).hex(),
                "database": stranger.sign(digest.encode("ascii")).hex(),
            }
        ),
    )
    caught(
        "forged unlock signed with another key",
        copy,
        made,
        capsys,
        names=f"changes the locked result of match {made.locked_match}",
    )


def test_forge_a_new_pin_for_the_event(made: Made, copy: Path, capsys: Any) -> None:
    from gin_scorer.store.pin import hash_pin

    raw(copy, f"UPDATE event SET pin_hash = '{hash_pin('0000')}' WHERE id = {made.event_id}")
    forge_link(copy, [("event", made.event_id, "update")])
    caught(
        "forged PIN change with forged link",
        copy,
        made,
        capsys,
        names=f"changes the director PIN of event {made.event_id} without",
    )


def test_forge_reopening_a_finished_event(made: Made, copy: Path, capsys: Any) -> None:
    raw(copy, f"UPDATE event SET status = 'running' WHERE id = {made.finished_event_id}")
    forge_link(copy, [("event", made.finished_event_id, "update")])
    caught(
        "forged reopening of a finished event",
        copy,
        made,
        capsys,
        names=f"changes the finished event {made.finished_event_id} (event",
    )


def test_forge_a_third_player_into_a_team_of_a_finished_event(
    made: Made, copy: Path, capsys: Any
) -> None:
    entrant = int(
        scalar(copy, f"SELECT MIN(id) FROM entrant WHERE event_id = {made.finished_event_id}")
    )
    player = int(scalar(copy, "SELECT MIN(id) FROM player"))
    raw(
        copy,
        "INSERT INTO team_member (entrant_id, position, player_id) "
        f"VALUES ({entrant}, 2, {player})",
    )
    forged = int(scalar(copy, "SELECT MAX(id) FROM team_member"))
    forge_link(copy, [("team_member", forged, "insert")])
    caught(
        "forged team member with forged link, finished event",
        copy,
        made,
        capsys,
        names=f"changes the finished event {made.finished_event_id} (team_member {forged})",
    )


@pytest.fixture(scope="module", autouse=True)
def report_kinds() -> Iterator[None]:
    yield
    if KINDS:
        done = sum(KINDS.values())
        print(f"\nseal tamper suite: caught {done} of {len(KINDS)} kinds tried")
