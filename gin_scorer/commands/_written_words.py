"""``gin-scorer --verbose COMMAND``: after the command, one line on standard error saying what
it wrote (from the :class:`~gin_scorer.services.support.written.Changes` its writes gave), so that a
director running a script sees that ``round pair`` made twelve tables, or that a command they
thought wrote nothing did."""

from __future__ import annotations

import sys
from collections.abc import Callable

from gin_scorer.presentation.words import translate
from gin_scorer.services.support.written import Changes, recording


def changes_line(changes: Changes) -> str:
    """What ``changes`` amount to, in a line."""
    if not changes:
        return translate("cli", "gin-scorer: nothing was written")
    line = translate(
        "cli", "gin-scorer: written: {0} event(s), {1} round(s), {2} table(s), {3} entrant(s)"
    ).format(len(changes.events), len(changes.rounds), len(changes.matches), len(changes.entrants))
    if changes.standings:
        line += translate("cli", "; the standings may have moved")
    return line


def saying_what_was_written(run: Callable[[], int]) -> int:
    """``run()``, then what its writes changed said on standard error (even when it failed
    half-way: what it did commit)."""
    with recording() as heard:
        try:
            return run()
        finally:
            print(changes_line(heard.changes), file=sys.stderr, flush=True)
