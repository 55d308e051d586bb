"""A player's page across every event: the events and matches played, head-to-head against
each opponent, statistics from the hands, and the rating with its history.

Everything is read from the facts each time (the events' results, each match's hand log):
the page can never disagree with the score sheets it sums.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from sqlmodel import Session, col, select

from gin_scorer.core.hands import Side
from gin_scorer.core.ledgers import SeatedMatch, ledger_games
from gin_scorer.core.ledgers.three_player import ThreePlayerGame
from gin_scorer.services.queries.club_facts import EventRecord, read_events
from gin_scorer.services.queries.players import PlayerView, get_player
from gin_scorer.services.queries.ratings import club_ratings
from gin_scorer.services.queries.rounds.model import MatchFacts
from gin_scorer.services.queries.seasons import night_of
from gin_scorer.services.queries.sheet_reading import sheet_in
from gin_scorer.store.database import Database
from gin_scorer.store.tables import Player
from gin_scorer.tournament.player_stats import PlayedMatch, PlayerStatistics, player_statistics
from gin_scorer.tournament.ratings import Rating, RatingPoint
from gin_scorer.tournament.season import NightLine


@dataclass(frozen=True, slots=True)
class PlayedLine:
    """One match of the player, from the player's side."""

    event_id: int
    event_name: str
    played_on: date
    round_number: int | None
    table: int | None
    opponent: str  # the opposing entrant's name ("" for a bye)
    result: str  # "won", "lost", "bye", "in play"
    kind: str  # "" played out; else slip, forfeit, time called …
    games_for: int
    games_against: int
    match_id: int


@dataclass(frozen=True, slots=True)
class EventLine:
    """The player's night or tournament: matches won and lost, and the place."""

    event_id: int
    name: str
    played_on: date
    won: int
    lost: int
    place: int | None
    field: int


@dataclass(frozen=True, slots=True)
class HeadToHead:
    opponent_id: int
    name: str
    won: int
    lost: int


@dataclass(frozen=True, slots=True)
class PlayerRecord:
    player: PlayerView
    rating: Rating
    history: tuple[RatingPoint, ...]
    events: tuple[EventLine, ...]
    matches: tuple[PlayedLine, ...]
    head_to_head: tuple[HeadToHead, ...]
    statistics: PlayerStatistics


def player_record(db: Database, player_id: int) -> PlayerRecord:
    """The player's page (NotFound for an unknown player)."""
    person = get_player(db, player_id)
    with db.transaction(write=False) as session:
        records = read_events(session)
        ratings = club_ratings(session, records)
        lines: list[PlayedLine] = []
        events: list[EventLine] = []
        played: list[PlayedMatch] = []
        meetings: dict[int, tuple[int, int]] = {}
        for record in records:
            mine = [e for e, people in record.people.items() if player_id in people]
            if not mine:
                continue
            entrant = mine[0]
            facts = [m for m in record.facts.matches if entrant in _sides(m)]
            for fact in sorted(facts, key=lambda m: (m.round_number or 0, m.row.id or 0)):
                seat = record.people[entrant].index(player_id)
                line, match = _line(session, record, fact, entrant, seat)
                lines.append(line)
                if match is not None:
                    played.append(match)
                    _meet(meetings, record, fact, entrant, match.won)
            events.append(_event_line(record, player_id))
        names = _names(session, list(meetings))
    h2h = tuple(
        sorted(
            (HeadToHead(o, names.get(o, f"#{o}"), w, lo) for o, (w, lo) in meetings.items()),
            key=lambda h: (-(h.won + h.lost), h.name.casefold()),
        )
    )
    return PlayerRecord(
        person,
        ratings.of(player_id),
        ratings.history.get(player_id, ()),
        tuple(events),
        tuple(lines),
        h2h,
        player_statistics(played),
    )


def _sides(fact: MatchFacts) -> tuple[int | None, ...]:
    return fact.seated


