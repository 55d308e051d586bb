"""The score-sheet entry line: a hand in a few keystrokes, read as the director types.

The grammar (case does not matter, spaces are optional where nothing is ambiguous)::

    a k 7 15     A knocked with 7; B holds 15 after layoffs      (compact: ak7 15)
    b g 22       B went gin; A holds 22                           (compact: bg22)
    a bg 30      A went big gin; B holds 30                       (compact: abg30)
    d            dead hand: nobody scores
    md           misdeal: re-dealt by the same dealer (a md: A could knock before any draw)
    … fifty      the hand ended by the action on the 50th card (where the rules allow it)
    … @Qs        optionally the upcard (Oklahoma: a spade doubles the hand)

The first letter is always the side that ended the hand (``a`` or ``b``); what follows it is
the declaration (``k``/``knock``, ``g``/``gin``, ``bg``/``big``/``biggin``). So ``bg22`` is
"B gin, 22" and ``abg30`` is "A big gin, 30". A knock takes two numbers (the knocker's count,
then the defender's count after layoffs); gin and big gin take one (the defender's count).
A knock is at most 8 keystrokes with Enter (``ak10 15⏎``).

:func:`read_entry` is pure: it never raises for bad text. It returns an :class:`EntryPreview`
that says whether the text is empty, still being typed, complete (with the record, its scored
result and a sentence describing it) or wrong (with a message naming the problem).

>>> from gin_scorer.core.rules import RuleSet
>>> read_entry("ak7 15", RuleSet()).message
'A knocks with 7, B has 15 → knock: A scores 8'
>>> read_entry("bg", RuleSet()).message
'B goes gin — now type A’s deadwood'
>>> read_entry("ax7", RuleSet()).message
"'x' is not a declaration: type k (knock), g (gin) or bg (big gin) after the side"
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import Enum

from gin_scorer.core.cards import Card, CardError, parse_card
from gin_scorer.core.hands import Declaration, HandRecord, HandResult, Side, score_hand
from gin_scorer.core.json_input import shown
from gin_scorer.core.knocking import describe_knock_rule, knock_limit
from gin_scorer.core.rules import RuleSet
from gin_scorer.presentation.hand_words import describe_result, side_name

GRAMMAR_HINT = (
    "a k 7 15 ⏎ A knocks with 7, B has 15  ·  b g 22 ⏎ B gin, A has 22  ·  "
    "a bg 30 ⏎ A big gin  ·  d ⏎ dead hand  ·  md ⏎ misdeal  ·  @Qs upcard"
)
"""One line shown beside the entry line."""

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


_DECLARATIONS: dict[str, Declaration] = {
    "k": Declaration.KNOCK,
    "kn": Declaration.KNOCK,
    "knock": Declaration.KNOCK,
    "knocks": Declaration.KNOCK,
    "g": Declaration.GIN,
    "gin": Declaration.GIN,
    "bg": Declaration.BIG_GIN,
    "big": Declaration.BIG_GIN,
    "biggin": Declaration.BIG_GIN,
    "bgin": Declaration.BIG_GIN,
}
_DEAD_WORDS = {"d", "dead", "dh"}
_MISDEAL_WORDS = {"md", "misdeal"}
_FIFTIETH_WORDS = {"fifty", "fiftieth"}
# Letters, numbers, an upcard after "@", or a separator we accept but ignore.
_TOKEN = re.compile(r"@\S*|[a-z]+|\d+|[\s/,;:\-]+|.", re.IGNORECASE)
_SEPARATOR = re.compile(r"[\s/,;:\-]+")


@dataclass(frozen=True, slots=True)
class _Tokens:
    words: tuple[str, ...]  # letter runs and numbers, in order
    upcard: str | None


def _tokenize(text: str) -> _Tokens | str:
    words: list[str] = []
    upcard: str | None = None
    for match in _TOKEN.finditer(text):
        token = match.group(0)
        if _SEPARATOR.fullmatch(token):
            continue
        if token.startswith("@"):
            if upcard is not None:
                return "the upcard is given twice"
            upcard = token[1:]
            continue
        if not (token.isalpha() or token.isdigit()) or not token.isascii():
            return f"{shown(token)} is not part of an entry: {GRAMMAR_HINT_SHORT}"
        words.append(token.lower())
    return _Tokens(tuple(words), upcard)


GRAMMAR_HINT_SHORT = "type e.g. ak7 15, bg22, abg30 or d"


def _possessive(name: str) -> str:
    return f"{name}’" if name.endswith("s") else f"{name}’s"


def read_entry(text: str, rules: RuleSet, names: Sequence[str] = ("A", "B")) -> EntryPreview:
    """Read the entry line under ``rules``; ``names`` label sides A and B in messages."""
    if not text.strip():
        return EntryPreview(EntryState.EMPTY, GRAMMAR_HINT)
    tokens = _tokenize(text)
    if isinstance(tokens, str):
        return EntryPreview(EntryState.ERROR, tokens)
    upcard: Card | None = None
    if tokens.upcard is not None:
        if tokens.upcard == "":
            partial = _read_words(tokens.words, rules, names, None)
            if partial.state is EntryState.ERROR:
                return partial
            return EntryPreview(EntryState.INCOMPLETE, "now type the upcard, e.g. @Qs")
        try:
            upcard = parse_card(tokens.upcard)
        except CardError as error:
            return EntryPreview(EntryState.ERROR, f"upcard: {error}")
    return _read_words(tokens.words, rules, names, upcard)


def _read_words(
    words: tuple[str, ...], rules: RuleSet, names: Sequence[str], upcard: Card | None
) -> EntryPreview:
    if not words:
        return EntryPreview(EntryState.INCOMPLETE, "type the side that ended the hand: a or b")
    if len(words) > 1 and words[-1] in _FIFTIETH_WORDS:
        return _on_the_fiftieth_card(_read_words(words[:-1], rules, names, upcard), rules, names)
    # Letter runs before the first number form the head: side + declaration ("a"+"k", "abg").
    head = ""
    index = 0
    while index < len(words) and words[index].isalpha():
        head += words[index]
        index += 1
    numbers = words[index:]
    unscored = _unscored(head, numbers, rules, names, upcard)
    if unscored is not None:
        return unscored
    side = _side(head, numbers)
    if isinstance(side, EntryPreview):
        return side
    who = side_name(side, names)
    other = side_name(side.other, names)
    declaration = _declaration(head[1:], who, numbers)
    if isinstance(declaration, EntryPreview):
        return declaration
    counts = _counts(numbers)
    if isinstance(counts, EntryPreview):
        return counts
    if declaration is Declaration.KNOCK:
        return _knock(side, counts, rules, names, upcard)
    return _gin(side, declaration, counts, rules, names, upcard, who, other)


def _unscored(
    head: str, numbers: tuple[str, ...], rules: RuleSet, names: Sequence[str], upcard: Card | None
) -> EntryPreview | None:
    """A misdeal or a dead hand (None: the head names neither)."""
    if head in _MISDEAL_WORDS or (head[:1] in "ab" and head[1:] in _MISDEAL_WORDS):
        return _misdeal(head, numbers, rules, names, upcard)
    if head in _DEAD_WORDS:
        if numbers:
            return EntryPreview(EntryState.ERROR, "a dead hand takes no numbers: type just d")
        return _scored(HandRecord(Declaration.DEAD, upcard=upcard), rules, names, "Dead hand")
    return None


def _misdeal(
    head: str, numbers: tuple[str, ...], rules: RuleSet, names: Sequence[str], upcard: Card | None
) -> EntryPreview:
    """``md`` (or ``a md``: A could knock before any card was taken): re-dealt, no score."""
    if numbers:
        return EntryPreview(EntryState.ERROR, "a misdeal takes no numbers: type just md")
    could = {"a": Side.A, "b": Side.B}.get(head[:1]) if head not in _MISDEAL_WORDS else None
    record = HandRecord(Declaration.MISDEAL, could, upcard=upcard)
    said = "Misdeal" + (f" ({side_name(could, names)} could knock at once)" if could else "")
    return _scored(record, rules, names, said)


def _on_the_fiftieth_card(said: EntryPreview, rules: RuleSet, names: Sequence[str]) -> EntryPreview:
    """A complete knock or gin marked as ended by the action on the 50th card."""
    if said.record is None or said.state is not EntryState.COMPLETE:
        return said
    if not rules.fiftieth_card_rule:
        return EntryPreview(
            EntryState.ERROR, f"{rules.name} does not allow the action on the 50th card"
        )
    if said.record.declaration not in (Declaration.KNOCK, Declaration.GIN, Declaration.BIG_GIN):
        return EntryPreview(
            EntryState.ERROR, "the 50th card's discard may be taken only to knock or go gin"
        )
    marked = replace(said.record, fiftieth_card=True)
    return _scored(marked, rules, names, said.message.split(" → ")[0] + ", on the 50th card")


def _side(head: str, numbers: tuple[str, ...]) -> Side | EntryPreview:
    """The side the head's first letter names, or what to say about a head without one."""
    if not head:
        return EntryPreview(
            EntryState.ERROR,
            f"start with the side that ended the hand (a or b), not {shown(numbers[0])}",
        )
    if head[0] not in ("a", "b"):
        if "dead".startswith(head):
            return EntryPreview(EntryState.INCOMPLETE, "dead hand …")
        return EntryPreview(
            EntryState.ERROR,
            f"{shown(head[0])} is not a side: start with a or b "
            "(the player who knocked or went gin)",
        )
    return Side.A if head[0] == "a" else Side.B


