"""``match result`` and ``match take-back`` end to end on a SQLite file: a round of slips,
a forfeit, time called, the refusals as one line with exit status 2, and `verify` after."""

from __future__ import annotations

from pathlib import Path

import pytest

from gin_scorer.cli import main
from gin_scorer.commands.verify import _reported_line, reported_kind
from gin_scorer.tournament.results import ResultKind


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_a_round_reported_from_slips(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = ["--db", str(tmp_path / "slips.sqlite")]
    assert _run(capsys, *db, "event", "new", "--name", "Slips", "--format", "swiss")[0] == 0
    for name in ("Ann", "Bob", "Cy", "Di", "Ed", "Flo"):
        assert _run(capsys, *db, "entrant", "add", "--event", "1", name)[0] == 0
    assert _run(capsys, *db, "round", "start", "--event", "1")[0] == 0

    status, out, _ = _run(capsys, *db, "match", "result", "--event", "1", "--table", "1", "a 3-1")
    assert status == 0 and "beats" in out and "3–1 (slip)" in out and "no game points" in out

    status, _, err = _run(capsys, *db, "match", "result", "--event", "1", "--table", "2", "b 3-3")
    assert status == 2 and err.count("\n") == 1
    assert "3–3 is not a result of a best of 5" in err

    status, out, _ = _run(capsys, *db, "match", "result", "--event", "1", "--table", "2", "a ff")
    assert status == 0 and "wins by forfeit" in out

    status, _, err = _run(capsys, *db, "match", "result", "--event", "1", "--table", "3", "t")
    assert status == 2 and "the director decides the winner" in err
    status, out, _ = _run(capsys, *db, "match", "result", "--event", "1", "--table", "3", "t b")
    assert status == 0 and "time called" in out

    status, out, _ = _run(capsys, *db, "standings", "--event", "1")
    assert status == 0 and "0*" in out and "leaves out 1 result" in out
    status, out, _ = _run(capsys, *db, "verify")
    assert status == 0, out
    assert "3 results reported without hands (1 forfeit, 1 slip, 1 match time called)" in out
    assert "not verified" in out

    # The forfeit taken back: the table is open again.
    status, out, _ = _run(capsys, *db, "match", "take-back", "2", "--reason", "Bob came")
    assert status == 0 and "taken back; pending" in out
    status, _, err = _run(capsys, *db, "match", "result", "--event", "1", "--table", "9", "a 3-0")
    assert status == 2 and "no match at table 9 in round 1 of event 1" in err
    status, _, err = _run(capsys, *db, "match", "result", "--match", "1", "a 3-0")
    assert status == 2 and "already has a result (slip): replace it" in err
    status, _, err = _run(capsys, *db, "match", "result", "--match", "1", "q")
    assert status == 2 and "'q' is not a result" in err


def test_the_demo_mixes_the_kinds_and_verify_counts_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = ["--db", str(tmp_path / "demo.sqlite")]
    status, out, _ = _run(
        capsys, *db, "demo", "--entrants", "12", "--slips", "60%", "--seed", "5",
        "--preset", "wikipedia-standard", "--quiet",
    )  # fmt: skip
    assert status == 0 and "reported without their hands" in out
    status, out, _ = _run(capsys, *db, "verify")
    assert status == 0 and "all clean" in out and "not verified" in out
    assert " results reported without hands (" in out and " slips" in out  # many: plural
    with pytest.raises(SystemExit) as refused:  # argparse's one line, exit status 2
        main([*db, "demo", "--slips", "2"])
    assert refused.value.code == 2
    assert "'2' is not a share from 0 to 1" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("kind", "one", "more"),
    [
        (ResultKind.SLIP, "1 slip", "4 slips"),
        (ResultKind.FORFEIT, "1 forfeit", "4 forfeits"),
        (ResultKind.DOUBLE_FORFEIT, "1 double forfeit", "4 double forfeits"),
        (ResultKind.TIME_CALLED, "1 match time called", "4 matches time called"),
        (ResultKind.ADJUDICATED, "1 match adjudicated", "4 matches adjudicated"),
        (ResultKind.PLAYED, "1 match played", "4 matches played"),
    ],
)
def test_verify_counts_each_kind_in_the_singular_for_one(
    kind: ResultKind, one: str, more: str
) -> None:
    """The report counts by the kind's label; each number is its own whole pattern."""
    assert reported_kind(kind.label, 1) == one
    assert reported_kind(kind.label, 4) == more
    assert reported_kind(kind.label, 0) == more.replace("4", "0")


def test_verify_says_one_result_reported_without_hands_in_the_singular() -> None:
    assert _reported_line({"forfeit": 1}) == (
        "1 result reported without hands (1 forfeit): checked against its match's format; "
        "no cards stand behind it, so it is not verified"
    )
    assert _reported_line({"slip": 4, "forfeit": 1}).startswith(
        "5 results reported without hands (1 forfeit, 4 slips): checked against their "
        "matches' formats"
    )
