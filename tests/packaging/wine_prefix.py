"""A private Wine prefix to install and run the Windows build in, as a Windows user would.

64-bit Wine only (Debian's ``wine`` runs ``wine64`` when wine32 is absent; no multiarch
needed): the installer, the launchers and the embedded CPython are all x64. The prefix lives in
the test's temporary folder, its user is ``Zoë Ó'Brien`` (Wine names the profile folder after
``$USER``), so every path the app meets has a space, an apostrophe and letters beyond ASCII.

Wine 8 lacks two DLLs that Windows 10 and 11 have; the prefix's system32 gets stand-ins, never
the shipped bundle (tests/packaging/wine/):

- ``bcryptprimitives.dll``: ``ProcessPrng``, which Rust-built extensions (pydantic-core,
  cryptography) import for random bytes; ours asks bcrypt's system generator, as Windows does.
- ``icuuc.dll``: Qt 6.7+ on Windows uses the system's ICU (Windows 10 1703+), and Qt6Core
  imports 20 ``ucnv_*`` functions from it. Ours forwards each to the real ICU 77 DLLs of the
  ``pyicu-wheels`` wheel on PyPI (pinned below), whose exports carry ICU's version suffix.

And Wine's WMI (``wbemprox``) is turned off: Python 3.13's ``platform`` module queries WMI,
and Wine 8's answer calls ``propsys.VariantToString``, which it does not implement, killing the
process; without WMI ``platform`` falls back to the registry, as it does on a Windows whose WMI
service is stopped.
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import subprocess
import sys
import time
import zipfile
from dataclasses import dataclass, field
from pathlib import Path, PureWindowsPath

HERE = Path(__file__).resolve().parent
USER = "Zoë Ó'Brien"
ICU_WHEEL = "pyicu_wheels-2.15.2-cp313-cp313-win_amd64.whl"
ICU_WHEEL_SHA256 = "e32d113c13a801173c1bfe5988db1699a3c3549b92aa8927b744cd64c47c5e28"
ICU_VERSION = "77"
WINE_TOOLS = ("wine", "wineserver", "x86_64-w64-mingw32-gcc", "objdump")


def missing_tools() -> list[str]:
    return [tool for tool in WINE_TOOLS if shutil.which(tool) is None]


@dataclass
class WinePrefix:
    root: Path
    timings: dict[str, float] = field(default_factory=dict)

    @property
    def env(self) -> dict[str, str]:
        env = {
            k: v for k, v in os.environ.items() if not k.startswith(("WINE", "GIN_SCORER", "QT_"))
        }
        return {
            **env,
            "WINEPREFIX": str(self.root),
            "WINEDEBUG": "-all",
            # No Mono or Gecko installer prompts; no WMI (see the module's docstring).
            "WINEDLLOVERRIDES": "mscoree,mshtml=;wbemprox=d",
            "USER": USER,
            "LOGNAME": USER,
            # Wine keeps the Unix side's QT_* variables from Windows programs; WINE + the
            # name passes one through.
            "WINEQT_QPA_PLATFORM": "offscreen",
        }

    @property
    def drive_c(self) -> Path:
        return self.root / "drive_c"

    @property
    def profile(self) -> Path:
        return self.drive_c / "users" / USER

    def unix(self, windows_path: str) -> Path:
        """Where a ``C:\\…`` path of the prefix is on this machine."""
        path = PureWindowsPath(windows_path)
        assert path.drive.upper() == "C:", windows_path
        return self.drive_c.joinpath(*path.parts[1:])

    def windows(self, unix_path: Path) -> str:
        return "C:\\" + "\\".join(unix_path.relative_to(self.drive_c).parts)

    def boot(self) -> None:
        started = time.monotonic()
        self.wine("wineboot", "--init", timeout=600)
        self.wait()
        self.timings["wineboot"] = time.monotonic() - started

    def wine(
        self, program: str, *args: str, timeout: float = 900
    ) -> subprocess.CompletedProcess[str]:
        """Run a Windows program; standard input from nothing, output through pipes (Wine 8
        gives Python no usable handle when its output is a regular file)."""
        return subprocess.run(
            ["wine", program, *args],
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            encoding="utf-8",
            errors="replace",
            env=self.env,
            timeout=timeout,
        )

    def wait(self) -> None:
        """Until every process of the prefix has ended (an installer's or uninstaller's
        children included) and the server has stopped."""
        subprocess.run(["wineserver", "-w"], env=self.env, timeout=900, check=False)

    def registry(self, key: str) -> dict[str, str]:
        """A key's values, from ``reg export`` (UTF-16: ``reg query`` speaks the console's
        code page, where Ó becomes O); ``{}`` when the key is absent."""
        exported = self.drive_c / "key.reg"
        exported.unlink(missing_ok=True)
        self.wine("reg", "export", key, r"C:\key.reg", "/y")
        if not exported.exists():
            return {}
        values = {}
        for line in exported.read_text(encoding="utf-16").splitlines():
            found = re.match(r'^"(.+?)"=(?:"(.*)"|dword:([0-9a-f]{8}))$', line)
            if found:
                name, text, number = found.groups()
                values[name] = str(int(number, 16)) if number else unescape(text)
        return values

    def add_stand_ins(self, cache: Path, qt_core: Path, work: Path) -> None:
        """bcryptprimitives.dll and icuuc.dll (+ ICU 77) into the prefix's system32."""
        system32 = self.drive_c / "windows" / "system32"
        work.mkdir(parents=True, exist_ok=True)
        compile_dll(
            HERE / "wine" / "bcryptprimitives.c", system32 / "bcryptprimitives.dll", "-lbcrypt"
        )
        icu = icu_dlls(cache)
        for dll in icu:
            shutil.copyfile(dll, system32 / dll.name)
        definition = work / "icuuc.def"
        definition.write_text(icuuc_forwarders(qt_core))
        compile_dll(
            HERE / "wine" / "empty_dll.c",
            system32 / "icuuc.dll",
            str(definition),
            "-nostdlib",
            "-e",
            "DllMain",
        )


