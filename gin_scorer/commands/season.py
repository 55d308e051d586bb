"""``gin-scorer season``: a club's season or league: create it, count events in it, print its
table."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from gin_scorer.commands._arguments import not_negative, positive
from gin_scorer.commands._database import opened
from gin_scorer.commands._errors import UserError
from gin_scorer.commands._pin import add_pin_option, with_pin
from gin_scorer.presentation.words import say, translate

if TYPE_CHECKING:
    from gin_scorer.tournament.season import SeasonScoring


def _scoring_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--points",
        choices=("matches", "places"),
        help=translate(
            "cli", "points per match won and lost (default), or per place in each night"
        ),
    )
    for option, helptext in (  # the points for a match won, a match lost, a night played
        ("--per-win", translate("cli", "default 2")),
        ("--per-loss", translate("cli", "default 0")),
        ("--per-night", translate("cli", "for turning up (default 1)")),
    ):
        parser.add_argument(option, type=not_negative, metavar="N", help=helptext)
    parser.add_argument(
        "--per-place",
        metavar="LIST",
        help=translate("cli", "points for 1st, 2nd … (default 10,8,6,5,4,3,2,1)"),
    )
    parser.add_argument(
        "--best",
        type=positive,
        metavar="N",
        help=translate("cli", "count each player's best N nights"),
    )
    parser.add_argument(
        "--min-nights",
        type=not_negative,
        metavar="N",
        help=translate("cli", "nights needed to qualify for a place"),
    )


def register(subparsers: Any) -> None:
    season = subparsers.add_parser(
        "season",
        help=translate("cli", "a season or league: club nights and events counted into one table"),
    )
    verbs = season.add_subparsers(dest="verb", required=True, metavar="VERB")
    create = verbs.add_parser(
        "create", help=translate("cli", "a new season, with how it counts points")
    )
    create.add_argument("name", metavar="NAME")
    _scoring_options(create)
    add_pin_option(create)
    create.set_defaults(func=run_create)
    for verb, helptext in (
        ("add", translate("cli", "count events in the season")),
        ("remove", translate("cli", "stop counting events")),
    ):
        change = verbs.add_parser(verb, help=helptext)
        change.add_argument("season", type=positive, metavar="SEASON_ID")
        change.add_argument("events", type=positive, nargs="+", metavar="EVENT_ID")
        add_pin_option(change)
        change.set_defaults(func=run_change)
    knobs = verbs.add_parser(
        "scoring", help=translate("cli", "change how the season counts points")
    )
    knobs.add_argument("season", type=positive, metavar="SEASON_ID")
    _scoring_options(knobs)
    add_pin_option(knobs)
    knobs.set_defaults(func=run_scoring)
    verbs.add_parser("list", help=translate("cli", "every season")).set_defaults(func=run_list)
    table = verbs.add_parser("table", help=translate("cli", "the season's table as it stands"))
    table.add_argument("season", type=positive, metavar="SEASON_ID")
    table.set_defaults(func=run_table)


def _scoring(args: argparse.Namespace, start: SeasonScoring | None = None) -> SeasonScoring:
    """The knobs given on the command line over ``start`` (the defaults when None)."""
    from gin_scorer.presentation.words import error_text
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
                translate("cli", "--per-place takes whole numbers with commas, not {0}").format(
                    repr(args.per_place)
                )
            ) from None
    try:
        return scoring_from(knobs)
    except InvalidInput as error:
        raise UserError(error_text(error)) from None


def run_create(args: argparse.Namespace) -> int:
    from gin_scorer.services.season_changes import create_season

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
    from gin_scorer.services.season_changes import set_season_events

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
    from gin_scorer.services.season_changes import set_season_scoring
    from gin_scorer.services.seasons import get_season

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
    from gin_scorer.services.seasons import list_seasons

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
    from gin_scorer.presentation.club_words import season_text
    from gin_scorer.services.seasons import season_standing

    with opened(args, backups=False) as db:
        standing = season_standing(db, args.season)
    for line in season_text(standing):
        print(line)
    return 0
