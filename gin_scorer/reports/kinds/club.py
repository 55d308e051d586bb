"""The club's reports: a season's table (--season) and a player's page across every event
(--player)."""

from __future__ import annotations

from pathlib import Path

from gin_scorer.core.wording import said
from gin_scorer.presentation.words import translate
from gin_scorer.reports.club import render_player_page, render_season
from gin_scorer.reports.header import page_header
from gin_scorer.reports.request import PlayerPageRequest, ReportError, SeasonRequest, need_db
from gin_scorer.services.queries.player_record import player_record
from gin_scorer.services.queries.seasons import season_standing
from gin_scorer.services.support.database import Database


def make_season(db: Database | None, out: Path, options: SeasonRequest) -> Path:
    if options.season_id is None:
        raise ReportError(said("the season table needs a season: give --season ID"))
    standing = season_standing(need_db(db), options.season_id)
    nights = len(standing.nights)
    if nights == 1:
        stage = translate("reports", "1 night")
    elif nights:
        stage = translate("reports", "{0} nights").format(nights)
    else:
        stage = translate("reports", "no nights yet")
    title = translate("reports", "Season table — {0}").format(standing.season.name)
    header = page_header(db, title, None, stage)
    return Path(render_season(str(out), header, standing, options.paper))


def make_player_page(db: Database | None, out: Path, options: PlayerPageRequest) -> Path:
    if options.player_id is None:
        raise ReportError(said("the player's page needs a player: give --player ID"))
    record = player_record(need_db(db), options.player_id)
    title = translate("reports", "Player — {0}").format(record.player.name)
    header = page_header(db, title, None, record.player.club)
    return Path(render_player_page(str(out), header, record, options.paper))
