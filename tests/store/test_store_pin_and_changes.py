"""Director PINs, optimistic concurrency between stations, and the change feed."""

from __future__ import annotations

import threading

import pytest
from sqlmodel import select

from gin_scorer.store import ConflictError, PinError, open_database
from gin_scorer.store.changes import changes_since, latest_change_id, listen_for_changes
from gin_scorer.store.concurrency import bump_version
from gin_scorer.store.database import Database
from gin_scorer.store.pin import check_pin, hash_pin, public_key, signing_key
from gin_scorer.store.tables import Entrant, Event, HandEntry, Match


def test_pins_are_salted_scrypt_hashes() -> None:
    first, second = hash_pin("2468"), hash_pin("2468")
    assert first != second  # a new salt every time
    scheme, n, r, p, salt, digest, public = first.split("$")
    assert (scheme, n, r, p) == ("scrypt", "16384", "8", "1")
    assert len(bytes.fromhex(salt)) == 16 and len(bytes.fromhex(digest)) == 32
    assert len(bytes.fromhex(public)) == 32  # the seal's Ed25519 public key
    assert check_pin("2468", first) and check_pin("2468", second)
    assert not check_pin("2469", first)
    # Stored before the seal (six fields, no public key): still a PIN, but it cannot sign.
    old = first.rsplit("$", 1)[0]
    assert check_pin("2468", old) and not check_pin("2469", old)
    assert public_key(old) is None and signing_key("2468", old) is None
    assert not check_pin("2468", "plain-text") and not check_pin("2468", "scrypt$x$y$z$zz$zz")
    greedy = first.replace("scrypt$16384$", f"scrypt${2**30}$")
    assert not check_pin("2468", greedy)  # refused, not attempted


def test_the_signing_key_comes_from_the_pin_and_never_from_the_stored_hash() -> None:
    stored = hash_pin("2468")
    key = signing_key("2468", stored)
    assert key is not None and signing_key("2469", stored) is None
    signature = key.sign(b"link hash")
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

    raw = public_key(stored)
    assert raw is not None
    Ed25519PublicKey.from_public_bytes(raw).verify(signature, b"link hash")
    digest = stored.split("$")[5]
    assert key.private_bytes_raw().hex() != digest  # another scrypt salt: not the hash


@pytest.mark.parametrize(
    ("pin", "why"), [("12", "at least 4"), ("12 34", "spaces"), ("9" * 65, "at most 64")]
)
def test_unusable_pins_are_refused_with_the_reason(pin: str, why: str) -> None:
    with pytest.raises(PinError, match=why):
        hash_pin(pin)


def _event_and_match(db: Database) -> tuple[int, int]:
    with db.transaction() as session:
        event = Event(name="Open", format="swiss", rules_json="{}")
        session.add(event)
        session.flush()
        a = Entrant(event_id=event.id, name="A")
        session.add(a)
        session.flush()
        match = Match(event_id=event.id, entrant_a_id=a.id, rules_json="{}")
        session.add(match)
        session.flush()
        assert event.id is not None and match.id is not None
        return event.id, match.id


def test_a_stale_version_is_a_conflict_not_a_lost_update(db_url: str) -> None:
    with open_database(db_url, station="table-1", backups=False) as db:
        _, match_id = _event_and_match(db)
        with db.transaction() as session:
            assert bump_version(session, Match, match_id, 1) == 2
        with pytest.raises(ConflictError) as stale, db.transaction() as session:
            session.add(
                HandEntry(
                    match_id=match_id, seq=1, record_json="{}", entered_by="td", station="table-2"
                )
            )
            bump_version(session, Match, match_id, 1)  # the other station still saw 1
        assert str(stale.value).startswith(f"match {match_id} was changed at station table-1")
        assert "version 2" in str(stale.value)
        with db.transaction(write=False) as session:
            match = session.get(Match, match_id)
            assert match is not None and match.version == 2
            assert session.exec(select(HandEntry)).all() == []  # the losing write rolled back
        with pytest.raises(ConflictError, match="does not exist"), db.transaction() as s:
            bump_version(s, Match, 999, 1)


def test_two_stations_racing_for_one_version_one_wins(db_url: str) -> None:
    with open_database(db_url, backups=False) as db:
        event_id, _ = _event_and_match(db)
        outcomes: list[str] = []
        barrier = threading.Barrier(4)

        def station() -> None:
            barrier.wait()
            try:
                with db.transaction() as session:
                    bump_version(session, Event, event_id, 1)
                outcomes.append("won")
            except ConflictError:
                outcomes.append("conflict")

        threads = [threading.Thread(target=station) for _ in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert sorted(outcomes) == ["conflict"] * 3 + ["won"]


def test_the_change_feed_lists_writes_of_other_stations(db_url: str) -> None:
    with (
        open_database(db_url, station="desk", backups=False) as desk,
        open_database(db_url, station="table-4", backups=False) as table,
    ):
        with table.transaction(write=False) as session:
            marker = latest_change_id(session)
        event_id, match_id = _event_and_match(desk)
        with desk.transaction() as session:
            session.add(
                HandEntry(
                    match_id=match_id, seq=1, record_json="{}", entered_by="td", station="desk"
                )
            )
            bump_version(session, Match, match_id, 1)
        with table.transaction(write=False) as session:
            seen = changes_since(session, marker)
            assert [(c.table_name, c.op) for c in seen] == [
                ("event", "insert"),
                ("entrant", "insert"),
                ("match", "insert"),
                ("hand_entry", "insert"),
                ("match", "update"),
            ]
            assert {c.event_id for c in seen} == {event_id}
            assert {c.station for c in seen} == {"desk"}
            assert changes_since(session, seen[-1].id) == []
            assert changes_since(session, marker, event_id=event_id + 1) == []


def test_listeners_hear_other_stations(db_url: str) -> None:
    with (
        open_database(db_url, station="desk", backups=False) as desk,
        open_database(db_url, station="screen", backups=False) as screen,
    ):
        heard = threading.Event()
        ids: list[int] = []

        def callback(change_id: int) -> None:
            ids.append(change_id)
            heard.set()

        listener = listen_for_changes(screen, callback, poll_seconds=0.05)
        try:
            _event_and_match(desk)
            assert heard.wait(10), "no change was heard within 10 s"
        finally:
            listener.stop()
        with desk.transaction(write=False) as session:
            assert ids[-1] <= latest_change_id(session)
