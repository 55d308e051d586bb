"""The platform files (desktop entry, AppStream, Info.plist, Inno Setup, install.sh) agree with
the project: the right executable, the right icon, the version from pyproject.toml only."""

from __future__ import annotations

import ast
import configparser
import doctest
import os
import plistlib
import re
import shutil
import struct
import subprocess
import tomllib
import xml.etree.ElementTree as ET
from pathlib import Path
from types import ModuleType

import pytest

from gin_scorer import __version__

ROOT = Path(__file__).resolve().parents[2]
PACKAGING = ROOT / "packaging"
LINUX = PACKAGING / "linux"
ICONS = ROOT / "resources" / "icons"


def pyproject() -> dict:
    with (ROOT / "pyproject.toml").open("rb") as file:
        return tomllib.load(file)["project"]


def read_desktop_entry(path: Path) -> dict[str, str]:
    parser = configparser.ConfigParser(interpolation=None, strict=True)
    parser.optionxform = str  # type: ignore[assignment,method-assign]  # keys are case-sensitive
    parser.read(path, encoding="utf-8")
    return dict(parser["Desktop Entry"])


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()[:24]
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


# --- the shared facts -------------------------------------------------------------------


def test_bundle_meta_doctests_pass(meta: ModuleType) -> None:
    result = doctest.testmod(meta)
    assert result.attempted > 0
    assert result.failed == 0


def test_version_comes_from_pyproject_and_matches_the_installed_package(meta: ModuleType) -> None:
    facts = meta.project()
    assert facts.version == pyproject()["version"]
    assert facts.name == pyproject()["name"]
    # What the frozen app prints comes from the installed metadata; the spec refuses to build
    # when the two disagree, and so does this test.
    assert __version__ == facts.version


