"""``gin-scorer hand add … -``: many hands from stdin, one a line, recorded in one transaction
or not at all.

With ``--match`` or ``--table`` every line is a hand of that match; with ``--event`` alone
every line starts with its table number, as on the results line (``12 ak7 15``), so a round's
hands typed into one file go in with one command. Every line is first read against its
match's rules, and every line that cannot be read is named before anything is written; then
the services record the hands in order, and the first one they refuse (a decided match, a
knock over the limit) stops the batch, named by its line.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

from gin_scorer.commands._database import entered_by, opened
from gin_scorer.commands._errors import UserError
from gin_scorer.commands._hand_text import print_problems, read_typed, typed_lines
from gin_scorer.commands._match_naming import named_match
from gin_scorer.commands._pin import with_pin
from gin_scorer.presentation.sheet_text import match_standing
from gin_scorer.presentation.words import error_text, translate
from gin_scorer.services.queries.lookups import round_tables
from gin_scorer.services.support.errors import InvalidInput
from gin_scorer.services.writes import matches as match_service
from gin_scorer.services.writes.hand_batch import LineRefused, TypedHand, record_typed_hands

if TYPE_CHECKING:
    from gin_scorer.services.support.database import Database
    from gin_scorer.services.support.dto import MatchView, ScoreSheet
    from gin_scorer.services.writes.hand_batch import TypedHand

_TABLE_FIRST = re.compile(r"\s*(?:[Tt](?:able)?\s*)?([0-9]{1,6})\s+(.+)$")


def run_hand_lines(args: argparse.Namespace, text: str) -> int:

    if args.override or args.dealer:
        raise UserError(
            translate("cli", "--override and --dealer name one hand: give them without -")
        )
    lines = typed_lines(text)
    with opened(args) as db:
        typed, matches, wrong = _typed_hands(db, args, lines)
        _refuse(sorted(wrong + _unreadable(db, typed, matches)))
        who = entered_by(args, db)
        try:
            done = with_pin(
                args.pin,
                lambda pin: record_typed_hands(db, typed, read_typed, entered_by=who, pin=pin),
            )
        except LineRefused as error:
            print_problems(error.problems)
            raise UserError(
                translate("cli", "{0}; nothing was recorded").format(error_text(error))
            ) from None
    for sheet in done.sheets:
        print(_match_line(sheet, sum(1 for t in typed if t.match_id == sheet.match.id)))
    print(_total_line(done.hands, len(done.sheets)))
    return 0


def _typed_hands(
    db: Database, args: argparse.Namespace, lines: Sequence[tuple[int, str]]
) -> tuple[list[TypedHand], dict[int, MatchView], list[tuple[int, str]]]:
    """Each line as the hand of its match (the one match named, or the table it starts with),
    and the lines that name no table of the round, with what is wrong."""

    if args.match_id is not None or args.table is not None:
        match = named_match(db, args)
        return [TypedHand(n, match.id, line) for n, line in lines], {match.id: match}, []
    if args.event is None:
        raise UserError(
            translate(
                "cli",
                "name the match (--match ID, or --event ID --table N), or give --event alone "
                "and start each line with its table number (12 ak7 15)",
            )
        )

    tables = round_tables(db, args.event, round_number=args.round)
    typed: list[TypedHand] = []
    wrong: list[tuple[int, str]] = []
    for number, line in lines:
        found = _TABLE_FIRST.match(line)
        if found is None:
            said = translate("cli", "line {0}: start it with the table number, e.g. 12 ak7 15")
            wrong.append((number, said.format(number)))
            continue
        table, hand = int(found.group(1)), found.group(2)
        if table not in tables.matches:
            said = translate("cli", "line {0}: there is no table {1} in round {2}")
            wrong.append((number, said.format(number, table, tables.round_number)))
            continue
        typed.append(TypedHand(number, tables.matches[table].id, hand))
    return typed, {m.id: m for m in tables.matches.values()}, wrong


def _unreadable(
    db: Database, typed: Sequence[TypedHand], matches: dict[int, MatchView]
) -> list[tuple[int, str]]:
    """Every line read against its match's rules before anything is written: each line that
    is not a hand is named, not only the first."""

    sheets: dict[int, ScoreSheet] = {}
    wrong: list[tuple[int, str]] = []
    for hand in typed:
        sheet = sheets.get(hand.match_id)
        if sheet is None:
            sheet = sheets[hand.match_id] = match_service.get_score_sheet(db, hand.match_id)
        try:
            read_typed(hand.text, sheet)
        except InvalidInput as error:
            where = _where(hand.line, matches.get(hand.match_id))
            wrong.append((hand.line, f"{where}: {error_text(error)}"))
    return wrong


def _refuse(wrong: list[tuple[int, str]]) -> None:
    """Each line that cannot be recorded, in file order, then one line saying so."""
    if not wrong:
        return
    for _, said in wrong:
        print(f"  {said}", file=sys.stderr)
    if len(wrong) == 1:
        raise UserError(translate("cli", "1 line cannot be recorded (above); nothing was recorded"))
    said = translate("cli", "{0} lines cannot be recorded (above); nothing was recorded")
    raise UserError(said.format(len(wrong)))


def _where(line: int, match: MatchView | None) -> str:
    if match is not None and match.table_number is not None:
        return translate("cli", "line {0} (table {1})").format(line, match.table_number)
    return translate("cli", "line {0}").format(line)


def _match_line(sheet: ScoreSheet, hands: int) -> str:
    """One line per match the batch wrote into: how many hands, and where it stands."""

    m = sheet.match
    if m.table_number is not None:
        where = translate("cli", "table {0} (match {1})").format(m.table_number, m.id)
    else:
        where = translate("cli", "match {0}").format(m.id)
    if hands == 1:
        count = translate("cli", "1 hand")
    else:
        count = translate("cli", "{0} hands").format(hands)
    return f"{where}: {count}; {match_standing(sheet)}"


def _total_line(hands: int, matches: int) -> str:
    if hands == 1:
        return translate("cli", "recorded 1 hand (one transaction)")
    if matches == 1:
        return translate("cli", "recorded {0} hands in 1 match (one transaction)").format(hands)
    return translate("cli", "recorded {0} hands in {1} matches (one transaction)").format(
        hands, matches
    )
