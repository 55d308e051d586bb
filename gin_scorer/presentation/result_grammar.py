"""The results line: a match's result from a slip in a few keystrokes, read as it is typed.

The grammar (case does not matter; spaces are optional where nothing is ambiguous)::

    12 a 3-1      table 12: A won 3 games to 1 (a slip)          (compact: 12a31)
    12 b 3-2 375-120 90-380 …   … with each game's final, A–B, in the order played
    12 a ff       table 12: B did not come, A wins by forfeit     (also: 12 ff a)
    12 ff         table 12: neither came (double forfeit)
    12 t          table 12: time called, the event's rule decides (12 t b: the director's B)
    12 adj b A left the venue      table 12: the director gives it to B, for that reason

The games are the winner's first (``b 3-1``: B won 3–1); game totals are always A–B, as the
score sheet has them, and each is the game's final from the foot of the pad — its points with
the boxes, the game bonus and the shutout (decision 0016). A game's winner is the side with
the higher final; one whose loser ended ahead on boxes is marked with its winner
(``430-490a``). A plain slip is 5 keystrokes with Enter (``12a31⏎``) and 9 with spaces
(``12 a 3-1⏎``). Without a table (``with_table=False``, the command line, where the match is
named by its options) the line starts at the result: ``a 3-1``.

:func:`read_result_line` is pure and never raises for bad text: it says whether the text is
empty, still being typed, complete (with the table and the report) or wrong (with one line
naming the problem).

>>> line = read_result_line("12a31")
>>> line.table, line.report.kind.value, line.report.winner.value, line.report.games
(12, 'slip', 'A', (3, 1))
>>> read_result_line("7 b 3-2 375-0 0-385 380-9 0-375 3-400").report.games
(2, 3)
>>> read_result_line("7 a 1-0 430-490a").report.game_winners
(<Side.A: 'A'>,)
>>> read_result_line("7 x").problem[:40]
"'x' is not a result: type the winner (a "
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from gin_scorer.core.hands import Side
from gin_scorer.presentation.entry_grammar import EntryState
from gin_scorer.presentation.words import QT_TRANSLATE_NOOP, translate
from gin_scorer.services.support.dto import PointsScale, ResultKind, ResultView
from gin_scorer.services.writes.results import ResultReport

RESULT_HINT = QT_TRANSLATE_NOOP(
    "result_grammar",
    "12 a 3-1 ⏎ A won 3–1  ·  12 a ff ⏎ A wins by forfeit  ·  12 ff ⏎ neither came  ·  "
    "12 t ⏎ time called  ·  12 adj b reason ⏎ the director's ruling",
)
"""One line shown beside the results line (show it through :func:`result_hint`)."""


def result_hint() -> str:
    """:data:`RESULT_HINT` in the reader's language."""
    return translate("result_grammar", RESULT_HINT)


_FORFEIT = {"f", "ff", "forfeit"}
_DOUBLE = {"dff", "double"}
_TIME = {"t", "time"}
_ADJUDICATE = {"adj", "adjudicate", "adjudicated"}
_GAMES = re.compile(r"^(\d{1,2})-(\d{1,2})$|^(\d)(\d)$", re.ASCII)
_TOTALS = re.compile(r"^(\d{1,6})-(\d{1,6})$", re.ASCII)
_SIDES = {"a": Side.A, "b": Side.B}


@dataclass(frozen=True, slots=True)
class ResultLine:
    """What the line says so far: ``report`` (and ``table``) once COMPLETE, ``problem`` when
    ERROR, a ``hint`` of what comes next when INCOMPLETE."""

    state: EntryState
    table: int | None = None
    report: ResultReport | None = None
    problem: str = ""
    hint: str = ""


def read_result_line(text: str, *, with_table: bool = True) -> ResultLine:
    """Read a results line (see the module text)."""
    spaced = re.sub(r"(?<=[0-9])(?=[a-z])|(?<=[a-z])(?=[0-9])", " ", text.strip().lower())
    spaced = spaced.replace("–", "-").replace("—", "-")
    spaced = re.sub(r"\b([ab])(ff?|forfeit)\b", r"\1 \2", spaced)  # 12bff: b ff
    words = spaced.split()
    if not words:
        return ResultLine(EntryState.EMPTY)
    table = None
    if with_table:
        if not re.fullmatch(r"[0-9]{1,6}", words[0]) or int(words[0]) < 1:
            said = translate(
                "result_grammar", "{0} is not a table number: start with the table, e.g. 12"
            )
            return _wrong(said.format(repr(words[0])))
        table = int(words[0])
        words = words[1:]
        if not words:
            hint = translate("result_grammar", "now the result: a 3-1, ff, t")
            return ResultLine(EntryState.INCOMPLETE, table, hint=hint)
    line = _result(words, text)
    return ResultLine(line.state, table, line.report, line.problem, line.hint)


