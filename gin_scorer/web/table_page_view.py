"""What a table's page shows, made from its match's score sheet in the reader's language:
the match, its running sheet, the standing line and, once the match is decided, each player's
word on the result.

A table of three (decision 0014) is shown as its own format: its three players, who deals
(and sits out) and who plays each hand, a column of totals for each player, and the winner
once the game is won. Its result comes from its hands: the page takes no slip, and its
players cannot give their word on it here (the players' words are kept for two sides, A and
B, so a third player would have no say); the page says so."""

from __future__ import annotations

import secrets
from dataclasses import dataclass, replace

from gin_scorer.core.hands import Side
from gin_scorer.core.ledgers import ledger_games
from gin_scorer.core.ledgers.profiles import profile_of
from gin_scorer.presentation.confirmation_words import confirmation_sentence
from gin_scorer.presentation.hand_words import describe_result
from gin_scorer.presentation.match_place import match_names, match_place
from gin_scorer.presentation.result_grammar import reported_result_text
from gin_scorer.presentation.seat_words import deal_words, entry_names, seat_label, seat_words
from gin_scorer.presentation.three_words import (
    deal_line,
    hand_words,
    players_phrase,
    rule_line,
    seat_names,
    table_line,
    totals_after,
)
from gin_scorer.presentation.words import translate
from gin_scorer.services.support.dto import EntryKind, MatchView, ScoreSheet
from gin_scorer.services.support.undo_fold import undo_state
from gin_scorer.services.writes.table_links import page_state
from gin_scorer.tournament.confirmation import Agreement, Confirmation


@dataclass(frozen=True, slots=True)
class TablePage:
    """What a table's page shows."""

    token: str
    where: str  # "Round 2 · Table 3"
    names: tuple[str, str]
    rules: str
    # (hand, what happened, totals after: ("a–b",), or one a player at a table of three)
    lines: tuple[tuple[str, str, tuple[str, ...]], ...]
    standing: str  # "Game 1: Ann 30 – 24 Bob · games 0–0" or the result
    open: bool  # takes hands
    can_undo: bool  # the services' undo would take back this table's own hand
    version: int
    state: str  # "<version>.<words>": what /state answers while the page is current
    key: str  # this form's submission key
    answers: tuple[Answer, ...] = ()  # the players' words once the match is decided
    said: str = ""  # the players' words in a sentence (confirmation_sentence)
    confirmed: bool = False  # both agreed: the page takes nothing more
    disputed: bool = False  # a player says it is wrong: the director is on the way
    # Who a and b are on the entry line (a partnership: the two players of the next hand's
    # table, named by ``seat``); the entrants otherwise.
    entry_names: tuple[str, str] = ("A", "B")
    seat: str = ""
    # A table of three: its players in one phrase ("Ann, Bob and Cat"), the format in a
    # line, and the players' names heading the sheet's totals (one column each).
    players: str = ""
    format_line: str = ""
    totals_heads: tuple[str, ...] = ()
    # What the players confirm, besides the hands: each game's totals (game, a, b), from the
    # sheet's closed games or the totals a reported result gave.
    games: tuple[tuple[str, str, str], ...] = ()
    recorded: str = ""  # "✔ hand 4 recorded", on the page shown right after it was

    @property
    def three(self) -> bool:
        """A table of three: no a and b for the whole match, no slip, no players' word."""
        return bool(self.players)

    @property
    def by_deal(self) -> bool:
        """The sheet's rows are deals at card tables (a team match), not hands."""
        return bool(self.seat) and not self.three


@dataclass(frozen=True, slots=True)
class Answer:
    """One player's line in the page's "The result" box."""

    side: str  # "a" / "b", as the form sends it
    name: str
    word: str  # "confirmed", "says it is wrong", "not yet"
    can_agree: bool


