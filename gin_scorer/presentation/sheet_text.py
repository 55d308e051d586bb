"""A match's score sheet as text for a terminal (``gin-scorer match sheet``): the hands with the
running totals, each closed game's line, where the match stands and, on request, the log.

Every cell comes from the words the app and the printouts use (:mod:`.hand_words`,
:mod:`.game_lines`); only the column layout is the terminal's own. Every word goes through
:func:`~gin_scorer.presentation.words.translate` (context ``sheet_text``), so the command line
says the sheet in the terminal's language; the sides stay ``A`` and ``B``, as the sheet's
first line names them.
"""

from __future__ import annotations

from gin_scorer.core.hands import Outcome
from gin_scorer.core.ledgers import ledger_games
from gin_scorer.core.ledgers.profiles import profile_of
from gin_scorer.presentation.format_profiles import sheet_profile
from gin_scorer.presentation.game_lines import closed_game_lines
from gin_scorer.presentation.hand_words import (
    cli_hand_notes,
    describe_hand,
    problem_text,
    scored_text,
)
from gin_scorer.presentation.result_grammar import reported_result_text
from gin_scorer.presentation.seat_words import seat_notes
from gin_scorer.presentation.three_text import three_hand_summary, three_sheet_lines
from gin_scorer.presentation.words import QT_TRANSLATE_NOOP, translate
from gin_scorer.services.support.dto import EntryKind, HandRow, LogEntry, MatchStatus, ScoreSheet

# The "result" column's word for each outcome: short, as a terminal's column has room for.
_OUTCOMES = {
    Outcome.KNOCK: QT_TRANSLATE_NOOP("sheet_text", "knock"),
    Outcome.UNDERCUT: QT_TRANSLATE_NOOP("sheet_text", "undercut"),
    Outcome.GIN: QT_TRANSLATE_NOOP("sheet_text", "gin"),
    Outcome.BIG_GIN: QT_TRANSLATE_NOOP("sheet_text", "big_gin"),
    Outcome.DEAD: QT_TRANSLATE_NOOP("sheet_text", "dead"),
    Outcome.MISDEAL: QT_TRANSLATE_NOOP("sheet_text", "misdeal"),
    Outcome.TIE: QT_TRANSLATE_NOOP("sheet_text", "tie"),
}
_STATUSES = {
    MatchStatus.PENDING: QT_TRANSLATE_NOOP("sheet_text", "pending"),
    MatchStatus.PLAYING: QT_TRANSLATE_NOOP("sheet_text", "playing"),
    MatchStatus.FINISHED: QT_TRANSLATE_NOOP("sheet_text", "finished"),
    MatchStatus.LOCKED: QT_TRANSLATE_NOOP("sheet_text", "locked"),
}


NUMBERS_LEGEND = QT_TRANSLATE_NOOP(
    "sheet_text",
    "# is the hand's number on the sheet (hand correct/void --hand N); entry is its row in "
    "the hand log (--entry ID)",
)
"""Under the hands: which of the two numbers is which, and where each is typed."""


def void_note() -> str:
    """Why a dealer may deal twice in a row after a voided hand: the rules' answer (a hand
    that counts nowhere changes nobody's turn to deal; the sources re-deal by the same
    dealer after a cancelled hand, rules.md "A hand"), said on the sheet."""
    return translate(
        "sheet_text",
        "a voided hand counts nowhere and the hands after it keep the dealer who dealt them: "
        "the next dealer follows the hands that count, as after a misdeal",
    )


def _status(status: MatchStatus) -> str:
    return translate("sheet_text", _STATUSES[status])


def _headings() -> str:
    """The hands' column headings (``#``, and the sides' letters, are the same in any
    language)."""
    number = translate("sheet_text", "entry")
    dealer = translate("sheet_text", "dl")  # who dealt
    hand = translate("sheet_text", "hand")
    result = translate("sheet_text", "result")
    points = translate("sheet_text", "pts")
    game = translate("sheet_text", "game")
    notes = translate("sheet_text", "notes")
    return (
        f"{'#':>3} {number:>5} {dealer:<2} {hand:<24} {result:<9} {points:>5}  {game:>4} "
        f"{'A':>6} {'B':>6}  {notes}"
    )