def _line(
    session: Session, record: EventRecord, fact: MatchFacts, entrant: int, seat: int = 0
) -> tuple[PlayedLine, PlayedMatch | None]:
    """The player's line of one match, and the match for the statistics (None: a bye).

    In a team match (partnerships, Tedesco teams) the statistics take only the hands the
    player played: those at their seat (``seat``: their place in the team)."""
    if fact.third is not None:
        return _three_line(session, record, fact, entrant)
    row = fact.row
    a_side = row.entrant_a_id == entrant
    other = row.entrant_b_id if a_side else row.entrant_a_id
    outcome = fact.outcome
    names = {e.id: e.name for e in record.facts.entrants}
    won = None if outcome is None else outcome.winner == entrant
    decided = "in play" if won is None else ("won" if won else "lost")
    result = "bye" if other is None else decided
    kind = outcome.kind.label if outcome is not None and outcome.kind.value != "played" else ""
    opponent = names.get(other, "") if other is not None else ""
    games = (fact.games_a, fact.games_b) if a_side else (fact.games_b, fact.games_a)
    line = _played_line(record, fact, opponent, result, kind, games)
    if other is None:
        return line, None
    sheet = sheet_in(session, row, validate=False)
    side = sheet.match.side_of(entrant)
    assert side is not None
    results = [h.result for h in sheet.hands]
    ledger = sheet.ledger
    if isinstance(ledger, SeatedMatch):  # only the hands at the player's own table
        seats = [ledger.seat(hand) for hand in range(len(results))]
        mine = [s.player_a if side is Side.A else s.player_b for s in seats]
        results = [r for r, who in zip(results, mine, strict=True) if who == seat]
    return line, PlayedMatch(side, tuple(results), ledger_games(sheet.ledger), won)


def _played_line(
    record: EventRecord,
    fact: MatchFacts,
    opponent: str,
    result: str,
    kind: str,
    games: tuple[int, int],
) -> PlayedLine:
    """The player's line of ``fact``: the event, round and table, and what became of it."""
    return PlayedLine(
        event_id=record.id,
        event_name=record.name,
        played_on=record.played_on,
        round_number=fact.round_number,
        table=fact.row.table_number,
        opponent=opponent,
        result=result,
        kind="forfeit" if fact.forfeit and not kind else kind,
        games_for=games[0],
        games_against=games[1],
        match_id=fact.row.id or 0,
    )


def _three_line(
    session: Session, record: EventRecord, fact: MatchFacts, entrant: int
) -> tuple[PlayedLine, PlayedMatch]:
    """The player's line of a table of three: both others as the opponents, won when the
    player beat both (the game's winner), its results between each two as "games"; for
    the statistics, the hands the player played (not those the player dealt and sat out)."""
    row = fact.row
    names = {e.id: e.name for e in record.facts.entrants}
    mine = [o for o in fact.outcomes if entrant in (o.a, o.b)]
    won = None if not mine else all(o.winner == entrant for o in mine)
    opponents = ", ".join(names.get(e, "") for e in fact.seated if e != entrant)
    result = "in play" if won is None else ("won" if won else "lost")
    games = (
        sum(o.winner == entrant for o in mine),
        sum(o.winner not in (None, entrant) for o in mine),
    )
    line = _played_line(record, fact, opponents, result, "", games)
    ledger = sheet_in(session, row, validate=False).ledger
    seat = fact.seated.index(entrant)
    table = ledger if isinstance(ledger, ThreePlayerGame) else None
    played = [h for h in table.lines if seat in h.players] if table else []
    sides = tuple(Side.A if h.players[0] == seat else Side.B for h in played)
    results = tuple(h.result for h in played)
    boxes = table.boxes[seat] if table else 0
    return line, PlayedMatch(Side.A, results, (), won, sides, boxes)


def _meet(
    meetings: dict[int, tuple[int, int]],
    record: EventRecord,
    fact: MatchFacts,
    entrant: int,
    won: bool | None,
) -> None:
    if won is None:
        return
    for outcome in fact.outcomes:  # a table of three: a result against each other player
        if entrant not in (outcome.a, outcome.b) or outcome.winner is None:
            continue
        other = outcome.opponent_of(entrant)
        beat = outcome.winner == entrant
        for opponent in record.players_of(other):
            w, lo = meetings.get(opponent, (0, 0))
            meetings[opponent] = (w + beat, lo + (not beat))


def _event_line(record: EventRecord, player_id: int) -> EventLine:
    """The player's line of one event, as the season counts it (:func:`night_of`)."""
    night = night_of(record).lines.get(player_id, NightLine(0, 0))
    return EventLine(
        record.id,
        record.name,
        record.played_on,
        night.won,
        night.lost,
        night.place,
        len(record.facts.entrants),
    )


def _names(session: Session, ids: list[int]) -> dict[int, str]:
    rows = session.exec(select(Player).where(col(Player.id).in_(ids)))
    return {p.id or 0: p.name for p in rows}