def _declaration(word: str, who: str, numbers: tuple[str, ...]) -> Declaration | EntryPreview:
    """The declaration after the side letter, or what to say while it is missing or wrong."""
    if not word:
        if numbers:
            return EntryPreview(
                EntryState.ERROR,
                f"say how {who} ended the hand before the count: k (knock), g (gin), bg (big gin)",
            )
        return EntryPreview(
            EntryState.INCOMPLETE, f"{who} … now k (knock), g (gin) or bg (big gin)"
        )
    declaration = _DECLARATIONS.get(word)
    if declaration is not None:
        return declaration
    if any(known.startswith(word) for known in _DECLARATIONS) and not numbers:
        return EntryPreview(EntryState.INCOMPLETE, f"{who} … (knock, gin or big gin)")
    return EntryPreview(
        EntryState.ERROR,
        f"{shown(word)} is not a declaration: "
        "type k (knock), g (gin) or bg (big gin) after the side",
    )


def _counts(numbers: tuple[str, ...]) -> list[int] | EntryPreview:
    """The deadwood counts typed, or the error naming the first that cannot be one."""
    counts: list[int] = []
    for number in numbers:
        if not number.isdigit():
            return EntryPreview(
                EntryState.ERROR, f"{shown(number)} is not a deadwood count: type a whole number"
            )
        if len(number) > 3:  # int() of 5,000 digits would raise; no count has 4 digits
            return EntryPreview(
                EntryState.ERROR,
                f"{shown(number)} is more deadwood than ten cards can hold "
                f"({MAX_DEADWOOD} at most)",
            )
        value = int(number)
        if value > MAX_DEADWOOD:
            return EntryPreview(
                EntryState.ERROR,
                f"{value} is more deadwood than ten cards can hold ({MAX_DEADWOOD} at most)",
            )
        counts.append(value)
    return counts


