"""A hand written from the command line so that it can be retried without doubling (issue 41).

Every write into a match carries a key (``services.entry_keys``): ``--key TEXT``, or one
derived from the match, the line, ``--by``, this station and the match version the write
expects (``--expect-version N``, else the version read just before). Then:

- while the server does not answer (refused, reset, shutting down, a serialization failure)
  or a SQLite file stays busy, the write is tried again for up to 15 s, each wait said on
  stderr ("the server is not answering: retrying (2 s)…"); past that the command exits 75
  (EX_TEMPFAIL), so that a script can tell "try again" from "fix the line" (2);
- before each try the key is looked up: a write that reached the database on an earlier try
  (or an earlier run killed before it could answer) is said as "saved (hand 12)", never
  written twice;
- without ``--key`` or ``--expect-version``, a command run again after its hand was saved
  derives its key from the new version; so, at a terminal, the key of the version before is
  looked up too, and if the match's newest entry is that same line, the command refuses to
  write it again and says how to, if it really is a second hand with the same score. A
  script (no terminal) is not asked: two dead hands in a row are two lines of its file, and
  a script that must survive being killed passes ``--key`` (a line number) instead.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeVar

from gin_scorer.commands._database import entered_by, opened
from gin_scorer.commands._errors import UserError
from gin_scorer.presentation.words import translate
from gin_scorer.services.support.errors import DatabaseBusy, ServerNotAnswering
from gin_scorer.services.support.retries import retrying
from gin_scorer.services.writes import matches
from gin_scorer.services.writes.entry_keys import derived_key, saved_with_key

if TYPE_CHECKING:
    from gin_scorer.services.support.database import Database
    from gin_scorer.services.support.dto import ScoreSheet
    from gin_scorer.services.writes.entry_keys import SavedEntry

T = TypeVar("T")


def retried(work: Callable[[], T]) -> T:
    """``work()``, tried again while the database does not answer (module doc)."""

    return retrying(work, on_wait=_say_wait)


def _say_wait(seconds: float, error: ServerNotAnswering | DatabaseBusy) -> None:

    if isinstance(error, DatabaseBusy):
        said = translate("cli", "the database is busy: retrying ({0} s)…")
    else:
        said = translate("cli", "the server is not answering: retrying ({0} s)…")
    print(f"gin-scorer: {said.format(f'{seconds:g}')}", file=sys.stderr, flush=True)


@dataclass(frozen=True, slots=True)
class KeyedWrite:
    """What a keyed write came to: the sheet it wrote, or the entry an earlier try saved."""

    sheet: ScoreSheet | None
    saved: SavedEntry | None


Write = Callable[["Database", int, str], "ScoreSheet"]
"""``write(db, expected_version, key)``: the service call, with the key as its submission."""


def keyed_write(
    args: argparse.Namespace,
    match_of: Callable[[Database], int],
    line: str,
    write: Write,
    *,
    repeatable: bool = False,
) -> KeyedWrite:
    """``write`` into the match ``match_of(db)`` names, under a key, retried (module doc);
    ``repeatable``: the same line run twice means it twice (an undo, then a redo)."""
    chosen: dict[str, int | str] = {}

    def attempt() -> KeyedWrite:

        with opened(args) as db:
            if not chosen:
                chosen.update(_choose_key(args, db, match_of(db), line, repeatable))
            key, version = str(chosen["key"]), int(chosen["version"])
            found = saved_with_key(db, key)
            if found is not None:
                return KeyedWrite(None, found)
            return KeyedWrite(write(db, version, key), None)

    return retried(attempt)


def _choose_key(
    args: argparse.Namespace, db: Database, match_id: int, line: str, repeatable: bool
) -> dict[str, int | str]:

    version = args.expect_version or matches.get_match(db, match_id).version
    who = entered_by(args, db)
    if args.key:
        return {"key": derived_key("key", match_id, args.key), "version": version}
    key = derived_key(db.station, match_id, line, who, version)
    if not args.expect_version and not repeatable and version > 1 and sys.stdin.isatty():
        before = saved_with_key(db, derived_key(db.station, match_id, line, who, version - 1))
        if before is not None and before.newest:
            raise UserError(
                translate(
                    "cli",
                    "already saved (hand {0}): the match's newest entry is this same line, "
                    "entered by this command a moment ago; nothing was recorded twice. If it "
                    "is another hand with the same score, add --expect-version {1}",
                ).format(before.number, version)
            )
    return {"key": key, "version": version}


def say_saved(saved: SavedEntry) -> None:
    """An earlier try (or run) had saved the write: say so, with the hand's number."""
    print(
        translate("cli", "saved (hand {0}): an earlier try had reached the database").format(
            saved.number
        )
    )
