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

from gin_scorer.core.cards import Card, CardError, parse_card
from gin_scorer.core.hands import Declaration, HandRecord, Side
from gin_scorer.core.rules import RuleSet
from gin_scorer.core.wording import shown
from gin_scorer.presentation.entry_counts import (
    SCORES,
    EntryPreview,
    EntryState,
    gin_preview,
    knock_preview,
    read_counts,
    scored_preview,
)
from gin_scorer.presentation.hand_words import side_name
from gin_scorer.presentation.words import QT_TRANSLATE_NOOP, said_text, translate

__all__ = [
    "GRAMMAR_HINT",
    "EntryPreview",
    "EntryState",
    "entry_text",
    "grammar_hint",
    "read_entry",
]
"""The entry line's words (its preview's types come from :mod:`.entry_counts`)."""

GRAMMAR_HINT = QT_TRANSLATE_NOOP(
    "entry_grammar",
    "a k 7 15 ⏎ A knocks with 7, B has 15  ·  b g 22 ⏎ B gin, A has 22  ·  "
    "a bg 30 ⏎ A big gin  ·  d ⏎ dead hand  ·  md ⏎ misdeal  ·  @Qs upcard",
)
"""One line shown beside the entry line (in the reader's language: :func:`grammar_hint`)."""


def grammar_hint() -> str:
    return translate("entry_grammar", GRAMMAR_HINT)


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
# Letters, numbers, an upcard after "@", a signed number (refused), or a separator we accept
# but ignore. A "-" between two numbers separates them ("7-15"); before a number that follows
# anything else it is a minus sign ("ak-5 20", "ak7 -15"), never silently dropped.
_TOKEN = re.compile(r"@\S*|[a-z]+|(?<!\d)[+\-]\d+|\d+|(?:[\s/,;:]|-(?!\d))+|-|.", re.IGNORECASE)
_SEPARATOR = re.compile(r"[\s/,;:\-]+")
_SIGNED = re.compile(r"[+\-]\d+")


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
        if _SIGNED.fullmatch(token):
            said = translate(
                "entry_grammar", "{0}: a count is typed without a sign (it is never negative)"
            )
            return said.format(said_text(shown(token)))
        if token.startswith("@"):
            if upcard is not None:
                return translate("entry_grammar", "the upcard is given twice")
            upcard = token[1:]
            continue
        if not (token.isalpha() or token.isdigit()) or not token.isascii():
            said = translate(
                "entry_grammar", "{0} is not part of an entry: type e.g. ak7 15, bg22, abg30 or d"
            )
            return said.format(said_text(shown(token)))
        words.append(token.lower())
    return _Tokens(tuple(words), upcard)


def read_entry(text: str, rules: RuleSet, names: Sequence[str] = ("A", "B")) -> EntryPreview:
    """Read the entry line under ``rules``; ``names`` label sides A and B in messages."""
    if not text.strip():
        return EntryPreview(EntryState.EMPTY, grammar_hint())
    tokens = _tokenize(text)
    if isinstance(tokens, str):
        return EntryPreview(EntryState.ERROR, tokens)
    upcard: Card | None = None
    if tokens.upcard is not None:
        if tokens.upcard == "":
            partial = _read_words(tokens.words, rules, names, None)
            if partial.state is EntryState.ERROR:
                return partial
            return EntryPreview(
                EntryState.INCOMPLETE, translate("entry_grammar", "now type the upcard, e.g. @Qs")
            )
        try:
            upcard = parse_card(tokens.upcard)
        except CardError as error:
            return EntryPreview(
                EntryState.ERROR, translate("entry_grammar", "upcard: {0}").format(error)
            )
    return _read_words(tokens.words, rules, names, upcard)


def _read_words(
    words: tuple[str, ...], rules: RuleSet, names: Sequence[str], upcard: Card | None
) -> EntryPreview:
    if not words:
        said = translate("entry_grammar", "type the side that ended the hand: a or b")
        return EntryPreview(EntryState.INCOMPLETE, said)
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
    counts = read_counts(numbers)
    if isinstance(counts, EntryPreview):
        return counts
    if declaration is Declaration.KNOCK:
        return knock_preview(side, counts, rules, names, upcard)
    return gin_preview(side, declaration, counts, rules, names, upcard, who, other)


