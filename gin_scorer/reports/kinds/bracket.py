"""The bracket chart of an elimination event: as it stands (from the standings service), or
blank with only the seeds placed (from the tournament engine's bracket shape)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

from gin_scorer.core.wording import said
from gin_scorer.presentation.bracket_words import (
    SideWords,
    side_words,
    slot_label,
    slot_side,
    stage_label,
)
from gin_scorer.presentation.words import translate
from gin_scorer.reports.bracket import BracketBox, render_bracket
from gin_scorer.reports.header import page_header
from gin_scorer.reports.reading import required_event
from gin_scorer.reports.request import BracketRequest, ReportError, need_db
from gin_scorer.services.queries.standings import BracketSlotView, bracket
from gin_scorer.services.support.database import Database
from gin_scorer.services.support.dto import EventView
from gin_scorer.services.writes.entrants import list_entrants
from gin_scorer.tournament.elimination import (
    PHANTOM,
    Bracket,
    SlotState,
    Source,
    SourceKind,
    build_bracket,
    resolve,
)
from gin_scorer.tournament.model import Entrant, Format


def _side(
    entrant: int | None, source: Source, seed_of: Mapping[int, int], names: Mapping[int, str]
) -> SideWords:
    """A side's name where known (with its seed on a seed line), else where it comes from."""
    if entrant is None or entrant == PHANTOM:
        return side_words(None, source, bye=entrant == PHANTOM, short=True)
    name = names.get(entrant, f"#{entrant}")  # never: every entrant of the shape has a name
    return side_words(name, source, seed=seed_of.get(entrant), short=True)


def _scores(state: SlotState) -> tuple[str, str]:
    """Games won by the slot's side A and side B (blank before the match is played)."""
    outcome = state.outcome
    if outcome is None:
        return "", ""
    same = outcome.a == state.a
    a_score = str(outcome.games_a if same else outcome.games_b)
    b_score = str(outcome.games_b if same else outcome.games_a)
    return a_score, b_score


def _winner_feed(source: Source) -> str:
    """The slot whose winner fills this side (blank for a seed line or a loser's drop)."""
    return source.slot if source.kind is SourceKind.WINNER else ""


def bracket_boxes(
    shape: Bracket,
    states: Mapping[str, SlotState],
    names: Mapping[int, str],
    tables: Mapping[str, int] | None = None,
) -> list[BracketBox]:
    """The printed boxes of an elimination bracket (``tournament.elimination.Bracket``) and
    its resolved slot states: names where known, else where the side comes from."""
    seed_of = {entrant: n for n, entrant in enumerate(shape.seeds, start=1)}
    boxes = []
    for m in shape.matches:
        state = states[m.slot]
        a_score, b_score = _scores(state)
        winner = ""
        if state.winner is not None and state.winner != PHANTOM and state.needed:
            winner = "A" if state.winner == state.a else "B"
        reset = m.slot == "GF2"
        a_side = _side(state.a, m.a, seed_of, names)
        b_side = _side(state.b, m.b, seed_of, names)
        boxes.append(
            BracketBox(
                slot=m.slot,
                section=m.section,
                round_in_section=m.round_in_section,
                index=m.index,
                label=stage_label(m.stage, m.stage_round),
                a_text=a_side.text,
                b_text=b_side.text,
                a_known=a_side.known,
                b_known=b_side.known,
                a_score=a_score,
                b_score=b_score,
                winner=winner,
                a_from="GF" if reset else _winner_feed(m.a),
                b_from="" if reset else _winner_feed(m.b),
                table=str((tables or {}).get(m.slot, "")),
                needed=state.needed,
            )
        )
    return boxes


def _feed(s: BracketSlotView, source: str, section: Mapping[str, str]) -> str:
    """The slot a line is drawn from: only along winners' paths (a loser dropping to the
    losers' bracket is named in the box, not drawn)."""
    if s.slot == "GF2" or source not in section:
        return ""
    if section[source] == "W" and s.section == "L":
        return ""  # a loser's drop, not a winner's path
    return source


def slot_boxes(slots: Sequence[BracketSlotView]) -> list[BracketBox]:
    """Printed boxes from the standings service's ``BracketSlotView`` values."""
    section = {s.slot: s.section for s in slots}
    return [_slot_box(s, section) for s in slots]


def _slot_box(s: BracketSlotView, section: Mapping[str, str]) -> BracketBox:
    """One printed box: narrow, so a side not known yet is said short (``winner W1-2``)."""
    a_side, b_side = slot_side(s, "A", short=True), slot_side(s, "B", short=True)
    return BracketBox(
        slot=s.slot,
        section=s.section,
        round_in_section=s.round_in_section,
        index=s.index,
        label=slot_label(s),
        a_text=a_side.text,
        b_text=b_side.text,
        a_known=a_side.known,
        b_known=b_side.known,
        a_score=s.games_text("A"),
        b_score=s.games_text("B"),
        winner=s.winner,
        a_from="GF" if s.slot == "GF2" else _feed(s, s.a_from, section),
        b_from=_feed(s, s.b_from, section),
        table=str(s.table or ""),
        needed=s.needed,
    )


def _blank_boxes(db: Database, event: EventView) -> list[BracketBox]:
    """The bracket with only the seeds placed, from the event's active entrants."""
    try:
        format_ = Format(event.format)
    except ValueError:
        format_ = Format.CLUB
    if not format_.is_elimination:
        raise ReportError(
            said(
                "event {0} ({1}) is not an elimination event: it has no bracket",
                event.id,
                event.name,
            )
        )
    field = [
        Entrant(e.id, e.name, seed=e.seed)
        for e in list_entrants(db, event.id, include_withdrawn=False)
    ]
    if len(field) < 2:
        raise ReportError(
            said("event {0} ({1}) needs two entrants for a bracket", event.id, event.name)
        )
    shape = build_bracket(field, double=format_ is Format.DOUBLE_ELIMINATION)
    return bracket_boxes(shape, resolve(shape, ()), {e.id: e.name for e in field})


def make_bracket(db: Database | None, out: Path, options: BracketRequest) -> Path:
    event = required_event(db, options)
    database = need_db(db)
    if options.blank:
        boxes = _blank_boxes(database, event)
        title = translate("bracket", "Bracket (blank)")
    else:
        view = bracket(database, event.id)
        boxes = slot_boxes(view.slots)
        title = translate("bracket", "Bracket")
        if view.champion is not None:
            title = translate("bracket", "Bracket — champion {0}").format(view.champion.name)
    header = page_header(db, title, event)
    return render_bracket(out, header, boxes, paper=options.paper)
