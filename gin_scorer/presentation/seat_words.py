"""Who played a hand of a team match, as the room says it: ``Deal 2 · table 3b: Bob v Eve``.

A partnership takes two card tables, a Tedesco team match one a player; the room names them
after the match's table (3a, 3b … for table 3). Hands are entered table by table, deal by deal
(:func:`~gin_scorer.core.ledgers.seat_of`), so the seat of every hand follows from its
position (a misdeal shares its seat with the re-deal). Every other format has one table and
one player a side: no seat words.
"""

from __future__ import annotations

from gin_scorer.core.hands import Outcome, Side
from gin_scorer.core.ledgers import SeatedMatch, seat_of, tables_of
from gin_scorer.core.ledgers.seated_match import seat_numbers
from gin_scorer.core.rules import MatchFormat, RuleSet
from gin_scorer.services.dto import EntrantView, MatchView, ScoreSheet

TABLE_LETTERS = "abcdefgh"  # a team has at most eight players (core.ledgers.teams)


def is_seated(rules: RuleSet) -> bool:
    """Whether a match of these rules is played at several card tables (a team match)."""
    return tables_of(rules) > 0


def card_table(match: MatchView, table: int) -> str:
    """The card table's name: ``3a``, ``3b`` … (or ``a``, ``b`` … for a match with no table).

    Table 0 is the first.
    """
    number = "" if match.table_number is None else str(match.table_number)
    return f"{number}{TABLE_LETTERS[table]}"


def member(entrant: EntrantView | None, index: int) -> str:
    """A team's ``index``-th player (0: the entrant, 1: the partner, then the teammates), or
    the team's name when the entrant has no such player."""
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
    of a team match; ``""`` for every other format."""
    tables = tables_of(sheet.rules)
    if not tables:
        return ""
    match = sheet.match
    seat = seat_of(seat_number(sheet, hand), tables)
    a = member(match.a, seat.player_a)
    b = member(match.b, seat.player_b)
    return f"Deal {seat.deal + 1} · table {card_table(match, seat.table)}: {a} v {b}"


def next_seat_words(sheet: ScoreSheet) -> str:
    """The seat of the next hand to enter: what the entry line says ("" once decided)."""
    words = "" if sheet.finished else seat_words(sheet)
    return f"next: {words}" if words else ""


def side_label(entrant: EntrantView | None) -> str:
    """An entrant as a column heading: its name, or for a team of three or more its first
    player and how many more (``Kai Tanaka +2``), which a narrow column can hold."""
    if entrant is None:
        return "bye"
    members = entrant.members
    return f"{members[0]} +{len(members) - 1}" if len(members) > 2 else entrant.name


def seated_rule_line(rules: RuleSet) -> str:
    """The format in one line, for sheets and the table page."""
    if rules.match_format is MatchFormat.TEAMS:
        bonus = (
            f", and {rules.team_sweep_bonus} more when all {rules.team_players} of a team win"
            if rules.team_sweep_bonus
            else ""
        )
        return (
            f"Teams: two teams of {rules.team_players} at {rules.team_players} tables; players "
            f"change opponents every deal; the team ahead on a deal scores the difference{bonus}; "
            f"first team to {rules.team_target} wins"
        )
    return (
        "Partnerships: two teams of two at two tables; partners change opponents every deal; "
        f"the team ahead on a deal scores the difference; first team to "
        f"{rules.partnership_target} wins"
    )


def seat_names(sheet: ScoreSheet, hand: int | None = None) -> tuple[str, str] | None:
    """The two players of the ``hand``-th hand of a team match (side A's, side B's; default:
    the next hand's), or ``None`` for every other format (each side is then one entrant)."""
    tables = tables_of(sheet.rules)
    if not tables:
        return None
    seat = seat_of(seat_number(sheet, hand), tables)
    return member(sheet.match.a, seat.player_a), member(sheet.match.b, seat.player_b)


def seat_label(sheet: ScoreSheet, hand: int) -> str:
    """The sheet's hand cell for a team match, ``2 · 3b`` (deal 2 at table 3b); the hand's
    number for every other format."""
    tables = tables_of(sheet.rules)
    if not tables:
        return str(hand + 1)
    seat = seat_of(seat_number(sheet, hand), tables)
    return f"{seat.deal + 1} · {card_table(sheet.match, seat.table)}"


def entry_names(sheet: ScoreSheet, hand: int | None = None) -> tuple[str, str]:
    """Who the entry line's ``a`` and ``b`` are for the ``hand``-th hand (default: the next):
    the two players at that table in a team match, else the two entrants."""
    seated = seat_names(sheet, hand)
    if seated is not None:
        return seated
    match = sheet.match
    return match.a.name, match.b.name if match.b is not None else "bye"


def seating_line(match: MatchView, rules: RuleSet) -> str:
    """Who sits where, for the printed sheet: ``Odd deals: 3a Ann v Eve, 3b Bob v Fay · even
    deals: 3a Ann v Fay, 3b Bob v Eve`` (a team of N: deals 1 to N, then round again)."""
    tables = tables_of(rules) or 2
    words = ("Odd deals", "even deals") if tables == 2 else [f"deal {d + 1}" for d in range(tables)]
    parts = []
    for deal, word in enumerate(words):
        seats = [seat_of(deal * tables + table, tables) for table in range(tables)]
        where = ", ".join(
            f"{card_table(match, s.table)} {member(match.a, s.player_a)} v "
            f"{member(match.b, s.player_b)}"
            for s in seats
        )
        parts.append(f"{word[0].upper()}{word[1:]}: {where}" if deal == 0 else f"{word}: {where}")
    tail = "" if tables == 2 else f" (deal {tables + 1} seats as deal 1)"
    return " · ".join(parts) + tail


def deal_words(sheet: ScoreSheet, hand: int) -> str:
    """What a deal scored, on the hand that completes it: ``deal 2: 85 to A (60 net, 25 for
    the sweep)``; ``""`` on any other hand (and in every other format)."""
    ledger = sheet.ledger
    if not isinstance(ledger, SeatedMatch):
        return ""
    results = [row.result for row in sheet.hands]
    seat = seat_numbers(results)[hand]
    deal = seat // ledger.tables
    last_of_deal = seat % ledger.tables == ledger.tables - 1
    if results[hand].outcome is Outcome.MISDEAL or not last_of_deal:
        return ""
    if deal >= len(ledger.ledger.deals):
        return ""  # after the match was decided: counted nowhere (the notes say so)
    scored = ledger.ledger.deals[deal].scored
    if not scored.a and not scored.b:
        return f"deal {deal + 1}: level, nobody scores"
    side = Side.A if scored.a else Side.B
    swept = getattr(ledger.ledger.deals[deal], "swept_by", None) is side
    bonus = sheet.rules.team_sweep_bonus if swept else 0
    words = f"deal {deal + 1}: {scored[side]} to {side.value}"
    return words + (f" ({scored[side] - bonus} net, {bonus} for the sweep)" if bonus else "")


def seat_notes(sheet: ScoreSheet, hand: int) -> str:
    """A team match's notes on a hand: who played it, and what its deal scored when it is
    the deal's last table."""
    return "; ".join(w for w in (seat_words(sheet, hand), deal_words(sheet, hand)) if w)
