"""The players' words on a decided match in a sentence — for the desk's match panel and the
table's own page in the room."""

from __future__ import annotations

from gin_scorer.core.hands import Side
from gin_scorer.tournament.confirmation import Agreement, Confirmation


def confirmation_sentence(said: Confirmation | None, names: tuple[str, str]) -> str:
    """``both players confirmed the result at the table``, ``⚑ Bob says the result is
    wrong: …``; empty when there is nothing to say."""
    if said is None or not said.decided:
        return ""
    who = {Side.A: names[0], Side.B: names[1]}
    agreement = said.agreement
    if agreement is Agreement.DISPUTED:
        return "; ".join(
            f"⚑ {who[w.side]} says the result is wrong: {w.reason or 'no reason given'}"
            for w in said.disputes
        )
    if agreement is Agreement.CONFIRMED:
        return "✔ both players confirmed the result at the table"
    if agreement is Agreement.ONE_SIDE:
        agreed = next(w.side for w in said.words if w.agrees)
        return f"✔ {who[agreed]} confirmed the result; {who[agreed.other]} has not yet"
    if said.overtaken:
        return "↺ changed since the players confirmed: they are asked again"
    return ""
