"""A table of three on the desk's sheet (decision 0014): the columns a paper pad of three
players has — who dealt (and sat out), who played, what the hand scored, and each
player's running total under their name — and what the pane says above and after the hands.

Every word comes from :mod:`gin_scorer.presentation.three_words` or is a whole sentence
translated here; the numbers are the three-player ledger's, never added up by the desk.
"""

from __future__ import annotations

import html
from dataclasses import dataclass

from gin_scorer.core.ledgers.three_player import ThreePlayerLine
from gin_scorer.gui.i18n import translate
from gin_scorer.gui.match_words import withdrawn_html
from gin_scorer.presentation.hand_words import describe_result
from gin_scorer.presentation.match_place import match_place
from gin_scorer.presentation.three_words import (
    players_phrase,
    seat_names,
    table_line,
    three_table,
)
from gin_scorer.services.support.dto import HandRow, ScoreSheet


@dataclass(frozen=True, slots=True)
class ThreeKey:
    """A table of three's own column: who played the hand (``players``), what it scored
    (``scored``), or a player's running total (``total``, seat 0, 1 or 2)."""

    kind: str
    seat: int = 0


PLAYERS = ThreeKey("players")
SCORED = ThreeKey("scored")
TOTALS = (ThreeKey("total", 0), ThreeKey("total", 1), ThreeKey("total", 2))


def line_of(sheet: ScoreSheet, hand: int) -> ThreePlayerLine | None:
    """The ledger's line of the ``hand``-th hand (0-based); ``None`` for a hand after the
    game was decided (it counts nowhere) and for a match of two sides."""
    game = three_table(sheet)
    if game is None or hand >= len(game.lines):
        return None
    return game.lines[hand]


def header(sheet: ScoreSheet | None, key: ThreeKey) -> str:
    """The column's heading: ``Plays``, ``Points``, or a player's name over ``total``."""
    if key.kind == "players":
        return translate("ScoreSheetModel", "Plays")
    if key.kind == "scored":
        return translate("ScoreSheetModel", "Points")
    names = seat_names(sheet) if sheet is not None else ("?", "?", "?")
    return translate("ScoreSheetModel", "{0}\ntotal").format(names[key.seat])


def dealer_cell(sheet: ScoreSheet, hand: int) -> str:
    """Who dealt the hand and sat it out ("" for a hand that counts nowhere)."""
    line = line_of(sheet, hand)
    return "" if line is None else seat_names(sheet)[line.dealer]


def cell(sheet: ScoreSheet, hand: int, row: HandRow, key: ThreeKey) -> str:
    """A three-player column's text on the ``hand``-th hand's line."""
    line = line_of(sheet, hand)
    if line is None:
        return ""
    names = seat_names(sheet)
    if key.kind == "players":
        return players_phrase([names[seat] for seat in line.players])
    if key.kind == "scored":  # whose it is shows in the totals beside it
        return str(row.result.points) if line.winner is not None and row.result.points else ""
    return str(line.totals[key.seat])


def title(sheet: ScoreSheet) -> str:
    """``Round 1 · Table 2 — Ann, Bob and Cat``."""
    players = players_phrase(sheet.match.players)
    place = match_place(sheet.match)
    return translate("MatchPanel", "{0} — {1}").format(place, players) if place else players


def scoreboard_html(sheet: ScoreSheet) -> str:
    """``Points: Ann 0 · Cat 60 · Eve 0 · rules: …``; once won, the winner and the final
    totals in bold, first."""
    game = three_table(sheet)
    said = html.escape(table_line(sheet))
    rules = translate("MatchPanel", "rules: {0}").format(html.escape(sheet.rules.name))
    parts = [f"<b>{said}</b>" if game is not None and game.finished else said, rules]
    if sheet.match.withdrawn:
        parts.append(withdrawn_html(sheet))
    if sheet.match.locked:
        parts.append(translate("MatchPanel", "🔒 locked"))
    return " &nbsp;·&nbsp; ".join(parts)


def saved_text(before: ScoreSheet, after: ScoreSheet, number: int, verb: str) -> str:
    """After a hand is saved at a table of three: ``hand 3 recorded: gin: Cat scores 60`` in
    the names of the two who played it, and the game won by it; ``""`` for two sides."""
    line = line_of(after, number - 1)
    if line is None:
        return ""
    names = seat_names(after)
    played = (names[line.players[0]], names[line.players[1]])
    row = next((h for h in after.hands if h.number == number), None)
    if row is None:
        return ""
    text = translate("ScoringPage", "hand {0} {1}: {2}").format(
        number, verb, describe_result(row.result, played)
    )
    if after.finished and not before.finished:
        text = translate("ScoringPage", "{0} — {1}").format(text, table_line(after))
    return text
