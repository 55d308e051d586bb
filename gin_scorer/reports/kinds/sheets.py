"""Score sheets and Hollywood pads: one page per match of a round, one match, or blank pads.

The pages are filled from each match's score sheet (the services' ledger); a blank page keeps
the heading when the match is known, so a director can print the next round's sheets early.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from types import MappingProxyType

from gin_scorer.core.hands import Side
from gin_scorer.core.ledgers import Hollywood, Match, MultiMatch, SeatedMatch
from gin_scorer.core.ledgers.teams import TeamDeal
from gin_scorer.core.rules import MatchFormat, RuleSet
from gin_scorer.core.wording import said
from gin_scorer.presentation.format_profiles import sheet_shape
from gin_scorer.presentation.pad_fill import PadFill, pad_fill, pad_shape
from gin_scorer.presentation.result_grammar import reported_result_text
from gin_scorer.presentation.seat_words import seating_line
from gin_scorer.presentation.sheet_fill import (
    GameFill,
    MatchHeading,
    SheetFill,
    multimatch_fill,
    sheet_fill,
)
from gin_scorer.presentation.sheet_history import history_lines
from gin_scorer.presentation.words import translate
from gin_scorer.reports.header import page_header
from gin_scorer.reports.hollywood_pad import render_hollywood_pads
from gin_scorer.reports.reading import event_of, match_heading, round_label, round_matches, rules_of
from gin_scorer.reports.request import ReportError, SheetRequest, need_db
from gin_scorer.reports.score_sheet import render_score_sheets
from gin_scorer.reports.template import PageHeader
from gin_scorer.reports.three_fill import three_fill
from gin_scorer.reports.three_sheet import render_three_sheets
from gin_scorer.services.support.database import Database
from gin_scorer.services.support.dto import EventView, MatchView, ScoreSheet
from gin_scorer.services.writes.events import get_event
from gin_scorer.services.writes.matches import get_score_sheet

Page = tuple[MatchView | None, ScoreSheet | None]
"""One page to print: the match (``None``: an anonymous blank) and its sheet (``None``: blank)."""


@dataclass(frozen=True)
class SheetRun:
    """What a sheet or pad report prints: the event (if any), its rules, the pages, and the
    round label for the header."""

    event: EventView | None
    rules: RuleSet
    pages: list[Page]
    label: str


def _one_match(db: Database, options: SheetRequest, match_id: int) -> SheetRun:
    sheet = get_score_sheet(db, match_id)
    event = get_event(db, sheet.match.event_id)
    page: Page = (sheet.match, None if options.blank else sheet)
    return SheetRun(event, sheet.rules, [page], round_label(sheet.match.round_number))


def sheets_for(db: Database | None, options: SheetRequest) -> SheetRun:
    """The pages asked for: one match, every match of a round (filled or blank headings), or
    anonymous blanks."""
    if options.match_id is not None:
        return _one_match(need_db(db), options, options.match_id)
    event = event_of(db, options)
    if event is None and not options.blank:
        raise ReportError(
            said(
                "say which sheets: --match ID, --event ID (every match of its "
                "latest round, or --round N), or --blank for empty ones"
            )
        )
    rules = rules_of(event)
    if event is None or (options.blank and options.round_number is None):
        blanks: list[Page] = [(None, None)] * max(1, options.blank_count)
        return SheetRun(event, rules, blanks, "")
    database = need_db(db)
    number, matches = round_matches(database, event, options.round_number)
    real = [m for m in matches if m.b is not None]
    if options.blank:
        return SheetRun(event, rules, [(m, None) for m in real], round_label(number))
    pages: list[Page] = [(m, get_score_sheet(database, m.id)) for m in real]
    return SheetRun(event, rules, pages, round_label(number))


def _side_name(sheet: ScoreSheet, side: Side) -> str:
    entrant = sheet.match.entrant(side)
    return entrant.name if entrant is not None else ""


def _heading(match: MatchView | None) -> MatchHeading:
    return match_heading(match) if match is not None else MatchHeading()


def sheet_page_fill(sheet: ScoreSheet) -> SheetFill | None:
    """A filled sheet from a match's score sheet (multi-match, or any match summary)."""
    ledger = sheet.ledger
    name_a, name_b = _side_name(sheet, Side.A), _side_name(sheet, Side.B)
    if isinstance(ledger, MultiMatch):
        return multimatch_fill(ledger, name_a, name_b)
    if isinstance(ledger, Match):
        summary = ledger
    elif isinstance(ledger, Hollywood | SeatedMatch):
        summary = ledger.as_match()
    else:  # the services always give one of the ledgers above
        return None
    dealer = _side_name(sheet, sheet.next_dealer) if sheet.hands else ""
    fill = _with_history(sheet, sheet_fill(summary, name_a, name_b, next_dealer=dealer))
    if isinstance(ledger, SeatedMatch):
        fill = _seated(sheet, ledger, fill)
    if sheet.result is None:
        return fill
    # A reported result decides the match: the sheet says so, not what the hands reached;
    # a slip's games' finals fill each game's "Game total" and "Won by" (no hands behind
    # them), the same figures a hand-entered game has there (decision 0016). A slip kept as
    # hand points (before it) is said in the result line, not set among the finals.
    finals = zip(sheet.result.game_points, sheet.result.game_winners, strict=False)
    if sheet.result.slip_totals is not None and not sheet.hands:
        games = tuple(
            GameFill(number, (), a_final=a, b_final=b, winner=won.value)
            for number, ((a, b), won) in enumerate(finals, start=1)
        )
        fill = replace(fill, games=games)
    return replace(
        fill,
        games_won_a=sheet.result.games_won.a,
        games_won_b=sheet.result.games_won.b,
        result_line=reported_result_text(sheet.result, name_a, name_b),
        dealer_line="",
    )


