"""No sentence a person reads is left in English in the code: every string literal of the
layers that speak to people (the app, the shared presentation words, the printouts, the
command line, the room's pages) with three words or more — two in a module's constants and
in a table's (dict's) values, where the words of a column or a menu wait to be shown — is
inside a call that hands
it to a translator (``translate``, ``tr``, ``QT_TRANSLATE_NOOP``, ``said``), or is a
docstring, an assertion, a developer's exception, markup or style, or is listed below with
its reason.

The check over the widgets' calls (``setText``, ``QLabel`` …) is
``tests/gui/test_translatable.py``; this one finds what that cannot see: a sentence kept in a
constant, a dict, a variable, or glued into an f-string."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FOLDERS = ("gui", "presentation", "reports", "commands", "web")

# Calls whose text argument goes to a translator (lupdate and tools/translations.py read them).
TRANSLATING = {"translate", "tr", "QT_TRANSLATE_NOOP", "QT_TR_NOOP", "said", "SaidError"}
# Exceptions that say a program is wrong, never a person's input: their words are for the
# developer reading the traceback. (ValueError, OSError and the like can reach a person.)
DEVELOPERS = {
    "AssertionError",
    "AttributeError",
    "IndexError",
    "KeyError",
    "NotImplementedError",
    "RuntimeError",
    "TypeError",
}
LOGGERS = {"log", "logger", "logging", "_log", "LOG"}

# Where a literal is not words for a person, or is said elsewhere: "path:text" → why.
ALLOWED = {
    "commands/parsers/analyze.py:gin-scorer analyze 7h 8h 9h 9c 9d 9s 2c 3d Kc Ks": (
        "an example command line for --help: typed as it is, in any language"
    ),
    "commands/parsers/analyze.py:gin-scorer analyze --aces tedesco "
    '"Qs Ks As 5c 5d 5h 2c 3d 4h 9s"': (
        "an example command line for --help: typed as it is, in any language"
    ),
    "commands/parsers/analyze.py:gin-scorer analyze --json - < hands.txt": (
        "an example command line for --help: typed as it is, in any language"
    ),
    "commands/_cards_io.py:the line is not UTF-8 text": (
        "the --json answer's error field, for programs; the text answer beside it is translated"
    ),
    "commands/round.py:not two ids": "caught at once and replaced by a translated refusal",
    "reports/fonts.py: is missing from ": (
        "a broken installation (a font file missing from the bundle): for whoever repairs it"
    ),
    "web/change_watch.py:event: {0}\nid: {1}\ndata: {2}\n\n": (
        "the server-sent events protocol's own field names, read by the browser, not a person"
    ),
    "web/change_watch.py:event: unavailable\ndata: {}\n\n": (
        "the server-sent events protocol's own field names, read by the browser, not a person"
    ),
    "web/static_files.py:public, max-age=31536000, immutable": (
        "the room's files' Cache-Control header, read by the browser, not a person"
    ),
    "web/favicon.py:public, max-age=86400": (
        "the icon's Cache-Control header, read by the browser, not a person"
    ),
    "web/headers.py:default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; "
    "form-action 'self'": (
        "the pages' Content-Security-Policy header, read by the browser, not a person"
    ),
    "reports/template.py:no seal yet": (
        "the PDF's metadata (subject, beside author and creator 'gin-scorer'): not printed "
        "on the page, where the seal footer is translated"
    ),
}

_WORD = re.compile(r"[^\W\d_]{2,}")  # two letters or more: "A", "+8" and "{0}" are not words
_TAG = re.compile(r"<[^<>]*>")  # markup: <font size="7">, </b>
_STYLE = re.compile(
    r"\b(?:font-size|font-weight|font-family|color|background|border|padding|margin)"
    r"\s*:\s*[^;{}]*;?"
)  # a style sheet's declarations: font-weight: bold;


def _words(text: str) -> int:
    bare = _STYLE.sub(" ", _TAG.sub(" ", text))
    return sum(1 for token in bare.split() if _WORD.search(token))


def _is_type(text: str) -> bool:
    """A type written as a string (``"str | None"`` in a type alias), not words."""
    try:
        expression = ast.parse(text, mode="eval")
    except SyntaxError:
        return False
    kinds = (ast.Expression, ast.Name, ast.Attribute, ast.BinOp, ast.BitOr, ast.Load)
    return all(
        isinstance(node, (*kinds, ast.Subscript, ast.Tuple))
        or (isinstance(node, ast.Constant) and node.value is None)
        for node in ast.walk(expression)
    )


def _called(call: ast.Call) -> str:
    func = call.func
    return func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")


def _excused(node: ast.AST, parents: dict[ast.AST, ast.AST]) -> bool:
    """Inside a translating call, a docstring (a string standing alone), an assertion, a
    developer's exception or a log line."""
    parent = parents.get(node)
    if isinstance(parent, ast.Expr):
        return True
    while parent is not None:
        if isinstance(parent, ast.Assert):
            return True
        if isinstance(parent, ast.Call):
            name = _called(parent)
            if name in TRANSLATING:
                return True
            func = parent.func
            if isinstance(func, ast.Attribute) and getattr(func.value, "id", "") in LOGGERS:
                return True
        if isinstance(parent, ast.Raise) and isinstance(parent.exc, ast.Call):
            return _called(parent.exc) in DEVELOPERS
        parent = parents.get(parent)
    return False


