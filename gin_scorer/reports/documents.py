"""One ``make_<kind>(db, out, options)`` per report: ask the services, lay the answer out.

Everything here reads the services' frozen views (``EventView``, ``MatchView``,
``ScoreSheet`` ...) and converts them into the plain lines the document modules print.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from gin_scorer.core.hands import Outcome, Side
from gin_scorer.core.ledgers import Hollywood, Match, MultiMatch
from gin_scorer.core.rules import MatchFormat, RuleSet
from gin_scorer.presentation.pad_fill import PadFill, pad_fill, pad_shape
from gin_scorer.presentation.sheet_fill import (
    MatchHeading,
    SheetFill,
    multimatch_fill,
    sheet_fill,
    sheet_shape,
)
from gin_scorer.presentation.standings_table import printed_standings, standings_stage
from gin_scorer.reports.bracket import BracketBox, render_bracket
from gin_scorer.reports.build import Options, ReportError, page_header
from gin_scorer.reports.hollywood_pad import render_hollywood_pads
from gin_scorer.reports.pairings import PairingLine, render_pairings
from gin_scorer.reports.player_sheet import PlayerMatchLine, PlayerSummary, render_player_sheet
from gin_scorer.reports.result_slips import Slip, render_result_slips
from gin_scorer.reports.score_sheet import render_score_sheets
from gin_scorer.reports.standings import render_standings

# --- reading the services -----------------------------------------------------------------


def _event(db: Any, options: Options, *, required: bool) -> Any:
    """The options' ``EventView`` (``None`` when not given and not ``required``)."""
    if options.event_id is None:
        if required:
            raise ReportError("this report needs an event: give --event ID")
        return None
    if db is None:
        raise ReportError("this report needs a database")
    return _get_event()(db, options.event_id)


def _get_event() -> Any:
    from gin_scorer.services.events import get_event

    return get_event


def _rules(event: Any | None) -> RuleSet:
    if event is not None:
        return event.rules  # type: ignore[no-any-return]
    from gin_scorer.services.events import default_rules

    return default_rules()


def _round_matches(db: Any, event: Any, round_number: int | None) -> tuple[int, list[Any]]:
    """The matches of ``round_number`` (default: the latest round paired), by table."""
    number = _round_number(db, event, round_number)
    chosen = list(_list_matches()(db, event.id, round_number=number))
    chosen.sort(key=lambda m: (m.b is None, m.table_number or 10**6, m.id))
    return number, chosen


def _score_sheet(db: Any, match_id: int) -> Any:
    from gin_scorer.services.matches import get_score_sheet

    return get_score_sheet(db, match_id)


def _list_matches() -> Any:
    from gin_scorer.services.matches import list_matches

    return list_matches


def _heading(match: Any) -> MatchHeading:
    b = match.b
    return MatchHeading(
        player_a=match.a.name,
        player_b=b.name if b is not None else "(bye)",
        club_a=match.a.club,
        club_b=b.club if b is not None else "",
        table=str(match.table_number or ""),
        round=str(match.round_number or ""),
        match=str(match.id),
    )


def _round_label(number: int | None) -> str:
    return f"Round {number}" if number else ""


# --- score sheets and Hollywood pads -------------------------------------------------------


def _sheets_for(db: Any, options: Options) -> tuple[Any, RuleSet, list[tuple[Any, Any]], str]:
    """(event, rules, [(match view or None, score sheet or None)], round label)."""
    if options.match_id is not None:
        sheet = _score_sheet(db, options.match_id)
        event = _get_event()(db, sheet.match.event_id)
        return (
            event,
            sheet.rules,
            [(sheet.match, None if options.blank else sheet)],
            _round_label(sheet.match.round_number),
        )
    event = _event(db, options, required=False)
    if event is None and not options.blank:
        raise ReportError(
            "say which sheets: --match ID, --event ID (every match of its "
            "latest round, or --round N), or --blank for empty ones"
        )
    rules = _rules(event)
    if event is None or (options.blank and options.round_number is None):
        return event, rules, [(None, None)] * max(1, options.blank_count), ""
    number, matches = _round_matches(db, event, options.round_number)
    real = [m for m in matches if m.b is not None]
    if options.blank:
        return event, rules, [(m, None) for m in real], _round_label(number)
    return event, rules, [(m, _score_sheet(db, m.id)) for m in real], _round_label(number)


def _side_name(sheet: Any, side: Side) -> str:
    entrant = sheet.match.entrant(side)
    return entrant.name if entrant is not None else ""


