"""``gin-scorer presets``: the bundled rule sets, and every knob of one of them."""

from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING

from gin_scorer.commands._errors import UserError
from gin_scorer.core.rules import RuleSetError
from gin_scorer.presentation.words import error_text, translate
from gin_scorer.presets import list_presets, resolve_rules

if TYPE_CHECKING:
    from gin_scorer.core.rules import RuleSet


def run(args: argparse.Namespace) -> int:

    if args.action == "list":
        if args.key is not None:
            raise UserError(
                translate(
                    "cli", "'presets {0}': to see one preset write 'presets show KEY'"
                ).format(args.key)
            )
        presets = list_presets()
        if args.json:
            rows = [{"key": r.key, "name": r.name, "source": r.source} for r in presets]
            print(json.dumps(rows, ensure_ascii=False, indent=2))
            return 0
        width = max(len(r.key) for r in presets)
        for rules in presets:
            print(f"{rules.key:<{width}}  {rules.name}")
            print(f"{'':<{width}}  {rules.description}")
            print(f"{'':<{width}}  " + translate("cli", "source: {0}").format(rules.source))
        return 0
    if args.key is None:
        raise UserError(
            translate("cli", "which preset? write 'presets show KEY' (see 'gin-scorer presets')")
        )
    try:
        rules = resolve_rules(args.key)
    except RuleSetError as error:
        raise UserError(error_text(error)) from None
    if args.json:
        print(json.dumps(rules.to_dict(), ensure_ascii=False, indent=2))
        return 0
    print(describe_knobs(rules))
    return 0


def describe_knobs(rules: RuleSet) -> str:
    """Every knob of a rule set, one ``key  value`` line each, as the TOML files name them."""
    data = rules.to_dict()
    width = max(len(k) for k in data)
    lines = []
    for key, value in data.items():
        shown = ", ".join(map(str, value)) if isinstance(value, list) else value
        if isinstance(value, bool):
            shown = "true" if value else "false"
        lines.append(f"{key:<{width}}  {shown}")
    return "\n".join(lines)