def _result(words: list[str], original: str) -> ResultLine:
    head, rest = words[0], words[1:]
    if head in _DOUBLE or (head in _FORFEIT and not rest):
        return _complete(ResultReport(ResultKind.DOUBLE_FORFEIT)) if not rest else _extra(rest)
    if head in _FORFEIT:  # ff a: the side that was there
        wanted = translate("result_grammar", "the side that was there, a or b")
        return _side_after(head, rest, ResultKind.FORFEIT, wanted)
    if head in _TIME and not rest:
        return _complete(ResultReport(ResultKind.TIME_CALLED))
    if head in _TIME:
        wanted = translate("result_grammar", "the director's winner, a or b")
        return _side_after(head, rest, ResultKind.TIME_CALLED, wanted)
    if head in _ADJUDICATE:
        return _adjudicated(rest, original)
    return _won_by(head, rest)


def _won_by(head: str, rest: list[str]) -> ResultLine:
    """``a 3-1 …`` (a slip) or ``a ff`` (a forfeit): the line starts with a side."""
    side = _SIDES.get(head)
    if side is None:
        said = translate(
            "result_grammar",
            "{0} is not a result: type the winner (a or b) and the games, "
            "ff (forfeit), t (time called) or adj (adjudicate)",
        )
        return _wrong(said.format(repr(head)))
    if not rest:
        hint = translate("result_grammar", "{0} won: now the games, e.g. 3-1").format(side.value)
        return ResultLine(EntryState.INCOMPLETE, hint=hint)
    if rest[0] in _FORFEIT:
        return _side_after(rest[0], [head, *rest[1:]], ResultKind.FORFEIT, "")
    return _slip(side, rest)


def _side_after(word: str, rest: list[str], kind: ResultKind, wanted: str) -> ResultLine:
    """``ff a`` / ``t b`` (and ``a ff``): one side's letter and nothing more."""
    side = _SIDES.get(rest[0]) if rest else None
    if side is None:
        said = translate("result_grammar", "after {0}: {1}, not {2}")
        return _wrong(said.format(word, wanted, repr(" ".join(rest))))
    return _complete(ResultReport(kind, side)) if len(rest) == 1 else _extra(rest[1:])


def _slip(side: Side, rest: list[str]) -> ResultLine:
    if len(rest) == 1 and re.fullmatch(r"[0-9]-?", rest[0]):  # "3" or "3-": the loser's to come
        hint = translate("result_grammar", "now the loser's games, e.g. 3-1")
        return ResultLine(EntryState.INCOMPLETE, hint=hint)
    found = _GAMES.match(rest[0])
    if found is None:
        said = translate(
            "result_grammar", "{0} is not the games: type the winner's games first, e.g. 3-1"
        )
        return _wrong(said.format(repr(rest[0])))
    won, lost = (int(g) for g in (found.group(1, 2) if found.group(1) else found.group(3, 4)))
    games = (won, lost) if side is Side.A else (lost, won)
    totals: list[tuple[int, int]] = []
    marks: list[Side | None] = []
    for word in rest[1:]:
        if word in _SIDES and totals and marks[-1] is None:  # 430-490a: A won that game
            marks[-1] = _SIDES[word]
            continue
        pair = _TOTALS.match(word)
        if pair is None:
            said = translate(
                "result_grammar",
                "{0} is not a game's finals: type them A-B from the foot of the pad, e.g. 375-120",
            )
            return _wrong(said.format(repr(word)))
        totals.append((int(pair.group(1)), int(pair.group(2))))
        marks.append(None)
    marked = tuple(marks) if any(marks) else ()
    return _complete(ResultReport(ResultKind.SLIP, side, games, tuple(totals), game_winners=marked))


def _adjudicated(rest: list[str], original: str) -> ResultLine:
    if not rest:
        hint = translate("result_grammar", "adjudicate: now the winner, a or b")
        return ResultLine(EntryState.INCOMPLETE, hint=hint)
    side = _SIDES.get(rest[0])
    if side is None:
        return _wrong(
            translate("result_grammar", "after adj: the winner, a or b, not {0}").format(
                repr(rest[0])
            )
        )
    # The reason as typed (its case and spacing kept): everything after the side's letter.
    typed = re.search(r"adj\w*\s*[ab]\b\s*(.*)$", original, re.IGNORECASE | re.DOTALL)
    reason = typed.group(1).strip() if typed else ""
    if not reason:
        hint = translate("result_grammar", "adjudicate: now the reason")
        return ResultLine(EntryState.INCOMPLETE, hint=hint)
    return _complete(ResultReport(ResultKind.ADJUDICATED, side, reason=reason))


def _complete(report: ResultReport) -> ResultLine:
    return ResultLine(EntryState.COMPLETE, report=report)


def _wrong(problem: str) -> ResultLine:
    return ResultLine(EntryState.ERROR, problem=problem)


def _extra(rest: list[str]) -> ResultLine:
    said = translate("result_grammar", "{0} is more than this result takes")
    return _wrong(said.format(repr(" ".join(rest))))