def make_sheet(db: Any, out: Path, options: Options) -> Path:
    event, rules, sheets, label = _sheets_for(db, options)
    if rules.match_format is MatchFormat.HOLLYWOOD:
        raise ReportError("this event plays Hollywood: print its pad with `report pad`")
    pages: list[tuple[MatchHeading, SheetFill | None]] = []
    for match, sheet in sheets:
        heading = _heading(match) if match is not None else MatchHeading()
        fill = None
        if sheet is not None:
            ledger = sheet.ledger
            name_a, name_b = _side_name(sheet, Side.A), _side_name(sheet, Side.B)
            if isinstance(ledger, MultiMatch):
                fill = multimatch_fill(ledger, name_a, name_b)
            else:
                summary = ledger if isinstance(ledger, Match) else ledger.as_match()
                dealer = _side_name(sheet, sheet.next_dealer) if sheet.hands else ""
                fill = sheet_fill(summary, name_a, name_b, next_dealer=dealer)
        pages.append((heading, fill))
    title = "Match score sheet" if any(f for _, f in pages) else "Score sheet (blank)"
    header = page_header(db, title, event, label)
    return render_score_sheets(out, header, pages, sheet_shape(rules), paper=options.paper)


def make_pad(db: Any, out: Path, options: Options) -> Path:
    event, rules, sheets, label = _sheets_for(db, options)
    if rules.match_format is not MatchFormat.HOLLYWOOD and event is not None and not options.blank:
        raise ReportError(
            "this event does not play Hollywood: print its score sheets with "
            "`report sheet` (or a blank pad with --blank)"
        )
    if rules.match_format is not MatchFormat.HOLLYWOOD:
        rules = RuleSet(match_format=MatchFormat.HOLLYWOOD)
    pads: list[tuple[MatchHeading, PadFill | None]] = []
    for match, sheet in sheets:
        heading = _heading(match) if match is not None else MatchHeading()
        fill = None
        if sheet is not None and isinstance(sheet.ledger, Hollywood):
            fill = pad_fill(sheet.ledger, _side_name(sheet, Side.A), _side_name(sheet, Side.B))
        pads.append((heading, fill))
    title = "Hollywood pad" if any(f for _, f in pads) else "Hollywood pad (blank)"
    header = page_header(db, title, event, label)
    return render_hollywood_pads(out, header, pads, pad_shape(rules), paper=options.paper)


# --- slips and pairings --------------------------------------------------------------------


def make_slips(db: Any, out: Path, options: Options) -> Path:
    event = _event(db, options, required=False)
    if event is None or options.blank:
        header = page_header(db, "Result slips (blank)", event)
        count = max(1, options.blank_count) * 4
        slips = [Slip(event_name=event.name if event else "")] * count
        return render_result_slips(out, header, slips, paper=options.paper)
    number, matches = _round_matches(db, event, options.round_number)
    slips = [
        Slip(
            event_name=event.name,
            round=str(number),
            table=str(m.table_number or ""),
            player_a=m.a.name,
            player_b=m.b.name,
            club_a=m.a.club,
            club_b=m.b.club,
            match=str(m.id),
        )
        for m in matches
        if m.b is not None
    ]
    header = page_header(db, "Result slips", event, _round_label(number))
    return render_result_slips(out, header, slips, paper=options.paper)


def make_pairings(db: Any, out: Path, options: Options) -> Path:
    from gin_scorer.services.rounds import get_round

    event = _event(db, options, required=True)
    number = _round_number(db, event, options.round_number)
    round_view = get_round(db, event.id, number)
    lines = [
        PairingLine(
            table=str(p.table or ""),
            player_a=p.a.name,
            player_b=p.b.name if p.b is not None else "",
            club_a=p.a.club,
            club_b=p.b.club if p.b is not None else "",
            note=p.slot or "",
        )
        for p in round_view.pairings
    ]
    header = page_header(db, "Pairings", event, _round_label(number))
    return render_pairings(out, header, lines, paper=options.paper, notes=round_view.notes)


def _round_number(db: Any, event: Any, wanted: int | None) -> int:
    """``wanted`` if that round is paired (default: the latest), else a clear refusal."""
    # The match list is cheap (no hands are read); the rounds service recomputes results.
    numbers: list[int] = sorted(
        {m.round_number for m in _list_matches()(db, event.id) if m.round_number is not None}
    )
    if not numbers:
        raise ReportError(f"event {event.id} ({event.name}) has no round paired yet")
    if wanted is None:
        return numbers[-1]
    if wanted not in numbers:
        raise ReportError(
            f"event {event.id} ({event.name}) has no round {wanted}; rounds "
            "paired: " + ", ".join(str(n) for n in numbers)
        )
    return wanted


# --- the player sheet ----------------------------------------------------------------------


