"""How a hand is said: the words, marks and notes every front end prints for one hand.

One place for them, so the app's score sheet, the command line's sheet, the printed pad and
the entry line's preview cannot drift apart. Each function takes the core's values (a
:class:`HandRecord`, a :class:`HandResult`) or the services' :class:`HandRow`; the names of
the two sides are passed in, never looked up.

>>> from gin_scorer.core.hands import Declaration, HandRecord, Side, score_hand
>>> from gin_scorer.core.rules import RuleSet
>>> record = HandRecord(Declaration.KNOCK, Side.A, ((Side.A, 7), (Side.B, 15)))
>>> describe_result(score_hand(record, RuleSet()), ("Ann", "Bob"))
'knock: Ann scores 8'
>>> declared_text(record), describe_hand(record)
('7 v 15', 'A knocks 7 v 15')
"""

from __future__ import annotations

from collections.abc import Sequence

from gin_scorer.core.hands import (
    Declaration,
    HandRecord,
    HandResult,
    Outcome,
    Problem,
    Severity,
    Side,
)
from gin_scorer.presentation.words import QT_TRANSLATE_NOOP, say, translate
from gin_scorer.services.support.dto import HandRow

_OUTCOME_WORDS = {
    Outcome.KNOCK: QT_TRANSLATE_NOOP("hand_words", "knock"),
    Outcome.UNDERCUT: QT_TRANSLATE_NOOP("hand_words", "undercut"),
    Outcome.GIN: QT_TRANSLATE_NOOP("hand_words", "gin"),
    Outcome.BIG_GIN: QT_TRANSLATE_NOOP("hand_words", "big gin"),
    Outcome.DEAD: QT_TRANSLATE_NOOP("hand_words", "dead hand"),
    Outcome.MISDEAL: QT_TRANSLATE_NOOP("hand_words", "misdeal"),
    Outcome.TIE: QT_TRANSLATE_NOOP("hand_words", "tie, no undercut"),
}

OUTCOME_MARKS = {
    "knock": "",
    "gin": "G",
    "big_gin": "BG",
    "undercut": "U",
    "dead": "dead",
    "misdeal": "MD",
    "tie": "tie",
}
"""The one-or-two-letter marks a printed sheet puts after a hand's points, by
:class:`Outcome` value (a knock needs no mark: it is the usual case)."""


def side_name(side: Side, names: Sequence[str]) -> str:
    """``names[0]`` for side A, ``names[1]`` for side B."""
    return names[0] if side is Side.A else names[1]


def outcome_word(outcome: Outcome) -> str:
    """The outcome as the score sheet writes it.

    >>> outcome_word(Outcome.TIE)
    'tie, no undercut'
    """
    return translate("hand_words", _OUTCOME_WORDS[outcome])


def outcome_mark(outcome_value: str) -> str:
    """The printed sheet's mark for an outcome value (an unknown value is printed as is).

    >>> outcome_mark("big_gin"), outcome_mark("knock")
    ('BG', '')
    """
    return OUTCOME_MARKS.get(outcome_value, outcome_value)


def describe_result(result: HandResult, names: Sequence[str] = ("A", "B")) -> str:
    """One phrase for a scored hand: ``undercut: B scores 27 (doubled: spade upcard)``."""
    word = outcome_word(result.outcome)
    if result.winner is None:
        return translate("hand_words", "{0}: nobody scores").format(word)
    text = translate("hand_words", "{0}: {1} scores {2}").format(
        word, side_name(result.winner, names), result.points
    )
    if result.doubled:
        text += translate("hand_words", " (doubled: spade upcard)")
    return text


def result_cell(result: HandResult, names: Sequence[str]) -> str:
    """The app's "Result" cell: ``Ann: knock``, ``Bob: undercut ×2``, ``dead hand``.

    It names the player who scored, whose points column the row fills: on an undercut the
    defender, not the knocker. A knock tied without an undercut scores nothing; it names the
    knocker."""
    word = outcome_word(result.outcome)
    named = result.winner or result.knocker
    if named is not None and result.outcome not in (Outcome.DEAD, Outcome.MISDEAL):
        word = f"{side_name(named, names)}: {word}"
    return word + (" ×2" if result.doubled else "")


def declared_text(record: HandRecord) -> str:
    """The declared deadwood, A's v B's, as the points and totals beside it read (``7 v 15``;
    B's gin against A's 22: ``22 v 0``; a dead hand or a misdeal says nothing)."""
    if record.declaration in (Declaration.DEAD, Declaration.MISDEAL) or record.declarer is None:
        return ""
    knocker = record.declarer
    counts = {knocker.other: record.declared(knocker.other), knocker: 0}
    if record.declaration is Declaration.KNOCK:
        counts[knocker] = record.declared(knocker)
    return f"{counts[Side.A]} v {counts[Side.B]}"


