"""Who played a hand of a team match, as the room says it: ``Deal 2 · table 3b: Bob v Eve``.

A partnership takes two card tables, a Tedesco team match one a player; the room names them
after the match's table (3a, 3b … for table 3). Hands are entered table by table, deal by deal
(:func:`~gin_scorer.core.ledgers.seat_of`), so the seat of every hand follows from its
position (a misdeal shares its seat with the re-deal). Every other format has one table and
one player a side: no seat words.
"""

from __future__ import annotations

from gin_scorer.core.hands import Outcome, Side
from gin_scorer.core.ledgers import Seat, SeatedMatch, seat_of, tables_of
from gin_scorer.core.ledgers.teams import TeamDeal
from gin_scorer.core.rules import RuleSet
from gin_scorer.presentation.match_place import match_names
from gin_scorer.presentation.three_words import hand_players
from gin_scorer.presentation.words import translate
from gin_scorer.services.support.dto import EntrantView, MatchView, ScoreSheet

TABLE_LETTERS = "abcdefgh"  # a team has at most eight players (core.ledgers.teams)


def card_table(table_number: int | None, table: int) -> str:
    """The card table's name: ``3a``, ``3b`` … (or ``a``, ``b`` … for a match with no table).

    Table 0 is the first.
    """
    number = "" if table_number is None else str(table_number)
    return f"{number}{TABLE_LETTERS[table]}"


def member(entrant: EntrantView | None, index: int) -> str:
    """A team's ``index``-th player (0: the entrant, 1: the partner, then the teammates), or
    the team's name when the entrant has no such player."""
    if entrant is None:
        return translate("seat_words", "(bye)")
    members = entrant.members
    return members[index] if index < len(members) else entrant.name


def seat_at(sheet: ScoreSheet, hand: int | None = None) -> Seat | None:
    """Where the sheet's ``hand``-th hand (0-based; default: the next one to enter) is
    played, read off its team ledger; ``None`` for a match at one table."""
    ledger = sheet.ledger
    if not isinstance(ledger, SeatedMatch):
        return None
    return ledger.seat(len(sheet.hands) if hand is None else hand)


def seat_words(sheet: ScoreSheet, hand: int | None = None) -> str:
    """``Deal 2 · table 3b: Bob v Eve`` for the ``hand``-th hand (0-based; default: the next)
    of a team match; ``""`` for every other format."""
    seat = seat_at(sheet, hand)
    if seat is None:
        return ""
    match = sheet.match
    a = member(match.a, seat.player_a)
    b = member(match.b, seat.player_b)
    said = translate("seat_words", "Deal {0} · table {1}: {2} v {3}")
    return said.format(seat.deal + 1, card_table(match.table_number, seat.table), a, b)


def next_seat_words(sheet: ScoreSheet) -> str:
    """The seat of the next hand to enter: what the entry line says ("" once decided)."""
    words = "" if sheet.finished else seat_words(sheet)
    return translate("seat_words", "next: {0}").format(words) if words else ""


def side_label(entrant: EntrantView | None) -> str:
    """An entrant as a column heading: its name, or for a team of three or more its first
    player and how many more (``Kai Tanaka +2``), which a narrow column can hold."""
    if entrant is None:
        return translate("seat_words", "bye")
    members = entrant.members
    return f"{members[0]} +{len(members) - 1}" if len(members) > 2 else entrant.name


def teams_rule_line(rules: RuleSet) -> str:
    """A Tedesco team match's format in one line, for sheets and the table page."""
    if rules.team_sweep_bonus:
        said = translate(
            "seat_words",
            "Teams: two teams of {0} at {0} tables; players change opponents every deal; the "
            "team ahead on a deal scores the difference, and {2} more when all {0} of a team "
            "win; first team to {1} wins",
        )
        return said.format(rules.team_players, rules.team_target, rules.team_sweep_bonus)
    said = translate(
        "seat_words",
        "Teams: two teams of {0} at {0} tables; players change opponents every deal; the "
        "team ahead on a deal scores the difference; first team to {1} wins",
    )
    return said.format(rules.team_players, rules.team_target)


def partnership_rule_line(rules: RuleSet) -> str:
    """A partnership match's format in one line, for sheets and the table page."""
    said = translate(
        "seat_words",
        "Partnerships: two teams of two at two tables; partners change opponents every deal; "
        "the team ahead on a deal scores the difference; first team to {0} wins",
    )
    return said.format(rules.partnership_target)


