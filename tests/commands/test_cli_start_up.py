"""A command on a SQLite file loads only what it uses (issue 41, finding 5: every command
took about a second). Speed itself is measured in benchmarks/cli_startup.py; this holds the
imports that were cut: Alembic (a database at head is recognised with one query), the
server's backup copier (multiprocessing), the PIN's keys (cryptography) and the server's
driver."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.commands.conftest import club_event

PROBE = """
import sys
from gin_scorer.cli import main
status = main(sys.argv[1:])
heavy = ("alembic", "multiprocessing", "cryptography", "psycopg")
print(sorted({m.split(".")[0] for m in sys.modules if m.startswith(heavy)}), status)
"""


def test_hand_add_on_sqlite_loads_no_migration_machinery(tmp_path: Path) -> None:
    db = str(tmp_path / "club.sqlite")
    club_event(db)
    env = {**os.environ, "GIN_SCORER_BACKUP_DIR": str(tmp_path / "backups")}
    done = subprocess.run(
        [sys.executable, "-c", PROBE, "--db", db, "hand", "add", "--match", "1", '{"dead": true}'],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    assert done.stdout.splitlines()[-1] == "[] 0", done.stdout + done.stderr


def test_help_and_version_load_no_scoring_core() -> None:
    """``--version`` built the meld tables (a tenth of a second on a quiet machine) through
    the tables of three's words, imported by two command modules at start-up."""
    probe = (
        "import sys\n"
        "from gin_scorer.cli import build_parser\n"
        "build_parser()\n"
        "print(sorted(m for m in sys.modules if m.startswith(('gin_scorer.core.melds', "
        "'gin_scorer.core.ledgers', 'sqlalchemy', 'sqlmodel'))))\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]", done.stdout


def test_hand_add_without_cards_builds_no_meld_tables(tmp_path: Path) -> None:
    """The meld tables (every legal meld, each suit's best runs: a tenth of a second) are
    built when a hand's cards are first looked at; a hand typed without cards never needs
    them."""
    db = str(tmp_path / "club.sqlite")
    club_event(db)
    env = {**os.environ, "GIN_SCORER_BACKUP_DIR": str(tmp_path / "backups")}
    probe = (
        "import sys\n"
        "from gin_scorer.cli import main\n"
        "status = main(sys.argv[1:])\n"
        "from gin_scorer.core.melds.tables import _TABLES\n"
        "print(len(_TABLES), status)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe, "--db", db, "hand", "add", "--match", "1", "ak7 15"],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    assert done.stdout.splitlines()[-1] == "0 0", done.stdout + done.stderr
