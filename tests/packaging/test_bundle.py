"""Build the real PyInstaller bundle once, then run the frozen app as a user would.

Slow (the build alone takes about 50 s), so every test here carries the `bundle` marker: the
README's command (and so CI) runs them, and the quick local loop leaves them out with
`-m "not bundle"`. The bundle is built from the spec by packaging/build.sh, only into a
temporary folder, and unpacked from the .tar.gz it makes.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import sqlite3
import subprocess
import sys
import tarfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

import pytest

from gin_scorer import __version__

ROOT = Path(__file__).resolve().parents[2]
BUILD_SH = ROOT / "packaging" / "build.sh"

pytestmark = pytest.mark.bundle


@dataclass(frozen=True)
class Bundle:
    folder: Path
    executable: Path
    home: Path  # a throwaway home: the frozen app never touches the real data folder
    commands: dict[str, list[str]]  # the source tree's sub-commands when the build started

    @property
    def internal(self) -> Path:
        return self.folder / "_internal"

    def run(
        self, *args: str, timeout: float = 120, launcher: tuple[str, ...] = ()
    ) -> subprocess.CompletedProcess[str]:
        """Run the frozen executable; Qt draws offscreen unless a launcher gives it a screen."""
        env = {
            **os.environ,
            "QT_QPA_PLATFORM": "xcb" if launcher else "offscreen",
            "HOME": str(self.home),
            "XDG_DATA_HOME": str(self.home / "data"),
            "XDG_CONFIG_HOME": str(self.home / "config"),
            "XDG_CACHE_HOME": str(self.home / "cache"),
        }
        env.pop("GIN_SCORER_DB", None)
        return subprocess.run(
            [*launcher, str(self.executable), *args],
            capture_output=True,
            text=True,
            env=env,
            timeout=timeout,
            cwd=self.home,
        )


@pytest.fixture(scope="module")
def bundle(tmp_path_factory: pytest.TempPathFactory, meta: ModuleType) -> Iterator[Bundle]:
    """Built by packaging/build.sh into a temporary folder, then unpacked from its .tar.gz
    somewhere else: the tests run what a user downloads, not the build folder."""
    where = tmp_path_factory.mktemp("bundle")
    commands = source_commands()
    build = subprocess.run(
        ["bash", str(BUILD_SH), "--dist", str(where / "dist")],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "PYTHON": sys.executable},
        timeout=900,
    )
    assert build.returncode == 0, (build.stdout + build.stderr)[-6000:]
    assert "build.sh: the bundle starts (--version, --smoke-test)" in build.stdout
    assert re.search(r"^build\.sh: built in \d+ s$", build.stdout, re.MULTILINE), build.stdout
    if sys.platform.startswith("linux"):
        assert re.search(r"^build\.sh: needs glibc 2\.\d+ or newer", build.stdout, re.MULTILINE)
    (archive,) = (where / "dist").glob(f"gin-scorer-{meta.project().version}-*.tar.gz")
    with tarfile.open(archive) as tar:
        tar.extractall(where / "unpacked", filter="tar")
    folder = where / "unpacked" / meta.CLI_NAME
    suffix = ".exe" if sys.platform == "win32" else ""
    home = where / "home"
    home.mkdir()
    executable = folder / f"{meta.CLI_NAME}{suffix}"
    yield Bundle(folder=folder, executable=executable, home=home, commands=commands)


def source_commands() -> dict[str, list[str]]:
    """Sub-command name -> its own sub-commands, as the source tree's parser has them now."""
    from gin_scorer.cli import build_parser

    def choices(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                return dict(action.choices)
        return {}

    return {name: sorted(choices(sub)) for name, sub in choices(build_parser()).items()}


def test_frozen_app_prints_the_project_version(bundle: Bundle, meta: ModuleType) -> None:
    done = bundle.run("--version")
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == f"gin-scorer {meta.project().version}"
    assert done.stdout.strip() == f"gin-scorer {__version__}"


def test_frozen_app_opens_and_closes_its_main_window(bundle: Bundle) -> None:
    database = bundle.home / "smoke.sqlite"
    done = bundle.run("--db", str(database), "--smoke-test")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Traceback" not in done.stderr, done.stderr


def test_frozen_app_opens_a_real_x11_window(bundle: Bundle) -> None:
    # The xcb platform plugin and the X libraries it needs must all be in the bundle.
    xvfb_run = shutil.which("xvfb-run")
    if xvfb_run is None or not sys.platform.startswith("linux"):
        pytest.skip("needs Linux and xvfb-run (Debian: xvfb xauth)")
    database = bundle.home / "window.sqlite"
    done = bundle.run("--db", str(database), "--smoke-test", launcher=(xvfb_run, "-a"))
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Traceback" not in done.stderr, done.stderr


def test_frozen_app_opens_on_the_default_database_in_the_data_folder(bundle: Bundle) -> None:
    done = bundle.run("--smoke-test")
    assert done.returncode == 0, done.stdout + done.stderr
    assert (bundle.home / "data" / "gin-scorer").is_dir()


def test_frozen_help_lists_every_sub_command_of_the_source_tree(bundle: Bundle) -> None:
    done = bundle.run("--help")
    assert done.returncode == 0, done.stderr
    assert "--db URL_OR_PATH" in done.stdout
    assert "--smoke-test" in done.stdout
    missing = [name for name in bundle.commands if name not in done.stdout.split()]
    assert not missing, f"the frozen app does not know: {missing}\n{done.stdout}"


def test_every_frozen_sub_command_answers_help(bundle: Bundle) -> None:
    commands = bundle.commands
    if not commands:
        pytest.skip("gin_scorer.commands has no sub-command modules yet")
    for name, subcommands in commands.items():
        for words in [[name], *([name, sub] for sub in subcommands)]:
            done = bundle.run(*words, "--help")
            assert done.returncode == 0, f"gin-scorer {' '.join(words)} --help: {done.stderr}"
            assert "usage: gin-scorer" in done.stdout


def test_bundle_holds_every_resource_file(bundle: Bundle) -> None:
    sources = ROOT / "resources"
    wanted = sorted(p.relative_to(sources) for p in sources.rglob("*") if p.is_file())
    missing = [str(p) for p in wanted if not (bundle.internal / "resources" / p).is_file()]
    assert not missing, f"resources missing from the bundle: {missing}"
    assert list((bundle.internal / "resources" / "fonts").glob("DejaVuSans*.ttf"))


def test_bundle_holds_the_migrations_as_source(bundle: Bundle) -> None:
    sources = ROOT / "gin_scorer" / "store" / "migrations"
    if not sources.is_dir():
        pytest.skip("gin_scorer/store/migrations does not exist yet")
    wanted = sorted(
        p.relative_to(ROOT)
        for p in sources.rglob("*")
        if p.is_file() and "__pycache__" not in p.parts
    )
    assert wanted
    missing = [str(p) for p in wanted if not (bundle.internal / p).is_file()]
    assert not missing, f"migration files missing from the bundle: {missing}"


def test_bundle_carries_the_package_metadata(bundle: Bundle, meta: ModuleType) -> None:
    version = meta.project().version
    assert (bundle.internal / f"gin_scorer-{version}.dist-info" / "METADATA").is_file()


def test_bundle_leaves_out_the_unused_qt_modules(bundle: Bundle, meta: ModuleType) -> None:
    present = {p.name for p in bundle.internal.rglob("*")}
    for name in ("QtCore", "QtGui", "QtWidgets"):
        assert any(p.startswith(name + ".") for p in present), f"{name} is missing"
    # The Python modules themselves (QtQml.abi3.so, QtQml.pyd) ...
    unwanted = [p for p in sorted(present) for qt in meta.QT_UNUSED if p.startswith(f"{qt}.")]
    # ... and the QML/Quick libraries, the biggest that nothing else needs. (Some other Qt
    # libraries of QT_UNUSED, such as libQt6OpenGL, are dependencies of platform plugins.)
    unwanted += [
        p
        for p in sorted(present)
        if p.startswith(("libQt6Qml", "libQt6Quick", "Qt6Qml", "Qt6Quick"))
    ]
    assert not unwanted, f"unused Qt modules in the bundle: {unwanted}"
    assert not (bundle.internal / "PySide6" / "Qt" / "qml").exists()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the Linux layout only")
def test_linux_bundle_installs_and_runs_from_the_prefix(
    bundle: Bundle, meta: ModuleType, tmp_path: Path
) -> None:
    share = bundle.folder / "share"
    assert (share / "applications" / meta.DESKTOP_FILE).is_file()
    assert (share / "metainfo" / meta.METAINFO_FILE).is_file()
    assert (share / "icons/hicolor/256x256/apps" / f"{meta.ICON_NAME}.png").is_file()
    stage = tmp_path / "stage"
    done = subprocess.run(
        ["bash", str(bundle.folder / "install.sh"), "--prefix", "/usr", "--destdir", str(stage)],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    # Run through the bin/ symlink: the frozen app must find _internal from there.
    installed = stage / "usr" / "bin" / meta.CLI_NAME
    version = subprocess.run([installed, "--version"], capture_output=True, text=True)
    assert version.stdout.strip() == f"gin-scorer {meta.project().version}", version.stderr


# --- a director's first minutes, in the frozen app ----------------------------------------
# These go through other areas' commands, so each checks only what the bundle must provide
# (data files, migrations, fonts) and skips, saying why, when the command is not there.


def needs(bundle: Bundle, *names: str) -> None:
    absent = [name for name in names if name not in bundle.commands]
    if absent:
        pytest.skip(f"the source tree has no {', '.join(absent)} command yet")


def test_frozen_app_finds_the_bundled_rule_set_presets(bundle: Bundle) -> None:
    needs(bundle, "presets")
    done = bundle.run("presets", "--json")
    assert done.returncode == 0, done.stderr
    keys = {preset["key"] for preset in json.loads(done.stdout)}
    shipped = {path.stem for path in (ROOT / "resources" / "rulesets").glob("*.toml")}
    assert shipped and keys == shipped


def test_frozen_app_creates_migrates_and_backs_up_a_database(bundle: Bundle) -> None:
    needs(bundle, "backup", "audit")
    database = bundle.home / "club.sqlite"
    copy = bundle.home / "club-copy.sqlite"
    # --create: a --db file that does not exist yet is made only when asked (issue 36).
    done = bundle.run("--db", str(database), "--create", "backup", "--out", str(copy))
    assert done.returncode == 0, done.stdout + done.stderr
    with sqlite3.connect(database) as connection:  # Alembic ran from the bundled migrations
        (revision,) = connection.execute("SELECT version_num FROM alembic_version").fetchone()
    assert revision
    with sqlite3.connect(copy) as connection:
        assert connection.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    verify = bundle.run("--db", str(database), "audit", "verify")
    assert verify.returncode == 0, verify.stdout + verify.stderr


def test_frozen_app_rates_a_demo_season(bundle: Bundle) -> None:
    # openskill is compiled with mypyc: its helper extension must travel with the bundle.
    needs(bundle, "demo", "ratings")
    database = str(bundle.home / "season.sqlite")
    played = bundle.run(
        "--db", database, "demo", "--season", "1", "--members", "4", "--rounds", "1",
        "--preset", "wikipedia-standard", "--quiet",
    )  # fmt: skip
    assert played.returncode == 0, played.stdout + played.stderr
    done = bundle.run("--db", database, "ratings", "--csv")
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.startswith("rank,player_id,name")
    assert len(done.stdout.splitlines()) == 5


def test_frozen_app_prints_a_pdf_with_the_bundled_fonts(bundle: Bundle) -> None:
    needs(bundle, "report")
    pdf = bundle.home / "sheet.pdf"
    done = bundle.run(
        "--db", str(bundle.home / "report.sqlite"), "report", "sheet", "--blank", "--out", str(pdf)
    )
    assert done.returncode == 0, done.stdout + done.stderr
    from pypdf import PdfReader

    page = PdfReader(pdf).pages[0]
    fonts = page["/Resources"]["/Font"]
    names = {str(font.get_object()["/BaseFont"]) for font in fonts.values()}
    assert any(name.endswith("+DejaVuSans") for name in names), names
    assert "gin-scorer" in page.extract_text()


def test_frozen_app_migrates_a_postgresql_database(bundle: Bundle, pg_url: str) -> None:
    # psycopg finds its compiled libpq wrapper by name at run time: the bundle must carry it.
    needs(bundle, "audit")
    done = bundle.run("--db", pg_url, "audit", "verify")
    assert done.returncode == 0, done.stdout + done.stderr
    from sqlalchemy import create_engine, text

    engine = create_engine(pg_url)
    try:
        with engine.connect() as connection:
            revision = connection.execute(text("SELECT version_num FROM alembic_version"))
            assert revision.scalar_one()
    finally:
        engine.dispose()


def test_bundle_does_not_carry_the_gtk_platform_theme(bundle: Bundle) -> None:
    themes = bundle.internal / "PySide6" / "Qt" / "plugins" / "platformthemes"
    carried = sorted(p.name for p in themes.glob("*gtk*")) if themes.is_dir() else []
    assert not carried, f"the GTK theme plugin would load the build machine's GTK: {carried}"


def test_frozen_app_plays_verifies_and_prints_a_whole_event(bundle: Bundle) -> None:
    # The tournament engine, the services, the store and reportlab, all from inside the bundle.
    needs(bundle, "demo", "verify", "report")
    database = str(bundle.home / "event.sqlite")
    demo = bundle.run(
        "--db", database, "demo", "--entrants", "4", "--format", "round-robin", "--seed", "7",
        "--quiet",
    )  # fmt: skip
    assert demo.returncode == 0, demo.stdout + demo.stderr
    verify = bundle.run("--db", database, "verify")
    assert verify.returncode == 0, verify.stdout + verify.stderr
    pdf = bundle.home / "standings.pdf"
    report = bundle.run("--db", database, "report", "standings", "--event", "1", "--out", str(pdf))
    assert report.returncode == 0, report.stdout + report.stderr
    from pypdf import PdfReader

    text = PdfReader(pdf).pages[0].extract_text()
    assert "Standings" in text
    assert "gin-scorer" in text


def test_frozen_app_verifies_with_a_second_process(
    bundle: Bundle, monkeypatch: pytest.MonkeyPatch
) -> None:
    """verify's second process (the seal and a share of the matches) starts from inside the
    bundle (multiprocessing.freeze_support in the entry point) and says what one process
    says; a helper that failed, or could not start, would be written in errors.log."""
    needs(bundle, "demo", "verify")
    database = str(bundle.home / "two.sqlite")
    demo = bundle.run(
        "--db", database, "demo", "--entrants", "6", "--format", "round-robin", "--seed", "3",
        "--quiet",
    )  # fmt: skip
    assert demo.returncode == 0, demo.stdout + demo.stderr
    monkeypatch.setenv("GIN_SCORER_VERIFY_PROCESSES", "1")
    alone = bundle.run("--db", database, "verify")
    monkeypatch.setenv("GIN_SCORER_VERIFY_PROCESSES", "2")
    both = bundle.run("--db", database, "verify")
    assert alone.returncode == 0, alone.stdout + alone.stderr
    assert (both.returncode, both.stdout) == (0, alone.stdout), both.stdout + both.stderr
    faults = [p.read_text() for p in bundle.home.rglob("errors.log")]
    assert not faults, faults
