"""``gin-scorer round``: pair the next round (or preview it, or take it back); show a round's
pairings or the status board of its tables."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from gin_scorer.commands._arguments import positive, quoted
from gin_scorer.commands._database import opened
from gin_scorer.commands._seal import seal_of, seal_text

if TYPE_CHECKING:
    from gin_scorer.services.database import Database


def register(subparsers: Any) -> None:
    rnd = subparsers.add_parser("round", help="pair the next round; show pairings or status")
    actions = rnd.add_subparsers(dest="round_action", metavar="ACTION", required=True)
    start = actions.add_parser("start", help="pair the next round (tables assigned)")
    start.add_argument("--event", type=positive, required=True, metavar="ID")
    start.add_argument(
        "--pair",
        action="append",
        default=[],
        metavar="A,B",
        help="club nights: a pairing by entrant ids (repeat for each table)",
    )
    start.set_defaults(func=run_start)
    preview = actions.add_parser("preview", help="the pairings 'start' would make (writes nothing)")
    preview.add_argument("--event", type=positive, required=True, metavar="ID")
    preview.add_argument(
        "--pair",
        action="append",
        default=[],
        metavar="A,B",
        help="club nights: a pairing by entrant ids",
    )
    preview.set_defaults(func=run_preview)
    cancel = actions.add_parser(
        "cancel", help="take back the latest round's pairings (only before any hand is entered)"
    )
    cancel.add_argument("--event", type=positive, required=True, metavar="ID")
    cancel.set_defaults(func=run_cancel)
    show = actions.add_parser("show", help="a round's pairings by table (or --by-name)")
    show.add_argument("--event", type=positive, required=True, metavar="ID")
    show.add_argument("--round", type=positive, metavar="N", help="default: the latest")
    show.add_argument("--by-name", action="store_true", help="list entrants alphabetically")
    show.set_defaults(func=run_show)
    status = actions.add_parser("status", help="which tables are playing, finished, missing")
    status.add_argument("--event", type=positive, required=True, metavar="ID")
    status.add_argument("--round", type=positive, metavar="N", help="default: the latest")
    status.set_defaults(func=run_status)


def _latest_round(db: Database, event_id: int) -> int:
    from gin_scorer.commands._errors import UserError
    from gin_scorer.services.rounds import list_rounds

    found = list_rounds(db, event_id)
    if not found:
        raise UserError(
            f"event {event_id} has no round yet: gin-scorer round start --event {event_id}"
        )
    return found[-1].number


def _parse_pairs(texts: Sequence[str]) -> list[tuple[int, int]] | None:
    from gin_scorer.commands._errors import UserError

    if not texts:
        return None
    pairs = []
    for text in texts:
        parts = text.replace(" ", "").split(",")
        try:
            if len(parts) != 2:
                raise argparse.ArgumentTypeError("not two ids")
            pairs.append((positive(parts[0]), positive(parts[1])))
        except argparse.ArgumentTypeError:
            raise UserError(
                f"--pair {quoted(text)}: write two entrant ids, like --pair 3,7"
            ) from None
    return pairs


def _print_pairings(view: Any, ratings: dict[int, Any] | None = None) -> None:
    from gin_scorer.presentation.club_words import entrant_rating_text

    def named(entrant: Any) -> str:
        rated = entrant_rating_text((ratings or {}).get(entrant.id, ()))
        return f"{entrant.name} ({rated})" if rated else entrant.name

    print(f"Round {view.number} ({view.status})")
    for p in view.pairings:
        table = f"table {p.table:>3}" if p.table is not None else "   bye   "
        slot = f"  [{p.slot}]" if p.slot else ""
        if p.b is None:
            print(f"  {table}  {named(p.a)} has a bye{slot}")
        else:
            games = f"  {p.games_a}–{p.games_b}" if p.hands else ""
            print(f"  {table}  {named(p.a)} v {named(p.b)}{games}{slot}")
    for note in view.notes:
        print(f"  note: {note}")
    if ratings:
        print("  (ratings as the event began; ? = provisional)")


def run_start(args: argparse.Namespace) -> int:
    from gin_scorer.services import rounds

    with opened(args) as db:
        view = rounds.start_round(db, args.event, chosen=_parse_pairs(args.pair))
    _print_pairings(view)
    return 0


def run_preview(args: argparse.Namespace) -> int:
    from gin_scorer.services import rounds

    with opened(args) as db:
        planned = rounds.preview_round(db, args.event, chosen=_parse_pairs(args.pair))
    print(f"Round {planned.number} would be (nothing written yet):")
    for p in planned.pairings:
        table = f"table {p.table:>3}" if p.table is not None else "   bye   "
        slot = f"  [{p.slot}]" if p.slot else ""
        against = f"v {p.b.name}" if p.b is not None else "has a bye"
        print(f"  {table}  {p.a.name} {against}{slot}")
    for note in planned.notes:
        print(f"  note: {note}")
    return 0


def run_cancel(args: argparse.Namespace) -> int:
    from gin_scorer.services import rounds

    with opened(args) as db:
        taken_back = rounds.cancel_round(db, args.event)
    print(
        f"round {taken_back} taken back: pair it again with gin-scorer round start "
        f"--event {args.event}"
    )
    return 0


def run_show(args: argparse.Namespace) -> int:
    from gin_scorer.services import rounds
    from gin_scorer.services.ratings import entrant_ratings

    with opened(args) as db:
        view = rounds.get_round(db, args.event, args.round or _latest_round(db, args.event))
        ratings = entrant_ratings(db, args.event)
    if args.by_name:
        for line in view.by_name:
            where = f"table {line.table}" if line.table is not None else "bye"
            against = f"v {line.opponent}" if line.opponent else ""
            print(f"  {line.name:<28} {where:<10} {against}")
    else:
        _print_pairings(view, ratings)
    return 0


def run_status(args: argparse.Namespace) -> int:
    from gin_scorer.services import rounds

    with opened(args) as db:
        board = rounds.round_status(db, args.event, args.round or _latest_round(db, args.event))
        seal = seal_of(db)
    print(board.summary() + (f" (of {board.total_rounds} rounds)" if board.total_rounds else ""))
    for tl in board.lines:
        table = f"table {tl.table:>3}" if tl.table is not None else "   bye   "
        who = f"{tl.a} v {tl.b}" if tl.b else f"{tl.a} (bye)"
        plural = "hand" if tl.hands == 1 else "hands"
        extra = f"  {tl.score} after {tl.hands} {plural}" if tl.hands else ""
        mark = "  <- result missing" if tl.state.missing_result else ""
        print(f"  {table}  {tl.state.value:<8}  {who}{extra}{mark}")
    if board.event_complete:
        print("the event is complete")
    print(seal_text(seal))
    return 0
