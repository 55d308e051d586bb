"""``gin-scorer presets``: the bundled rule sets, and every knob of one of them. Its parsers only:
the handlers are in :mod:`gin_scorer.commands.presets`, imported when a command runs (see
:mod:`gin_scorer.commands.parsers`).
"""

from __future__ import annotations

from typing import Any

from gin_scorer.commands.parsers._handler import Handler
from gin_scorer.presentation.words import translate


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "presets",
        help=translate("cli", "list the rule-set presets, or show every knob of one"),
        description=translate(
            "cli",
            "List the bundled rule-set presets (key, name, source), or with "
            "'show KEY' print every knob of one. KEY may also be a path to a .toml file.",
        ),
    )
    parser.add_argument("action", nargs="?", choices=["list", "show"], default="list")
    parser.add_argument(
        "key", nargs="?", metavar="KEY", help=translate("cli", "the preset to show")
    )
    parser.add_argument("--json", action="store_true", help=translate("cli", "print JSON"))
    parser.set_defaults(func=Handler("presets", "run"))
