"""What the match panel says of the open match: the scoreboard line above the pad, and why a
decided match takes no new hand. Each sentence is translated whole (context ``MatchPanel``)."""

from __future__ import annotations

import html

from gin_scorer.core.hands import Side
from gin_scorer.gui.i18n import translate
from gin_scorer.presentation.confirmation_words import confirmation_sentence
from gin_scorer.presentation.match_place import match_place
from gin_scorer.presentation.result_grammar import reported_result_text
from gin_scorer.presentation.seat_words import entry_names
from gin_scorer.services.support.dto import ScoreSheet


def scoreboard_html(sheet: ScoreSheet, names: tuple[str, str]) -> str:
    """``Game 2: Ann 8 – 47 Bob · games won 1 – 0 · rules: … · next dealer: Ann``."""
    # Names are text, not markup: a "<" in a team or rule-set name must show as typed.
    a, b = (html.escape(name) for name in names)
    totals = sheet.current_totals
    won = sheet.games_won
    parts = [
        translate("MatchPanel", "Game {0}: <b>{1} {2}</b> – <b>{3} {4}</b>").format(
            sheet.current_game, a, totals.a, totals.b, b
        ),
        translate("MatchPanel", "games won {0} – {1}").format(won.a, won.b),
        translate("MatchPanel", "rules: {0}").format(html.escape(sheet.rules.name)),
    ]
    if sheet.result is not None:
        said = reported_result_text(sheet.result, names[0], names[1])
        parts[0] = f"<b>{html.escape(said)}</b>"
    elif sheet.finished:
        winner = sheet.winner_entrant
        parts.append(
            translate("MatchPanel", "<b>match won by {0}</b>").format(html.escape(winner.name))
            if winner
            else translate("MatchPanel", "<b>match won by nobody</b>")
        )
    elif sheet.match.withdrawn:
        parts.append(withdrawn_html(sheet))
    else:
        seated = (html.escape(name) for name in entry_names(sheet))
        dealer = dict(zip(Side, seated, strict=True))[sheet.next_dealer]
        parts.append(translate("MatchPanel", "next dealer: {0}").format(dealer))
    if sheet.match.locked:
        parts.append(translate("MatchPanel", "🔒 locked"))
    return " &nbsp;·&nbsp; ".join(parts)


def finished_words(sheet: ScoreSheet) -> str:
    """Why a new hand cannot go on ``sheet``, decided, and what to do instead ("" when the
    match is still in play)."""
    if not sheet.finished:
        return _withdrawn_words(sheet)
    where = match_place(sheet.match) or translate("MatchPanel", "this match")
    winner = sheet.winner_entrant
    won = (
        translate("MatchPanel", "{0} won").format(winner.name)
        if winner
        else translate("MatchPanel", "no winner")
    )
    if sheet.result is not None:
        text = translate(
            "MatchPanel",
            "{0} is finished ({1}): take back the reported result (Scoring menu) to enter hands",
        )
    else:
        text = translate(
            "MatchPanel",
            "{0} is finished ({1}): correct a hand with F2, or void it with Ctrl+Delete",
        )
    names = (sheet.match.a.name, sheet.match.b.name if sheet.match.b else "—")
    said = confirmation_sentence(sheet.confirmation, names)
    text = text.format(where, won)
    return translate("MatchPanel", "{0} — {1}").format(text, said) if said else text


def withdrawn_html(sheet: ScoreSheet) -> str:
    """The scoreboard's ``forfeit: Ann has withdrawn``, in bold ("" when nobody has)."""
    if not sheet.match.withdrawn:
        return ""
    gone = html.escape(sheet.match.withdrawn[0].name)
    return translate("MatchPanel", "<b>forfeit: {0} has withdrawn</b>").format(gone)


def _withdrawn_words(sheet: ScoreSheet) -> str:
    """An unfinished match a player withdrew from: the standings count it as a forfeit, so
    the services refuse its hands; said as soon as the director types ("" otherwise)."""
    gone = sheet.match.withdrawn
    if not gone:
        return ""
    where = match_place(sheet.match) or translate("MatchPanel", "this match")
    return translate(
        "MatchPanel",
        "{0} counts as a forfeit: {1} has withdrawn (reinstate {1} on the Entrants tab to "
        "enter hands)",
    ).format(where, gone[0].name)