def _seated(sheet: ScoreSheet, ledger: SeatedMatch, fill: SheetFill) -> SheetFill:
    """A partnership's sheet: each row labelled by its deal and table, who sits where in
    place of the next dealer (each table deals in turn), the result in team points."""
    shape = sheet_shape(sheet.rules)
    games = tuple(
        replace(
            game,
            lines=tuple(
                replace(ln, label=shape.row_label(ledger.seats[ln.hand - 1])) for ln in game.lines
            ),
        )
        for game in fill.games
    )
    totals = ledger.totals
    high, low = max(totals.a, totals.b), min(totals.a, totals.b)
    if ledger.winner is not None:
        winners = _side_name(sheet, ledger.winner)
        won = translate("reports", "{0} win {1}–{2}").format(winners, high, low)
    elif sheet.hands:
        won = translate("reports", "in play: {0}–{1} (first to {2})").format(
            totals.a, totals.b, ledger.target
        )
    else:
        won = ""
    sweeps = [
        translate("reports", "deal {0} to {1}").format(deal.deal + 1, deal.swept_by.value)
        for deal in ledger.ledger.deals
        if isinstance(deal, TeamDeal) and deal.swept_by is not None
    ]
    seats = seating_line(sheet.match, sheet.rules)
    bonus = sheet.rules.team_sweep_bonus
    if sweeps:
        sweep_line = translate("reports", "Sweep bonus ({0}): {1}")
        seats += " · " + sweep_line.format(bonus, ", ".join(sweeps))
    return replace(fill, games=games, dealer_line=seats, result_line=won)


def _with_history(sheet: ScoreSheet, fill: SheetFill) -> SheetFill:
    """Corrected hands marked †, and what changed after entry listed under the games."""
    corrected = {hand.number for hand in sheet.hands if hand.corrected}
    games = tuple(
        replace(
            game,
            lines=tuple(replace(line, corrected=line.hand in corrected) for line in game.lines),
        )
        for game in fill.games
    )
    return replace(fill, games=games, history=history_lines(sheet))


def make_sheet(db: Database | None, out: Path, options: SheetRequest) -> Path:
    run = sheets_for(db, options)
    return printed_sheet(run.rules).sheet(db, run, out, options)


def make_pad(db: Database | None, out: Path, options: SheetRequest) -> Path:
    run = sheets_for(db, options)
    return printed_sheet(run.rules).pad(db, run, out, options)


def _two_sides_sheets(db: Database | None, run: SheetRun, out: Path, options: SheetRequest) -> Path:
    """A page per match of two sides: the game blocks, or a team match's deals and tables."""
    shape = sheet_shape(run.rules)
    pages: list[tuple[MatchHeading, SheetFill | None]] = [
        (_heading(match), sheet_page_fill(sheet) if sheet is not None else None)
        for match, sheet in run.pages
    ]
    header = _sheet_header(db, run, any(f for _, f in pages), three=False)
    return render_score_sheets(out, header, pages, shape, paper=options.paper)


