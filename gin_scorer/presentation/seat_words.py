"""Who played a hand of a partnership, as the room says it: ``Deal 2 · table 3b: Bob v Eve``.

A partnership match takes two card tables; the room numbers them after the match's table
(3a and 3b for table 3). Hands are entered table by table, deal by deal
(:func:`~gin_scorer.core.ledgers.seat_of`), so the seat of every hand follows from its
position (a misdeal shares its seat with the re-deal). Every other format has one table and
one player a side: no seat words.
"""

from __future__ import annotations

from gin_scorer.core.hands import Outcome
from gin_scorer.core.ledgers import seat_of
from gin_scorer.core.ledgers.partnership_match import seat_numbers
from gin_scorer.core.rules import MatchFormat, RuleSet
from gin_scorer.services.dto import EntrantView, MatchView, ScoreSheet

TABLE_LETTERS = "ab"


def plays_partnerships(rules: RuleSet) -> bool:
    return rules.match_format is MatchFormat.PARTNERSHIP


def card_table(match: MatchView, table: int) -> str:
    """The card table's name: ``3a`` / ``3b`` (or ``a`` / ``b`` for a match with no table).

    Table 0 is the first.
    """
    number = "" if match.table_number is None else str(match.table_number)
    return f"{number}{TABLE_LETTERS[table]}"


def member(entrant: EntrantView | None, index: int) -> str:
    """A team's ``index``-th player (0: the entrant, 1: the partner), or the team's name when
    the entrant is not a team."""
    if entrant is None:
        return "(bye)"
    members = entrant.members
    return members[index] if index < len(members) else entrant.name


def seat_number(sheet: ScoreSheet, hand: int | None = None) -> int:
    """The seat (:func:`~gin_scorer.core.ledgers.seat_of`'s index) of the sheet's
    ``hand``-th hand (0-based; default: the next one to enter)."""
    results = [row.result for row in sheet.hands]
    if hand is not None and hand < len(results):
        return seat_numbers(results)[hand]
    return sum(1 for result in results if result.outcome is not Outcome.MISDEAL)


def seat_words(sheet: ScoreSheet, hand: int | None = None) -> str:
    """``Deal 2 · table 3b: Bob v Eve`` for the ``hand``-th hand (0-based; default: the next)
    of a partnership; ``""`` for every other format."""
    if not plays_partnerships(sheet.rules):
        return ""
    match = sheet.match
    seat = seat_of(seat_number(sheet, hand))
    a = member(match.a, seat.player_a)
    b = member(match.b, seat.player_b)
    return f"Deal {seat.deal + 1} · table {card_table(match, seat.table)}: {a} v {b}"


def next_seat_words(sheet: ScoreSheet) -> str:
    """The seat of the next hand to enter: what the entry line says."""
    words = seat_words(sheet)
    return f"next: {words}" if words else ""


def partnership_rule_line(rules: RuleSet) -> str:
    """The format in one line, for sheets and the table page."""
    return (
        "Partnerships: two teams of two at two tables; partners change opponents every deal; "
        f"the team ahead on a deal scores the difference; first team to "
        f"{rules.partnership_target} wins"
    )


def seat_names(sheet: ScoreSheet, hand: int | None = None) -> tuple[str, str] | None:
    """The two players of the ``hand``-th hand of a partnership (side A's, side B's; default:
    the next hand's), or ``None`` for every other format (each side is then one entrant)."""
    if not plays_partnerships(sheet.rules):
        return None
    seat = seat_of(seat_number(sheet, hand))
    return member(sheet.match.a, seat.player_a), member(sheet.match.b, seat.player_b)


def seat_label(sheet: ScoreSheet, hand: int) -> str:
    """The sheet's hand cell for a partnership, ``2 · 3b`` (deal 2 at table 3b); the hand's
    number for every other format."""
    if not plays_partnerships(sheet.rules):
        return str(hand + 1)
    seat = seat_of(seat_number(sheet, hand))
    return f"{seat.deal + 1} · {card_table(sheet.match, seat.table)}"


def entry_names(sheet: ScoreSheet, hand: int | None = None) -> tuple[str, str]:
    """Who the entry line's ``a`` and ``b`` are for the ``hand``-th hand (default: the next):
    the two players at that table in a partnership, else the two entrants."""
    seated = seat_names(sheet, hand)
    if seated is not None:
        return seated
    match = sheet.match
    return match.a.name, match.b.name if match.b is not None else "bye"


def seating_line(match: MatchView) -> str:
    """Who sits where, for the printed sheet: ``Odd deals: 3a Ann v Eve, 3b Bob v Fay · even
    deals: 3a Ann v Fay, 3b Bob v Eve``."""
    halves = []
    for deal, words in ((0, "Odd deals"), (1, "even deals")):
        seats = [seat_of(deal * 2 + table) for table in (0, 1)]
        tables = ", ".join(
            f"{card_table(match, s.table)} {member(match.a, s.player_a)} v "
            f"{member(match.b, s.player_b)}"
            for s in seats
        )
        halves.append(f"{words}: {tables}")
    return " · ".join(halves)