def seat_names(sheet: ScoreSheet, hand: int | None = None) -> tuple[str, str] | None:
    """The two players of the ``hand``-th hand of a team match (side A's, side B's; default:
    the next hand's), or ``None`` for every other format (each side is then one entrant)."""
    seat = seat_at(sheet, hand)
    if seat is None:
        return None
    return member(sheet.match.a, seat.player_a), member(sheet.match.b, seat.player_b)


def seat_label(sheet: ScoreSheet, hand: int) -> str:
    """The sheet's hand cell for a team match, ``2 · 3b`` (deal 2 at table 3b); the hand's
    number for every other format."""
    seat = seat_at(sheet, hand)
    if seat is None:
        return str(hand + 1)
    return f"{seat.deal + 1} · {card_table(sheet.match.table_number, seat.table)}"


def entry_names(sheet: ScoreSheet, hand: int | None = None) -> tuple[str, str]:
    """Who the entry line's ``a`` and ``b`` are for the ``hand``-th hand (default: the next):
    the two players at that table in a team match, the two who play it at a table of three
    (the dealer sits out), else the two entrants."""
    return seat_names(sheet, hand) or hand_players(sheet, hand) or match_names(sheet.match)


def deal_seating(
    a: EntrantView | None, b: EntrantView | None, table_number: int | None, tables: int, deal: int
) -> list[tuple[str, str, str]]:
    """Who sits where in the ``deal``-th deal (0-based): (card table, A's player, B's
    player) for each table."""
    seats = [seat_of(deal * tables + table, tables) for table in range(tables)]
    return [
        (card_table(table_number, s.table), member(a, s.player_a), member(b, s.player_b))
        for s in seats
    ]


def seating_line(match: MatchView, rules: RuleSet) -> str:
    """Who sits where, for the printed sheet: ``Odd deals: 3a Ann v Eve, 3b Bob v Fay · even
    deals: 3a Ann v Fay, 3b Bob v Eve`` (a team of N: deals 1 to N, then round again)."""
    tables = tables_of(rules) or 2
    if tables == 2:
        words = [
            translate("seat_words", "Odd deals: {0}"),
            translate("seat_words", "even deals: {0}"),
        ]
    else:
        words = [
            translate("seat_words", "Deal 1: {0}"),
            *(translate("seat_words", "deal {1}: {0}") for _ in range(1, tables)),
        ]
    parts = []
    for deal, word in enumerate(words):
        seating = deal_seating(match.a, match.b, match.table_number, tables, deal)
        sat = ", ".join(
            translate("seat_words", "{0} {1} v {2}").format(t, a, b) for t, a, b in seating
        )
        parts.append(word.format(sat, deal + 1))
    tail = (
        ""
        if tables == 2
        else translate("seat_words", " (deal {0} seats as deal 1)").format(tables + 1)
    )
    return " · ".join(parts) + tail


def deal_words(sheet: ScoreSheet, hand: int) -> str:
    """What a deal scored, on the hand that completes it: ``deal 2: 85 to A (60 net, 25 for
    the sweep)``; ``""`` on any other hand (and in every other format)."""
    ledger = sheet.ledger
    if not isinstance(ledger, SeatedMatch):
        return ""
    seat = ledger.seat(hand)
    last_of_deal = seat.table == ledger.tables - 1
    if ledger.results[hand].outcome is Outcome.MISDEAL or not last_of_deal:
        return ""
    if seat.deal >= len(ledger.ledger.deals):
        return ""  # after the match was decided: counted nowhere (the notes say so)
    deal = ledger.ledger.deals[seat.deal]
    scored = deal.scored
    if not scored.a and not scored.b:
        return translate("seat_words", "deal {0}: level, nobody scores").format(seat.deal + 1)
    side = Side.A if scored.a else Side.B
    swept = isinstance(deal, TeamDeal) and deal.swept_by is side
    bonus = sheet.rules.team_sweep_bonus if swept else 0
    if bonus:
        said = translate("seat_words", "deal {0}: {1} to {2} ({3} net, {4} for the sweep)")
    else:
        said = translate("seat_words", "deal {0}: {1} to {2}")
    return said.format(seat.deal + 1, scored[side], side.value, scored[side] - bonus, bonus)


def seat_notes(sheet: ScoreSheet, hand: int) -> str:
    """A team match's notes on a hand: who played it, and what its deal scored when it is
    the deal's last table."""
    return "; ".join(w for w in (seat_words(sheet, hand), deal_words(sheet, hand)) if w)
