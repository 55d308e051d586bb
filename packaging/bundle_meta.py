"""Facts every package of gin-scorer shares, derived from the source tree so they never drift.

Used by ``gin-scorer.spec`` (PyInstaller runs it with this folder on ``sys.path``), by
``build.sh`` (``python packaging/bundle_meta.py version``) and by ``tests/packaging``. The
version comes from ``pyproject.toml`` only; nothing in packaging/ repeats it by hand, except
the AppStream ``<release>`` list, whose newest entry a test holds equal to it.

Plain standard library: PyInstaller imports this before anything of the project is importable.
"""

from __future__ import annotations

import re
import shutil
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path

PACKAGING_DIR = Path(__file__).resolve().parent
PROJECT_ROOT = PACKAGING_DIR.parent

APP_ID = "io.github.ginscorer.GinScorer"
"""Reverse-DNS id: macOS bundle identifier, AppStream component id."""
DISPLAY_NAME = "Gin Scorer"
CLI_NAME = "gin-scorer"
"""The console executable: every sub-command, and the app when given none."""
GUI_NAME = "gin-scorer-gui"
"""The windowed executable (Windows and macOS; on Linux the console one opens the app too)."""
ICON_NAME = "gin-scorer"
"""Icon theme name of the app icon (hicolor), also the stem of resources/icons/*."""
DESKTOP_FILE = "gin-scorer.desktop"
METAINFO_FILE = f"{APP_ID}.metainfo.xml"
HICOLOR_SIZES = (16, 32, 48, 64, 128, 256, 512)

# fmt: off
QT_UNUSED = (
    # The QML/Quick stack (PySide6-Essentials ships it; it would add ~40 MB).
    "QtQml", "QtQmlCore", "QtQmlFeatures", "QtQmlModels", "QtQmlWorkerScript",
    "QtQuick", "QtQuick3D", "QtQuickControls2", "QtQuickTest", "QtQuickWidgets",
    # PySide6-Addons' extras (it is installed for QtCharts, which the app uses): 3D, web
    # engine, multimedia, the other plotting modules.
    "Qt3DAnimation", "Qt3DCore", "Qt3DExtras", "Qt3DInput", "Qt3DLogic", "Qt3DRender",
    "QtWebEngineCore", "QtWebEngineQuick", "QtWebEngineWidgets", "QtWebChannel",
    "QtWebSockets", "QtWebView", "QtMultimedia", "QtMultimediaWidgets", "QtSpatialAudio",
    "QtTextToSpeech", "QtDataVisualization", "QtGraphs", "QtGraphsWidgets",
    "QtBluetooth", "QtNfc", "QtPositioning", "QtLocation", "QtSensors", "QtSerialPort",
    "QtSerialBus", "QtRemoteObjects", "QtScxml", "QtStateMachine", "QtHttpServer",
    "QtNetworkAuth", "QtAxContainer",
    # Tools and APIs the app does not use.
    "QtDesigner", "QtHelp", "QtUiTools", "QtTest", "QtSql", "QtLabsStyleKit",
    "QtOpenGL", "QtOpenGLWidgets", "QtConcurrent",
    # Brings TLS and network-information plugins; the app opens no sockets through Qt.
    "QtNetwork",
)
# fmt: on
"""PySide6 modules left out of the bundle."""


@dataclass(frozen=True)
class Project:
    name: str
    version: str


def project(root: Path = PROJECT_ROOT) -> Project:
    """Name and version as ``pyproject.toml`` declares them (the one source of truth)."""
    with (root / "pyproject.toml").open("rb") as file:
        table = tomllib.load(file)["project"]
    return Project(name=table["name"], version=table["version"])


def numeric_version(version: str, parts: int = 4) -> tuple[int, ...]:
    """The leading numbers of a PEP 440 version, padded: what Windows and macOS accept.

    >>> numeric_version("0.1.0")
    (0, 1, 0, 0)
    >>> numeric_version("1.2rc1", parts=3)
    (1, 2, 0)
    """
    match = re.match(r"\d+(?:\.\d+)*", version)
    if match is None:
        raise ValueError(f"version {version!r} does not start with a number")
    numbers = [int(n) for n in match.group(0).split(".")][:parts]
    return tuple(numbers + [0] * (parts - len(numbers)))


