"""A knockout bracket's words, in the reader's language: the stage of a slot (``Semi-final``,
``Losers' round 3``), a side not known yet (``winner of W1-2``, ``seed 5``, ``bye``), a box
nobody plays and how far an entrant got (``out in semi-final (W2-1)``). The desk's bracket
tab, the room's bracket, the printed chart, the standings and the command line all say them
here, and tell a side not known yet by its source, never by its words."""

from __future__ import annotations

from dataclasses import dataclass

from gin_scorer.presentation.words import QT_TRANSLATE_NOOP, translate
from gin_scorer.services.queries.standings import BracketSlotView
from gin_scorer.tournament.bracket import Source, SourceKind
from gin_scorer.tournament.elimination import BracketOutcome, Progress

# The patterns of tournament.bracket.STAGES, marked for the translation template.
STAGE_WORDS = (
    QT_TRANSLATE_NOOP("bracket_words", "Round {0}"),
    QT_TRANSLATE_NOOP("bracket_words", "Quarter-final"),
    QT_TRANSLATE_NOOP("bracket_words", "Semi-final"),
    QT_TRANSLATE_NOOP("bracket_words", "Final"),
    QT_TRANSLATE_NOOP("bracket_words", "Winners' round {0}"),
    QT_TRANSLATE_NOOP("bracket_words", "Winners' quarter-final"),
    QT_TRANSLATE_NOOP("bracket_words", "Winners' semi-final"),
    QT_TRANSLATE_NOOP("bracket_words", "Winners' final"),
    QT_TRANSLATE_NOOP("bracket_words", "Losers' round {0}"),
    QT_TRANSLATE_NOOP("bracket_words", "Losers' final"),
    QT_TRANSLATE_NOOP("bracket_words", "Grand final"),
    QT_TRANSLATE_NOOP("bracket_words", "Grand final (reset)"),
)

# The same stages inside a sentence ("out in {0} ({1})"): each STAGES pattern lower-cased.
MID_SENTENCE_STAGE_WORDS = (
    QT_TRANSLATE_NOOP("bracket_words", "round {0}"),
    QT_TRANSLATE_NOOP("bracket_words", "quarter-final"),
    QT_TRANSLATE_NOOP("bracket_words", "semi-final"),
    QT_TRANSLATE_NOOP("bracket_words", "final"),
    QT_TRANSLATE_NOOP("bracket_words", "winners' round {0}"),
    QT_TRANSLATE_NOOP("bracket_words", "winners' quarter-final"),
    QT_TRANSLATE_NOOP("bracket_words", "winners' semi-final"),
    QT_TRANSLATE_NOOP("bracket_words", "winners' final"),
    QT_TRANSLATE_NOOP("bracket_words", "losers' round {0}"),
    QT_TRANSLATE_NOOP("bracket_words", "losers' final"),
    QT_TRANSLATE_NOOP("bracket_words", "grand final"),
    QT_TRANSLATE_NOOP("bracket_words", "grand final (reset)"),
)


@dataclass(frozen=True, slots=True)
class SideWords:
    """What a bracket box says of one side, and whether that is a player (``known``) or
    where the player will come from (shown muted)."""

    text: str
    known: bool


def stage_label(stage: str, stage_round: int = 0) -> str:
    """A slot's stage in the reader's language (``stage`` is one of the STAGES patterns)."""
    return translate("bracket_words", stage).format(stage_round)


def not_needed() -> str:
    """The words in a grand-final reset the first grand final made unnecessary."""
    return translate("bracket_words", "not needed")


def side_words(
    name: str | None,
    source: Source,
    *,
    bye: bool = False,
    seed: int | None = None,
    short: bool = False,
) -> SideWords:
    """One side of a box: the player's ``name`` (with ``seed`` on a first-round line), a bye,
    or where the side comes from. ``short`` for narrow printed boxes: ``winner W1-2``."""
    if bye:
        return SideWords(translate("bracket_words", "bye"), known=False)
    if name is not None:
        if seed and source.kind is SourceKind.SEED:
            return SideWords(translate("bracket_words", "({0}) {1}").format(seed, name), True)
        return SideWords(name, known=True)
    if source.kind is SourceKind.SEED:
        return SideWords(translate("bracket_words", "seed {0}").format(source.seed), False)
    if source.kind is SourceKind.WINNER:
        pattern = (
            QT_TRANSLATE_NOOP("bracket_words", "winner {0}")
            if short
            else QT_TRANSLATE_NOOP("bracket_words", "winner of {0}")
        )
    else:
        pattern = (
            QT_TRANSLATE_NOOP("bracket_words", "loser {0}")
            if short
            else QT_TRANSLATE_NOOP("bracket_words", "loser of {0}")
        )
    return SideWords(translate("bracket_words", pattern).format(source.slot), known=False)


def slot_side(slot: BracketSlotView, side: str, *, short: bool = False) -> SideWords:
    """Side ``side`` ("A" or "B") of a bracket slot as it stands."""
    entrant = slot.a if side == "A" else slot.b
    source = slot.a_source if side == "A" else slot.b_source
    bye = slot.a_bye if side == "A" else slot.b_bye
    return side_words(entrant.name if entrant else None, source, bye=bye, short=short)


def slot_label(slot: BracketSlotView) -> str:
    """``Semi-final``, ``Losers' round 3`` for a slot as it stands."""
    return stage_label(slot.stage, slot.stage_round)


def progress_words(progress: Progress | None) -> str:
    """How far an entrant got in the bracket, as the standings say it: ``Champion``,
    ``Runner-up``, ``out in semi-final (W2-1)``, ``withdrew before W3-1`` or ``still in``;
    "" for an entrant of an event without a bracket.

    >>> progress_words(Progress(3, BracketOutcome.OUT, slot="W2-1", slot_stage="Semi-final"))
    'out in semi-final (W2-1)'
    """
    if progress is None:
        return ""
    if progress.outcome is BracketOutcome.CHAMPION:
        return translate("bracket_words", "Champion")
    if progress.outcome is BracketOutcome.RUNNER_UP:
        return translate("bracket_words", "Runner-up")
    if progress.outcome is BracketOutcome.WITHDREW:
        return translate("bracket_words", "withdrew before {0}").format(progress.slot)
    if progress.outcome is BracketOutcome.OUT:
        # One of MID_SENTENCE_STAGE_WORDS: the slot's stage as it reads inside the sentence.
        stage = translate("bracket_words", progress.slot_stage.lower())
        said = translate("bracket_words", "out in {0} ({1})")
        return said.format(stage.format(progress.slot_round), progress.slot)
    return translate("bracket_words", "still in")