def result_words(report: ResultReport, a_name: str, b_name: str) -> str:
    """The report in words, for the line's preview and the status bar.

    >>> result_words(ResultReport(ResultKind.SLIP, Side.B, (1, 3)), "Ann", "Bob")
    'Bob beats Ann 3–1 (slip)'
    >>> result_words(ResultReport(ResultKind.FORFEIT, Side.A), "Ann", "Bob")
    'Ann wins by forfeit: Bob did not play'
    """
    names = {Side.A: a_name, Side.B: b_name}
    winner = None if report.winner is None else names[report.winner]
    loser = None if report.winner is None else names[report.winner.other]
    kind = report.kind
    if kind is ResultKind.SLIP and report.games is not None and winner is not None:
        a, b = report.games
        won, lost = (a, b) if report.winner is Side.A else (b, a)
        if report.game_points:
            said = translate("result_grammar", "{0} beats {1} {2}–{3} (slip with game totals)")
        else:
            said = translate("result_grammar", "{0} beats {1} {2}–{3} (slip)")
        return said.format(winner, loser, won, lost)
    if kind is ResultKind.FORFEIT and winner is not None:
        return translate("result_grammar", "{0} wins by forfeit: {1} did not play").format(
            winner, loser
        )
    if kind is ResultKind.DOUBLE_FORFEIT:
        return translate("result_grammar", "double forfeit: neither {0} nor {1} played").format(
            a_name, b_name
        )
    if kind is ResultKind.TIME_CALLED and winner:
        return translate("result_grammar", "time called: the director gives it to {0}").format(
            winner
        )
    if kind is ResultKind.TIME_CALLED:
        return translate("result_grammar", "time called: the event's rule decides")
    if kind is ResultKind.ADJUDICATED and winner is not None:
        return translate("result_grammar", "adjudicated to {0}: {1}").format(winner, report.reason)
    return kind_word(kind)


_KIND_WORDS = {
    ResultKind.PLAYED: QT_TRANSLATE_NOOP("result_grammar", "played"),
    ResultKind.SLIP: QT_TRANSLATE_NOOP("result_grammar", "slip"),
    ResultKind.FORFEIT: QT_TRANSLATE_NOOP("result_grammar", "forfeit"),
    ResultKind.DOUBLE_FORFEIT: QT_TRANSLATE_NOOP("result_grammar", "double forfeit"),
    ResultKind.TIME_CALLED: QT_TRANSLATE_NOOP("result_grammar", "time called"),
    ResultKind.ADJUDICATED: QT_TRANSLATE_NOOP("result_grammar", "adjudicated"),
}


def kind_word(kind: ResultKind) -> str:
    """Where a result came from, in the reader's language: ``slip``, ``time called``."""
    return translate("result_grammar", _KIND_WORDS[kind])


def reported_result_text(
    result: ResultView, a_name: str, b_name: str, *, entered: bool = True
) -> str:
    """A sheet's line for the result that decides it, with where it came from and who
    entered it: "Slip: Bob beats Ann 3–1, no game points (entered by Desk 1)" — or, with
    ``entered=False``, without who entered it (the players' own table's page, where the
    table's name in the log would read back as an odd "entered by table 24 (room)").

    >>> from datetime import UTC, datetime
    >>> from gin_scorer.core.ledgers import PerSide
    >>> view = ResultView(1, ResultKind.SLIP, Side.B, PerSide(1, 3), 0, False, (), None,
    ...                   "Desk 1", "desk", datetime(2026, 11, 25, tzinfo=UTC))
    >>> reported_result_text(view, "Ann", "Bob")
    'Slip: Bob beats Ann 3–1, no game points (entered by Desk 1)'
    """
    names = {Side.A: a_name, Side.B: b_name}
    games = result.games_won
    if result.winner is None:
        said = translate("result_grammar", "neither {0} nor {1} played").format(a_name, b_name)
    else:
        won, lost = games[result.winner], games[result.winner.other]
        beaten = names[result.winner.other]
        if result.kind is ResultKind.FORFEIT:
            verb = translate("result_grammar", "{0} wins by forfeit over {1} {2}–{3}")
        else:
            verb = translate("result_grammar", "{0} beats {1} {2}–{3}")
        said = verb.format(names[result.winner], beaten, won, lost)
    if result.game_points and result.scale is PointsScale.HAND_POINTS:
        totals = ", ".join(f"{a}–{b}" for a, b in result.game_points)
        said += translate(
            "result_grammar",
            ", game totals {0} entered as hand points (before finals were asked for), not "
            "counted in the differential",
        ).format(totals)
    elif not result.points_known:
        said += translate("result_grammar", ", no game points")
    elif result.margin:
        said += translate("result_grammar", ", margin {0}").format(abs(result.margin))
    if result.reason:
        said += f" — {result.reason}"
    word = kind_word(result.kind)
    label = word[:1].upper() + word[1:]
    if not entered:
        if result.corrected:
            return translate("result_grammar", "{0}: {1} (corrected)").format(label, said)
        return translate("result_grammar", "{0}: {1}").format(label, said)
    if result.corrected:
        line = translate("result_grammar", "{0}: {1} (entered by {2}, corrected)")
    else:
        line = translate("result_grammar", "{0}: {1} (entered by {2})")
    return line.format(label, said, result.entered_by)
