"""The ``gin-scorer`` command: no sub-command opens the app; a sub-command runs it here.

Each group of sub-commands lives in its own module under :mod:`gin_scorer.commands`, found
there by name: a module defines ``HELP_ORDER`` (an int; --help lists smaller first) and
``register(subparsers)``, which adds its parsers with ``set_defaults(func=run)`` where
``run(args) -> int``. Modules keep their heavy imports inside the functions that run the
command, so ``gin-scorer --help`` stays fast. A command returns its exit status;
errors a person can act on are printed as one clear line, never a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import os
import pkgutil
import sys
from collections.abc import Sequence
from types import ModuleType

from gin_scorer import __version__
from gin_scorer.paths import DB_ENV


def command_modules() -> list[ModuleType]:
    """Every module of :mod:`gin_scorer.commands`, in the order --help lists them."""
    import gin_scorer.commands as package

    modules = [
        importlib.import_module(f"{package.__name__}.{info.name}")
        for info in pkgutil.iter_modules(package.__path__)
        if not info.name.startswith("_")
    ]
    return sorted(modules, key=lambda m: (getattr(m, "HELP_ORDER", 100), m.__name__))


class UserError(Exception):
    """A problem the user can fix (bad input, missing file); printed without a traceback."""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="gin-scorer",
        description="Score keeping for Gin Rummy tournaments and clubs. "
        "With no command, opens the app.",
    )
    parser.add_argument("--version", action="version", version=f"gin-scorer {__version__}")
    parser.add_argument(
        "--db",
        metavar="URL_OR_PATH",
        help=f"database: a SQLite file path or a postgresql+psycopg:// URL "
        f"(default: ${DB_ENV}, else gin-scorer.sqlite in your data folder)",
    )
    parser.add_argument(
        "--smoke-test",
        action="store_true",
        help="open the main window, then close it and exit (checks an installation)",
    )
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", title="commands")
    for module in command_modules():
        module.register(subparsers)
    return parser


def _speak_utf8_when_piped() -> None:
    """Suits (♠♥♦♣) must survive a pipe or a file even where the locale is not UTF-8."""
    for stream in (sys.stdout, sys.stderr):
        if not stream.isatty() and hasattr(stream, "reconfigure"):
            stream.reconfigure(encoding="utf-8", errors="replace")


def main(argv: Sequence[str] | None = None) -> int:
    _speak_utf8_when_piped()
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        from gin_scorer.gui.app import run_gui

        return run_gui(db=args.db, smoke_test=args.smoke_test)
    try:
        status: int = args.func(args)
    except UserError as error:
        print(f"gin-scorer: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # `gin-scorer ... | head` closed the pipe: not an error of ours. Point stdout at
        # /dev/null so Python's own flush at exit does not complain a second time.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 141
    return status


def gui_main() -> int:
    """Entry point of the windowed launcher (``gin-scorer-gui``)."""
    return main(sys.argv[1:])
