"""A corpus of damaged databases, and what ``gin-scorer verify`` says of each.

``base.sqlite`` (in ``data/verify_corpus/``) was made once through the services by
:func:`build_base` and is kept as it was made, so every damage below starts from the same
bytes. Each damage edits a copy the way a person with the sqlite3 tool could (the append-only
triggers dropped and put back): a hand's cards or counts edited, a wrong declaration, a wrong
layoff, a status that does not follow the hands, a broken seal or audit chain. The expected
report of each (``<name>.txt``: the exit status and every line printed) was recorded on main
before verify was rewritten for speed (issue 40), and the test compares them byte for byte.

    .venv/bin/python -m tests.services.verify_corpus --build   # a new base.sqlite (rarely)
    .venv/bin/python -m tests.services.verify_corpus --record  # the expected reports
"""

from __future__ import annotations

import contextlib
import io
import random
import shutil
import sys
from pathlib import Path
from typing import Any

from tests.services.verify_corpus_damages import NAMES, damage

DATA = Path(__file__).parent / "data" / "verify_corpus"
BASE = DATA / "base.sqlite"
PIN = "4321"


def build_base(path: Path) -> None:
    """The base: a Swiss event played with cards (a round finished, one match locked, a
    hand accepted by override, a round in play), a club night with a forfeit and a bye, and
    a knockout of four whose first round is played."""
    from gin_scorer.core.hand_json import record_from_json
    from gin_scorer.core.hands import Side
    from gin_scorer.presets import load_preset
    from gin_scorer.services.writes import rounds
    from gin_scorer.services.writes.entrants import add_entrant
    from gin_scorer.services.writes.events import create_event
    from gin_scorer.services.writes.hands import record_hand
    from gin_scorer.services.writes.matches import create_match, get_score_sheet, set_result_lock
    from gin_scorer.services.writes.results import ResultReport, record_result
    from gin_scorer.simulation import simulate_match
    from gin_scorer.store.database import open_database
    from gin_scorer.tournament.results import ResultKind

    rules = load_preset("wikipedia-standard")
    long_rules = load_preset("gra-tournament")  # longer matches: more gins, more layoffs

    def play(db: Any, match_id: int, seed: str, hands: int | None = None) -> None:
        chosen = long_rules if seed.startswith("corpus swiss") else rules
        played = simulate_match(random.Random(seed), chosen)[:hands]
        version = get_score_sheet(db, match_id).version
        rounds.record_match_hands(
            db, match_id, [(h.record, h.dealer) for h in played], version, entered_by="td"
        )

    with open_database(path, station="desk", backups=False) as db:
        swiss = create_event(db, name="Cards open", rules=long_rules, format="swiss", pin=PIN)
        for i in range(7):  # one has the bye
            add_entrant(db, swiss.id, f"Player {i + 1}", seed=i + 1, checked_in=True)
        first = rounds.start_round(db, swiss.id)
        for n, p in enumerate(q for q in first.pairings if q.b is not None):
            play(db, p.match_id, f"corpus swiss {n}")
        locked = next(q for q in first.pairings if q.b is not None).match_id
        set_result_lock(db, locked, get_score_sheet(db, locked).version, pin=PIN, locked=True)
        second = rounds.start_round(db, swiss.id)
        paired = [q for q in second.pairings if q.b is not None]
        play(db, paired[0].match_id, "corpus swiss second", hands=3)
        _correct_and_void(db, paired[0].match_id)
        odd = record_from_json({"knock": "A", "deadwood": {"A": 14, "B": 30}})
        target = paired[1].match_id
        version = get_score_sheet(db, target).version
        record_hand(db, target, odd, version, entered_by="td", override_reason="ruling 4", pin=PIN)

        club = create_event(db, name="Club night", rules=rules, format="club")
        ids = [add_entrant(db, club.id, name).id for name in ("Ann", "Bob", "Cy", "Dee")]
        played = create_match(db, club.id, ids[0], ids[1], table_number=1)
        play(db, played.id, "corpus club")
        forfeit = create_match(db, club.id, ids[2], ids[3], table_number=2)
        report = ResultReport(ResultKind.FORFEIT, winner=Side.A)
        record_result(db, forfeit.id, report, forfeit.version, entered_by="td")

        knockout = create_event(db, name="Knockout", rules=rules, format="single-elim")
        for i in range(4):
            add_entrant(db, knockout.id, f"Knight {i + 1}", seed=i + 1, checked_in=True)
        bracket = rounds.start_round(db, knockout.id)
        for n, p in enumerate(q for q in bracket.pairings if q.b is not None):
            play(db, p.match_id, f"corpus knockout {n}")
        rounds.start_round(db, knockout.id)


def _correct_and_void(db: Any, match_id: int) -> None:
    """The first hand corrected (its record as it was, with a reason), the second voided:
    chains in the log for verify to follow."""
    from gin_scorer.services.writes.hands import correct_hand, void_hand
    from gin_scorer.services.writes.matches import get_score_sheet

    sheet = get_score_sheet(db, match_id)
    first, second = sheet.hands[0], sheet.hands[1]
    sheet = correct_hand(
        db, first.hand_id, first.record, sheet.version, reason="typo", entered_by="td", pin=PIN
    )
    void_hand(db, second.hand_id, sheet.version, reason="misdealt", entered_by="td", pin=PIN)


# Verified with a seal code printed before the damage, too (the code in base_code.txt).
WITH_CODE = ("untouched", "hand_deleted", "seal_link_deleted", "knocker_count_edited")


def damaged(name: str, folder: Path) -> Path:
    """A copy of the base with damage ``name`` done."""
    path = folder / f"{name}.sqlite"
    shutil.copyfile(BASE, path)
    damage(path, name)
    return path


def verify_output(path: Path, *extra: str) -> str:
    """``gin-scorer verify`` on ``path`` as a director runs it: the exit status, then every
    line printed (to either stream)."""
    from gin_scorer.cli import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(["--db", str(path), "verify", *extra])
    return f"exit {status}\n{out.getvalue()}{err.getvalue()}"


def expected_path(name: str, with_code: bool) -> Path:
    return DATA / f"{name}{'.code' if with_code else ''}.txt"


def reports(folder: Path) -> dict[Path, str]:
    """Every damage's report (and with the code, for WITH_CODE): expected file -> text."""
    code = (DATA / "base_code.txt").read_text().strip()
    found: dict[Path, str] = {}
    for name in NAMES:
        path = damaged(name, folder)
        found[expected_path(name, False)] = verify_output(path)
        if name in WITH_CODE:
            found[expected_path(name, True)] = verify_output(path, "--seal", code)
    return found


def _main(argv: list[str]) -> int:
    import os
    import tempfile

    folder = Path(tempfile.mkdtemp(prefix="verify-corpus-"))
    os.environ["GIN_SCORER_BACKUP_DIR"] = str(folder / "backups")
    if "--build" in argv:
        DATA.mkdir(parents=True, exist_ok=True)
        BASE.unlink(missing_ok=True)
        build_base(BASE)
        from gin_scorer.services.support.seal import current_seal
        from gin_scorer.store.database import open_database

        with open_database(BASE, backups=False) as db:
            (DATA / "base_code.txt").write_text(f"{current_seal(db)}\n")
    if "--record" in argv:
        for path, text in reports(folder).items():
            path.write_text(text)
            print(path.name, text.splitlines()[0])
    shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(_main(sys.argv[1:]))