def table_name(match: MatchView) -> str:
    """Who the log says entered a hand from this table: ``table 3 (room)``. Stored, and
    compared to tell this table's own hands: never translated."""
    where = f"table {match.table_number}" if match.table_number else f"match {match.id}"
    return f"{where} (room)"


def table_page(token: str, sheet: ScoreSheet) -> TablePage:
    match = sheet.match
    names = match_names(match)
    newest = undo_state(sheet.log).undo  # what the services' undo takes back
    said = sheet.confirmation
    can_undo = (
        newest is not None
        and newest.kind is EntryKind.ENTRY
        and newest.entered_by == table_name(match)
        and sheet.result is None
        and not (said is not None and said.words)  # a player answered: the desk corrects
    )
    confirmed = said is not None and said.agreement is Agreement.CONFIRMED
    three = profile_of(sheet.rules).per_player  # its own lines, no slip, no players' word
    next_hand = "" if sheet.finished or match.withdrawn else hand_words(sheet)
    answers = _answers(said, names) if said is not None and said.decided and not three else ()
    return TablePage(
        token=token,
        where=match_place(match, fallback=translate("table_page_view", "Match")),
        names=names,
        rules=sheet.rules.name,
        lines=_three_lines(sheet) if three else _lines(sheet),
        standing=_withdrawn_line(sheet)
        or (table_line(sheet) if three else _standing_line(sheet, names)),
        # A withdrawal decides the match as a forfeit: the services refuse its hands.
        open=not sheet.finished
        and not match.locked
        and sheet.result is None
        and not match.withdrawn,
        can_undo=can_undo and not match.locked,
        version=sheet.version,
        state=page_state(sheet.version, said.said if said is not None else 0),
        key=secrets.token_urlsafe(24),
        answers=answers,
        said="" if three else confirmation_sentence(said, names),
        confirmed=confirmed,
        disputed=said is not None and said.agreement is Agreement.DISPUTED,
        entry_names=entry_names(sheet),
        seat=next_hand if three else seat_words(sheet),
        players=players_phrase(match.players) if three else "",
        format_line=rule_line(sheet.rules) if three else "",
        totals_heads=seat_names(sheet) if three else (),
        games=() if three else _games(sheet),
    )


def with_recorded(page: TablePage, number: str) -> TablePage:
    """The page saying ``✔ hand 4 recorded`` when hand ``number`` (as the page's redirect
    after a hand names it) is the sheet's newest line; unchanged otherwise (a later hand
    came, or the address was kept)."""
    if not number or not page.lines or page.lines[-1][0] != number:
        return page
    said = translate("table_page_view", "✔ hand {0} recorded").format(number)
    return replace(page, recorded=said)


def newest_label(sheet: ScoreSheet) -> str:
    """The newest line's label on the page's sheet: ``4`` (a team match: ``2 · 3b``)."""
    return seat_label(sheet, len(sheet.hands) - 1)


def sheet_changed_words(sheet: ScoreSheet, line: str = "", *, kept: bool = False) -> str:
    """What a player reads when the sheet changed after their page was made (another phone
    of the table, or the desk, wrote first): where it changed, that the page now shows it,
    and what became of the line they typed — kept for them to check and send again, or,
    once the match takes no more hands, named so that nothing typed is lost unseen."""
    newest = max(sheet.log, key=lambda row: row.id, default=None)
    here = newest is not None and newest.entered_by == table_name(sheet.match)
    if here:
        where = translate("table_page_view", "the sheet changed on the other phone")
    else:
        where = translate("table_page_view", "the sheet changed at the desk")
    if line and kept:
        said = translate("table_page_view", "{0}: here it is now, your line is kept")
    elif line:
        said = translate("table_page_view", "{0}: here it is now (your line {1} was not recorded)")
    else:
        said = translate("table_page_view", "{0}: here it is now")
    return said.format(where, line)