def render_sheet(sheet: ScoreSheet, *, with_log: bool = False) -> str:
    """The score sheet as text for a terminal."""
    if profile_of(sheet.rules).per_player:  # a table of three: a total column per player
        lines = three_sheet_lines(sheet, _status(sheet.match.status))
        if with_log:
            lines += ["", translate("sheet_text", "log:"), *_log_lines(sheet)]
        return "\n".join(lines)
    m = sheet.match
    b_name = m.b.name if m.b else translate("sheet_text", "(bye)")
    heading = translate("sheet_text", "match {0}: A = {1}   B = {2}   ({3}, version {4})")
    lines = [
        heading.format(m.id, m.a.name, b_name, _status(m.status), sheet.version),
        translate("sheet_text", "rules: {0}").format(sheet.rules.name),
    ]
    rule_line = sheet_profile(sheet.rules).rule_line(sheet.rules)
    if rule_line:  # a team match's seating and scoring
        lines.append(rule_line)
    lines += ["", _headings()]
    lines += [_hand_line(row, seat_notes(sheet, row.number - 1)) for row in sheet.hands]
    lines += closed_game_lines(ledger_games(sheet.ledger), sheet.rules.box_value)
    if sheet.hands:
        lines.append(translate("sheet_text", NUMBERS_LEGEND))
    if any(e.kind is EntryKind.VOID and e.in_force for e in sheet.log):
        lines.append(void_note())
    lines += ["", *_standing_lines(sheet)]
    if with_log:
        lines += ["", translate("sheet_text", "log:"), *_log_lines(sheet)]
    return "\n".join(lines)


def _hand_line(row: HandRow, seat: str = "") -> str:
    result = row.result
    notes = "; ".join(n for n in (seat, cli_hand_notes(row)) if n)
    outcome = translate("sheet_text", _OUTCOMES[result.outcome])
    return (
        f"{row.number:>3} {row.hand_id:>5} {(row.dealer.value if row.dealer else ''):<2} "
        f"{describe_hand(row.record)[:24]:<24} {outcome:<9} "
        f"{scored_text(result):>5}  {row.game_number or '-':>4} {row.totals_after.a:>6} "
        f"{row.totals_after.b:>6}  " + notes
    )


def _standing_lines(sheet: ScoreSheet) -> list[str]:
    won = sheet.games_won
    if sheet.hands:
        now = sheet.current_totals
        said = translate("sheet_text", "games won: A {0}, B {1}; game {2}: A {3}, B {4}")
        lines = [said.format(won.a, won.b, sheet.current_game, now.a, now.b)]
    else:
        lines = [translate("sheet_text", "games won: A {0}, B {1}").format(won.a, won.b)]
    if sheet.result is not None:
        b_name = sheet.match.b.name if sheet.match.b else ""
        reported = reported_result_text(sheet.result, sheet.match.a.name, b_name)
        lines.append(translate("sheet_text", "decided by a reported result — {0}").format(reported))
    elif sheet.finished:
        winner = sheet.winner_entrant
        if winner is not None:
            lines.append(translate("sheet_text", "finished: {0} won").format(winner.name))
        else:
            lines.append(translate("sheet_text", "finished: no winner"))
    else:
        lines.append(translate("sheet_text", "next dealer: {0}").format(sheet.next_dealer.value))
    return lines


def _log_what(row: LogEntry) -> str:
    """What a log row did: ``recorded``, ``corrects entry 2``, ``voids entry 3``, ``undoes
    entry 4`` (an undo or a redo: the log's link, decision 0029)."""
    if row.undoes_id is not None:
        return translate("sheet_text", "undoes entry {0}").format(row.undoes_id)
    if row.kind is EntryKind.CORRECTION:
        if row.supersedes_id is None:
            return translate("sheet_text", "correction")
        return translate("sheet_text", "corrects entry {0}").format(row.supersedes_id)
    if row.kind is EntryKind.VOID:
        if row.supersedes_id is None:
            return translate("sheet_text", "void")
        return translate("sheet_text", "voids entry {0}").format(row.supersedes_id)
    return translate("sheet_text", "recorded")


