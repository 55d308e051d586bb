"""What the entry line's counts make: the deadwood numbers read, and the preview of a knock,
a gin or a big gin (or any hand) as it will be scored — with the knock limit checked.

:mod:`.entry_grammar` reads the side and the declaration and hands the numbers over here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from gin_scorer.core.cards import Card
from gin_scorer.core.hands import Declaration, HandRecord, HandResult, Side, score_hand
from gin_scorer.core.knocking import describe_knock_rule, knock_limit
from gin_scorer.core.rules import RuleSet
from gin_scorer.core.wording import shown
from gin_scorer.presentation.hand_words import describe_result, side_name
from gin_scorer.presentation.words import said_text, say, translate

# The most deadwood ten cards can hold (four kings, four queens, two jacks) is 100; eleven
# cards can never be a defender's hand, so anything above is a typing slip.
MAX_DEADWOOD = 100


class EntryState(Enum):
    EMPTY = "empty"
    INCOMPLETE = "incomplete"  # fine so far; more is needed before Enter
    COMPLETE = "complete"  # Enter records it
    ERROR = "error"  # Enter shows the message and keeps the text


@dataclass(frozen=True, slots=True)
class EntryPreview:
    """What the entry line means right now."""

    state: EntryState
    message: str
    record: HandRecord | None = None
    result: HandResult | None = None


def possessive(name: str) -> str:
    """``Ann’s``, ``James’`` (the entry line's context keeps all its words together)."""
    if name.endswith("s"):
        return translate("entry_grammar", "{0}’").format(name)
    return translate("entry_grammar", "{0}’s").format(name)


def read_counts(numbers: tuple[str, ...]) -> list[int] | EntryPreview:
    """The deadwood counts typed, or the error naming the first that cannot be one."""
    counts: list[int] = []
    for number in numbers:
        if not number.isdigit():
            said = translate("entry_grammar", "{0} is not a deadwood count: type a whole number")
            return EntryPreview(EntryState.ERROR, said.format(said_text(shown(number))))
        too_much = translate(
            "entry_grammar", "{0} is more deadwood than ten cards can hold ({1} at most)"
        )
        if len(number) > 3:  # int() of 5,000 digits would raise; no count has 4 digits
            return EntryPreview(
                EntryState.ERROR, too_much.format(said_text(shown(number)), MAX_DEADWOOD)
            )
        value = int(number)
        if value > MAX_DEADWOOD:
            return EntryPreview(EntryState.ERROR, too_much.format(value, MAX_DEADWOOD))
        counts.append(value)
    return counts


def knock_preview(
    side: Side, counts: list[int], rules: RuleSet, names: Sequence[str], upcard: Card | None
) -> EntryPreview:
    who, other = side_name(side, names), side_name(side.other, names)
    if not counts:
        said = translate("entry_grammar", "{0} knocks — now type {1} count").format(
            who, possessive(who)
        )
        return EntryPreview(EntryState.INCOMPLETE, said)
    if len(counts) == 1:
        said = translate(
            "entry_grammar", "{0} knocks with {1} — now type {2} deadwood after layoffs"
        )
        return EntryPreview(EntryState.INCOMPLETE, said.format(who, counts[0], possessive(other)))
    if len(counts) > 2:
        said = translate(
            "entry_grammar", "a knock takes two counts ({0}, then {1}); {2} numbers were typed"
        )
        return EntryPreview(
            EntryState.ERROR, said.format(possessive(who), possessive(other), len(counts))
        )
    record = HandRecord(
        Declaration.KNOCK,
        declarer=side,
        deadwood=((side, counts[0]), (side.other, counts[1])),
        upcard=upcard,
    )
    said = translate("entry_grammar", "{0} knocks with {1}, {2} has {3}").format(
        who, counts[0], other, counts[1]
    )
    return scored_preview(record, rules, names, said)


def gin_preview(
    side: Side,
    declaration: Declaration,
    counts: list[int],
    rules: RuleSet,
    names: Sequence[str],
    upcard: Card | None,
    who: str,
    other: str,
) -> EntryPreview:
    gin = declaration is Declaration.GIN
    if declaration is Declaration.BIG_GIN and not rules.big_gin_allowed:
        said = translate(
            "entry_grammar", "these rules ({0}) have no big gin: type g for gin"
        ).format(rules.name)
        return EntryPreview(EntryState.ERROR, said)
    if not counts:
        if gin:
            said = translate("entry_grammar", "{0} goes gin — now type {1} deadwood")
        else:
            said = translate("entry_grammar", "{0} goes big gin — now type {1} deadwood")
        return EntryPreview(EntryState.INCOMPLETE, said.format(who, possessive(other)))
    if len(counts) > 1:
        if gin:
            said = translate(
                "entry_grammar", "gin takes one count ({0} deadwood); {1} numbers were typed"
            )
        else:
            said = translate(
                "entry_grammar", "big gin takes one count ({0} deadwood); {1} numbers were typed"
            )
        return EntryPreview(EntryState.ERROR, said.format(possessive(other), len(counts)))
    record = HandRecord(
        declaration, declarer=side, deadwood=((side.other, counts[0]),), upcard=upcard
    )
    if gin:
        said = translate("entry_grammar", "{0} goes gin, {1} has {2}")
    else:
        said = translate("entry_grammar", "{0} goes big gin, {1} has {2}")
    return scored_preview(record, rules, names, said.format(who, other, counts[0]))


def scored_preview(
    record: HandRecord, rules: RuleSet, names: Sequence[str], said: str
) -> EntryPreview:
    refusal = _knock_refusal(record, rules, names)
    if refusal is not None:
        return EntryPreview(EntryState.ERROR, refusal, record)
    try:
        result = score_hand(record, rules)
    except ValueError as error:  # HandRecordError: a record the rules cannot score
        return EntryPreview(EntryState.ERROR, str(error), record)
    return EntryPreview(
        EntryState.COMPLETE, f"{said}{SCORES}{describe_result(result, names)}", record, result
    )


SCORES = " → "
"""Between what was declared and what it scores, in a complete entry's message."""


def _knock_refusal(record: HandRecord, rules: RuleSet, names: Sequence[str]) -> str | None:
    """Why the declared knock breaks the rules' knock limit (cards are checked elsewhere)."""
    if record.declaration is not Declaration.KNOCK or record.declarer is None:
        return None
    count = record.declared(record.declarer)
    limit = knock_limit(rules, record.upcard)
    if count is None or limit is None or count <= limit:
        return None
    who = side_name(record.declarer, names)
    if limit == 0:
        said = translate("entry_grammar", "{0} cannot knock with {1}: {2} — type g for gin")
    else:
        said = translate("entry_grammar", "{0} cannot knock with {1}: {2}")
    return said.format(who, count, say(describe_knock_rule(rules)))