def _unscored(
    head: str, numbers: tuple[str, ...], rules: RuleSet, names: Sequence[str], upcard: Card | None
) -> EntryPreview | None:
    """A misdeal or a dead hand (None: the head names neither)."""
    if head in _MISDEAL_WORDS or (head[:1] in "ab" and head[1:] in _MISDEAL_WORDS):
        return _misdeal(head, numbers, rules, names, upcard)
    if head in _DEAD_WORDS:
        if numbers:
            said = translate("entry_grammar", "a dead hand takes no numbers: type just d")
            return EntryPreview(EntryState.ERROR, said)
        dead = HandRecord(Declaration.DEAD, upcard=upcard)
        return scored_preview(dead, rules, names, translate("entry_grammar", "Dead hand"))
    return None


def _misdeal(
    head: str, numbers: tuple[str, ...], rules: RuleSet, names: Sequence[str], upcard: Card | None
) -> EntryPreview:
    """``md`` (or ``a md``: A could knock before any card was taken): re-dealt, no score."""
    if numbers:
        return EntryPreview(
            EntryState.ERROR, translate("entry_grammar", "a misdeal takes no numbers: type just md")
        )
    could = {"a": Side.A, "b": Side.B}.get(head[:1]) if head not in _MISDEAL_WORDS else None
    record = HandRecord(Declaration.MISDEAL, could, upcard=upcard)
    if could is None:
        return scored_preview(record, rules, names, translate("entry_grammar", "Misdeal"))
    said = translate("entry_grammar", "Misdeal ({0} could knock at once)").format(
        side_name(could, names)
    )
    return scored_preview(record, rules, names, said)


def _on_the_fiftieth_card(said: EntryPreview, rules: RuleSet, names: Sequence[str]) -> EntryPreview:
    """A complete knock or gin marked as ended by the action on the 50th card."""
    if said.record is None or said.state is not EntryState.COMPLETE:
        return said
    if not rules.fiftieth_card_rule:
        return EntryPreview(
            EntryState.ERROR,
            translate("entry_grammar", "{0} does not allow the action on the 50th card").format(
                rules.name
            ),
        )
    if said.record.declaration not in (Declaration.KNOCK, Declaration.GIN, Declaration.BIG_GIN):
        return EntryPreview(
            EntryState.ERROR,
            translate(
                "entry_grammar", "the 50th card's discard may be taken only to knock or go gin"
            ),
        )
    marked = replace(said.record, fiftieth_card=True)
    declared = said.message.split(SCORES)[0]  # what was declared, without the score
    return scored_preview(
        marked, rules, names, translate("entry_grammar", "{0}, on the 50th card").format(declared)
    )


def _side(head: str, numbers: tuple[str, ...]) -> Side | EntryPreview:
    """The side the head's first letter names, or what to say about a head without one."""
    if not head:
        return EntryPreview(
            EntryState.ERROR,
            translate(
                "entry_grammar", "start with the side that ended the hand (a or b), not {0}"
            ).format(said_text(shown(numbers[0]))),
        )
    if head[0] not in ("a", "b"):
        if "dead".startswith(head):
            return EntryPreview(EntryState.INCOMPLETE, translate("entry_grammar", "dead hand …"))
        said = translate(
            "entry_grammar",
            "{0} is not a side: start with a or b (the player who knocked or went gin)",
        )
        return EntryPreview(EntryState.ERROR, said.format(said_text(shown(head[0]))))
    return Side.A if head[0] == "a" else Side.B


def _declaration(word: str, who: str, numbers: tuple[str, ...]) -> Declaration | EntryPreview:
    """The declaration after the side letter, or what to say while it is missing or wrong."""
    if not word:
        if numbers:
            said = translate(
                "entry_grammar",
                "say how {0} ended the hand before the count: k (knock), g (gin), bg (big gin)",
            )
            return EntryPreview(EntryState.ERROR, said.format(who))
        said = translate("entry_grammar", "{0} … now k (knock), g (gin) or bg (big gin)")
        return EntryPreview(EntryState.INCOMPLETE, said.format(who))
    declaration = _DECLARATIONS.get(word)
    if declaration is not None:
        return declaration
    if any(known.startswith(word) for known in _DECLARATIONS) and not numbers:
        return EntryPreview(
            EntryState.INCOMPLETE,
            translate("entry_grammar", "{0} … (knock, gin or big gin)").format(who),
        )
    said = translate(
        "entry_grammar",
        "{0} is not a declaration: type k (knock), g (gin) or bg (big gin) after the side",
    )
    return EntryPreview(EntryState.ERROR, said.format(said_text(shown(word))))


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