def _knock(
    side: Side, counts: list[int], rules: RuleSet, names: Sequence[str], upcard: Card | None
) -> EntryPreview:
    who, other = side_name(side, names), side_name(side.other, names)
    if not counts:
        return EntryPreview(EntryState.INCOMPLETE, f"{who} knocks — now type {who}’s count")
    if len(counts) == 1:
        return EntryPreview(
            EntryState.INCOMPLETE,
            f"{who} knocks with {counts[0]} — now type {_possessive(other)} deadwood after layoffs",
        )
    if len(counts) > 2:
        return EntryPreview(
            EntryState.ERROR,
            f"a knock takes two counts ({who}’s, then {other}’s); {len(counts)} numbers were typed",
        )
    record = HandRecord(
        Declaration.KNOCK,
        declarer=side,
        deadwood=((side, counts[0]), (side.other, counts[1])),
        upcard=upcard,
    )
    return _scored(record, rules, names, f"{who} knocks with {counts[0]}, {other} has {counts[1]}")


def _gin(
    side: Side,
    declaration: Declaration,
    counts: list[int],
    rules: RuleSet,
    names: Sequence[str],
    upcard: Card | None,
    who: str,
    other: str,
) -> EntryPreview:
    what = "gin" if declaration is Declaration.GIN else "big gin"
    if declaration is Declaration.BIG_GIN and not rules.big_gin_allowed:
        return EntryPreview(
            EntryState.ERROR, f"these rules ({rules.name}) have no big gin: type g for gin"
        )
    if not counts:
        return EntryPreview(
            EntryState.INCOMPLETE, f"{who} goes {what} — now type {_possessive(other)} deadwood"
        )
    if len(counts) > 1:
        return EntryPreview(
            EntryState.ERROR,
            f"{what} takes one count ({_possessive(other)} deadwood); "
            f"{len(counts)} numbers were typed",
        )
    record = HandRecord(
        declaration, declarer=side, deadwood=((side.other, counts[0]),), upcard=upcard
    )
    return _scored(record, rules, names, f"{who} goes {what}, {other} has {counts[0]}")


def _scored(record: HandRecord, rules: RuleSet, names: Sequence[str], said: str) -> EntryPreview:
    refusal = _knock_refusal(record, rules, names)
    if refusal is not None:
        return EntryPreview(EntryState.ERROR, refusal, record)
    try:
        result = score_hand(record, rules)
    except ValueError as error:  # HandRecordError: a record the rules cannot score
        return EntryPreview(EntryState.ERROR, str(error), record)
    return EntryPreview(
        EntryState.COMPLETE, f"{said} → {describe_result(result, names)}", record, result
    )


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
        return f"{who} cannot knock with {count}: {describe_knock_rule(rules)} — type g for gin"
    return f"{who} cannot knock with {count}: {describe_knock_rule(rules)}"


def entry_text(record: HandRecord) -> str:
    """The entry-line text that reproduces ``record`` (the app fills it in to edit a past hand).

    >>> from gin_scorer.core.rules import RuleSet
    >>> record = read_entry("abg30 @Qs", RuleSet()).record
    >>> record is not None and entry_text(record)
    'abg30 @Qs'
    """
    if record.declaration is Declaration.DEAD or record.declarer is None:
        text = "d"
    else:
        side = record.declarer.value.lower()
        defender = record.declared(record.declarer.other)
        if record.declaration is Declaration.KNOCK:
            text = f"{side}k{record.declared(record.declarer)} {defender}"
        elif record.declaration is Declaration.GIN:
            text = f"{side}g{defender}"
        else:
            text = f"{side}bg{defender}"
    if record.upcard is not None:
        text += f" @{record.upcard.code}"
    return text
