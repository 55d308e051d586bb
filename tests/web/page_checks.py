"""Third-party checkers over the room's pages, as the browser shows them (decision 0027):
axe-core run inside the page, and the Nu Html Checker over the pages saved as they stood —
one Java run for them all. Both are npm packages at pinned versions, installed from
``tests/web/checkers/package-lock.json`` by ``scripts/bootstrap.sh test`` (``npm ci``)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

CHECKERS = Path(__file__).resolve().parent / "checkers" / "node_modules"
AXE = CHECKERS / "axe-core" / "axe.min.js"
NU = CHECKERS / "vnu-jar" / "build" / "dist" / "vnu.jar"
JAVA = shutil.which("java")
SERIOUS = ("serious", "critical")


def need_checkers() -> None:
    """Skip where the checkers are not installed, but never in CI (which installs them)."""
    missing = [str(path) for path in (AXE, NU) if not path.exists()]
    if JAVA is None:
        missing.append("java (default-jre-headless)")
    if missing and os.environ.get("CI"):
        pytest.fail(f"the page checkers are missing in CI: {', '.join(missing)}")
    if missing:
        pytest.skip(f"needs scripts/bootstrap.sh test (missing: {', '.join(missing)})")


def axe_violations(browser: Any) -> list[dict[str, Any]]:
    """axe-core's violations on the page as it is now (every rule axe runs by default: WCAG
    2.x A and AA and its best practices), each with its impact, rule and nodes."""
    if not browser.execute_script("return typeof window.axe === 'object';"):
        browser.execute_script(AXE.read_text(encoding="utf-8"))
    found = browser.execute_async_script(
        "var done = arguments[arguments.length - 1];"
        "window.axe.run(document, {resultTypes: ['violations']})"
        ".then(function (r) { done(r.violations); }, function (e) { done(String(e)); });"
    )
    assert isinstance(found, list), found
    return found


def serious(violations: list[dict[str, Any]]) -> list[str]:
    """The serious and critical ones, each said in a line (rule, impact, where)."""
    return [
        f"{v['id']} ({v['impact']}): {v['help']} — "
        + "; ".join(" ".join(node["target"]) for node in v["nodes"][:3])
        for v in violations
        if v.get("impact") in SERIOUS
    ]


def save_page(browser: Any, folder: Path, name: str) -> Path:
    """The page as it stands now (after its scripts ran), for the Nu checker."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.html"
    markup = browser.execute_script("return document.documentElement.outerHTML;")
    path.write_text("<!DOCTYPE html>\n" + str(markup), encoding="utf-8")
    return path


def nu_errors(pages: list[Path]) -> list[str]:
    """The Nu Html Checker's errors over ``pages``, in one run, each said in a line."""
    run = subprocess.run(
        [str(JAVA), "-jar", str(NU), "--errors-only", "--format", "json", *map(str, pages)],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    said = json.loads(run.stderr or run.stdout or '{"messages": []}')
    return [
        f"{Path(m.get('url', '')).name}:{m.get('lastLine', '?')}: {m.get('message', '')}"
        for m in said.get("messages", [])
        if m.get("type") == "error"
    ]
