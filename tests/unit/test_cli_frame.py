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
