"""Write the translation template, resources/i18n/gin_scorer.ts, from the app's sources.

    .venv/bin/python tools/translations.py            # rewrite the template
    .venv/bin/python tools/translations.py --check    # exit 1 if it is out of date

Uses Qt's own ``pyside6-lupdate`` (it comes with PySide6), without source locations so that
the template changes only when a text does. lupdate does not read the room's Jinja2 templates:
their ``_("…")`` words are extracted with Jinja2's own extractor and handed to lupdate as
``translate("room", "…")`` calls in a file of their own; the core's sentences, kept as
``said("…", values)`` until a front end says them, are handed over the same way under
``core_words``. tests/gui/test_translatable.py checks the template is current.
"""

from __future__ import annotations

import argparse
import ast
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TEMPLATE = ROOT / "resources" / "i18n" / "gin_scorer.ts"


def lupdate() -> str:
    """The pyside6-lupdate beside this Python, or on the PATH."""
    beside = Path(sys.executable).with_name("pyside6-lupdate")
    found = str(beside) if beside.exists() else shutil.which("pyside6-lupdate")
    if found is None:
        raise SystemExit("pyside6-lupdate not found: install PySide6 (pip install -e .)")
    return found


def template_words() -> list[str]:
    """Every ``_("…")`` text of the room's templates, in file and line order."""
    from jinja2 import Environment

    env = Environment(extensions=["jinja2.ext.i18n"])
    found: list[str] = []
    for template in sorted((ROOT / "gin_scorer" / "web" / "templates").glob("*.html")):
        source = template.read_text(encoding="utf-8")
        for _line, _function, message in env.extract_translations(source, ("_",)):
            text = message[0] if isinstance(message, tuple) else message
            if isinstance(text, str) and text not in found:
                found.append(text)
    return found


def core_sentences() -> list[str]:
    """Every ``said("…")`` pattern of the package (what does not add up in a hand, why a meld
    is not one, what a service or a report refuses), file by file. Patterns of fields alone
    ("{0}", a list joined) have nothing to translate."""
    found: list[str] = []
    for source in sorted((ROOT / "gin_scorer").rglob("*.py")):
        tree = ast.parse(source.read_text(encoding="utf-8"), str(source))
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "said"
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)
            ):
                text = node.args[0].value
                if any(c.isalpha() for c in text) and text not in found:
                    found.append(text)
    return found


def write_template(out: Path) -> None:
    sources = sorted(
        [
            str(p.relative_to(ROOT))
            # widgets, shared words, printouts, the room's pages, the command line
            for folder in ("gui", "presentation", "reports", "web", "commands")
            for p in (ROOT / "gin_scorer" / folder).rglob("*.py")
        ]
        + ["gin_scorer/cli.py"]
    )
    out.parent.mkdir(parents=True, exist_ok=True)
    out.unlink(missing_ok=True)  # a template anew: nothing kept from an older one
    with tempfile.TemporaryDirectory() as folder:
        templates = Path(folder) / "room_templates.py"
        calls = (
            f"translate({json.dumps('room')}, {json.dumps(t, ensure_ascii=False)})"
            for t in template_words()
        )
        templates.write_text("\n".join(calls) + "\n", encoding="utf-8")
        core = Path(folder) / "core_sentences.py"
        said = (
            f"translate({json.dumps('core_words')}, {json.dumps(t, ensure_ascii=False)})"
            for t in core_sentences()
        )
        core.write_text("\n".join(said) + "\n", encoding="utf-8")
        subprocess.run(
            [
                lupdate(),
                *sources,
                str(templates),
                str(core),
                "-locations",
                "none",
                "-no-obsolete",
                "-silent",
                "-ts",
                str(out),
            ],
            cwd=ROOT,
            check=True,
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only say whether it is current")
    args = parser.parse_args(argv)
    if not args.check:
        write_template(TEMPLATE)
        print(f"wrote {TEMPLATE.relative_to(ROOT)}")
        return 0
    with tempfile.TemporaryDirectory() as folder:
        fresh = Path(folder) / "gin_scorer.ts"
        write_template(fresh)
        current = TEMPLATE.exists() and fresh.read_bytes() == TEMPLATE.read_bytes()
    said = "template is current" if current else "out of date: run tools/translations.py"
    print(said)
    return 0 if current else 1


if __name__ == "__main__":
    raise SystemExit(main())
