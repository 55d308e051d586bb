"""``gin-scorer import`` and ``gin-scorer export``: entrants in, results and events out. Its
parsers only: the handlers are in :mod:`gin_scorer.commands.exchange`, imported when a command
runs (see :mod:`gin_scorer.commands.parsers`).
"""

from __future__ import annotations

from typing import Any

from gin_scorer.commands._arguments import add_event_option
from gin_scorer.commands.parsers._handler import Handler
from gin_scorer.presentation.words import translate


def register(subparsers: Any) -> None:
    _register_import(subparsers)
    _register_export(subparsers)


def _register_import(subparsers: Any) -> None:
    imp = subparsers.add_parser(
        "import",
        help=translate("cli", "import entrants (CSV) or a whole event (JSON)"),
        description=translate(
            "cli",
            "Import entrants from a CSV file (header: name, club, member_number, "
            "seed, partner; only name is required) into an event, or a whole event from a JSON "
            "file made by 'export event'. Nothing is imported unless every row is sound.",
        ),
    )
    what = imp.add_subparsers(dest="import_what", metavar="WHAT", required=True)
    ent = what.add_parser(
        "entrants", help=translate("cli", "entrants from a CSV file into an event")
    )
    ent.add_argument("file", metavar="FILE", help=translate("cli", "the CSV file (- for stdin)"))
    add_event_option(ent)
    ent.set_defaults(func=Handler("exchange", "run_import_entrants"))
    ev = what.add_parser(
        "event", help=translate("cli", "a whole event from a JSON file (export event)")
    )
    ev.add_argument("file", metavar="FILE", help=translate("cli", "the JSON file (- for stdin)"))
    ev.set_defaults(func=Handler("exchange", "run_import_event"))


def _register_export(subparsers: Any) -> None:
    exp = subparsers.add_parser(
        "export",
        help=translate("cli", "export an event, its entrants, results or hands (JSON or CSV)"),
        description=translate(
            "cli",
            "Write an event (JSON: re-imports identically), its entrants (CSV: "
            "re-imports with 'import entrants'), its match results or every hand (JSON or CSV) "
            "to a file, or to the terminal without --out. CSV files are UTF-8 with a BOM for "
            "Excel; a text cell that a spreadsheet would run as a formula (=, +, -, @) is "
            "written with a ' in front.",
        ),
    )
    exp.add_argument(
        "what",
        choices=("event", "entrants", "results", "hands"),
        help=translate("cli", "what to export"),
    )
    add_event_option(exp)
    exp.add_argument(
        "--format", choices=("json", "csv"), help=translate("cli", "default: from --out, else json")
    )
    exp.add_argument(
        "--out", metavar="FILE", help=translate("cli", "write here instead of the terminal")
    )
    exp.set_defaults(func=Handler("exchange", "run_export"))