def describe_hand(record: HandRecord) -> str:
    """A declared hand in words, sides as letters (the command line's sheet):
    ``A knocks 7 v 15``, ``B gin v 22``, ``A big gin v 30 (up Qs)``, ``dead hand``."""
    if record.declaration is Declaration.MISDEAL:
        if record.declarer is None:
            return translate("hand_words", "misdeal")
        could = translate("hand_words", "misdeal ({0} could knock at once)")
        return could.format(record.declarer.value)
    if record.declaration is Declaration.DEAD or record.declarer is None:
        return translate("hand_words", "dead hand")
    return _declared_hand(record, record.declarer)


def _declared_hand(record: HandRecord, declarer: Side) -> str:
    """A knock, a gin or a big gin in words, with the upcard when it was written down."""
    who, other = declarer.value, record.declared(declarer.other)
    up = record.upcard.code if record.upcard is not None else None
    if record.declaration is Declaration.KNOCK:
        mine = record.declared(declarer)
        if up is None:
            return translate("hand_words", "{0} knocks {1} v {2}").format(who, mine, other)
        said = translate("hand_words", "{0} knocks {1} v {2} (up {3})")
        return said.format(who, mine, other, up)
    if record.declaration is Declaration.BIG_GIN:
        if up is None:
            return translate("hand_words", "{0} big gin v {1}").format(who, other)
        return translate("hand_words", "{0} big gin v {1} (up {2})").format(who, other, up)
    if up is None:
        return translate("hand_words", "{0} gin v {1}").format(who, other)
    return translate("hand_words", "{0} gin v {1} (up {2})").format(who, other, up)


def points_cell(result: HandResult, side: Side) -> str:
    """What ``side`` scored on this hand, blank when it scored nothing."""
    return str(result.points) if result.winner is side and result.points else ""


def hand_notes(hand: HandRow) -> str:
    """The app's "Notes" cell: problems, the override, a correction, boxes — joined by ``·``."""
    notes: list[str] = []
    if hand.errors:
        if len(hand.errors) > 1:
            notes.append(translate("hand_words", "✖ {0} problems").format(len(hand.errors)))
        else:
            notes.append(translate("hand_words", "✖ 1 problem"))
    elif hand.warnings:
        notes.append(f"⚠ {say(hand.warnings[0].words)}")
    if hand.corrected:  # the reason in force is the correction's own
        if hand.override_reason:
            notes.append(translate("hand_words", "corrected: {0}").format(hand.override_reason))
        else:
            notes.append(translate("hand_words", "corrected"))
    elif hand.override_reason:
        notes.append(translate("hand_words", "override: {0}").format(hand.override_reason))
    if hand.result.boxes > 1:
        notes.append(translate("hand_words", "{0} boxes").format(hand.result.boxes))
    return " · ".join(notes)


def hand_tooltip(hand: HandRow) -> str:
    """The app's tooltip on a hand: every problem, the override, who entered it where, when."""
    lines = [say(p.words) for p in hand.problems]
    if hand.override_reason:
        if hand.corrected:
            said = translate("hand_words", "Corrected: {0}")
        else:
            said = translate("hand_words", "Director's override: {0}")
        lines.append(said.format(hand.override_reason))
    lines.append(
        translate("hand_words", "Entered by {0} at {1}, {2}").format(
            hand.entered_by or "—", hand.station or "—", f"{hand.entered_at:%H:%M:%S}"
        )
    )
    return "\n".join(lines)


def cli_hand_notes(hand: HandRow) -> str:
    """The command line's notes on a hand: ``corrected; reason: …; warning: …``."""
    notes = []
    if hand.corrected:
        notes.append(translate("hand_words", "corrected"))
    if hand.override_reason:
        notes.append(translate("hand_words", "reason: {0}").format(hand.override_reason))
    notes += [problem_text(p) for p in hand.problems]
    return "; ".join(notes)


def problem_text(problem: Problem) -> str:
    """A problem after its kind, for the command line: ``warning: B's count looks high``."""
    if problem.severity is Severity.ERROR:
        return translate("hand_words", "error: {0}").format(say(problem.words))
    return translate("hand_words", "warning: {0}").format(say(problem.words))


def scored_text(result: HandResult) -> str:
    """The command line's "pts" cell: ``A +8``, or ``-`` when nobody scored."""
    return f"{result.winner.value} +{result.points}" if result.winner else "-"
