"""argparse's own words ("usage: ", "show this help message and exit", "the following
arguments are required: %s" …) in the reader's language, through the same translator as the
command line's own texts, under the context ``argparse``.

Why argparse is patched: it has no hook for its words. It calls the module-level names ``_``
and ``ngettext`` (``from gettext import gettext as _, ngettext``) when it builds a parser,
formats a help page or reports a mistake, and the only other way in is a gettext catalogue:
``.mo`` files of a ``messages`` domain beside our own ``.ts`` translations, compiled and
shipped apart, which a translator would have to keep in step with ours. So
:func:`speak_argparse_in_our_words` points those two names of the argparse module at
:func:`~gin_scorer.presentation.words.translate` instead. In English the translator gives the
text back as written, so argparse's output is byte for byte what it was; installing it again
changes nothing.

:data:`WORDS` lists every text Python 3.11's argparse hands to ``_`` and ``ngettext`` (both
forms of each plural) as ``QT_TRANSLATE_NOOP("argparse", "…")`` literals, so that
``tools/translations.py`` (Qt's ``lupdate``) puts them in the translation template;
tests/commands/test_cli_argparse_words.py checks the list against argparse's own source.
"""

from __future__ import annotations

import argparse
import re

from gin_scorer.presentation.words import QT_TRANSLATE_NOOP, translate

CONTEXT = "argparse"

WORDS = (
    # help pages
    QT_TRANSLATE_NOOP("argparse", "usage: "),
    QT_TRANSLATE_NOOP("argparse", "positional arguments"),
    QT_TRANSLATE_NOOP("argparse", "options"),
    QT_TRANSLATE_NOOP("argparse", "subcommands"),
    QT_TRANSLATE_NOOP("argparse", "show this help message and exit"),
    # not a gettext text of argparse's (its --version help is a default argument): cli.py
    # passes it in through translate("argparse", …)
    QT_TRANSLATE_NOOP("argparse", "show program's version number and exit"),
    # a command line that does not parse
    QT_TRANSLATE_NOOP("argparse", "argument %(argument_name)s: %(message)s"),
    QT_TRANSLATE_NOOP("argparse", "the following arguments are required: %s"),
    QT_TRANSLATE_NOOP("argparse", "one of the arguments %s is required"),
    QT_TRANSLATE_NOOP("argparse", "unrecognized arguments: %s"),
    QT_TRANSLATE_NOOP("argparse", "not allowed with argument %s"),
    QT_TRANSLATE_NOOP("argparse", "ignored explicit argument %r"),
    QT_TRANSLATE_NOOP("argparse", "expected one argument"),
    QT_TRANSLATE_NOOP("argparse", "expected at most one argument"),
    QT_TRANSLATE_NOOP("argparse", "expected at least one argument"),
    QT_TRANSLATE_NOOP("argparse", "expected %s argument"),
    QT_TRANSLATE_NOOP("argparse", "expected %s arguments"),
    QT_TRANSLATE_NOOP("argparse", "ambiguous option: %(option)s could match %(matches)s"),
    QT_TRANSLATE_NOOP("argparse", "unexpected option string: %s"),
    QT_TRANSLATE_NOOP("argparse", "invalid %(type)s value: %(value)r"),
    QT_TRANSLATE_NOOP("argparse", "invalid choice: %(value)r (choose from %(choices)s)"),
    QT_TRANSLATE_NOOP("argparse", "unknown parser %(parser_name)r (choices: %(choices)s)"),
    QT_TRANSLATE_NOOP("argparse", 'argument "-" with mode %r'),
    QT_TRANSLATE_NOOP("argparse", "can't open '%(filename)s': %(error)s"),
    QT_TRANSLATE_NOOP("argparse", "%(prog)s: error: %(message)s\n"),
    # a parser built wrong (a fault of ours, said all the same)
    QT_TRANSLATE_NOOP("argparse", ".__call__() not defined"),
    QT_TRANSLATE_NOOP("argparse", "conflicting subparser: %s"),
    QT_TRANSLATE_NOOP("argparse", "conflicting subparser alias: %s"),
    QT_TRANSLATE_NOOP("argparse", "conflicting option string: %s"),
    QT_TRANSLATE_NOOP("argparse", "conflicting option strings: %s"),
    QT_TRANSLATE_NOOP("argparse", "cannot merge actions - two groups are named %r"),
    QT_TRANSLATE_NOOP("argparse", "'required' is an invalid argument for positionals"),
    QT_TRANSLATE_NOOP(
        "argparse",
        "invalid option string %(option)r: must start with a character %(prefix_chars)r",
    ),
    QT_TRANSLATE_NOOP("argparse", "dest= is required for options like %r"),
    QT_TRANSLATE_NOOP("argparse", "invalid conflict_resolution value: %r"),
    QT_TRANSLATE_NOOP("argparse", "mutually exclusive arguments must be optional"),
    QT_TRANSLATE_NOOP("argparse", "cannot have multiple subparser arguments"),
    QT_TRANSLATE_NOOP("argparse", "%r is not callable"),
)
"""Every text argparse says, in English: what the translation template holds for it."""

# A %-field as argparse fills them: %s, %r, %(name)s, %(name)r (and %% for a percent sign).
_PERCENT = re.compile(r"%(?:\([^)]*\))?[-#0 +]*\d*(?:\.\d+)?[a-zA-Z%]")


def gettext(message: str) -> str:
    """argparse's ``_``: ``message`` in the reader's language. A translation that loses or
    adds one of its %-fields is not used (argparse's ``%`` on it would raise mid-parse)."""
    if not isinstance(message, str) or not message:
        return message  # argparse asks for _(None) when a group has no description
    translated = translate(CONTEXT, message)
    if translated != message and _fields(translated) != _fields(message):
        return message
    return translated


def ngettext(singular: str, plural: str, n: int) -> str:
    """argparse's ``ngettext``: the English form for ``n`` (the singular for 1, as gettext
    without a catalogue chooses), then that form in the reader's language."""
    return gettext(singular if n == 1 else plural)


def _fields(text: str) -> list[str]:
    return sorted(_PERCENT.findall(text))


def speak_argparse_in_our_words() -> None:
    """From now on argparse says its words through :func:`translate` (English: unchanged).
    Call it before the parser is built: argparse translates its group titles and the --help
    option's help then, and the rest when it formats a page or a mistake."""
    argparse._ = gettext  # type: ignore[attr-defined]
    argparse.ngettext = ngettext  # type: ignore[attr-defined]