def _three_sheets(db: Database | None, run: SheetRun, out: Path, options: SheetRequest) -> Path:
    """A table of three's pages: a dealer column and a total for each player."""
    shape = sheet_shape(run.rules)
    threes = [(_heading(m), three_fill(s) if s is not None else None) for m, s in run.pages]
    header = _sheet_header(db, run, any(f for _, f in threes), three=True)
    return render_three_sheets(out, header, threes, shape, paper=options.paper)


def _pad_instead(db: Database | None, run: SheetRun, out: Path, options: SheetRequest) -> Path:
    """Hollywood is scored on its pad, not on a sheet of game blocks."""
    raise ReportError(said("this event plays Hollywood: print its pad with `report pad`"))


def _no_pad(then: Builder) -> Builder:
    """A format with no pad of its own: a blank pad (``then``) when asked for one, else the
    event's sheets are the way."""

    def pad(db: Database | None, run: SheetRun, out: Path, options: SheetRequest) -> Path:
        if run.event is not None and not options.blank:
            raise ReportError(
                said(
                    "this event does not play Hollywood: print its score sheets with "
                    "`report sheet` (or a blank pad with --blank)"
                )
            )
        return then(db, run, out, options)

    return pad


def _sheet_header(db: Database | None, run: SheetRun, filled: bool, *, three: bool) -> PageHeader:
    """The sheets' page header: filled or blank, of two players or a table of three."""
    if three:
        title = translate("reports", "Score sheet, table of three")
        if not filled:
            title = translate("reports", "Score sheet, table of three (blank)")
    elif filled:
        title = translate("reports", "Match score sheet")
    else:
        title = translate("reports", "Score sheet (blank)")
    return page_header(db, title, run.event, run.label)


def _blank_pad(db: Database | None, run: SheetRun, out: Path, options: SheetRequest) -> Path:
    """A blank Hollywood pad for an event of any other format."""
    return _hollywood_pads(
        db, replace(run, rules=RuleSet(match_format=MatchFormat.HOLLYWOOD)), out, options
    )


def _hollywood_pads(db: Database | None, run: SheetRun, out: Path, options: SheetRequest) -> Path:
    """A Hollywood pad per match: each game's running score in its own column."""
    rules = run.rules
    pads: list[tuple[MatchHeading, PadFill | None]] = []
    for match, sheet in run.pages:
        fill = None
        if sheet is not None and isinstance(sheet.ledger, Hollywood):
            name_a, name_b = _side_name(sheet, Side.A), _side_name(sheet, Side.B)
            fill = replace(
                pad_fill(sheet.ledger, name_a, name_b),
                corrected=frozenset(hand.number for hand in sheet.hands if hand.corrected),
                history=history_lines(sheet),
            )
            if sheet.result is not None:  # a forfeit or a ruling decides it, not the pad
                reported = reported_result_text(sheet.result, name_a, name_b)
                fill = replace(fill, result_line=reported)
        pads.append((_heading(match), fill))
    if any(f for _, f in pads):
        title = translate("reports", "Hollywood pad")
    else:
        title = translate("reports", "Hollywood pad (blank)")
    header = page_header(db, title, run.event, run.label)
    return render_hollywood_pads(out, header, pads, pad_shape(rules), paper=options.paper)


Builder = Callable[[Database | None, SheetRun, Path, SheetRequest], Path]
"""Prints a run of pages to ``out``."""


@dataclass(frozen=True, slots=True)
class PrintedSheet:
    """A match format on paper: what ``report sheet`` and ``report pad`` print for it."""

    sheet: Builder
    pad: Builder


_TWO_SIDES = PrintedSheet(_two_sides_sheets, _no_pad(_blank_pad))

PRINTED_SHEETS: Mapping[MatchFormat, PrintedSheet] = MappingProxyType(
    {
        MatchFormat.SINGLE_GAME: _TWO_SIDES,
        MatchFormat.BEST_OF: _TWO_SIDES,
        MatchFormat.HOLLYWOOD: PrintedSheet(_pad_instead, _hollywood_pads),
        MatchFormat.MULTI_MATCH: _TWO_SIDES,
        MatchFormat.PARTNERSHIP: _TWO_SIDES,
        MatchFormat.TEAMS: _TWO_SIDES,
        # The event's own pad: a dealer column, three totals.
        MatchFormat.THREE_PLAYER: PrintedSheet(_three_sheets, _no_pad(_three_sheets)),
    }
)
"""Every match format's printed sheet and pad (decision 0030)."""


def printed_sheet(rules: RuleSet) -> PrintedSheet:
    """What a rule set's match format prints."""
    return PRINTED_SHEETS[rules.match_format]