def test_the_version_script_prints_the_pyproject_version() -> None:
    import sys

    out = subprocess.run(
        [sys.executable, str(PACKAGING / "bundle_meta.py"), "version"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert out.strip() == pyproject()["version"]


def test_numeric_version_refuses_a_version_without_numbers(meta: ModuleType) -> None:
    with pytest.raises(ValueError, match="does not start with a number"):
        meta.numeric_version("dev")


def test_executable_names_are_the_projects_entry_points(meta: ModuleType) -> None:
    project = pyproject()
    assert project["scripts"][meta.CLI_NAME] == "gin_scorer.cli:main"
    assert project["gui-scripts"][meta.GUI_NAME] == "gin_scorer.cli:gui_main"


def test_no_excluded_qt_module_is_used_by_the_app(meta: ModuleType) -> None:
    unused = set(meta.QT_UNUSED)
    pattern = re.compile(r"PySide6\.(Qt\w+)|from\s+PySide6\s+import\s+\(?([\w\s,]+)\)?")
    offenders = []
    for source in sorted((ROOT / "gin_scorer").rglob("*.py")):
        for match in pattern.finditer(source.read_text(encoding="utf-8")):
            names = {match.group(1)} if match.group(1) else set(re.findall(r"Qt\w+", match[2]))
            offenders += [f"{source.relative_to(ROOT)}: {n}" for n in sorted(names & unused)]
    assert not offenders, (
        "these Qt modules are left out of the bundle (bundle_meta.QT_UNUSED) but the app "
        f"imports them: {offenders}"
    )


def test_icons_exist_in_every_size_the_packages_install(meta: ModuleType) -> None:
    for size in meta.HICOLOR_SIZES:
        assert png_size(ICONS / f"{meta.ICON_NAME}-{size}.png") == (size, size)
    assert ET.parse(ICONS / f"{meta.ICON_NAME}.svg").getroot().tag.endswith("svg")
    assert (ICONS / f"{meta.ICON_NAME}.ico").read_bytes()[:4] == b"\x00\x00\x01\x00"


# --- Linux ------------------------------------------------------------------------------


def test_desktop_entry_launches_the_app_with_its_icon(meta: ModuleType) -> None:
    entry = read_desktop_entry(LINUX / meta.DESKTOP_FILE)
    assert entry["Type"] == "Application"
    assert entry["Name"] == meta.DISPLAY_NAME
    assert entry["Exec"].split()[0] == meta.CLI_NAME
    assert entry["TryExec"] == meta.CLI_NAME
    assert entry["Icon"] == meta.ICON_NAME
    assert entry["Terminal"] == "false"
    assert "Game" in entry["Categories"].split(";")
    assert "CardGame" in entry["Categories"].split(";")


def test_desktop_entry_passes_desktop_file_validate(meta: ModuleType) -> None:
    validator = shutil.which("desktop-file-validate")
    if validator is None:
        pytest.skip("desktop-file-validate is not installed (Debian: desktop-file-utils)")
    result = subprocess.run(
        [validator, str(LINUX / meta.DESKTOP_FILE)], capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.strip() == "", result.stdout  # hints and warnings count too


def metainfo(meta: ModuleType) -> ET.Element:
    return ET.parse(LINUX / meta.METAINFO_FILE).getroot()


def test_metainfo_names_the_desktop_entry_icon_and_binary(meta: ModuleType) -> None:
    root = metainfo(meta)
    assert root.tag == "component"
    assert root.get("type") == "desktop-application"
    assert root.findtext("id") == meta.APP_ID
    assert root.findtext("name") == meta.DISPLAY_NAME
    assert root.findtext("project_license") == pyproject()["license"]["text"]
    launchable = root.find("launchable")
    assert launchable is not None and launchable.get("type") == "desktop-id"
    assert launchable.text == meta.DESKTOP_FILE
    assert root.findtext("icon") == meta.ICON_NAME
    assert root.findtext("provides/binary") == meta.CLI_NAME


def test_metainfo_newest_release_is_the_project_version(meta: ModuleType) -> None:
    releases = metainfo(meta).findall("releases/release")
    assert releases, "the metainfo lists no release"
    assert releases[0].get("version") == pyproject()["version"], (
        "add a <release> for the new version at the top of the metainfo's <releases>"
    )
    assert re.fullmatch(r"\d{4}-\d{2}-\d{2}", releases[0].get("date", ""))


def test_metainfo_passes_appstreamcli_validate(meta: ModuleType) -> None:
    validator = shutil.which("appstreamcli")
    if validator is None:
        pytest.skip("appstreamcli is not installed (Debian: appstream)")
    result = subprocess.run(
        [validator, "validate", "--no-net", str(LINUX / meta.METAINFO_FILE)],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    # Errors and warnings fail; "I:" infos (e.g. a tag newer than this appstreamcli) do not.
    assert not re.search(r"^[EW]:", result.stdout, re.MULTILINE), result.stdout


def fake_bundle(meta: ModuleType, where: Path) -> Path:
    """A bundle laid out as the spec lays it out on Linux, with a stand-in executable."""
    bundle = where / meta.CLI_NAME
    (bundle / "_internal").mkdir(parents=True)
    (bundle / "_internal" / "marker.txt").write_text("runtime", encoding="utf-8")
    exe = bundle / meta.CLI_NAME
    exe.write_text('#!/bin/sh\necho "fake gin-scorer $*"\n', encoding="utf-8")
    exe.chmod(0o755)
    meta.add_linux_desktop_files(bundle, ROOT)
    return bundle


def run_install(bundle: Path, *args: str, home: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "HOME": str(home)}
    return subprocess.run(
        ["bash", str(bundle / "install.sh"), *args], capture_output=True, text=True, env=env
    )


def test_install_sh_lays_out_the_freedesktop_tree_and_removes_it(
    meta: ModuleType, tmp_path: Path
) -> None:
    bundle = fake_bundle(meta, tmp_path / "dist")
    stage = tmp_path / "stage"
    done = run_install(bundle, "--prefix", "/opt/gs", "--destdir", str(stage), home=tmp_path)
    assert done.returncode == 0, done.stderr
    prefix = stage / "opt" / "gs"

    link = prefix / "bin" / meta.CLI_NAME
    assert link.is_symlink()
    assert os.readlink(link) == f"../lib/{meta.CLI_NAME}/{meta.CLI_NAME}"
    assert subprocess.run([link, "--version"], capture_output=True, text=True).stdout == (
        "fake gin-scorer --version\n"
    )
    assert (prefix / "lib" / meta.CLI_NAME / "_internal" / "marker.txt").exists()
    assert not (prefix / "lib" / meta.CLI_NAME / "share").exists()

    entry = read_desktop_entry(prefix / "share" / "applications" / meta.DESKTOP_FILE)
    assert entry["Exec"] == f'"/opt/gs/bin/{meta.CLI_NAME}"'  # the final path, not the stage
    assert entry["TryExec"] == f"/opt/gs/bin/{meta.CLI_NAME}"
    assert (prefix / "share" / "metainfo" / meta.METAINFO_FILE).exists()
    hicolor = prefix / "share" / "icons" / "hicolor"
    for size in meta.HICOLOR_SIZES:
        installed = hicolor / f"{size}x{size}" / "apps" / f"{meta.ICON_NAME}.png"
        assert png_size(installed) == (size, size)
    assert (hicolor / "scalable" / "apps" / f"{meta.ICON_NAME}.svg").exists()
    if shutil.which("desktop-file-validate"):
        check = subprocess.run(
            ["desktop-file-validate", prefix / "share/applications" / meta.DESKTOP_FILE],
            capture_output=True,
            text=True,
        )
        assert check.returncode == 0 and not check.stdout.strip(), check.stdout

    gone = run_install(
        bundle, "--prefix", "/opt/gs", "--destdir", str(stage), "--uninstall", home=tmp_path
    )
    assert gone.returncode == 0, gone.stderr
    left = sorted(p.relative_to(prefix).as_posix() for p in prefix.rglob("*"))
    assert left == ["bin", "lib", "share"]


def test_install_sh_refuses_bad_options_with_a_clear_message(
    meta: ModuleType, tmp_path: Path
) -> None:
    bundle = fake_bundle(meta, tmp_path / "dist")
    unknown = run_install(bundle, "--bogus", home=tmp_path)
    assert unknown.returncode == 2
    assert "unknown option '--bogus'" in unknown.stderr
    relative = run_install(bundle, "--prefix", "opt", "--destdir", str(tmp_path), home=tmp_path)
    assert relative.returncode == 2
    assert "must be an absolute path" in relative.stderr


def test_install_sh_defaults_to_the_users_home_for_a_normal_user(
    meta: ModuleType, tmp_path: Path
) -> None:
    if os.geteuid() == 0:
        # As root the default is /usr/local; --user must still mean the home folder.
        args: tuple[str, ...] = ("--user",)
    else:
        args = ()
    bundle = fake_bundle(meta, tmp_path / "dist")
    home = tmp_path / "home"
    done = run_install(bundle, *args, home=home)
    assert done.returncode == 0, done.stderr
    assert (home / ".local" / "bin" / meta.CLI_NAME).is_symlink()
    assert (home / ".local" / "share" / "applications" / meta.DESKTOP_FILE).exists()


def test_shell_scripts_parse() -> None:
    for script in (PACKAGING / "build.sh", LINUX / "install.sh"):
        result = subprocess.run(["bash", "-n", str(script)], capture_output=True, text=True)
        assert result.returncode == 0, f"{script}: {result.stderr}"
        assert os.access(script, os.X_OK), f"{script} is not executable"


# --- macOS ------------------------------------------------------------------------------


def test_info_plist_runs_the_windowed_executable_and_writes_no_version_by_hand(
    meta: ModuleType,
) -> None:
    with (PACKAGING / "macos" / "Info.plist").open("rb") as file:
        info = plistlib.load(file)
    assert info["CFBundleIdentifier"] == meta.APP_ID
    assert info["CFBundleExecutable"] == meta.GUI_NAME
    assert info["CFBundleIconFile"] == f"{meta.ICON_NAME}.icns"
    assert info["CFBundleName"] == meta.DISPLAY_NAME
    assert info["LSBackgroundOnly"] is False
    assert "CFBundleShortVersionString" not in info
    assert "CFBundleVersion" not in info


def test_the_bundles_info_plist_carries_the_project_version(meta: ModuleType) -> None:
    info = meta.macos_info_plist("1.2rc1")
    assert info["CFBundleShortVersionString"] == info["CFBundleVersion"] == "1.2.0"
    version = pyproject()["version"]
    expected = ".".join(str(n) for n in meta.numeric_version(version, parts=3))
    assert meta.macos_info_plist(version)["CFBundleShortVersionString"] == expected


# --- Windows ----------------------------------------------------------------------------


def iss_text() -> str:
    return (PACKAGING / "windows" / "gin-scorer.iss").read_text(encoding="utf-8")


def iss_defines() -> dict[str, str]:
    return dict(re.findall(r'^\s*#define\s+(\w+)\s+"([^"]*)"', iss_text(), re.MULTILINE))


def test_inno_setup_reads_the_version_from_the_executable(meta: ModuleType) -> None:
    text = iss_text()
    defines = iss_defines()
    assert defines["CliExe"] == f"{meta.CLI_NAME}.exe"
    assert defines["GuiExe"] == f"{meta.GUI_NAME}.exe"
    assert re.search(r"#define CliPath .*\+ CliExe$", text, re.MULTILINE)
    assert re.search(r'#define AppVersion GetStringFileInfo\(CliPath, "ProductVersion"\)', text), (
        "the installer's version must come from gin-scorer.exe"
    )
    assert "#define NumericVersion GetVersionNumbersString(CliPath)" in text
    assert "VersionInfoVersion={#NumericVersion}" in text
    # No version number typed in by hand anywhere in the script.
    assert not re.search(r"\b\d+\.\d+\.\d+\b", text)


def test_inno_setup_paths_point_at_the_bundle_and_the_icon() -> None:
    windows = PACKAGING / "windows"
    bundle = (windows / iss_defines()["BundleDir"].replace("\\", "/")).resolve()
    assert bundle == (PACKAGING / "dist" / "gin-scorer").resolve()  # where build.sh builds
    setup_icon = re.search(r"^SetupIconFile=(.+)$", iss_text(), re.MULTILINE)
    assert setup_icon is not None
    assert (windows / setup_icon.group(1).strip().replace("\\", "/")).resolve() == (
        ICONS / "gin-scorer.ico"
    )


def recorded_calls(node: object):  # type: ignore[no-untyped-def]
    """Every (kind, args, kwargs) call in a tree recorded by the stand-ins below."""
    if isinstance(node, tuple) and len(node) == 3 and isinstance(node[0], str):
        yield node
        node = [*node[1], *node[2].values()]
    if isinstance(node, list | tuple):
        for child in node:
            yield from recorded_calls(child)


def test_windows_version_resource_says_the_project_version(meta: ModuleType) -> None:
    version = pyproject()["version"]
    text = meta.windows_version_text(version)

    # PyInstaller evaluates this text with its versioninfo classes; stand-ins record the calls.
    def record(kind: str):  # type: ignore[no-untyped-def]
        return lambda *args, **kwargs: (kind, args, kwargs)

    names = ("VSVersionInfo", "FixedFileInfo", "StringFileInfo", "StringTable", "StringStruct")
    namespace = {name: record(name) for name in (*names, "VarFileInfo", "VarStruct")}
    tree = eval(compile(ast.parse(text, mode="eval"), "version_info", "eval"), namespace)
    calls = list(recorded_calls(tree))
    (fixed,) = [kwargs for kind, _, kwargs in calls if kind == "FixedFileInfo"]
    assert fixed["filevers"] == fixed["prodvers"] == meta.numeric_version(version)
    strings = dict(args for kind, args, _ in calls if kind == "StringStruct")
    assert strings["ProductVersion"] == version
    assert strings["FileVersion"] == version
    assert strings["OriginalFilename"] == f"{meta.CLI_NAME}.exe"