def _annotations(tree: ast.Module) -> set[ast.AST]:
    """The nodes of every annotation (``"str | None"`` is a type, not words)."""
    found: set[ast.AST] = set()
    for node in ast.walk(tree):
        for annotation in (getattr(node, "annotation", None), getattr(node, "returns", None)):
            if isinstance(annotation, ast.AST):
                found.update(ast.walk(annotation))
    return found


def _tables(tree: ast.Module) -> set[ast.AST]:
    """The nodes of the module's constants and of every dict's values."""
    found: set[ast.AST] = set()
    for statement in tree.body:
        if isinstance(statement, (ast.Assign, ast.AnnAssign)) and statement.value is not None:
            found.update(ast.walk(statement.value))
    for node in ast.walk(tree):
        if isinstance(node, ast.Dict):
            for value in node.values:
                found.update(ast.walk(value))
    return found


def stray_sentences(path: Path, relative: str) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
    tables, annotations = _tables(tree), _annotations(tree)
    found = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Constant) and isinstance(node.value, str)):
            continue
        if node in annotations or _is_type(node.value):
            continue
        if _words(node.value) < (2 if node in tables else 3):
            continue
        if _excused(node, parents) or f"{relative}:{node.value}" in ALLOWED:
            continue
        found.append(f"gin_scorer/{relative}:{node.lineno} {node.value[:70]!r}")
    return found


def _sources() -> list[tuple[Path, str]]:
    package = ROOT / "gin_scorer"
    return [
        (path, path.relative_to(package).as_posix())
        for folder in FOLDERS
        for path in sorted((package / folder).rglob("*.py"))
    ]


def test_no_sentence_is_left_untranslated() -> None:
    found = [line for path, relative in _sources() for line in stray_sentences(path, relative)]
    assert found == [], f"{len(found)} sentences not through a translator:\n" + "\n".join(found)


def test_every_allowed_literal_is_still_there() -> None:
    """An entry whose literal is gone (fixed, or reworded) is taken off the list."""
    texts = {
        f"{relative}:{node.value}"
        for path, relative in _sources()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
    }
    assert sorted(set(ALLOWED) - texts) == []


def test_the_scan_sees_constants_tables_and_glued_pieces(tmp_path: Path) -> None:
    """What the scan is for, on a module written to be caught."""
    source = tmp_path / "words.py"
    source.write_text(
        '"""A docstring is for developers."""\n'
        'HEADING = "Round status"\n'
        'MARKS = {"tie": "no one scores", "gin": QT_TRANSLATE_NOOP("x", "a gin hand")}\n'
        "def f(name):\n"
        '    shown = f"{name} has not paid the fee"\n'
        '    label = translate("x", "the entry line is closed")\n'
        '    style = "font-size: 12pt; font-weight: bold; color: #444444;"\n'
        "    if not name:\n"
        '        raise TypeError("name must be a string here")\n'
        '    raise ValueError("a refusal a person reads")\n',
        encoding="utf-8",
    )
    found = [line.split(" ", 1)[1] for line in stray_sentences(source, "words.py")]
    assert found == [
        "'Round status'",
        "'no one scores'",
        "' has not paid the fee'",
        "'a refusal a person reads'",
    ]
