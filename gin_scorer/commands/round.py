"""``gin-scorer round``: pair the next round (or preview it, or take it back); show a round's
pairings or the status board of its tables."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from operator import attrgetter
from typing import TYPE_CHECKING, Any

from gin_scorer.commands._arguments import positive, quoted
from gin_scorer.commands._database import opened
from gin_scorer.commands._errors import UserError
from gin_scorer.commands._players import players_phrase
from gin_scorer.commands._seal import seal_of, seal_text
from gin_scorer.presentation.club_words import entrant_rating_text
from gin_scorer.presentation.names import by_name
from gin_scorer.presentation.words import said_text, say, translate
from gin_scorer.services.queries.ratings import entrant_ratings
from gin_scorer.services.support.name_order import name_order
from gin_scorer.services.writes import rounds
from gin_scorer.services.writes.rounds import list_rounds
from gin_scorer.tournament.tables import TableState

if TYPE_CHECKING:
    from gin_scorer.services.support.database import Database
    from gin_scorer.tournament.tables import TableState


def _latest_round(db: Database, event_id: int) -> int:

    found = list_rounds(db, event_id)
    if not found:
        raise UserError(
            translate(
                "cli", "event {0} has no round yet: gin-scorer round start --event {0}"
            ).format(event_id)
        )
    return found[-1].number


def _parse_pairs(texts: Sequence[str]) -> list[tuple[int, ...]] | None:
    """Each ``--pair``'s entrant ids: two, or three at a three-player game's table (the
    services say which the event takes)."""

    if not texts:
        return None
    pairs = []
    for text in texts:
        parts = text.replace(" ", "").split(",")
        try:
            if len(parts) not in (2, 3):
                raise argparse.ArgumentTypeError("not two ids")  # caught below: never shown
            pairs.append(tuple(positive(part) for part in parts))
        except argparse.ArgumentTypeError:
            raise UserError(
                translate(
                    "cli",
                    "--pair {0}: write two entrant ids, like --pair 3,7 (three at a table of "
                    "three: --pair 3,7,9)",
                ).format(quoted(text))
            ) from None
    return pairs


def _table(table: int | None) -> str:
    """``table  12``, or ``bye`` in the same width."""
    if table is None:
        bye = translate("cli", "bye")
        return f"{bye:^9}"
    return translate("cli", "table {0}").format(f"{table:>3}")


def _three_state(p: Any) -> str:
    """A table of three's state on its line: who won it, or how many hands are in."""
    winner = next((e.name for e in p.players if e.id == p.winner), None)
    if winner is not None:
        return "  " + translate("cli", "won by {0}").format(winner)
    if p.hands == 1:
        return "  " + translate("cli", "1 hand")
    return "  " + translate("cli", "{0} hands").format(p.hands) if p.hands else ""


def _print_pairings(view: Any, ratings: dict[int, Any] | None = None) -> None:

    def named(entrant: Any) -> str:
        rated = entrant_rating_text((ratings or {}).get(entrant.id, ()))
        return f"{entrant.name} ({rated})" if rated else entrant.name

    print(translate("cli", "Round {0} ({1})").format(view.number, view.status))
    for p in view.pairings:
        slot = f"  [{p.slot}]" if p.slot else ""
        if p.b is None:
            pairing = translate("cli", "{0} has a bye").format(named(p.a))
            print(f"  {_table(p.table)}  {pairing}{slot}")
        elif p.c is not None:  # a table of three: its winner once won, its hands so far
            pairing = players_phrase([named(e) for e in p.players])
            print(f"  {_table(p.table)}  {pairing}{_three_state(p)}")
        else:
            games = f"  {p.games_a}–{p.games_b}" if p.hands else ""
            pairing = translate("cli", "{0} v {1}").format(named(p.a), named(p.b))
            print(f"  {_table(p.table)}  {pairing}{games}{slot}")
    for note in view.notes:
        print("  " + translate("cli", "note: {0}").format(say(note)))
    if ratings:
        print("  " + translate("cli", "(ratings as the event began; ? = provisional)"))


def run_start(args: argparse.Namespace) -> int:

    with opened(args) as db:
        view = rounds.start_round(db, args.event, chosen=_parse_pairs(args.pair))
    _print_pairings(view)
    return 0


