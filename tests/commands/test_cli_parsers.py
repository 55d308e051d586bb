"""The command line's parsers load nothing heavy, and every handler they name exists (issue 39:
each noun registers its parser from a light module and imports its handler only when it runs).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from collections.abc import Iterator

from gin_scorer.cli import build_parser
from gin_scorer.commands.parsers._handler import Handler

HEAVY = (
    "sqlmodel",
    "sqlalchemy",
    "PySide6",
    "reportlab",
    "gin_scorer.services",
    "gin_scorer.store",
)


def test_building_the_parser_imports_no_orm_no_qt_no_pdf_no_services() -> None:
    probe = (
        "import sys\n"
        "import gin_scorer.cli\n"
        "gin_scorer.cli.build_parser()\n"
        f"print(sorted({{m.split('.')[0] if not m.startswith('gin_scorer') else m "
        f"for m in sys.modules if m.startswith({HEAVY!r})}}))\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]", done.stdout


def test_help_of_every_noun_imports_no_handler() -> None:
    """``gin-scorer NOUN --help`` for every noun, in one process: still no handler module."""
    probe = (
        "import contextlib, io, sys\n"
        "from gin_scorer.cli import build_parser, command_modules\n"
        "parser = build_parser()\n"
        "for module in command_modules():\n"
        "    noun = module.__name__.rsplit('.', 1)[-1].replace('_', '-')\n"
        "    with contextlib.suppress(SystemExit), contextlib.redirect_stdout(io.StringIO()):\n"
        "        parser.parse_args([noun, '--help'])\n"
        "print(sorted(m for m in sys.modules if m.startswith(('gin_scorer.commands.',)) "
        "and not m.startswith(('gin_scorer.commands.parsers', 'gin_scorer.commands._arguments', "
        "'gin_scorer.commands._argparse_words', 'gin_scorer.commands._errors'))))\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]", done.stdout + done.stderr


def _handlers(parser: argparse.ArgumentParser) -> Iterator[Handler]:
    handler = parser.get_default("func")
    if handler is not None:
        yield handler
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in dict.fromkeys(action.choices.values()):
                yield from _handlers(sub)


def test_every_command_names_a_handler_that_exists() -> None:
    handlers = list(_handlers(build_parser()))
    assert len(handlers) > 60
    for handler in handlers:
        assert isinstance(handler, Handler), handler
        assert callable(getattr(handler.resolved_module(), handler.function)), handler