def hand_counts(sheet: Any, side: Side) -> dict[str, int]:
    """Hands won, gins (big gins included) and undercuts of ``side`` in one score sheet."""
    counts = {"hands": 0, "won": 0, "gins": 0, "undercuts": 0}
    for row in sheet.hands:
        result = row.result
        counts["hands"] += 1
        if result.winner is side:
            counts["won"] += 1
            if result.outcome in (Outcome.GIN, Outcome.BIG_GIN):
                counts["gins"] += 1
            if result.outcome is Outcome.UNDERCUT:
                counts["undercuts"] += 1
    return counts


def player_line(sheet: Any, entrant_id: int) -> PlayerMatchLine:
    """One match of ``entrant_id`` as the player sheet prints it, from its score sheet."""
    match = sheet.match
    side = match.side_of(entrant_id)
    if side is None:
        raise ReportError(f"entrant {entrant_id} does not play match {match.id}")
    opponent = match.entrant(side.other)
    ledger = sheet.ledger
    summary = ledger if isinstance(ledger, Match) else ledger.as_match()
    totals = summary.totals
    counts = hand_counts(sheet, side)
    if sheet.finished:
        result = "won" if sheet.winner is side else "lost"
    else:
        result = "in play" if sheet.hands else "to play"
    return PlayerMatchLine(
        round=str(match.round_number or ""),
        table=str(match.table_number or ""),
        opponent=opponent.name if opponent is not None else "(bye)",
        result=result,
        games_for=sheet.games_won[side],
        games_against=sheet.games_won[side.other],
        points_for=totals[side],
        points_against=totals[side.other],
        hands_played=counts["hands"],
        hands_won=counts["won"],
        gins=counts["gins"],
        undercuts=counts["undercuts"],
    )


def _get_entrant() -> Any:
    from gin_scorer.services.entrants import get_entrant

    return get_entrant


def _place_of(db: Any, event: Any, entrant_id: int) -> str:
    """The entrant's place in the event's current standings ("3=" when shared), if ranked."""
    from gin_scorer.services.errors import ServiceError
    from gin_scorer.services.standings import standings

    try:
        rows = standings(db, event.id)
    except ServiceError:  # a format without standings (a club night that never paired)
        return ""
    for row in rows:
        if row.entrant.id == entrant_id:
            return f"{row.place_label} of {len(rows)}"
    return ""


def make_player(db: Any, out: Path, options: Options) -> Path:
    if options.entrant_id is None:
        raise ReportError("the player sheet needs an entrant: give --entrant ID")
    entrant = _get_entrant()(db, options.entrant_id)
    if options.event_id is not None and entrant.event_id != options.event_id:
        raise ReportError(
            f"entrant {entrant.id} ({entrant.name}) is not in event {options.event_id}"
        )
    event = _get_event()(db, entrant.event_id)
    list_matches = _list_matches()
    mine = [m for m in list_matches(db, event.id) if m.side_of(entrant.id) is not None]
    mine.sort(key=lambda m: (m.round_number or 0, m.id))
    lines = []
    for m in mine:
        if m.b is None:
            lines.append(
                PlayerMatchLine(
                    str(m.round_number or ""), "", "(bye)", "bye", 0, 0, 0, 0, 0, 0, 0, 0
                )
            )
        else:
            lines.append(player_line(_score_sheet(db, m.id), entrant.id))
    player = PlayerSummary(
        name=entrant.name,
        club=entrant.club,
        seed=str(entrant.seed or ""),
        status="withdrawn" if not entrant.active else "",
        place=_place_of(db, event, entrant.id),
    )
    header = page_header(db, "Player sheet", event)
    return render_player_sheet(out, header, player, lines, paper=options.paper)


# --- the bracket -------------------------------------------------------------------------


