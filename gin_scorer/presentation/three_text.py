"""A table of three's score sheet as text for a terminal (``gin-scorer match sheet``, ``hand
add``): each hand with who dealt and sat out and who played it, a running total per player,
and where the game stands. The words are :mod:`.three_words`' and :mod:`.hand_words`'; only the
column layout is the terminal's own.
"""

from __future__ import annotations

from gin_scorer.presentation.hand_words import cli_hand_notes, describe_hand, scored_text
from gin_scorer.presentation.three_words import (
    hand_dealer,
    hand_players,
    hand_words,
    next_hand_words,
    rule_line,
    seat_names,
    table_line,
    totals_after,
    totals_words,
)
from gin_scorer.presentation.words import translate
from gin_scorer.services.support.dto import HandRow, ScoreSheet


def three_sheet_lines(sheet: ScoreSheet, status: str) -> list[str]:
    """The sheet's heading, its hands and where the game stands (``status``: the match's
    status in words)."""
    m = sheet.match
    names = seat_names(sheet)
    heading = translate("three_text", "match {0}: {1}, {2} and {3}   ({4}, version {5})")
    lines = [
        heading.format(m.id, *names, status, sheet.version),
        translate("three_text", "rules: {0}").format(sheet.rules.name),
        rule_line(sheet.rules),
        "",
        _headings(names),
    ]
    lines += [_hand_line(sheet, row) for row in sheet.hands]
    lines += ["", table_line(sheet) or translate("three_text", "no hand yet")]
    following = next_hand_words(sheet)
    if following:
        lines.append(following)
    return lines


def _headings(names: tuple[str, str, str]) -> str:
    deals = translate("three_text", "deals")
    plays = translate("three_text", "plays")
    hand = translate("three_text", "hand")
    points = translate("three_text", "pts")
    notes = translate("three_text", "notes")
    totals = " ".join(f"{name[:8]:>8}" for name in names)
    return f"{'#':>3} {deals:<12} {plays:<24} {hand:<24} {points:>5} {totals}  {notes}"


def _hand_line(sheet: ScoreSheet, row: HandRow) -> str:
    index = row.number - 1
    players = hand_players(sheet, index) or ("", "")
    plays = translate("three_text", "{0} v {1}").format(*players)
    totals = totals_after(sheet, index) or (0, 0, 0)
    return (
        f"{row.number:>3} {hand_dealer(sheet, index)[:12]:<12} {plays[:24]:<24} "
        f"{describe_hand(row.record)[:24]:<24} {scored_text(row.result):>5} "
        + " ".join(f"{total:>8}" for total in totals)
        + f"  {cli_hand_notes(row)}"
    )


def three_hand_summary(sheet: ScoreSheet, row: HandRow | None, status: str) -> list[str]:
    """After a hand is entered at a table of three: who dealt and played it, the totals after
    it, and where the table stands."""
    lines = []
    if row is not None:
        index = row.number - 1
        totals = totals_after(sheet, index) or (0, 0, 0)
        said = translate("three_text", "{0} ({1}): {2}")
        lines.append(
            said.format(
                hand_words(sheet, index),
                describe_hand(row.record),
                totals_words(seat_names(sheet), totals),
            )
        )
    said = translate("three_text", "match {0}: {1}; {2}")
    lines.append(said.format(sheet.match.id, status, table_line(sheet)))
    return lines
