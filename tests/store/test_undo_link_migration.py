"""Revision 0012 reads an old database's text-marked undo rows once into sealed links
(decision 0029), and the old seal still verifies."""

from __future__ import annotations

import importlib

from sqlalchemy import text
from sqlmodel import select

from gin_scorer.services.writes import hands, matches
from gin_scorer.store import open_database
from gin_scorer.store.migrate import upgrade_to
from gin_scorer.store.seal import latest_link, seal_code, seal_everything
from gin_scorer.store.seal_check import check_seal
from gin_scorer.store.undo_links import UndoLink

_REVISION = importlib.import_module("gin_scorer.store.migrations.versions.0012_undo_links")

# (id, supersedes, kind, reason, hand number): the desk's and the command line's old rows.
OLD_LOG = [
    (1, None, "entry", None),
    (2, None, "entry", None),
    (3, 1, "correction", "misheard"),
    (4, 3, "correction", "undo of correction (misheard)"),  # the desk's undo of 3
    (5, 2, "void", "undo of recording hand 2"),  # the desk's undo of recording 2
    (6, 5, "correction", "undo of entry 5"),  # the command line's undo of that undo
    (7, None, "entry", None),
    (8, 7, "void", "misdeal"),  # a person's void: no link
    (9, None, "entry", None),
    (10, 9, "correction", "typo"),
    (11, 10, "void", "undo of recording hand 4"),  # a void of a corrected hand's row
    (12, 11, "correction", "undo of entry 99"),  # names no row of this match: no link
]
KNOCK = '{"knock": "A", "deadwood": {"A": 7, "B": 15}}'


def _old_database(url: str) -> str:
    """A database at revision 0011 with text-marked undo rows and a result taken back,
    sealed as the app would have sealed it; returns its seal code."""
    db = open_database(url, migrate=False, backups=False)
    try:
        upgrade_to(db, "0011")
        with db.engine.begin() as connection:
            connection.execute(
                text(
                    "INSERT INTO event (id, name, format, rules_json, settings_json, status,"
                    " created_at, version) VALUES (1, 'Old open', 'swiss', '{}',"
                    " '{}', 'running', '2025-01-02 10:00:00', 3)"
                )
            )
            connection.execute(
                text(
                    "INSERT INTO entrant (id, event_id, name, status, checked_in, joined_round)"
                    " VALUES (1, 1, 'Ann', 'active', true, 1), (2, 1, 'Bob', 'active', true, 1)"
                )
            )
            connection.execute(
                text(
                    "INSERT INTO match (id, event_id, entrant_a_id, entrant_b_id, rules_json,"
                    " status, version, created_at) VALUES (1, 1, 1, 2, '{}', 'playing', 20,"
                    " '2025-01-02 10:05:00')"
                )
            )
            for entry_id, of, kind, reason in OLD_LOG:
                connection.execute(
                    text(
                        "INSERT INTO hand_entry (id, match_id, seq, kind, supersedes_id,"
                        " record_json, dealer, override_reason, entered_by, station, entered_at)"
                        " VALUES (:id, 1, :seq, :kind, :of, :record, 'A', :why, 'td', 'desk',"
                        " '2025-01-02 10:20:00')"
                    ),
                    {
                        "id": entry_id,
                        "seq": entry_id,
                        "kind": kind,
                        "of": of,
                        "record": "{}" if kind == "void" else KNOCK,
                        "why": reason,
                    },
                )
            connection.execute(
                text(
                    "INSERT INTO result_entry (id, match_id, kind, supersedes_id, outcome,"
                    " winner, games_a, games_b, game_points_json, reason, entered_by, station,"
                    " entered_at) VALUES"
                    " (1, 1, 'entry', NULL, 'forfeit', 'A', 0, 0, '[]', NULL, 'td', 'desk',"
                    " '2025-01-02 10:30:00'),"
                    " (2, 1, 'void', 1, 'forfeit', NULL, 0, 0, '[]', 'wrong table', 'td', 'desk',"
                    " '2025-01-02 10:31:00')"
                )
            )
            if connection.dialect.name == "postgresql":  # ids given: move the counters on
                for table in ("event", "entrant", "match", "hand_entry", "result_entry"):
                    connection.execute(text(f"SELECT setval('{table}_id_seq', 100)"))
            seal_everything(connection, "desk", reflect=True)
            latest = latest_link(connection)
            assert latest is not None
            return seal_code(*latest)
    finally:
        db.close()


def test_old_text_marked_undo_rows_become_sealed_links(db_url: str) -> None:
    old_code = _old_database(db_url)
    with open_database(db_url, backups=False) as db:
        with db.transaction(write=False) as session:
            links = session.exec(select(UndoLink).order_by(UndoLink.id)).all()
            assert [(link.log, link.entry_id, link.undoes_id) for link in links] == [
                ("hand", 4, 3),
                ("hand", 5, 2),
                ("hand", 6, 5),
                ("hand", 11, 9),
                ("result", 2, 1),
            ]
            found = check_seal(session, code=old_code)
            assert found.holds, found.problems
            assert found.code_matches  # a code printed before the upgrade still verifies
        # The services read the links: the sheet marks what was undone, and the fold knows
        # what Undo would take back now.
        sheet = matches.get_score_sheet(db, 1)
        assert {e.id: e.undoes_id for e in sheet.log if e.undoes_id} == {
            4: 3,
            5: 2,
            6: 5,
            11: 9,
        }
        sheet = hands.undo(db, 1, sheet.version, entered_by="td")
        assert sheet.log[-1].undoes_id == 12  # the last row a person wrote, as far as it knows
        with db.transaction(write=False) as session:
            assert check_seal(session).holds


def test_the_migration_reads_each_old_form_by_one_rule() -> None:
    chain: dict[int, int | None] = {1: None, 2: 1, 3: 2, 4: 3}
    read = _REVISION.undone_by_text
    assert read("undo of entry 12", 3, chain) == 12
    assert read("undo of recording hand 1", 3, chain) == 1  # the chain's first row
    assert read("undo of correction (misheard (twice))", 3, chain) == 3
    assert read("undo of correction (a\nb)", 2, chain) == 2
    assert read("misdeal", 3, chain) is None
    assert read(None, 3, chain) is None
    assert read("undo of everything", 3, chain) is None
