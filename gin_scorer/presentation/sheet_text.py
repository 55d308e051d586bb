"""A match's score sheet as text for a terminal (``gin-scorer match sheet``): the hands with the
running totals, each closed game's line, where the match stands and, on request, the log.

Every cell comes from the words the app and the printouts use (:mod:`.hand_words`,
:mod:`.game_lines`); only the column layout is the terminal's own.
"""

from __future__ import annotations

from gin_scorer.core.ledgers import ledger_games
from gin_scorer.presentation.game_lines import closed_game_lines
from gin_scorer.presentation.hand_words import cli_hand_notes, describe_hand, scored_text
from gin_scorer.presentation.result_grammar import reported_result_text
from gin_scorer.presentation.seat_words import is_seated, seat_notes, seated_rule_line
from gin_scorer.services.dto import HandRow, ScoreSheet

_HEADINGS = (
    f"{'#':>3} {'id':>5} {'dl':<2} {'hand':<24} {'result':<9} {'pts':>5}  {'game':>4} "
    f"{'A':>6} {'B':>6}  notes"
)


def render_sheet(sheet: ScoreSheet, *, with_log: bool = False) -> str:
    """The score sheet as text for a terminal."""
    m = sheet.match
    b_name = m.b.name if m.b else "(bye)"
    lines = [
        f"match {m.id}: A = {m.a.name}   B = {b_name}   "
        f"({m.status.value}, version {sheet.version})",
        f"rules: {sheet.rules.name}",
    ]
    if is_seated(sheet.rules):
        lines.append(seated_rule_line(sheet.rules))
    lines += ["", _HEADINGS]
    lines += [_hand_line(row, seat_notes(sheet, row.number - 1)) for row in sheet.hands]
    lines += closed_game_lines(ledger_games(sheet.ledger), sheet.rules.box_value)
    lines += ["", *_standing_lines(sheet)]
    if with_log:
        lines += ["", "log:", *_log_lines(sheet)]
    return "\n".join(lines)


def _hand_line(row: HandRow, seat: str = "") -> str:
    result = row.result
    notes = "; ".join(n for n in (seat, cli_hand_notes(row)) if n)
    return (
        f"{row.number:>3} {row.hand_id:>5} {(row.dealer.value if row.dealer else ''):<2} "
        f"{describe_hand(row.record)[:24]:<24} {result.outcome.value:<9} "
        f"{scored_text(result):>5}  {row.game_number or '-':>4} {row.totals_after.a:>6} "
        f"{row.totals_after.b:>6}  " + notes
    )


def _standing_lines(sheet: ScoreSheet) -> list[str]:
    lines = [f"games won: A {sheet.games_won.a}, B {sheet.games_won.b}"]
    if sheet.hands:
        lines[0] += (
            f"; game {sheet.current_game}: A {sheet.current_totals.a}, B {sheet.current_totals.b}"
        )
    if sheet.result is not None:
        b_name = sheet.match.b.name if sheet.match.b else ""
        said = reported_result_text(sheet.result, sheet.match.a.name, b_name)
        lines.append(f"decided by a reported result — {said}")
    elif sheet.finished:
        winner = sheet.winner_entrant
        lines.append(f"finished: {winner.name if winner else 'no winner'} won")
    else:
        lines.append(f"next dealer: {sheet.next_dealer.value}")
    return lines


def _log_lines(sheet: ScoreSheet) -> list[str]:
    lines = []
    for e in sheet.log:
        what = e.kind.value + (f" of {e.supersedes_id}" if e.supersedes_id else "")
        force = "" if e.in_force else "  (replaced)"
        reason = f"  ({e.override_reason})" if e.override_reason else ""
        lines.append(
            f"  {e.id:>5}  hand {e.seq:<3} {what:<18} by {e.entered_by} at {e.station}, "
            f"{e.entered_at:%Y-%m-%d %H:%M:%S}{reason}{force}"
        )
    return lines


def hand_summary(sheet: ScoreSheet, row: HandRow | None = None) -> list[str]:
    """After a hand is entered: that hand (default: the newest) and where the match stands."""
    if row is None and sheet.hands:
        row = sheet.hands[-1]
    lines = []
    if row is not None:
        seat = seat_notes(sheet, row.number - 1)
        lines.append(
            f"hand {row.number} ({describe_hand(row.record)}): A {row.totals_after.a}, "
            f"B {row.totals_after.b} in game {row.game_number}" + (f" — {seat}" if seat else "")
        )
        lines += [f"  {p.severity.value}: {p.message}" for p in row.problems]
    lines.append(
        f"match {sheet.match.id}: {sheet.match.status.value}; games A {sheet.games_won.a}, "
        f"B {sheet.games_won.b}"
        + (f"; {sheet.winner_entrant.name} won" if sheet.winner_entrant else "")
    )
    return lines
