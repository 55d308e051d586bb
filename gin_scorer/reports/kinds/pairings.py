"""Pairings: a round's table assignments, by table and by name, with the engine's notes and,
at a club with a history, each entrant's rating as the event began."""

from __future__ import annotations

from pathlib import Path

from gin_scorer.presentation.club_words import entrant_rating_text
from gin_scorer.presentation.words import say, translate
from gin_scorer.reports.header import page_header
from gin_scorer.reports.pairings import PairingLine, render_pairings
from gin_scorer.reports.reading import required_event, round_label, round_number
from gin_scorer.reports.request import PairingsRequest, need_db
from gin_scorer.services.queries.ratings import entrant_ratings
from gin_scorer.services.support.database import Database
from gin_scorer.services.support.dto import EntrantView
from gin_scorer.services.support.name_order import name_order
from gin_scorer.services.writes.rounds import get_round


def make_pairings(db: Database | None, out: Path, options: PairingsRequest) -> Path:
    event = required_event(db, options)
    database = need_db(db)
    number = round_number(database, event, options.round_number)
    round_view = get_round(database, event.id, number)
    ratings = entrant_ratings(database, event.id)

    def rating(entrant: EntrantView | None) -> str:
        return entrant_rating_text(ratings.get(entrant.id, ())) if entrant is not None else ""

    lines = [
        PairingLine(
            table=str(p.table or ""),
            player_a=p.a.name,
            player_b=p.b.name if p.b is not None else "",
            club_a=p.a.club,
            club_b=p.b.club if p.b is not None else "",
            note=p.slot or "",
            rating_a=rating(p.a),
            rating_b=rating(p.b),
            player_c=p.c.name if p.c is not None else "",
            club_c=p.c.club if p.c is not None else "",
            rating_c=rating(p.c),
        )
        for p in round_view.pairings
    ]
    header = page_header(db, translate("reports", "Pairings"), event, round_label(number))
    notes = tuple(say(note) for note in round_view.notes)
    if ratings:
        said = translate(
            "reports", "Ratings as the event began (? = provisional, fewer than 5 rated matches)"
        )
        notes = (*notes, said)
    order = name_order(database)
    return render_pairings(out, header, lines, paper=options.paper, notes=notes, order=order)
