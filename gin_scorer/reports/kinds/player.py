"""The player sheet: one entrant's matches in an event, with hands won, gins and undercuts,
and the entrant's current place."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from gin_scorer.core.hands import Outcome, Side
from gin_scorer.core.ledgers import PerSide
from gin_scorer.core.ledgers.three_player import ThreePlayerGame
from gin_scorer.core.wording import said
from gin_scorer.presentation.result_grammar import kind_word
from gin_scorer.presentation.words import translate
from gin_scorer.reports.header import page_header
from gin_scorer.reports.kinds.player_three import three_lines
from gin_scorer.reports.player_sheet import (
    LineResult,
    PlayerMatchLine,
    PlayerSummary,
    render_player_sheet,
)
from gin_scorer.reports.request import PlayerRequest, ReportError, need_db
from gin_scorer.services.queries.sheets import summary_of
from gin_scorer.services.queries.standings import standings
from gin_scorer.services.support.database import Database
from gin_scorer.services.support.dto import EventView, ScoreSheet
from gin_scorer.services.support.errors import ServiceError
from gin_scorer.services.writes.entrants import get_entrant
from gin_scorer.services.writes.events import get_event
from gin_scorer.services.writes.matches import get_score_sheet, list_matches


@dataclass(frozen=True)
class HandCounts:
    """One side's hands in one match: played, won, and of those won, gins and undercuts."""

    hands: int = 0
    won: int = 0
    gins: int = 0  # big gins included
    undercuts: int = 0


def hand_counts(sheet: ScoreSheet, side: Side) -> HandCounts:
    """Hands won, gins (big gins included) and undercuts of ``side`` in one score sheet."""
    won = [row.result for row in sheet.hands if row.result.winner is side]
    return HandCounts(
        hands=len(sheet.hands),
        won=len(won),
        gins=sum(1 for r in won if r.outcome in (Outcome.GIN, Outcome.BIG_GIN)),
        undercuts=sum(1 for r in won if r.outcome is Outcome.UNDERCUT),
    )


def player_line(sheet: ScoreSheet, entrant_id: int) -> PlayerMatchLine:
    """One match of ``entrant_id`` as the player sheet prints it, from its score sheet."""
    match = sheet.match
    side = match.side_of(entrant_id)
    if side is None:
        raise ReportError(said("entrant {0} does not play match {1}", entrant_id, match.id))
    opponent = match.entrant(side.other)
    totals = summary_of(sheet.ledger).totals
    reported = sheet.result
    if reported is not None and reported.slip_totals is not None:  # a slip's game totals
        totals = reported.slip_totals
    elif reported is not None and reported.kind.unplayed:  # what the forfeit credits
        totals = PerSide(max(reported.margin, 0), max(-reported.margin, 0))
    # Time called and rulings: the points the hands made stand.
    counts = hand_counts(sheet, side)
    if sheet.finished:
        result = LineResult.WON if sheet.winner is side else LineResult.LOST
    else:
        result = LineResult.IN_PLAY if sheet.hands else LineResult.TO_PLAY
    return PlayerMatchLine(
        round=str(match.round_number or ""),
        table=str(match.table_number or ""),
        opponent=opponent.name if opponent is not None else "",
        result=result,
        games_for=sheet.games_won[side],
        games_against=sheet.games_won[side.other],
        points_for=totals[side],
        points_against=totals[side.other],
        hands_played=counts.hands,
        hands_won=counts.won,
        gins=counts.gins,
        undercuts=counts.undercuts,
        kind=kind_word(reported.kind) if reported is not None else "",
        points_known=reported is None or reported.points_known,
    )


def _place_of(db: Database, event: EventView, entrant_id: int) -> str:
    """The entrant's place in the event's current standings ("3=" when shared), if ranked."""
    try:
        rows = standings(db, event.id)
    except ServiceError:  # a format without standings (a club night that never paired)
        return ""
    for row in rows:
        if row.entrant.id == entrant_id:
            return translate("player", "{0} of {1}").format(row.place_label, len(rows))
    return ""


def make_player(db: Database | None, out: Path, options: PlayerRequest) -> Path:
    if options.entrant_id is None:
        raise ReportError(said("the player sheet needs an entrant: give --entrant ID"))
    database = need_db(db)
    entrant = get_entrant(database, options.entrant_id)
    if options.event_id is not None and entrant.event_id != options.event_id:
        raise ReportError(
            said(
                "entrant {0} ({1}) is not in event {2}", entrant.id, entrant.name, options.event_id
            )
        )
    event = get_event(database, entrant.event_id)
    matches = list_matches(database, event.id)
    mine = [m for m in matches if entrant.id in (e.id for e in m.players)]
    mine.sort(key=lambda m: (m.round_number or 0, m.id))
    lines = []
    for m in mine:
        if m.b is None:
            bye = PlayerMatchLine(
                str(m.round_number or ""), "", "", LineResult.BYE, 0, 0, 0, 0, 0, 0, 0, 0
            )
            lines.append(bye)
            continue
        sheet = get_score_sheet(database, m.id)
        if isinstance(sheet.ledger, ThreePlayerGame):  # a line against each other player
            lines += three_lines(sheet, sheet.ledger, entrant.id)
        else:
            lines.append(player_line(sheet, entrant.id))
    player = PlayerSummary(
        name=entrant.name,
        club=entrant.club,
        seed=str(entrant.seed or ""),
        status=translate("player", "withdrawn") if not entrant.active else "",
        place=_place_of(database, event, entrant.id),
    )
    header = page_header(db, translate("player", "Player sheet"), event)
    return render_player_sheet(out, header, player, lines, paper=options.paper)