def bracket_boxes(
    bracket: Any,
    states: Mapping[str, Any],
    names: Mapping[int, str],
    tables: Mapping[str, int] | None = None,
) -> list[BracketBox]:
    """The printed boxes of an elimination bracket (``tournament.elimination.Bracket``) and
    its resolved slot states: names where known, else where the side comes from."""
    from gin_scorer.tournament.elimination import PHANTOM, SourceKind

    seed_of = {entrant: n for n, entrant in enumerate(bracket.seeds, start=1)}

    def side_text(entrant: int | None, source: Any) -> str:
        if entrant == PHANTOM:
            return "bye"
        if entrant is not None:
            seed = seed_of.get(entrant)
            name = names.get(entrant, f"entrant {entrant}")
            return f"({seed}) {name}" if seed and source.kind is SourceKind.SEED else name
        if source.kind is SourceKind.SEED:
            return f"seed {source.seed}"
        return f"{source.kind.value} {source.slot}"

    boxes = []
    for m in bracket.matches:
        state = states[m.slot]
        a_score = b_score = ""
        outcome = state.outcome
        if outcome is not None:
            same = outcome.a == state.a
            a_score = str(outcome.games_a if same else outcome.games_b)
            b_score = str(outcome.games_b if same else outcome.games_a)
        winner = ""
        if state.winner is not None and state.winner != PHANTOM and state.needed:
            winner = "A" if state.winner == state.a else "B"
        reset = m.slot == "GF2"
        boxes.append(
            BracketBox(
                slot=m.slot,
                section=m.section,
                round_in_section=m.round_in_section,
                index=m.index,
                label=m.label,
                a_text=side_text(state.a, m.a),
                b_text=side_text(state.b, m.b),
                a_score=a_score,
                b_score=b_score,
                winner=winner,
                a_from="GF" if reset else (m.a.slot if m.a.kind is SourceKind.WINNER else ""),
                b_from="" if reset else (m.b.slot if m.b.kind is SourceKind.WINNER else ""),
                table=str((tables or {}).get(m.slot, "")),
                needed=state.needed,
            )
        )
    return boxes


# --- standings ---------------------------------------------------------------------------


def make_standings(db: Any, out: Path, options: Options) -> Path:
    from gin_scorer.services.standings import standings

    event = _event(db, options, required=True)
    after = options.round_number
    if after is not None:
        _round_number(db, event, after)
    rows = standings(db, event.id, after)
    if not rows:
        raise ReportError(f"event {event.id} ({event.name}) has no entrants yet")
    printed = printed_standings(rows)
    label = f"After round {after}" if after is not None else _latest_label(db, event)
    header = page_header(db, "Standings", event, label)
    return render_standings(
        out,
        header,
        printed.lines,
        printed.tie_break_headings,
        paper=options.paper,
        note=printed.note,
    )


def _latest_label(db: Any, event: Any) -> str:
    return standings_stage(_list_matches()(db, event.id))


# --- the bracket -------------------------------------------------------------------------


def _short(text: str) -> str:
    """``winner of W1-2`` -> ``winner W1-2``: narrow bracket boxes keep the slot readable."""
    return text.replace("winner of ", "winner ").replace("loser of ", "loser ")


def slot_boxes(slots: Sequence[Any]) -> list[BracketBox]:
    """Printed boxes from the standings service's ``BracketSlotView`` values. Lines are
    drawn only along winners' paths (a loser dropping to the losers' bracket is named)."""
    section = {s.slot: s.section for s in slots}
    boxes = []
    for s in slots:

        def feed(source: str, s: Any = s) -> str:
            if s.slot == "GF2" or source not in section:
                return ""
            if section[source] == "W" and s.section == "L":
                return ""  # a loser's drop, not a winner's path
            return source

        boxes.append(
            BracketBox(
                slot=s.slot,
                section=s.section,
                round_in_section=s.round_in_section,
                index=s.index,
                label=s.label,
                a_text=_short(s.a_text),
                b_text=_short(s.b_text),
                a_score="" if s.games_a is None else str(s.games_a),
                b_score="" if s.games_b is None else str(s.games_b),
                winner=s.winner,
                a_from="GF" if s.slot == "GF2" else feed(s.a_from),
                b_from=feed(s.b_from),
                table=str(s.table or ""),
                needed=s.needed,
            )
        )
    return boxes


def make_bracket(db: Any, out: Path, options: Options) -> Path:
    event = _event(db, options, required=True)
    if options.blank:
        from gin_scorer.services.entrants import list_entrants
        from gin_scorer.tournament.elimination import build_bracket, resolve
        from gin_scorer.tournament.model import Entrant, Format

        try:
            format_ = Format(event.format)
        except ValueError:
            format_ = Format.CLUB
        if not format_.is_elimination:
            raise ReportError(
                f"event {event.id} ({event.name}) is not an elimination event: it has no bracket"
            )
        field = [
            Entrant(e.id, e.name, seed=e.seed)
            for e in list_entrants(db, event.id, include_withdrawn=False)
        ]
        if len(field) < 2:
            raise ReportError(f"event {event.id} ({event.name}) needs two entrants for a bracket")
        shape = build_bracket(field, double=format_ is Format.DOUBLE_ELIMINATION)
        boxes = bracket_boxes(shape, resolve(shape, ()), {e.id: e.name for e in field})
        title = "Bracket (blank)"
    else:
        from gin_scorer.services.standings import bracket

        view = bracket(db, event.id)
        boxes = slot_boxes(view.slots)
        title = "Bracket" + (f" — champion {view.champion.name}" if view.champion else "")
    header = page_header(db, title, event)
    return render_bracket(out, header, boxes, paper=options.paper)
