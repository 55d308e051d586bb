import subprocess
import sys

from gin_scorer import __version__
from gin_scorer.cli import main


def test_version_is_printed(capsys) -> None:  # type: ignore[no-untyped-def]
    try:
        main(["--version"])
    except SystemExit as done:
        assert done.code == 0
    assert capsys.readouterr().out.strip() == f"gin-scorer {__version__}"


def test_help_lists_the_global_options() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "gin_scorer", "--help"], capture_output=True, text=True, check=True
    ).stdout
    assert "--db URL_OR_PATH" in out
    assert "GIN_SCORER_DB" in out


def test_a_fault_of_ours_is_one_line_exit_70_and_the_traceback_goes_to_the_log(
    tmp_path, monkeypatch, capsys
) -> None:  # type: ignore[no-untyped-def]
    import gin_scorer.commands.presets as presets_command

    def broken(args: object) -> int:
        raise RuntimeError("a bug")

    monkeypatch.setattr(presets_command, "run", broken)
    monkeypatch.setattr("gin_scorer.paths.data_dir", lambda: tmp_path)
    status = main(["presets", "list"])
    err = capsys.readouterr().err
    assert status == 70
    assert err.count("\n") == 1 and "fault of gin-scorer" in err and "Traceback" not in err
    assert "RuntimeError: a bug" in (tmp_path / "errors.log").read_text(encoding="utf-8")


def test_a_command_line_mistake_is_one_line(capsys) -> None:  # type: ignore[no-untyped-def]
    try:
        main(["event", "show", "²"])
    except SystemExit as done:
        assert done.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "is not a whole number" in err
