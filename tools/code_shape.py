"""Files over 400 lines and functions over 60 lines (the shape docs/architecture.md asks for).

    python tools/code_shape.py [PATH ...]

Prints one line per offender and exits 1 when there is one. A function's length counts from its
``def`` (decorators included) to its last line, docstring and comments included: what a reader
has to hold in their head.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from pathlib import Path

MAX_FILE_LINES = 400
MAX_FUNCTION_LINES = 60
# Files allowed to stay long, each with its reason (architecture.md names them too).
LONG_FILE_EXCEPTIONS: dict[str, str] = {}


def python_files(paths: list[Path]) -> Iterator[Path]:
    for path in paths:
        if path.is_dir():
            yield from sorted(p for p in path.rglob("*.py") if "migrations" not in p.parts)
        elif path.suffix == ".py":
            yield path


def offenders(path: Path) -> Iterator[str]:
    text = path.read_text(encoding="utf-8")
    lines = text.count("\n") + (0 if text.endswith("\n") else 1)
    if lines > MAX_FILE_LINES and path.as_posix() not in LONG_FILE_EXCEPTIONS:
        yield f"{path}: {lines} lines (file limit {MAX_FILE_LINES})"
    for node in ast.walk(ast.parse(text, filename=str(path))):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
            length = (node.end_lineno or node.lineno) - first + 1
            if length > MAX_FUNCTION_LINES:
                yield (
                    f"{path}:{node.lineno}: {node.name}() is {length} lines "
                    f"(function limit {MAX_FUNCTION_LINES})"
                )


def main(argv: list[str]) -> int:
    roots = [Path(a) for a in argv] or [Path("gin_scorer")]
    found = [line for path in python_files(roots) for line in offenders(path)]
    print("\n".join(found) if found else "code shape: no file over 400 lines, no function over 60")
    return 1 if found else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
