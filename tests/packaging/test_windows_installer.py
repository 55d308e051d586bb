"""Build the Windows installer with packaging/windows/build.sh, then install, run and uninstall
it under Wine as a director would: silently, in a profile named ``Zoë Ó'Brien``.

Marked ``slow`` (minutes: the build, then Wine starting Python for each command): in the
default run and CI, left out of the quick loop with ``-m "not slow"``. Where Wine, NSIS,
osslsigncode or mingw-w64 are missing it skips, except under CI, where it fails:
scripts/bootstrap.sh test installs them all. Each step's time is printed (``-s`` shows it).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

import pytest
from pypdf import PdfReader

from tests.packaging.windows_build import run_provenance
from tests.packaging.wine_prefix import USER, WinePrefix, missing_tools

ROOT = Path(__file__).resolve().parents[2]
WINDOWS = ROOT / "packaging" / "windows"
BUILD_TOOLS = ("makensis", "osslsigncode", "openssl", "x86_64-w64-mingw32-windres")
INSTALL_DIR = rf"C:\users\{USER}\AppData\Local\Programs\gin-scorer"
DATA_DIR = rf"C:\users\{USER}\AppData\Local\gin-scorer"
UNINSTALL_KEY = r"HKCU\Software\Microsoft\Windows\CurrentVersion\Uninstall\gin-scorer"

pytestmark = pytest.mark.slow


def require_tools() -> None:
    missing = missing_tools() + [t for t in BUILD_TOOLS if shutil.which(t) is None]
    if missing:
        why = f"needs {', '.join(missing)} (scripts/bootstrap.sh test installs them)"
        if os.environ.get("CI"):
            pytest.fail(why)
        pytest.skip(why)


@dataclass(frozen=True)
class Build:
    setup: Path
    portable: Path
    work: Path
    cache: Path
    seconds: float


def cache_folder() -> Path:
    return Path(os.environ.get("GIN_SCORER_WINDOWS_CACHE", ROOT / "build" / "windows-cache"))


@pytest.fixture(scope="module")
def build(tmp_path_factory: pytest.TempPathFactory, meta: ModuleType) -> Build:
    require_tools()
    where = tmp_path_factory.mktemp("windows")
    started = time.monotonic()
    done = subprocess.run(
        [
            "bash",
            str(WINDOWS / "build.sh"),
            "--dist",
            str(where / "dist"),
            "--work",
            str(where / "work"),
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "PYTHON": sys.executable},
        timeout=2400,
    )
    seconds = time.monotonic() - started
    assert done.returncode == 0, (done.stdout + done.stderr)[-6000:]
    print(f"\nwindows build: {seconds:.0f} s\n{done.stdout}")
    version = meta.project().version
    return Build(
        setup=where / "dist" / f"gin-scorer-{version}-setup.exe",
        portable=where / "dist" / f"gin-scorer-{version}-windows-portable.zip",
        work=where / "work",
        cache=cache_folder(),
        seconds=seconds,
    )


@pytest.fixture(scope="module")
def prefix(build: Build, tmp_path_factory: pytest.TempPathFactory) -> Iterator[WinePrefix]:
    wine = WinePrefix(tmp_path_factory.mktemp("wine") / "prefix")
    wine.boot()
    qt_core = (
        build.work / "gin-scorer" / "python" / "Lib" / "site-packages" / "PySide6" / "Qt6Core.dll"
    )
    wine.add_stand_ins(build.cache, qt_core, wine.root.parent / "stand-ins")
    print(f"\nwineboot: {wine.timings['wineboot']:.0f} s")
    yield wine
    wine.wait()


@pytest.fixture(scope="module")
def installed(build: Build, prefix: WinePrefix) -> WinePrefix:
    started = time.monotonic()
    done = prefix.wine(str(build.setup), "/S")
    prefix.wait()
    print(f"\nsilent install: {time.monotonic() - started:.0f} s")
    assert done.returncode == 0, done.stdout + done.stderr
    return prefix


def cli(wine: WinePrefix, *args: str, timeout: float = 900) -> subprocess.CompletedProcess[str]:
    started = time.monotonic()
    done = wine.wine(rf"{INSTALL_DIR}\gin-scorer-cli.exe", *args, timeout=timeout)
    seconds = time.monotonic() - started
    print(f"\ngin-scorer-cli {' '.join(args)}: {seconds:.0f} s, exit {done.returncode}")
    return done


# --- the build ---------------------------------------------------------------------------


def test_the_build_makes_an_installer_and_a_portable_zip(build: Build) -> None:
    assert build.setup.stat().st_size > 20_000_000
    assert build.portable.stat().st_size > 20_000_000
    setup, portable = build.setup.stat().st_size / 1e6, build.portable.stat().st_size / 1e6
    print(f"\ninstaller {setup:.1f} MB, portable zip {portable:.1f} MB")


def test_the_build_refuses_a_python_changed_after_it_was_signed(
    build: Build, tmp_path: Path
) -> None:
    embed = build.work / "embed" / "cp313"
    changed = tmp_path / "cp313"
    shutil.copytree(embed, changed)
    dll = bytearray((changed / "python313.dll").read_bytes())
    dll[len(dll) // 2] ^= 0x01  # one bit, in the middle of the code
    (changed / "python313.dll").write_bytes(bytes(dll))
    done = run_provenance(changed)
    assert done.returncode == 1
    assert "python313.dll: the file's digest" in done.stderr
    assert "the file was changed after it was signed" in done.stderr
    assert done.stderr.count("\n  ") == 1, done.stderr  # that file only


# --- under Wine -------------------------------------------------------------------------


def test_silent_install_is_per_user_with_a_start_menu_entry_and_an_apps_entry(
    installed: WinePrefix, meta: ModuleType
) -> None:
    folder = installed.unix(INSTALL_DIR)
    for name in ("gin-scorer.exe", "gin-scorer-cli.exe", "uninstall.exe", r"python\python.exe"):
        assert (folder / name.replace("\\", "/")).is_file(), name
    programs = installed.profile / "AppData/Roaming/Microsoft/Windows/Start Menu/Programs"
    assert (programs / "Gin Scorer.lnk").is_file()
    entry = installed.registry(UNINSTALL_KEY)
    assert entry["DisplayName"] == "Gin Scorer"
    assert entry["DisplayVersion"] == meta.project().version
    assert entry["Publisher"] == "gin-scorer developers"
    assert entry["InstallLocation"] == INSTALL_DIR
    assert entry["QuietUninstallString"] == rf'"{INSTALL_DIR}\uninstall.exe" /S'
    assert int(entry["EstimatedSize"]) > 50_000  # KB
    assert any((folder / "python/Lib/site-packages/gin_scorer/__pycache__").glob("*.pyc"))


def test_cli_prints_its_version(installed: WinePrefix, meta: ModuleType) -> None:
    done = cli(installed, "--version")
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.strip() == f"gin-scorer {meta.project().version}"


def test_demo_verify_and_a_standings_pdf_in_the_data_folder(installed: WinePrefix) -> None:
    demo = cli(installed, "demo", "--entrants", "8")
    assert demo.returncode == 0, demo.stdout + demo.stderr
    assert "3 rounds, 12 matches" in demo.stdout
    database = rf"{DATA_DIR}\gin-scorer.sqlite"
    assert database in demo.stdout  # "database: sqlite:///C:\users\Zoë Ó'Brien\..."
    assert installed.unix(database).is_file()
    backups = installed.unix(DATA_DIR) / "backups"
    assert any(backups.rglob("gin-scorer-*.sqlite")), "no backup beside the data"

    verify = cli(installed, "verify")
    assert verify.returncode == 0, verify.stdout + verify.stderr
    assert "12 match(es)" in verify.stdout and "all clean" in verify.stdout

    pdf = rf"C:\users\{USER}\Documents\standings after round 3 — Zoë.pdf"
    report = cli(installed, "report", "standings", "--event", "1", "--out", pdf)
    assert report.returncode == 0, report.stdout + report.stderr
    reader = PdfReader(installed.unix(pdf))
    text = "".join(page.extract_text() for page in reader.pages)
    first_place = demo.stdout.split("place")[1].splitlines()[1].split()[1:3]
    assert " ".join(first_place) in text
    fonts = {
        str(font["/BaseFont"])
        for page in reader.pages
        for font in page["/Resources"]["/Font"].values()  # type: ignore[index]
    }
    assert any("DejaVuSans" in font for font in fonts), fonts


def test_the_readme_names_the_data_folder_the_app_uses() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert r"%LOCALAPPDATA%\gin-scorer" in readme
    assert r"%LOCALAPPDATA%\Programs\gin-scorer" in readme


QT_CHECK = """
from PySide6.QtCore import QStringDecoder
from PySide6.QtWidgets import QApplication, QLabel
import gin_scorer.gui.app  # the desk's modules import (QtCharts among them)
app = QApplication(["gin-scorer"])
label = QLabel("Zoë Ó'Brien ♠♥♦♣")
label.show()
app.processEvents()
# Codecs other than the UTF ones are ICU's (the icuuc.dll stand-in, forwarding to ICU 77).
codecs = QStringDecoder.availableCodecs()
print(app.platformName(), label.isVisible(), "ISO-8859-2" in codecs, len(codecs) > 100)
"""


def test_qt_and_its_icu_codecs_load_in_the_installed_bundle(installed: WinePrefix) -> None:
    """Qt's DLLs, the offscreen platform plugin and the app's Qt modules load from the
    installed folder, and Qt reaches ICU's converters through icuuc.dll."""
    script = installed.profile / "qt check.py"
    script.write_text(QT_CHECK, encoding="utf-8")
    started = time.monotonic()
    done = installed.wine(
        rf"{INSTALL_DIR}\python\python.exe", "-X", "utf8", installed.windows(script)
    )
    print(f"\nQt under Wine: {time.monotonic() - started:.0f} s, {done.stdout.strip()}")
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.split() == ["offscreen", "True", "True", "True"]


