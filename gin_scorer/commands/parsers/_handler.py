"""The function that runs a command, named by its module and imported only when it runs."""

from __future__ import annotations

import argparse
import importlib
from dataclasses import dataclass


@dataclass(frozen=True)
class Handler:
    """``parser.set_defaults(func=Handler("hand", "run_hand_add"))``: ``gin-scorer hand add``
    runs :func:`gin_scorer.commands.hand.run_hand_add`. The parsers name their handlers by
    module and function instead of importing them, so that building the parser loads none of
    the services, the store or the ORM (a hand typed from a script pays only for what it
    uses); ``tests/commands/test_cli_parsers.py`` checks that every name resolves."""

    module: str
    function: str

    def __call__(self, args: argparse.Namespace) -> int:
        status: int = getattr(self.resolved_module(), self.function)(args)
        return status

    def resolved_module(self) -> object:
        return importlib.import_module(f"gin_scorer.commands.{self.module}")
