"""The ``gin-scorer`` command: no sub-command opens the app; a sub-command runs it here.

Each group of sub-commands (a noun: ``hand``, ``event`` …) is two modules. Its parser lives in
:mod:`gin_scorer.commands.parsers` (``parsers/hand.py``), found there by name (``HELP_ORDER``
below says in which order --help lists them): it defines ``register(subparsers)``, which adds
the parsers and names each one's handler with
``set_defaults(func=Handler("hand", "run_hand_add"))``. The handler, ``run(args) -> int`` in
:mod:`gin_scorer.commands.hand`, imports what it needs at its top and is imported only when
its command runs, so ``gin-scorer --help`` and every command load only what they use (issues
39 and 41). A new action is its parser's lines plus its handler function. A command returns
its exit status; errors a person can act on are printed as one clear line, never a
traceback.
"""

from __future__ import annotations

import argparse
import importlib
import os
import pkgutil
import sys
from collections.abc import Callable, Sequence
from types import ModuleType
from typing import NoReturn

from gin_scorer.catalogues import locale_languages, translator_for
from gin_scorer.commands import parsers
from gin_scorer.commands._argparse_words import speak_argparse_in_our_words
from gin_scorer.commands._errors import refusals
from gin_scorer.paths import DB_ENV
from gin_scorer.presentation.words import error_text, translate, use_translator

# The order --help lists the command modules in: settling a hand first, then running an
# event, then the database's care, then printing. A module not named here comes last.
HELP_ORDER = (
    "analyze",
    "layoffs",
    "score",
    "presets",
    "event",
    "entrant",
    "match",
    "hand",
    "demo",
    "verify",
    "round",
    "standings",
    "bracket",
    "exchange",
    "backup",
    "director_pin",
    "audit",
    "report",
    "serve",
    "links",
    "player",
    "ratings",
    "season",
)


def command_modules() -> list[ModuleType]:
    """Every noun's parser module (:mod:`gin_scorer.commands.parsers`), in the order --help
    lists them."""
    names = [info.name for info in pkgutil.iter_modules(parsers.__path__)]
    listed = [name for name in HELP_ORDER if name in names]
    unlisted = sorted(name for name in names if name not in HELP_ORDER and name[0] != "_")
    return [importlib.import_module(f"{parsers.__name__}.{name}") for name in listed + unlisted]


# Exit codes, as the README's "When input is wrong" lists them.
EXIT_OK = 0
EXIT_REFUSED = 2  # bad input, or a refusal of the services or the store: nothing was written
EXIT_FAULT = 70  # a fault of gin-scorer (BSD's EX_SOFTWARE): the traceback goes to the log
EXIT_TRY_AGAIN = 75  # the database server did not answer (BSD's EX_TEMPFAIL): run it again


class _OneLineParser(argparse.ArgumentParser):
    """argparse, but a mistake on the command line is one line (which option, what is wrong,
    where to read more) instead of the whole usage block."""

    def error(self, message: str) -> NoReturn:
        see = translate("cli", "(see: {0} --help)").format(self.prog)
        self.exit(EXIT_REFUSED, f"{self.prog}: {_one_line(message)} {see}\n")


def _one_line(text: str) -> str:
    return " ".join(text.split())


def _log_fault(error: BaseException) -> str:
    """Append the traceback to errors.log in the data folder; the sentence saying where."""
    from gin_scorer.fault_log import error_log, write_log

    try:
        log = error_log()
    except OSError:
        return translate("cli", "the details could not be written to a log")
    if not write_log(log, type(error), error, error.__traceback__):
        return translate("cli", "the details could not be written to a log")
    return translate("cli", "the details are in {0}").format(log)


class _Version(argparse.Action):
    """``--version``, the version read only when asked for (not at every start-up)."""

    def __call__(self, parser: argparse.ArgumentParser, *_args: object, **_kw: object) -> None:
        from gin_scorer import __version__

        print(f"gin-scorer {__version__}")  # on stdout, as argparse's own version action
        parser.exit(0)


