"""``gin-scorer season``: a club's season or league: create it, count events in it, print its
table."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from gin_scorer.commands._database import opened
from gin_scorer.commands._errors import UserError
from gin_scorer.commands._pin import with_pin
from gin_scorer.presentation.club_words import season_text
from gin_scorer.presentation.words import error_text, say, translate
from gin_scorer.services.queries.seasons import (
    get_season,
    list_seasons,
    scoring_from,
    season_standing,
)
from gin_scorer.services.support.errors import InvalidInput
from gin_scorer.services.writes.season_changes import (
    create_season,
    set_season_events,
    set_season_scoring,
)
from gin_scorer.tournament.season import SeasonScoring

if TYPE_CHECKING:
    from gin_scorer.tournament.season import SeasonScoring


def _scoring(args: argparse.Namespace, start: SeasonScoring | None = None) -> SeasonScoring:
    """The knobs given on the command line over ``start`` (the defaults when None)."""

    knobs = (start or SeasonScoring()).to_dict()
    given = {
        "points": args.points,
        "per_win": args.per_win,
        "per_loss": args.per_loss,
        "per_night": args.per_night,
        "best_nights": args.best,
        "min_nights": args.min_nights,
    }
    knobs.update({k: v for k, v in given.items() if v is not None})
    if args.per_place is not None:
        try:
            knobs["per_place"] = [int(p) for p in args.per_place.split(",") if p.strip()]
        except ValueError:
            raise UserError(
                translate("cli", "--per-place takes whole numbers with commas, not {0}").format(
                    repr(args.per_place)
                )
            ) from None
    try:
        return scoring_from(knobs)
    except InvalidInput as error:
        raise UserError(error_text(error)) from None


def run_create(args: argparse.Namespace) -> int:

    scoring = _scoring(args)
    with opened(args) as db:
        made = with_pin(args.pin, lambda pin: create_season(db, args.name, scoring, pin=pin))
    print(
        translate("cli", "season {0}: {1} ({2})").format(
            made.id, made.name, say(made.scoring.describe())
        )
    )
    return 0


def run_change(args: argparse.Namespace) -> int:

    add, remove = (args.events, []) if args.verb == "add" else ([], args.events)
    with opened(args) as db:
        season = with_pin(
            args.pin, lambda pin: set_season_events(db, args.season, add, remove, pin=pin)
        )
    if season.event_ids:
        said = translate("cli", "season {0} ({1}) counts events: {2}")
        shown = ", ".join(str(e) for e in season.event_ids)
        print(said.format(season.id, season.name, shown))
    else:
        said = translate("cli", "season {0} ({1}) counts events: none")
        print(said.format(season.id, season.name))
    return 0


def run_scoring(args: argparse.Namespace) -> int:

    with opened(args) as db:
        scoring = _scoring(args, get_season(db, args.season).scoring)
        season = with_pin(
            args.pin, lambda pin: set_season_scoring(db, args.season, scoring, pin=pin)
        )
    print(
        translate("cli", "season {0} ({1}): {2}").format(
            season.id, season.name, say(season.scoring.describe())
        )
    )
    return 0


def run_list(args: argparse.Namespace) -> int:

    with opened(args, backups=False) as db:
        seasons = list_seasons(db)
    if not seasons:
        print(translate("cli", "no seasons yet: gin-scorer season create NAME"))
    for s in seasons:
        if len(s.event_ids) == 1:
            said = translate("cli", "{0}  {1}  (1 event; {3})")
        else:
            said = translate("cli", "{0}  {1}  ({2} events; {3})")
        print(said.format(f"{s.id:4}", s.name, len(s.event_ids), say(s.scoring.describe())))
    return 0


def run_table(args: argparse.Namespace) -> int:

    with opened(args, backups=False) as db:
        standing = season_standing(db, args.season)
    for line in season_text(standing):
        print(line)
    return 0
