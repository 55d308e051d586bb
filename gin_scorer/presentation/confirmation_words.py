"""The players' words on a decided match in a sentence — for the desk's match panel and the
table's own page in the room."""

from __future__ import annotations

from gin_scorer.core.hands import Side
from gin_scorer.presentation.words import translate
from gin_scorer.tournament.confirmation import Agreement, Confirmation


def confirmation_sentence(said: Confirmation | None, names: tuple[str, str]) -> str:
    """``both players confirmed the result at the table``, ``⚑ Bob says the result is
    wrong: …``; empty when there is nothing to say."""
    if said is None or not said.decided:
        return ""
    who = {Side.A: names[0], Side.B: names[1]}
    agreement = said.agreement
    if agreement is Agreement.DISPUTED:
        wrong = translate("confirmation_words", "⚑ {0} says the result is wrong: {1}")
        no_reason = translate("confirmation_words", "no reason given")
        return "; ".join(wrong.format(who[w.side], w.reason or no_reason) for w in said.disputes)
    if agreement is Agreement.CONFIRMED:
        return translate("confirmation_words", "✔ both players confirmed the result at the table")
    if agreement is Agreement.ONE_SIDE:
        agreed = next(w.side for w in said.words if w.agrees)
        return translate(
            "confirmation_words", "✔ {0} confirmed the result; {1} has not yet"
        ).format(who[agreed], who[agreed.other])
    if said.overtaken:
        return translate(
            "confirmation_words", "↺ changed since the players confirmed: they are asked again"
        )
    return ""
