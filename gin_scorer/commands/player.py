"""``gin-scorer player``: the club's people across events (list, show one, merge two records
of one person)."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from gin_scorer.commands._database import opened
from gin_scorer.commands._errors import UserError
from gin_scorer.commands._pin import with_pin
from gin_scorer.presentation.club_words import EVENT_COLUMNS, event_cells, player_text, text_table
from gin_scorer.presentation.words import translate
from gin_scorer.services.queries.player_record import player_record
from gin_scorer.services.queries.players import find_player, list_players
from gin_scorer.services.writes.player_merge import merge_players
from gin_scorer.services.writes.player_unmerge import unmerge_players

if TYPE_CHECKING:
    from gin_scorer.services.support.database import Database


def run_list(args: argparse.Namespace) -> int:

    with opened(args, backups=False) as db:
        players = list_players(db)
    if not players:
        print(translate("cli", "no players yet: entrants become players when they are entered"))
        return 0
    rows = [[f"#{p.id}", p.name, p.club, p.member_number, str(p.events)] for p in players]
    columns = [
        translate("cli", "Id"),
        translate("cli", "Name"),
        translate("cli", "Club"),
        translate("cli", "Member"),
        translate("cli", "Events"),
    ]
    for line in text_table(columns, rows, (4,)):
        print(line)
    return 0


def run_show(args: argparse.Namespace) -> int:

    with opened(args, backups=False) as db:
        record = player_record(db, find_player(db, args.name).id)
    for line in player_text(record):
        print(line)
    return 0


def run_merge(args: argparse.Namespace) -> int:

    with opened(args) as db:
        gone = find_player(db, args.gone)
        keep = find_player(db, args.keep)
        for line in [*_history(db, keep.id), "", *_history(db, gone.id)]:
            print(line)
        _confirm_merge(args, keep.id, gone.id)
        kept = with_pin(args.pin, lambda pin: merge_players(db, keep.id, gone.id, pin=pin))
    print(
        translate("cli", "merged: {0} (#{1}) is now {2} (#{3}), {4} events").format(
            gone.label, gone.id, kept.label, kept.id, kept.events
        )
    )
    print(
        translate("cli", "to undo it: gin-scorer player unmerge {0} {1}").format(keep.id, gone.id)
    )
    return 0


def _history(db: Database, player_id: int) -> list[str]:
    """A player as the merge question shows them: who, and each event with the record."""

    record = player_record(db, player_id)
    heading = translate("cli", "#{0} {1}: {2} events").format(
        player_id, record.player.label, len(record.events)
    )
    if not record.events:
        return [heading]
    return [heading, *text_table(EVENT_COLUMNS, event_cells(record), (2, 3))]


def _confirm_merge(args: argparse.Namespace, keep: int, gone: int) -> None:
    """Asked in a terminal (anything but yes keeps them apart); elsewhere --yes is needed."""
    if args.yes:
        return
    if not sys.stdin.isatty():
        raise UserError(
            translate(
                "cli",
                "merging #{1} into #{0} makes them one person: read both above, then run it "
                "again with --yes (nothing was changed)",
            ).format(keep, gone)
        )
    answer = input(
        translate("cli", "Merge #{1} into #{0}? They become one person. [y/N] ").format(keep, gone)
    )
    if answer.strip().casefold() not in (
        translate("cli", "y"),
        translate("cli", "yes"),
        "y",
        "yes",
    ):
        raise UserError(translate("cli", "not merged: nothing was changed"))


def run_unmerge(args: argparse.Namespace) -> int:

    with opened(args) as db:
        keep = find_player(db, args.keep).id
        number = args.gone.strip().lstrip("#")
        gone: int | str = int(number) if number.isdigit() else args.gone
        done = with_pin(args.pin, lambda pin: unmerge_players(db, keep, gone, pin=pin))
    said = translate("cli", "unmerged: {0} (#{1}) is back with {2} entries; {3} (#{4}), {5} events")
    print(
        said.format(
            done.restored.label,
            done.restored.id,
            done.entrants,
            done.kept.label,
            done.kept.id,
            done.kept.events,
        )
    )
    return 0