def _log_lines(sheet: ScoreSheet) -> list[str]:
    """The hand log: each row's own id (``entry``), the hand it is about by its number on the
    sheet (or "voided" when it counts nowhere now), what it did, who, where and when."""
    numbers = _sheet_numbers(sheet)
    lines = []
    for e in sheet.log:
        said = translate("sheet_text", "entry {0}  {1}  {2} by {3} at {4}, {5}").format(
            f"{e.id:<5}",
            f"{numbers.get(e.seq, translate('sheet_text', 'voided')):<8}",
            f"{_log_what(e):<24}",
            e.entered_by,
            e.station,
            f"{e.entered_at:%Y-%m-%d %H:%M:%S}",
        )
        reason = f"  ({e.override_reason})" if e.override_reason else ""
        force = "" if e.in_force else "  " + translate("sheet_text", "(replaced)")
        lines.append(f"  {said}{reason}{force}")
    return lines


def _sheet_numbers(sheet: ScoreSheet) -> dict[int, str]:
    """Each log slot's hand as the sheet numbers it now (``hand 3``); a slot whose hand was
    voided has none."""
    by_entry = {row.hand_id: row.number for row in sheet.hands}
    slots: dict[int, str] = {}
    for e in sheet.log:
        if e.in_force and e.id in by_entry:
            slots[e.seq] = translate("sheet_text", "hand {0}").format(by_entry[e.id])
    return slots


def hand_summary(sheet: ScoreSheet, row: HandRow | None = None) -> list[str]:
    """After a hand is entered: that hand (default: the newest) and where the match stands."""
    if row is None and sheet.hands:
        row = sheet.hands[-1]
    if profile_of(sheet.rules).per_player:
        lines = three_hand_summary(sheet, row, _status(sheet.match.status))
        problems = [f"  {problem_text(p)}" for p in row.problems] if row is not None else []
        return lines[:-1] + problems + lines[-1:]
    lines = []
    if row is not None:
        lines.append(_hand_summary_line(sheet, row))
        lines += [f"  {problem_text(p)}" for p in row.problems]
    lines.append(
        translate("sheet_text", "match {0}: {1}").format(sheet.match.id, match_standing(sheet))
    )
    return lines


def match_standing(sheet: ScoreSheet) -> str:
    """Where a match stands, in one phrase: ``finished: Uma Roy won, games 3–0`` (the winner's
    games first), or ``playing; games A 1, B 0``."""
    won, status = sheet.games_won, _status(sheet.match.status)
    winner = sheet.winner_entrant
    if winner is not None and (profile_of(sheet.rules).per_player or sheet.winner is None):
        return translate("sheet_text", "{0}: {1} won").format(status, winner.name)
    if winner is not None and sheet.winner is not None:
        high, low = won[sheet.winner], won[sheet.winner.other]
        said = translate("sheet_text", "{0}: {1} won, games {2}–{3}")
        return said.format(status, winner.name, high, low)
    if profile_of(sheet.rules).per_player:
        return status
    return translate("sheet_text", "{0}; games A {1}, B {2}").format(status, won.a, won.b)


def _hand_summary_line(sheet: ScoreSheet, row: HandRow) -> str:
    """``hand 1 (A knocks 7 v 15): A 8, B 0 in game 1``, and who played it at a team match."""
    what, after = describe_hand(row.record), row.totals_after
    seat = seat_notes(sheet, row.number - 1)
    if seat:
        said = translate(
            "sheet_text", "hand {0} ({1}, log entry {2}): A {3}, B {4} in game {5} — {6}"
        )
        return said.format(row.number, what, row.hand_id, after.a, after.b, row.game_number, seat)
    said = translate("sheet_text", "hand {0} ({1}, log entry {2}): A {3}, B {4} in game {5}")
    return said.format(row.number, what, row.hand_id, after.a, after.b, row.game_number)