def run_preview(args: argparse.Namespace) -> int:

    with opened(args) as db:
        planned = rounds.preview_round(db, args.event, chosen=_parse_pairs(args.pair))
    print(translate("cli", "Round {0} would be (nothing written yet):").format(planned.number))
    for p in planned.pairings:
        slot = f"  [{p.slot}]" if p.slot else ""
        if p.c is not None:
            pairing = players_phrase([e for e in (p.a, p.b, p.c) if e is not None])
        elif p.b is not None:
            pairing = translate("cli", "{0} v {1}").format(p.a.name, p.b.name)
        else:
            pairing = translate("cli", "{0} has a bye").format(p.a.name)
        print(f"  {_table(p.table)}  {pairing}{slot}")
    for note in planned.notes:
        print("  " + translate("cli", "note: {0}").format(say(note)))
    return 0


def run_cancel(args: argparse.Namespace) -> int:

    with opened(args) as db:
        taken_back = rounds.cancel_round(db, args.event)
    print(
        translate(
            "cli", "round {0} taken back: pair it again with gin-scorer round start --event {1}"
        ).format(taken_back, args.event)
    )
    return 0


def run_show(args: argparse.Namespace) -> int:

    with opened(args) as db:
        view = rounds.get_round(db, args.event, args.round or _latest_round(db, args.event))
        ratings = entrant_ratings(db, args.event)
        order = name_order(db)
    if args.by_name:
        for line in by_name(view.by_name, attrgetter("name"), order):
            if line.table is not None:
                where = translate("cli", "table {0}").format(line.table)
            else:
                where = translate("cli", "bye")
            against = translate("cli", "v {0}").format(line.opponent) if line.opponent else ""
            print(f"  {line.name:<28} {where:<10} {against}")
    else:
        _print_pairings(view, ratings)
    return 0


def _board_heading(board: Any) -> str:
    """``Round 3: 12 finished, 3 playing, 1 waiting (of 5 rounds)``."""
    counts = (board.round_number, len(board.finished), len(board.playing), len(board.waiting))
    disputed, total = len(board.disputed), board.total_rounds
    if disputed and total == 1:
        said = translate(
            "cli", "Round {0}: {1} finished, {2} playing, {3} waiting, {4} disputed (of 1 round)"
        )
        return said.format(*counts, disputed, total)
    if disputed and total:
        said = translate(
            "cli", "Round {0}: {1} finished, {2} playing, {3} waiting, {4} disputed (of {5} rounds)"
        )
        return said.format(*counts, disputed, total)
    if disputed:
        said = translate("cli", "Round {0}: {1} finished, {2} playing, {3} waiting, {4} disputed")
        return said.format(*counts, disputed)
    if total == 1:
        said = translate("cli", "Round {0}: {1} finished, {2} playing, {3} waiting (of 1 round)")
        return said.format(*counts, total)
    if total:
        said = translate("cli", "Round {0}: {1} finished, {2} playing, {3} waiting (of {4} rounds)")
        return said.format(*counts, total)
    return translate("cli", "Round {0}: {1} finished, {2} playing, {3} waiting").format(*counts)


def _state_word(state: TableState) -> str:
    """A table's state as the status board's column says it."""

    words = {
        TableState.WAITING: translate("cli", "waiting"),
        TableState.PLAYING: translate("cli", "playing"),
        TableState.FINISHED: translate("cli", "finished"),
        TableState.BYE: translate("cli", "bye"),
    }
    return words[state]


def _status_line(tl: Any) -> str:
    """One table of the status board."""
    if tl.b and tl.c:
        who = players_phrase([tl.a, tl.b, tl.c])
    elif tl.b:
        who = translate("cli", "{0} v {1}").format(tl.a, tl.b)
    else:
        who = translate("cli", "{0} (bye)").format(tl.a)
    # Every kind of result has its score: from hands (the games so far), or reported without
    # them — a slip, a forfeit, time called, a ruling — said with its kind ("3–1 (slip)").
    score = said_text(tl.score) if tl.score else ""
    extra = ""
    if tl.hands == 1:
        extra = "  " + translate("cli", "{0} after 1 hand").format(score)
    elif tl.hands:
        extra = "  " + translate("cli", "{0} after {1} hands").format(score, tl.hands)
    elif score:
        extra = f"  {score}"
    mark = "  " + translate("cli", "<- result missing") if tl.state.missing_result else ""
    return f"  {_table(tl.table)}  {_state_word(tl.state):<8}  {who}{extra}{mark}"


def run_status(args: argparse.Namespace) -> int:

    with opened(args) as db:
        board = rounds.round_status(db, args.event, args.round or _latest_round(db, args.event))
        seal = seal_of(db)
    print(_board_heading(board))
    for tl in board.lines:
        print(_status_line(tl))
    if board.event_complete:
        print(translate("cli", "the event is complete"))
    print(seal_text(seal))
    return 0
