"""`gin-scorer report ...`: writes the PDF, and says what is wrong in one line otherwise."""

from __future__ import annotations

from pathlib import Path

import pypdf
import pytest

from gin_scorer.cli import main
from tests.reports.conftest import Sample


def db_path(sample: Sample) -> str:
    assert sample.db.path is not None
    return str(sample.db.path)


def test_blank_sheet_needs_no_database(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GIN_SCORER_DB", str(tmp_path / "never" / "made.sqlite"))
    out = tmp_path / "pad.pdf"
    assert main(["report", "sheet", "--blank", "--copies", "2", "--out", str(out)]) == 0
    assert len(pypdf.PdfReader(out).pages) == 2
    assert f"wrote {out}" in capsys.readouterr().out
    assert not (tmp_path / "never").exists()


def test_every_kind_from_the_command_line(sample: Sample, tmp_path: Path) -> None:
    db = db_path(sample)
    swiss = str(sample.swiss_event_id)
    runs = {
        "standings": ["--event", swiss],
        "pairings": ["--event", swiss, "--round", "1"],
        "slips": ["--event", swiss],
        "sheet": ["--match", str(sample.match_id)],
        "pad": ["--match", str(sample.hollywood_match_id), "--paper", "letter"],
        "player": ["--entrant", str(sample.alice_id)],
    }
    for kind, extra in runs.items():
        out = tmp_path / f"{kind}.pdf"
        assert main(["--db", db, "report", kind, *extra, "--out", str(out)]) == 0, kind
        assert len(pypdf.PdfReader(out).pages) >= 1


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["report", "standings", "--event", "4242"], "4242"),
        (["report", "pairings", "--event", "{swiss}", "--round", "7"], "no round 7"),
        (["report", "sheet", "--match", "4242"], "4242"),
        (["report", "bracket", "--event", "{swiss}"], "no bracket"),
        (["report", "sheet", "--blank", "--out-of-place"], None),
        (["report", "standings", "--event", "1", "--out", "x.txt"], ".pdf"),
    ],
)
def test_mistakes_are_one_clear_line(
    sample: Sample,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    argv: list[str],
    message: str | None,
) -> None:
    args = [a.replace("{swiss}", str(sample.swiss_event_id)) for a in argv]
    if "--out" not in args and message is not None:
        args += ["--out", str(tmp_path / "x.pdf")]
    if message is None:  # argparse's own refusal
        with pytest.raises(SystemExit) as done:
            main(["--db", db_path(sample), *args])
        assert done.value.code == 2
        return
    assert main(["--db", db_path(sample), *args]) == 2
    err = capsys.readouterr().err
    assert message in err
    assert "Traceback" not in err
    assert err.count("\n") == 1


def test_sheet_without_a_subject_says_what_to_give(
    sample: Sample, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--db", db_path(sample), "report", "sheet", "--out", str(tmp_path / "x.pdf")]) == 2
    assert "--match ID" in capsys.readouterr().err
