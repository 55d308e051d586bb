"""Handouts: table tents for a round, the sign-in sheet and name badges for an event."""

from __future__ import annotations

from operator import attrgetter
from pathlib import Path

from gin_scorer.core.ledgers import tables_of
from gin_scorer.core.wording import said
from gin_scorer.presentation.names import by_name
from gin_scorer.presentation.seat_words import deal_seating
from gin_scorer.presentation.words import translate
from gin_scorer.reports.handouts import (
    CHECKED_IN,
    WITHDRAWN,
    Person,
    Tent,
    render_badges,
    render_sign_in,
    render_tents,
)
from gin_scorer.reports.header import page_header
from gin_scorer.reports.reading import required_event, round_label, round_number
from gin_scorer.reports.request import (
    BadgesRequest,
    ReportError,
    SignInRequest,
    TentsRequest,
    need_db,
)
from gin_scorer.services.support.database import Database
from gin_scorer.services.support.dto import EntrantStatus, EntrantView
from gin_scorer.services.support.name_order import name_order
from gin_scorer.services.writes.entrants import list_entrants
from gin_scorer.services.writes.rounds import PairingView, get_round
from gin_scorer.services.writes.table_links import table_links


def make_tents(db: Database | None, out: Path, options: TentsRequest) -> Path:
    """A tent card for each table of the round (the latest unless --round), table order."""
    event = required_event(db, options)
    database = need_db(db)
    number = round_number(database, event, options.round_number)
    tables = [p for p in get_round(database, event.id, number).pairings if p.table is not None]
    if not tables:
        raise ReportError(
            said("round {0} of {1} has no tables to put a card on", number, event.name)
        )
    line = translate("reports", "{0} · Round {1}").format(event.name, number)
    urls: dict[int, str] = {}
    if options.room:  # each table's own page in the room, as a QR code on its card
        base = options.room.rstrip("/")
        urls = {link.match_id: base + link.path for link in table_links(database, event.id, number)}
    seats = tables_of(event.rules)
    tents = [
        tent
        for p in sorted(tables, key=lambda p: p.table or 0)
        for tent in (_card_tables(p, seats, line, urls) if seats else [_tent(p, line, urls)])
    ]
    header = page_header(db, translate("reports", "Table tents"), event, round_label(number))
    return render_tents(out, header, tents, paper=options.paper)


def _tent(p: PairingView, line: str, urls: dict[int, str]) -> Tent:
    b = p.b.name if p.b is not None else ""
    c = p.c.name if p.c is not None else ""
    return Tent(str(p.table), p.a.name, b, line, urls.get(p.match_id, ""), player_c=c)


def _card_tables(p: PairingView, tables: int, line: str, urls: dict[int, str]) -> list[Tent]:
    """A team match takes a card table a player (3a, 3b …): a tent for each, with who sits
    there for the first deal (opponents move on each deal; the table's page says who next)."""
    first = translate("reports", "{0} · deal 1; opponents move on each deal").format(line)
    url = urls.get(p.match_id, "")
    return [Tent(t, a, b, first, url) for t, a, b in deal_seating(p.a, p.b, p.table, tables, 0)]


def _people(db: Database, event_id: int) -> list[Person]:
    """Every player in name order (by surname, unless the director chose the names as typed:
    decision 0024): a team's players each on their own line (and badge), with the team they
    play for."""

    def players(entrant: EntrantView) -> list[Person]:
        note = WITHDRAWN if entrant.status is EntrantStatus.WITHDRAWN else ""
        note = note or (CHECKED_IN if entrant.checked_in else "")
        seed = str(entrant.seed or "")
        if len(entrant.members) < 2:
            return [Person(entrant.name, entrant.club, entrant.member_number, seed, note)]
        number = entrant.member_number  # the member number entered is the first player's
        return [
            Person(name, entrant.club, number if i == 0 else "", seed, note, team=entrant.name)
            for i, name in enumerate(entrant.members)
        ]

    people = [p for e in list_entrants(db, event_id) for p in players(e)]
    return by_name(people, attrgetter("name"), name_order(db))


def make_sign_in(db: Database | None, out: Path, options: SignInRequest) -> Path:
    """Every entrant A to Z, a box to tick and a line to sign (those checked in: ticked)."""
    event = required_event(db, options)
    people = _people(need_db(db), event.id)
    header = page_header(db, translate("reports", "Sign-in sheet"), event)
    return render_sign_in(out, header, people, paper=options.paper)


def make_badges(db: Database | None, out: Path, options: BadgesRequest) -> Path:
    """A name badge for each entrant still in the event, A to Z."""
    event = required_event(db, options)
    people = [p for p in _people(need_db(db), event.id) if p.note != WITHDRAWN]
    if not people:
        raise ReportError(said("{0} has no entrants yet: add them, then print badges", event.name))
    header = page_header(db, translate("reports", "Name badges"), event)
    return render_badges(out, header, people, event.name, paper=options.paper)
