"""A three-player table in words (decision 0014), as every front end says it: who deals and
who plays each hand (``Hand 4 · Cat deals: Ann v Eve``), the three running totals, the
format in one line, and a table's players in one phrase.

The dealer sits out; the loser of each hand deals the next, so the two who play every hand
follow from the hands before it (:mod:`gin_scorer.core.ledgers.three_player`). Each hand is
entered as a two-player hand: ``A`` is the player after the dealer in seat order, ``B`` the
other, so the entry line, the table page and ``hand add`` always say who A and B are.
"""

from __future__ import annotations

from collections.abc import Sequence

from gin_scorer.core.ledgers.three_player import SEATS, ThreePlayerGame, players_of_hand
from gin_scorer.core.rules import RuleSet
from gin_scorer.presentation.words import translate
from gin_scorer.services.support.dto import EntrantView, ScoreSheet


def three_table(sheet: ScoreSheet) -> ThreePlayerGame | None:
    """The sheet's three-player ledger, or ``None`` for a match of two sides."""
    return sheet.ledger if isinstance(sheet.ledger, ThreePlayerGame) else None


def seat_names(sheet: ScoreSheet) -> tuple[str, str, str]:
    """The three players' names in seat order (``?`` for a seat the match lacks)."""
    names = [e.name for e in sheet.match.players] + ["?"] * SEATS
    return names[0], names[1], names[2]


def hand_seats(sheet: ScoreSheet, hand: int | None = None) -> tuple[int, tuple[int, int]] | None:
    """(dealer's seat, (A's seat, B's seat)) of the ``hand``-th hand (0-based; default: the
    next one to enter); ``None`` for a match of two sides."""
    game = three_table(sheet)
    if game is None:
        return None
    if hand is not None and hand < len(game.lines):
        line = game.lines[hand]
        return line.dealer, line.players
    return game.next_dealer, players_of_hand(game.next_dealer)


def hand_players(sheet: ScoreSheet, hand: int | None = None) -> tuple[str, str] | None:
    """The names of the two who play the ``hand``-th hand (A, B; default: the next hand)."""
    seats = hand_seats(sheet, hand)
    if seats is None:
        return None
    names = seat_names(sheet)
    return names[seats[1][0]], names[seats[1][1]]


def hand_dealer(sheet: ScoreSheet, hand: int | None = None) -> str:
    """Who deals (and sits out) the ``hand``-th hand; ``""`` for a match of two sides."""
    seats = hand_seats(sheet, hand)
    return "" if seats is None else seat_names(sheet)[seats[0]]


def hand_words(sheet: ScoreSheet, hand: int | None = None) -> str:
    """``Hand 4 · Cat deals: Ann v Eve`` for the ``hand``-th hand (0-based; default: the next);
    ``""`` for a match of two sides."""
    seats = hand_seats(sheet, hand)
    if seats is None:
        return ""
    names = seat_names(sheet)
    number = len(sheet.hands) if hand is None else hand
    said = translate("three_words", "Hand {0} · {1} deals: {2} v {3}")
    return said.format(number + 1, names[seats[0]], names[seats[1][0]], names[seats[1][1]])


def next_hand_words(sheet: ScoreSheet) -> str:
    """What the entry line says of the next hand (``""`` once the table is decided, by its
    game or by a player's withdrawal)."""
    words = "" if sheet.finished or sheet.match.withdrawn else hand_words(sheet)
    return translate("three_words", "next: {0}").format(words) if words else ""


def totals_after(sheet: ScoreSheet, hand: int) -> tuple[int, int, int] | None:
    """The three running totals after the ``hand``-th hand (0-based), in seat order."""
    game = three_table(sheet)
    if game is None or hand >= len(game.lines):
        return None
    return game.lines[hand].totals


def totals_words(names: Sequence[str], totals: Sequence[int]) -> str:
    """``Ann 60 · Cat 120 · Eve 0``: each player's total, in seat order."""
    return " · ".join(f"{name} {total}" for name, total in zip(names, totals, strict=False))


def table_line(sheet: ScoreSheet) -> str:
    """The table's state in one line: the running totals, or once won the winner and the
    final totals (boxes and the game bonus in)."""
    game = three_table(sheet)
    if game is None:
        return ""
    names = seat_names(sheet)
    if game.winner is None:
        return translate("three_words", "Points: {0}").format(totals_words(names, game.points))
    said = translate("three_words", "{0} wins the game · final: {1}")
    return said.format(names[game.winner], totals_words(names, game.final))


def hand_notes(sheet: ScoreSheet, hand: int) -> str:
    """A hand's notes on a three-player sheet: who dealt and played it, and the totals after
    it (``Hand 2 · Eve deals: Ann v Cat; Ann 0 · Cat 120 · Eve 0``); ``""`` otherwise."""
    words = hand_words(sheet, hand)
    totals = totals_after(sheet, hand)
    if not words or totals is None:
        return words
    return f"{words}; {totals_words(seat_names(sheet), totals)}"


def rule_line(rules: RuleSet) -> str:
    """The format in one line, for sheets and the table page."""
    said = translate(
        "three_words",
        "Three players: the dealer deals to the other two and sits the hand out; the loser of "
        "each hand deals the next; first to {0} wins the game",
    )
    return said.format(rules.target)


def players_phrase(players: Sequence[EntrantView | str]) -> str:
    """A table's players in one phrase: ``Ann v Bob``, or for three ``Ann, Bob and Cat``."""
    names = [p if isinstance(p, str) else p.name for p in players]
    if len(names) == 3:
        return translate("three_words", "{0}, {1} and {2}").format(*names)
    if len(names) == 2:
        return translate("three_words", "{0} v {1}").format(*names)
    return names[0] if names else ""


def deal_line(sheet: ScoreSheet, hand: int | None = None) -> str:
    """``Cat deals: Ann v Eve``: who deals (and sits out) the ``hand``-th hand and the two
    who play it, for a sheet whose rows are numbered already; ``""`` for two sides."""
    seats = hand_seats(sheet, hand)
    if seats is None:
        return ""
    names = seat_names(sheet)
    said = translate("three_words", "{0} deals: {1} v {2}")
    return said.format(names[seats[0]], names[seats[1][0]], names[seats[1][1]])
