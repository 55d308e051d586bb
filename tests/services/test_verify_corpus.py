"""Every problem `verify` found before its rewrite for speed (issue 40) is still found, in
the same words: each damaged copy of the corpus's base database (tests/services/
verify_corpus.py says how each is damaged) is verified as a director runs `gin-scorer
verify`, and the exit status and every line printed are compared byte for byte with the
report recorded on main before the rewrite."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.services.verify_corpus import (
    DATA,
    WITH_CODE,
    damaged,
    expected_path,
    verify_output,
)
from tests.services.verify_corpus_damages import NAMES

CASES = [(name, False) for name in NAMES] + [(name, True) for name in WITH_CODE]


@pytest.mark.parametrize(
    ("name", "with_code"), CASES, ids=[f"{n}{'+code' if c else ''}" for n, c in CASES]
)
def test_verify_says_what_it_said_before(
    name: str, with_code: bool, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GIN_SCORER_BACKUP_DIR", str(tmp_path / "backups"))
    path = damaged(name, tmp_path)
    code = (DATA / "base_code.txt").read_text().strip()
    said = verify_output(path, "--seal", code) if with_code else verify_output(path)
    assert said == expected_path(name, with_code).read_text(encoding="utf-8")


def test_the_corpus_covers_every_kind_of_finding() -> None:
    """The recorded reports hold each kind of problem verify finds: cards, declarations,
    layoffs, statuses, rounds, the bracket, reported results, the seal, the audit chain and
    the undo links."""
    said = "\n".join(p.read_text(encoding="utf-8") for p in DATA.glob("*.txt"))
    for words in (
        "is in both hands",
        "is twice in",
        "cards; a hand has 10",
        "is not legal",
        "not in A's cards",
        "is in two of",
        "declared gin but laid deadwood",
        "nothing may be laid off after gin",
        "cannot be laid off on",
        "which is not in its cards",
        "which is in one of its melds",
        "the knock limit is 10",
        "as laid out",
        "at best",
        "a misdeal is re-dealt",
        "cannot read its hand log",
        "after the match was decided",
        "the hands finish the match but it is marked",
        "but its hands do not finish the match",
        "supersedes entry",
        "accepted by the director",
        "a bye has",
        "is in two matches of round",
        "holds two matches",
        "a reported result (forfeit) decides it",
        "the results in force send",
        "changed outside the app",
        "deleted outside the app",
        "inserted outside the app",
        "audit log: entry",
        "does not match this database",
        "which does not exist",
        "a row of match",
        "is a new entry, not an undo",
        "both take back",
        "points forward in time",
    ):
        assert words in said, words


SPLIT = ("untouched", "card_in_both_hands", "marked_finished_but_playing", "bracket_slot_moved")


@pytest.mark.parametrize("name", SPLIT)
def test_two_processes_say_what_one_said(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same reports when a second process checks a share of the matches (each share a
    single match, so that both processes take some)."""
    from gin_scorer.services.queries import verify_split

    monkeypatch.setenv("GIN_SCORER_BACKUP_DIR", str(tmp_path / "backups"))
    monkeypatch.setattr(verify_split, "PARALLEL_FROM", 0)
    monkeypatch.setattr(verify_split, "SHARE", 1)
    said = verify_output(damaged(name, tmp_path))
    assert said == expected_path(name, False).read_text(encoding="utf-8")


def test_the_second_process_checks_every_share_as_this_one_does(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Left every share (this process takes none), the helper finds what this process finds,
    sentence for sentence."""
    from sqlmodel import col, select

    from gin_scorer.services.queries.verify_split import check_share, helper, plan_shares
    from gin_scorer.store.database import open_database
    from gin_scorer.store.tables import Event

    monkeypatch.setenv("GIN_SCORER_BACKUP_DIR", str(tmp_path / "backups"))
    path = damaged("layoff_that_does_not_fit", tmp_path)
    with open_database(path, backups=False) as db:
        with db.transaction(write=False) as session:
            events = list(session.exec(select(Event).order_by(col(Event.id))))
            shares = plan_shares(session, events)
            here = {i: check_share(session, share, {}) for i, share in enumerate(shares)}
        with helper(db, shares) as (_counter, answer):
            there = answer()
    assert there is not None
    assert there.checked == here
    assert any(check.problems for part in here.values() for check in part.values())
