"""A server's password never on the command line (issue 41): ``--db`` shows in every process
list of the computer (``ps``), so a URL given there with a password is refused, with where
to put it instead: ``GIN_SCORER_DB`` (a process's environment is readable by its owner only),
the PostgreSQL password file (``~/.pgpass``, or the file ``PGPASSFILE`` names, read by the
driver itself), or typed when asked (at a terminal, when the server wants one)."""

from __future__ import annotations

import getpass
import sys
from collections.abc import Callable
from typing import TypeVar

from gin_scorer.commands._errors import UserError
from gin_scorer.presentation.words import translate
from gin_scorer.services.support.database import url_password, url_with_password
from gin_scorer.services.support.errors import ServerRefused

T = TypeVar("T")


def refuse_password_in_option(option: str | None) -> None:
    """A ``--db`` URL that carries a password: refused, saying where the password goes."""
    if not option or "://" not in option or "@" not in option:
        return

    if url_password(option):
        raise UserError(
            translate(
                "cli",
                "--db shows its password to everyone who lists this computer's processes: "
                "give the URL without it, and put the password in {0}, in ~/.pgpass (or the "
                "file PGPASSFILE names), or type it when asked",
            ).format("GIN_SCORER_DB")
        )


def asking_for_password(url: str, open_with: Callable[[str], T]) -> T:
    """``open_with(url)``; when the server wants a password that the URL and the password file
    did not give, and a person is at the terminal, ask for it (never echoed) and try again."""

    try:
        return open_with(url)
    except ServerRefused as error:
        if not sys.stdin.isatty() or not error.wants_password:
            raise

        if url_password(url):
            raise
        typed = getpass.getpass(
            translate("cli", "Password for {0}: ").format(url_with_password(url, "")[1])
        )
        if not typed:
            raise
        return open_with(url_with_password(url, typed)[0])