def build_parser() -> argparse.ArgumentParser:
    parser = _OneLineParser(
        prog="gin-scorer",
        description=translate(
            "cli",
            "Score keeping for Gin Rummy tournaments and clubs. With no command, opens the app.",
        ),
    )
    parser.add_argument(
        "--version",
        action=_Version,
        nargs=0,
        help=translate("argparse", "show program's version number and exit"),
    )
    parser.add_argument(
        "--db",
        metavar="URL_OR_PATH",
        help=translate(
            "cli",
            "database: a SQLite file path or a postgresql+psycopg:// URL (default: ${0}, else "
            "gin-scorer.sqlite in your data folder)",
        ).format(DB_ENV),
    )
    parser.add_argument(
        "--create",
        action="store_true",
        help=translate(
            "cli",
            "create the SQLite file --db names if it does not exist yet (in a folder that "
            "exists); without it a missing file is refused",
        ),
    )
    parser.add_argument(
        "--verbose",
        action="store_true",
        help=translate("cli", "after the command, say on standard error what it wrote"),
    )
    parser.add_argument(
        "--smoke-test",
        action="store_true",
        help=translate(
            "cli", "open the main window, then close it and exit (checks an installation)"
        ),
    )
    subparsers = parser.add_subparsers(
        dest="command", metavar="COMMAND", title=translate("cli", "commands")
    )
    for module in command_modules():
        module.register(subparsers)
    return parser


def _speak_utf8_when_piped() -> None:
    """Suits (♠♥♦♣) must survive a pipe or a file even where the locale is not UTF-8.
    A windowed program on Windows (pythonw.exe) has no streams at all: None, left as it is."""
    for stream in (sys.stdout, sys.stderr):
        if stream is not None and not stream.isatty() and hasattr(stream, "reconfigure"):
            stream.reconfigure(encoding="utf-8", errors="replace")


def _speak_the_terminals_language() -> None:
    """The command line speaks the language of the terminal's locale (or of
    ``GIN_SCORER_LANGUAGE``) when a translation for it is shipped; English otherwise."""
    use_translator(translator_for(locale_languages(os.environ)))


def _speak_argparses_words_too() -> None:
    """argparse's own words ("usage: ", "options", "the following arguments are required")
    go through the same translator: see :mod:`gin_scorer.commands._argparse_words`."""
    speak_argparse_in_our_words()


def _run(args: argparse.Namespace) -> int:
    """The command, and with --verbose what it wrote."""
    command: Callable[[argparse.Namespace], int] = args.func
    if not args.verbose:
        return command(args)
    from gin_scorer.commands._written_words import saying_what_was_written

    return saying_what_was_written(lambda: command(args))


def main(argv: Sequence[str] | None = None) -> int:
    _speak_utf8_when_piped()
    _speak_the_terminals_language()
    _speak_argparses_words_too()
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        from gin_scorer.gui.app import run_gui

        return run_gui(db=args.db, smoke_test=args.smoke_test)
    try:
        status: int = _run(args)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # `gin-scorer ... | head` closed the pipe: not an error of ours. Point stdout at
        # /dev/null so Python's own flush at exit does not complain a second time.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 141
    except Exception as error:  # the last net: never a traceback on screen
        if _not_answering(error):
            return EXIT_TRY_AGAIN
        if isinstance(error, refusals()):
            print(f"gin-scorer: {_first_lines(error_text(error))}", file=sys.stderr)
            return EXIT_REFUSED
        where = _log_fault(error)
        fault = translate(
            "cli",
            "this is a fault of gin-scorer, not of your input ({0}); nothing more was saved; {1}",
        )
        print(f"gin-scorer: {fault.format(type(error).__name__, where)}", file=sys.stderr)
        return EXIT_FAULT
    return status


def _not_answering(error: Exception) -> bool:
    """A server that did not answer after the retries: said with what to do (run the same
    command again: its key keeps it from being recorded twice)."""
    from gin_scorer.services.support.errors import ServerNotAnswering  # the error path only

    if not isinstance(error, ServerNotAnswering):
        return False
    if error.outcome_unknown:
        then = translate(
            "cli",
            "it may or may not have been saved: run the same command again when the server "
            "answers (it will not be recorded twice)",
        )
    else:
        then = translate("cli", "run the same command again when the server answers")
    print(f"gin-scorer: {_first_lines(error_text(error))}; {then}", file=sys.stderr)
    return True


def _first_lines(text: str) -> str:
    """A refusal's message as the one line it should be (a stray line break in a service's
    sentence, or a list of problems, is joined with "; ")."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    return "; ".join(lines) if lines else translate("cli", "refused (no reason given)")


def gui_main() -> int:
    """Entry point of the windowed launcher (``gin-scorer-gui``)."""
    return main(sys.argv[1:])