def test_the_desk_opens_and_closes_its_main_window(installed: WinePrefix) -> None:
    """gin-scorer.exe, as the Start menu starts it, with Qt's offscreen platform (Wine's own
    display driver has no screen here: the windows platform waits on it for ever)."""
    database = rf"C:\users\{USER}\Documents\smoke test.sqlite"
    started = time.monotonic()
    done = installed.wine(rf"{INSTALL_DIR}\gin-scorer.exe", "--db", database, "--smoke-test")
    print(f"\ngin-scorer --smoke-test: {time.monotonic() - started:.0f} s, exit {done.returncode}")
    assert done.returncode == 0, done.stdout + done.stderr
    assert installed.unix(database).is_file()


def test_uninstall_keeps_the_directors_data(installed: WinePrefix) -> None:
    data = installed.unix(DATA_DIR)
    before = sorted(p.relative_to(data) for p in data.rglob("*"))
    done = installed.wine(rf"{INSTALL_DIR}\uninstall.exe", "/S")
    installed.wait()  # the uninstaller runs a copy of itself and returns at once
    assert done.returncode == 0, done.stdout + done.stderr
    assert not installed.unix(INSTALL_DIR).exists()
    programs = installed.profile / "AppData/Roaming/Microsoft/Windows/Start Menu/Programs"
    assert not (programs / "Gin Scorer.lnk").exists()
    assert installed.registry(UNINSTALL_KEY) == {}
    assert sorted(p.relative_to(data) for p in data.rglob("*")) == before
    assert (data / "gin-scorer.sqlite").stat().st_size > 0
