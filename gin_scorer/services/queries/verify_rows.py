"""One pass over an event's rows for the checks of :mod:`gin_scorer.services.queries.hand_checks`:
its matches and its whole hand log read with one query each, as plain rows (no ORM objects),
and each hand's record decoded once, its cards straight into masks
(:mod:`gin_scorer.core.hand_masks`). The decoded hand serves both the hand's own checks and
its match's status (the ledger its results make); the ``Card`` objects and the sentences are
made only for a hand that has a problem.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import itemgetter
from typing import Any, NamedTuple

from sqlalchemy import select as sql_select
from sqlmodel import Session, col

from gin_scorer.core import fast_json
from gin_scorer.core.declared_checks import declared_problems
from gin_scorer.core.hand_masks import (
    Declarations,
    MaskedHand,
    masked_from_json,
    masked_from_record,
)
from gin_scorer.core.hands import HandRecord, HandResult, score_hand
from gin_scorer.core.rules import KnockRule, RuleSet
from gin_scorer.core.wording import Said, said, words_of
from gin_scorer.services.queries.views import entry_kind, parse_record
from gin_scorer.services.support.dto import EntryKind
from gin_scorer.services.support.errors import Unreadable
from gin_scorer.services.support.stored_json import rules_from_json
from gin_scorer.store.tables import HandEntry, Match, Round

__all__ = [
    "CountedRow",
    "MatchRules",
    "Scores",
    "counted_rows",
    "declaration_facts",
    "event_hand_rows",
    "event_matches",
    "round_numbers",
    "upcard_counts",
]

# What the checks read of a match and of a hand-log row: no timestamps (a SQLite driver
# parses each one), no names of who entered it. Read through the session's connection, not
# the session: the ORM's handling of each row (for a plain select of columns) cost as much
# again as the query.
_MATCH_COLUMNS: tuple[Any, ...] = (
    col(Match.id),
    col(Match.round_id),
    col(Match.table_number),
    col(Match.entrant_a_id),
    col(Match.entrant_b_id),
    col(Match.rules_json),
    col(Match.status),
    col(Match.bracket_slot),
)
_HAND_COLUMNS: tuple[Any, ...] = (
    col(HandEntry.id),
    col(HandEntry.match_id),
    col(HandEntry.seq),
    col(HandEntry.kind),
    col(HandEntry.supersedes_id),
    col(HandEntry.record_json),
    col(HandEntry.override_reason),
)
_VOID = EntryKind.VOID.value
_ENTRY = EntryKind.ENTRY.value
KINDS = frozenset(kind.value for kind in EntryKind)


def _rows(session: Session, query: Any) -> Any:
    """``query``'s rows through the session's connection (what the session holds unwritten,
    an import's new rows, written first, as the session itself would before a query)."""
    session.flush()
    return session.connection().execute(query)


def event_matches(
    session: Session, event_id: int, between: tuple[int, int] | None = None
) -> list[Any]:
    """The event's matches (with ids in ``between``, both ends included) in id order, as
    plain rows with Match's attribute names."""
    query = sql_select(*_MATCH_COLUMNS).where(col(Match.event_id) == event_id)
    if between is not None:
        query = query.where(col(Match.id).between(*between))
    return list(_rows(session, query.order_by(col(Match.id))))


def round_numbers(session: Session, event_id: int) -> dict[int, int]:
    query = sql_select(col(Round.id), col(Round.number)).where(col(Round.event_id) == event_id)
    return {rid: number for rid, number in _rows(session, query)}


def event_hand_rows(
    session: Session, event_id: int, between: tuple[int, int] | None = None
) -> dict[int, list[Any]]:
    """Every hand-log row of the event (of its matches with ids in ``between``, both ends
    included), by match, in id order: one query."""
    query = (
        sql_select(*_HAND_COLUMNS)
        .join(Match, col(Match.id) == col(HandEntry.match_id))
        .where(col(Match.event_id) == event_id)
    )
    if between is not None:
        query = query.where(col(HandEntry.match_id).between(*between))
    logs: dict[int, list[Any]] = {}
    for row in _rows(session, query.order_by(col(HandEntry.id))):
        logs.setdefault(row.match_id, []).append(row)
    return logs


def decoded(text: str, declarations: Declarations | None = None) -> MaskedHand:
    """A stored record read once, its cards as masks. A record not in the app's own form is
    read by :func:`~gin_scorer.services.queries.views.parse_record`, which raises what it always
    raised for one it cannot read."""
    try:
        data = fast_json.loads(text)
    except ValueError:
        data = None
    masked = masked_from_json(data, declarations) if type(data) is dict else None
    if masked is None:
        return masked_from_record(parse_record(text))
    return masked


class CountedRow(NamedTuple):
    """A hand that counts: the hand-log row in force for it (a plain row of ``_HAND_COLUMNS``)
    and its record decoded."""

    row: Any
    hand: MaskedHand


def counted_rows(
    rows: Sequence[Any],
    declarations: Declarations | None = None,
    read: dict[str, MaskedHand] | None = None,
) -> list[CountedRow]:
    """:func:`gin_scorer.services.queries.sheets.counted_hands` on plain rows (as
    :func:`event_hand_rows` reads them), each record decoded once: the hands that count, in
    the order they were first entered. As there, a record that cannot be read raises first,
    then a row superseding one never seen (:class:`Unreadable`). ``read``: the records
    without cards decoded so far, by their text, to share (a declaration alone is written
    the same way by many hands of an event: decoding it again would give the same hand)."""
    hands: dict[int, MaskedHand] = {}
    root_of: dict[int, int] = {}
    chains: dict[int, list[Any]] = {}  # root -> [its first row's seq, the last row]
    broken: tuple[int, int] | None = None
    for row in sorted(rows, key=_ID):
        hand_id, _, seq, kind, supersedes, text, _ = row
        if kind not in KINDS:
            entry_kind(hand_id, kind)  # said as log_entries says it: a kind no app writes
        if kind != _VOID and text:
            hand = read.get(text) if read is not None else None
            if hand is None:
                hand = decoded(text, declarations)
                if read is not None and hand.cards is None:
                    read[text] = hand
            hands[hand_id] = hand
        if broken is not None:
            continue
        if kind == _ENTRY or supersedes is None:
            root = hand_id
            chains[root] = [seq, row]
        else:
            root = root_of.get(supersedes, supersedes)
            if root not in chains:
                broken = (hand_id, supersedes)
                continue
            chains[root][1] = row
        root_of[hand_id] = root
    if broken is not None:
        raise Unreadable(said("hand entry {0} supersedes unknown entry {1}", *broken))
    counted = []
    for root, (seq, last) in chains.items():
        if last[3] == _VOID or last[0] not in hands:
            continue
        counted.append((seq, root, CountedRow(last, hands[last[0]])))
    counted.sort(key=_FIRST_TWO)
    return [hand for _, _, hand in counted]


_ID = itemgetter(0)
_FIRST_TWO = itemgetter(0, 1)


class MatchRules:
    """Each match's rules read once per check (an event's matches share a few rule sets);
    under each, what every declaration met scores and whether it breaks the rules by itself
    (an event's hands repeat a few hundred declarations); and the declarations read."""

    def __init__(self) -> None:
        self._read: dict[str, tuple[RuleSet, Scores, bool]] = {}
        self.declarations: Declarations = {}
        self.records: dict[str, MaskedHand] = {}  # records without cards, by their text

    def of(self, match: Any) -> tuple[RuleSet, Scores, bool]:
        """The match's rules, the scores met under them, and whether the upcard counts."""
        found = self._read.get(match.rules_json)
        if found is None:
            rules = rules_from_json(match.rules_json, f"match {match.id} rules")
            found = (rules, {}, upcard_counts(rules))
            self._read[match.rules_json] = found
        return found


# A declaration's key -> what it scores (or why it cannot be scored), and whether the
# declaration alone is an error (a knock above the limit ...), under one rule set.
Scores = dict[tuple[object, ...], tuple["HandResult | None", "Said | None", bool]]


def upcard_counts(rules: RuleSet) -> bool:
    """Whether a hand's upcard changes its score or its declaration's errors under ``rules``
    (spades double; Oklahoma's knock limit)."""
    return rules.spade_doubles or rules.knock_rule is KnockRule.OKLAHOMA


def declaration_facts(
    declared: HandRecord, rules: RuleSet
) -> tuple[HandResult | None, Said | None, bool]:
    """What a declaration scores (or why it cannot be scored), and whether it is an error by
    itself, whatever the cards."""
    try:
        result = score_hand(declared, rules)
    except ValueError as error:
        return None, words_of(error), True
    return result, None, any(p.is_error for p in declared_problems(declared, rules))
