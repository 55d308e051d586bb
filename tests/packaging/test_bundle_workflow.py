"""The Windows and macOS bundle workflow names files that exist and commands the app has, so
the recipe does not rot while nobody runs it on those systems."""

from __future__ import annotations

import re
from pathlib import Path

from gin_scorer.cli import build_parser

ROOT = Path(__file__).resolve().parents[2]
WORKFLOW = ROOT / ".github" / "workflows" / "bundles.yml"


def test_the_workflow_uses_the_packaging_files_that_exist() -> None:
    text = WORKFLOW.read_text(encoding="utf-8")
    for path in re.findall(r"packaging[\\/][\w./\\-]+\.(?:spec|iss|sh)", text):
        assert (ROOT / path.replace("\\", "/")).is_file(), path
    assert "windows-latest" in text and "macos-14" in text


def test_the_frozen_app_is_run_with_commands_it_has() -> None:
    text = WORKFLOW.read_text(encoding="utf-8")
    commands = set(re.findall(r'"\$app" --db "\$db" ([a-z-]+)', text))
    assert commands == {"demo", "verify", "report"}
    parser = build_parser()
    known = {
        name
        for action in parser._subparsers._group_actions  # type: ignore[union-attr]
        for name in getattr(action, "choices", {}) or {}
    }
    assert commands <= known


def test_the_installer_it_uploads_is_the_one_inno_setup_writes() -> None:
    iss = (ROOT / "packaging" / "windows" / "gin-scorer.iss").read_text(encoding="utf-8")
    assert "OutputBaseFilename=gin-scorer-{#AppVersion}-windows-setup" in iss
    assert "packaging/dist/*-setup.exe" in WORKFLOW.read_text(encoding="utf-8")
