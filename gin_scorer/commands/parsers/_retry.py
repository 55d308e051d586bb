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

from gin_scorer.commands._arguments import positive
from gin_scorer.presentation.words import translate


def add_write_key_options(parser: argparse.ArgumentParser) -> None:
    """``--key`` and ``--expect-version``, for a command that writes into a match."""
    parser.add_argument(
        "--key",
        metavar="TEXT",
        help=translate(
            "cli",
            "this write's key: the same command run again with the same key records nothing "
            "twice (default: one made from the line, --by and the match version)",
        ),
    )
    parser.add_argument(
        "--expect-version",
        type=positive,
        metavar="N",
        help=translate(
            "cli",
            "the match version this write is for (match sheet --json shows it): refused if "
            "another station wrote into the match since",
        ),
    )
