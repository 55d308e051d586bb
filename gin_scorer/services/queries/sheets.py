"""From a match's append-only hand log to its score sheet — a pure derivation, no I/O.

The log holds three kinds of row (see :class:`~gin_scorer.services.support.dto.EntryKind`). Each
``entry`` starts a *chain*; a ``correction`` or ``void`` extends the chain of the row it
supersedes. The newest row of a chain is the one in force: a chain ending in a void does not
count, any other counts with its newest record. Counted hands keep the order of the entries
that started them. Everything else — scores, games, totals, the winner, who deals next — is
recomputed here by the core from those records, every time.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from gin_scorer.core.hands import (
    HandRecord,
    HandResult,
    Problem,
    Severity,
    Side,
    score_hand,
)
from gin_scorer.core.ledgers import Ledger, Match, PerSide, SeatedMatch, ledger_for
from gin_scorer.core.ledgers.dealing import next_dealer
from gin_scorer.core.rules import RuleSet
from gin_scorer.core.validation import validate_hand
from gin_scorer.core.wording import said
from gin_scorer.services.support.dto import EntryKind, HandRow, LogEntry, MatchView, ScoreSheet
from gin_scorer.services.support.errors import Unreadable
from gin_scorer.services.support.result_values import ResultRow, view_in_force
from gin_scorer.tournament.results import ResultRules
from gin_scorer.tournament.settings import DEFAULT_RESULT_RULES

FIRST_DEALER = Side.A


@dataclass(frozen=True, slots=True)
class CountedHand:
    """A hand that counts: the row in force for it, and the chain it heads."""

    row: LogEntry  # the row in force (an entry or a correction)
    record: HandRecord
    first_entry_id: int
    seq: int
    corrected: bool


def hand_chains(log: Sequence[LogEntry]) -> dict[int, list[LogEntry]]:
    """Each hand's rows, oldest first, by the id of the entry that started it: the entry,
    then each correction or void that superseded the one before (the last is in force)."""
    root_of: dict[int, int] = {}
    chains: dict[int, list[LogEntry]] = {}
    for row in sorted(log, key=lambda r: r.id):
        if row.kind is EntryKind.ENTRY or row.supersedes_id is None:
            root = row.id
            chains[root] = []
        else:
            root = root_of.get(row.supersedes_id, row.supersedes_id)
            if root not in chains:  # superseding a row we never saw: a broken log
                unknown = said(
                    "hand entry {0} supersedes unknown entry {1}", row.id, row.supersedes_id
                )
                raise Unreadable(unknown)
        root_of[row.id] = root
        chains[root].append(row)
    return chains


def counted_hands(log: Sequence[LogEntry]) -> list[CountedHand]:
    """The hands that count, in the order they were first entered."""
    out: list[CountedHand] = []
    for root, chain in hand_chains(log).items():
        row = chain[-1]
        if row.kind is EntryKind.VOID or row.record is None:
            continue
        out.append(
            CountedHand(
                row=row,
                record=row.record,
                first_entry_id=root,
                seq=chain[0].seq,
                corrected=row.id != root,
            )
        )
    out.sort(key=lambda hand: (hand.seq, hand.first_entry_id))
    return out


@lru_cache(maxsize=65536)
def score(record: HandRecord, rules: RuleSet) -> HandResult:
    """The core's score of a record (cached: a sheet re-scores every hand on each entry)."""
    return score_hand(record, rules)


@lru_cache(maxsize=65536)
def problems_of(record: HandRecord, rules: RuleSet) -> tuple[Problem, ...]:
    """The core's validation findings for a record (cards against declarations)."""
    return tuple(validate_hand(record, rules))


def summary_of(ledger: Ledger) -> Match:
    """The summary every ledger shares (games won, finished, winner, extra hands)."""
    return ledger if isinstance(ledger, Match) else ledger.as_match()


def _hand_rows(
    hands: Sequence[CountedHand],
    results: Sequence[HandResult],
    ledger: Ledger,
    summary: Match,
    rules: RuleSet,
    *,
    validate: bool,
) -> tuple[list[HandRow], Side]:
    """Each hand's line of the sheet (its game, the totals after it, its problems), and who
    deals next (``summary``: the ledger's :func:`summary_of`)."""
    seated = ledger if isinstance(ledger, SeatedMatch) else None
    # Where each hand landed: the first game it counted in and that game's totals after it.
    placed: dict[int, tuple[int, PerSide]] = {}
    for game in summary.games:
        for line in game.lines:
            placed.setdefault(line.hand, (game.number, line.totals))
    extra = set(summary.extra_hands)
    rows: list[HandRow] = []
    dealer = FIRST_DEALER
    last_totals = PerSide()
    for index, (hand, result) in enumerate(zip(hands, results, strict=True)):
        if seated is not None:  # each hand at its own table: its deal's dealer there
            dealer = seated.seat(index).first_dealer
        elif index == 0 and hand.row.dealer is not None:
            dealer = hand.row.dealer
        this_dealer = hand.row.dealer or dealer
        game_number, last_totals = placed.get(index, (0, last_totals))
        found = problems_of(hand.record, rules) if validate else ()
        if index in extra:
            found = (*found, _after_the_end(index))
        rows.append(
            HandRow(
                hand_id=hand.row.id,
                number=index + 1,
                record=hand.record,
                result=result,
                dealer=this_dealer,
                totals_after=last_totals,
                game_number=game_number,
                problems=found,
                override_reason=hand.row.override_reason,
                entered_by=hand.row.entered_by,
                station=hand.row.station,
                entered_at=hand.row.entered_at,
                corrected=hand.corrected,
                first_entry_id=hand.first_entry_id,
            )
        )
        dealer = next_dealer(this_dealer, result, rules)
    if seated is not None:
        dealer = seated.seat(len(results)).first_dealer
    return rows, dealer


def _after_the_end(index: int) -> Problem:
    return Problem(
        Severity.WARNING,
        "after_match_end",
        said(
            "hand {0} comes after the match was decided and counts nowhere: "
            "void it, or correct the hand that ended the match",
            index + 1,
        ),
    )


def build_sheet(
    match: MatchView,
    rules: RuleSet,
    log: Sequence[LogEntry],
    *,
    validate: bool = True,
    reported: Sequence[ResultRow] = (),
    knobs: ResultRules = DEFAULT_RESULT_RULES,
) -> ScoreSheet:
    """The score sheet of ``match`` from its hand log, all totals recomputed by the core;
    a result in force in its result log (``reported``, worth what the event's ``knobs``
    say) decides it."""
    hands = counted_hands(log)
    results = [score(hand.record, rules) for hand in hands]
    ledger = ledger_for(results, rules)
    summary = summary_of(ledger)
    result = view_in_force(reported, rules, knobs, summary)

    rows, dealer = _hand_rows(hands, results, ledger, summary, rules, validate=validate)
    current = summary.current_game
    if current is None and summary.games:
        current = summary.games[-1]
    return ScoreSheet(
        match=match,
        rules=rules,
        hands=tuple(rows),
        ledger=ledger,
        games_won=summary.games_won if result is None else result.games_won,
        finished=summary.finished or result is not None,
        winner=summary.winner if result is None else result.winner,
        next_dealer=dealer,
        version=match.version,
        current_game=current.number if current is not None else 1,
        current_totals=current.points if current is not None else PerSide(),
        log=tuple(log),
        result=result,
    )