def _games(sheet: ScoreSheet) -> tuple[tuple[str, str, str], ...]:
    """Each game's final totals once the match is decided (the games a reported result
    gave, or the sheet's closed games), for the players to check before they confirm."""
    if sheet.result is not None:
        return tuple(
            (str(number), str(a), str(b))
            for number, (a, b) in enumerate(sheet.result.game_points, start=1)
        )
    if not sheet.finished:
        return ()
    return tuple(
        (str(game.number), str(game.final.a), str(game.final.b))
        for game in ledger_games(sheet.ledger)
        if game.finished
    )


def _lines(sheet: ScoreSheet) -> tuple[tuple[str, str, tuple[str, ...]], ...]:
    """The sheet's rows for two sides: the hand (a team match: deal and card table), what
    happened, with the deal's score on its last table, and the totals after it (``a–b``)."""
    return tuple(
        (
            seat_label(sheet, h.number - 1),
            "; ".join(
                words
                for words in (
                    describe_result(h.result, entry_names(sheet, h.number - 1)),
                    deal_words(sheet, h.number - 1),
                )
                if words
            ),
            (f"{h.totals_after.a}–{h.totals_after.b}",),
        )
        for h in sheet.hands
    )


def _three_lines(sheet: ScoreSheet) -> tuple[tuple[str, str, tuple[str, ...]], ...]:
    """The rows of a table of three: the hand, who dealt and played it and what happened,
    and each player's total after it (seat order)."""
    lines = []
    for h in sheet.hands:
        hand = h.number - 1
        played = describe_result(h.result, entry_names(sheet, hand))
        totals = totals_after(sheet, hand) or ()
        lines.append(
            (str(h.number), f"{deal_line(sheet, hand)}; {played}", tuple(map(str, totals)))
        )
    return tuple(lines)


def _withdrawn_line(sheet: ScoreSheet) -> str:
    """``forfeit: Ann has withdrawn`` for a match a player left unfinished ("" otherwise)."""
    gone = sheet.match.withdrawn
    if not gone:
        return ""
    return translate("table_page_view", "forfeit: {0} has withdrawn").format(gone[0].name)


def _standing_line(sheet: ScoreSheet, names: tuple[str, str]) -> str:
    """Where the match stands: its reported result, who won it, or the game being played."""
    if sheet.result is not None:
        # Reported from this very table's pad: the players know who entered it.
        ours = sheet.result.entered_by == table_name(sheet.match)
        return reported_result_text(sheet.result, *names, entered=not ours)
    if sheet.finished:
        return _finished_line(sheet)
    totals = sheet.current_totals
    dealer = dict(zip(Side, entry_names(sheet), strict=True))[sheet.next_dealer]
    return translate(
        "table_page_view", "Game {0}: {1} {2} – {3} {4} · games {5}–{6} · next dealer: {7}"
    ).format(
        sheet.current_game,
        names[0],
        totals.a,
        totals.b,
        names[1],
        sheet.games_won.a,
        sheet.games_won.b,
        dealer,
    )


def _finished_line(sheet: ScoreSheet) -> str:
    """``finished: Ann won · games 3–1``."""
    won, lost = sheet.games_won.a, sheet.games_won.b
    winner = sheet.winner_entrant
    if winner is None:
        return translate("table_page_view", "finished: nobody won · games {0}–{1}").format(
            won, lost
        )
    return translate("table_page_view", "finished: {0} won · games {1}–{2}").format(
        winner.name, won, lost
    )


def _answers(said: Confirmation, names: tuple[str, str]) -> tuple[Answer, ...]:
    confirmed = said.agreement is Agreement.CONFIRMED
    out = []
    for side, name in zip((Side.A, Side.B), names, strict=True):
        word = said.word_of(side)
        text = (
            translate("table_page_view", "not yet")
            if word is None
            else translate("table_page_view", "confirmed")
            if word.agrees
            else translate("table_page_view", "says it is wrong")
        )
        can_agree = not confirmed and (word is None or not word.agrees)
        out.append(Answer(side.name.lower(), name, text, can_agree))
    return tuple(out)
