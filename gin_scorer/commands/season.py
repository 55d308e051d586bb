"""``gin-scorer season``: a club's season or league: create it, count events in it, print its
table."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from gin_scorer.commands._arguments import not_negative, positive
from gin_scorer.commands._database import opened
from gin_scorer.commands._errors import UserError
from gin_scorer.commands._pin import add_pin_option, with_pin

if TYPE_CHECKING:
    from gin_scorer.tournament.season import SeasonScoring


def _scoring_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--points",
        choices=("matches", "places"),
        help="points per match won and lost (default), or per place in each night",
    )
    parser.add_argument("--per-win", type=not_negative, metavar="N", help="default 2")
    parser.add_argument("--per-loss", type=not_negative, metavar="N", help="default 0")
    parser.add_argument(
        "--per-night", type=not_negative, metavar="N", help="for turning up (default 1)"
    )
    parser.add_argument(
        "--per-place", metavar="LIST", help="points for 1st, 2nd … (default 10,8,6,5,4,3,2,1)"
    )
    parser.add_argument(
        "--best", type=positive, metavar="N", help="count each player's best N nights"
    )
    parser.add_argument(
        "--min-nights", type=not_negative, metavar="N", help="nights needed to qualify for a place"
    )


def register(subparsers: Any) -> None:
    season = subparsers.add_parser(
        "season", help="a season or league: club nights and events counted into one table"
    )
    verbs = season.add_subparsers(dest="verb", required=True, metavar="VERB")
    create = verbs.add_parser("create", help="a new season, with how it counts points")
    create.add_argument("name", metavar="NAME")
    _scoring_options(create)
    add_pin_option(create)
    create.set_defaults(func=run_create)
    for verb, helptext in (
        ("add", "count events in the season"),
        ("remove", "stop counting events"),
    ):
        change = verbs.add_parser(verb, help=helptext)
        change.add_argument("season", type=positive, metavar="SEASON_ID")
        change.add_argument("events", type=positive, nargs="+", metavar="EVENT_ID")
        add_pin_option(change)
        change.set_defaults(func=run_change)
    knobs = verbs.add_parser("scoring", help="change how the season counts points")
    knobs.add_argument("season", type=positive, metavar="SEASON_ID")
    _scoring_options(knobs)
    add_pin_option(knobs)
    knobs.set_defaults(func=run_scoring)
    verbs.add_parser("list", help="every season").set_defaults(func=run_list)
    table = verbs.add_parser("table", help="the season's table as it stands")
    table.add_argument("season", type=positive, metavar="SEASON_ID")
    table.set_defaults(func=run_table)


def _scoring(args: argparse.Namespace, start: SeasonScoring | None = None) -> SeasonScoring:
    """The knobs given on the command line over ``start`` (the defaults when None)."""
    from gin_scorer.services.errors import InvalidInput
    from gin_scorer.services.seasons import scoring_from
    from gin_scorer.tournament.season import SeasonScoring

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
                f"--per-place takes whole numbers with commas, not {args.per_place!r}"
            ) from None
    try:
        return scoring_from(knobs)
    except InvalidInput as error:
        raise UserError(str(error)) from None


def run_create(args: argparse.Namespace) -> int:
    from gin_scorer.services.seasons import create_season

    scoring = _scoring(args)
    with opened(args) as db:
        made = with_pin(args.pin, lambda pin: create_season(db, args.name, scoring, pin=pin))
    print(f"season {made.id}: {made.name} ({made.scoring.describe()})")
    return 0


def run_change(args: argparse.Namespace) -> int:
    from gin_scorer.services.seasons import set_season_events

    add, remove = (args.events, []) if args.verb == "add" else ([], args.events)
    with opened(args) as db:
        season = with_pin(
            args.pin, lambda pin: set_season_events(db, args.season, add, remove, pin=pin)
        )
    shown = ", ".join(str(e) for e in season.event_ids) or "none"
    print(f"season {season.id} ({season.name}) counts events: {shown}")
    return 0


def run_scoring(args: argparse.Namespace) -> int:
    from gin_scorer.services.seasons import get_season, set_season_scoring

    with opened(args) as db:
        scoring = _scoring(args, get_season(db, args.season).scoring)
        season = with_pin(
            args.pin, lambda pin: set_season_scoring(db, args.season, scoring, pin=pin)
        )
    print(f"season {season.id} ({season.name}): {season.scoring.describe()}")
    return 0


def run_list(args: argparse.Namespace) -> int:
    from gin_scorer.services.seasons import list_seasons

    with opened(args, backups=False) as db:
        seasons = list_seasons(db)
    if not seasons:
        print("no seasons yet: gin-scorer season create NAME")
    for s in seasons:
        print(f"{s.id:4}  {s.name}  ({len(s.event_ids)} events; {s.scoring.describe()})")
    return 0


def run_table(args: argparse.Namespace) -> int:
    from gin_scorer.presentation.club_words import season_text
    from gin_scorer.services.seasons import season_standing

    with opened(args, backups=False) as db:
        standing = season_standing(db, args.season)
    for line in season_text(standing):
        print(line)
    return 0