def macos_info_plist(version: str, template: Path = PACKAGING_DIR / "macos" / "Info.plist") -> dict:
    """packaging/macos/Info.plist with the version filled in from the project."""
    import plistlib

    with template.open("rb") as file:
        info: dict = plistlib.load(file)
    # Both must be dot-separated numbers (notarisation refuses "1.2rc1").
    short = ".".join(str(n) for n in numeric_version(version, parts=3))
    info["CFBundleShortVersionString"] = short
    info["CFBundleVersion"] = short
    return info


def windows_version_text(version: str) -> str:
    """A Windows VERSIONINFO resource in PyInstaller's text form (``EXE(version=file)``).

    Both executables carry it; the Inno Setup script reads ProductVersion back from it. Text,
    not PyInstaller's objects, because those import ``pefile``, which exists only on Windows.
    """
    numbers = numeric_version(version)
    strings = {
        "CompanyName": "gin-scorer developers",
        "FileDescription": f"{DISPLAY_NAME}: Gin Rummy tournament scorer",
        "FileVersion": version,
        "InternalName": CLI_NAME,
        "LegalCopyright": "MIT licence, gin-scorer developers",
        "OriginalFilename": f"{CLI_NAME}.exe",
        "ProductName": DISPLAY_NAME,
        "ProductVersion": version,
    }
    entries = ",\n".join(
        f"          StringStruct({key!r}, {value!r})" for key, value in strings.items()
    )
    return f"""VSVersionInfo(
  ffi=FixedFileInfo(filevers={numbers!r}, prodvers={numbers!r}, mask=0x3f, flags=0x0,
                    OS=0x40004, fileType=0x1, subtype=0x0, date=(0, 0)),
  kids=[
    StringFileInfo([
      StringTable('040904B0', [
{entries}
      ])
    ]),
    VarFileInfo([VarStruct('Translation', [1033, 1200])])
  ]
)
"""


def make_icns(icons: Path, work: Path) -> Path:
    """macOS only: resources/icons/*.png -> gin-scorer.icns with Apple's ``iconutil``."""
    import subprocess

    iconset = work / f"{ICON_NAME}.iconset"
    shutil.rmtree(iconset, ignore_errors=True)
    iconset.mkdir(parents=True)
    for size in (16, 32, 128, 256, 512):
        for scale, suffix in ((1, ""), (2, "@2x")):
            png = icons / f"{ICON_NAME}-{size * scale}.png"
            if png.exists():
                shutil.copyfile(png, iconset / f"icon_{size}x{size}{suffix}.png")
    icns = work / f"{ICON_NAME}.icns"
    subprocess.run(["iconutil", "-c", "icns", "-o", str(icns), str(iconset)], check=True)
    return icns


def add_linux_desktop_files(bundle: Path, root: Path = PROJECT_ROOT) -> None:
    """Lay the desktop entry, AppStream metainfo, icons and install.sh into a Linux bundle.

    ``share/`` follows the freedesktop layout, so ``install.sh`` copies it as it is into
    ``$PREFIX/share`` (or ``~/.local/share``).
    """
    linux = root / "packaging" / "linux"
    icons = root / "resources" / "icons"
    share = bundle / "share"
    shutil.rmtree(share, ignore_errors=True)
    targets = {
        linux / DESKTOP_FILE: share / "applications" / DESKTOP_FILE,
        linux / METAINFO_FILE: share / "metainfo" / METAINFO_FILE,
        icons / f"{ICON_NAME}.svg": share / "icons/hicolor/scalable/apps" / f"{ICON_NAME}.svg",
    }
    for size in HICOLOR_SIZES:
        png = icons / f"{ICON_NAME}-{size}.png"
        targets[png] = share / f"icons/hicolor/{size}x{size}/apps" / f"{ICON_NAME}.png"
    for source, target in targets.items():
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, target)
    shutil.copy2(linux / "install.sh", bundle / "install.sh")


def main(argv: list[str]) -> int:
    """``python packaging/bundle_meta.py version|name``: for shell scripts."""
    facts = project()
    if argv == ["version"]:
        print(facts.version)
        return 0
    if argv == ["name"]:
        print(facts.name)
        return 0
    print("usage: bundle_meta.py version|name", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