def compile_dll(source: Path, target: Path, *extra: str) -> None:
    subprocess.run(
        [
            "x86_64-w64-mingw32-gcc",
            "-shared",
            "-Os",
            "-s",
            "-Wall",
            "-Werror",
            str(source),
            *extra,
            "-o",
            str(target),
        ],
        check=True,
    )


def icuuc_forwarders(qt_core: Path) -> str:
    """A .def file: every function Qt6Core.dll imports from icuuc.dll, forwarded to ICU 77's
    suffixed export (``ucnv_open`` -> ``icuuc77.ucnv_open_77``)."""
    out = subprocess.run(
        ["objdump", "-p", str(qt_core)], capture_output=True, text=True, check=True
    ).stdout
    block = re.search(r"DLL Name: icuuc\.dll\n(.*?)\n\s*\n", out, re.S)
    assert block is not None, "Qt6Core.dll no longer imports icuuc.dll: drop the stand-in"
    names = re.findall(r"^\s+[0-9a-f]+\s+\d+\s+(\w+)$", block.group(1), re.M)
    assert names, block.group(1)
    lines = [f"  {name} = icuuc{ICU_VERSION}.{name}_{ICU_VERSION}" for name in names]
    return "LIBRARY icuuc.dll\nEXPORTS\n" + "\n".join(lines) + "\n"


def icu_dlls(cache: Path) -> list[Path]:
    """ICU 77's icuuc77.dll and icudt77.dll, from the pinned pyicu-wheels wheel (PyPI),
    downloaded once into the build's cache folder."""
    folder = cache / "wine-test"
    wheel = folder / ICU_WHEEL
    if not wheel.exists() or sha256(wheel) != ICU_WHEEL_SHA256:
        folder.mkdir(parents=True, exist_ok=True)
        wanted = folder / "icu.txt"
        wanted.write_text(f"pyicu-wheels==2.15.2 --hash=sha256:{ICU_WHEEL_SHA256}\n")
        subprocess.run(
            [sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--require-hashes",
             "--only-binary", ":all:", "--platform", "win_amd64", "--python-version", "3.13",
             "-r", str(wanted), "-d", str(folder)],
            check=True,
        )  # fmt: skip
    out = []
    with zipfile.ZipFile(wheel) as archive:
        for name in (f"icu/icuuc{ICU_VERSION}.dll", f"icu/icudt{ICU_VERSION}.dll"):
            target = folder / Path(name).name
            target.write_bytes(archive.read(name))
            out.append(target)
    return out


def unescape(text: str) -> str:
    r"""A .reg file's string as it is: ``\\`` is one backslash, ``\"`` a quote.

    >>> unescape(r'\"C:\\Zoë\\x.exe\" /S')
    '"C:\\Zoë\\x.exe" /S'
    """
    return re.sub(r"\\(.)", r"\1", text)


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()
