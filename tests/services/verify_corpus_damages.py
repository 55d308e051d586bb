"""The damages of the verify corpus (tests/services/verify_corpus.py): each edits a copy of
the base database as a person with the sqlite3 tool could. A hand edit picks the ``nth`` hand
(in id order) of a kind and changes its stored JSON; the others are SQL statements."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

Record = dict[str, Any]
_TRIGGERS = {
    "hand_entry": "hand entries are append-only",
    "audit_entry": "the audit log is append-only",
    "seal_link": "the seal is append-only",
    "result_entry": "result entries are append-only",
}


def raw(path: Path, *statements: str | tuple[str, tuple[Any, ...]]) -> None:
    """Run ``statements`` on the file with the append-only triggers dropped, then put them
    back exactly as they were (what a person with the sqlite3 tool can do)."""
    connection = sqlite3.connect(path)
    try:
        for table in _TRIGGERS:
            for action in ("update", "delete"):
                connection.execute(f"DROP TRIGGER IF EXISTS {table}_append_only_{action}")
        for statement in statements:
            if isinstance(statement, tuple):
                connection.execute(*statement)
            else:
                connection.execute(statement)
        for table, message in _TRIGGERS.items():
            for action in ("update", "delete"):
                connection.execute(
                    f"CREATE TRIGGER {table}_append_only_{action} BEFORE {action.upper()} ON "
                    f"{table} BEGIN SELECT RAISE(ABORT, '{message}'); END"
                )
        connection.commit()
    finally:
        connection.close()


def _hands(path: Path) -> list[tuple[int, Record]]:
    """(hand id, record) of every entry, in id order."""
    connection = sqlite3.connect(path)
    try:
        rows = connection.execute(
            "SELECT id, record_json FROM hand_entry WHERE kind = 'entry' ORDER BY id"
        )
        return [(hand_id, json.loads(text)) for hand_id, text in rows]
    finally:
        connection.close()


# --- which hand ------------------------------------------------------------------------------


def knock(r: Record) -> bool:
    return "knock" in r and "cards" in r


def gin(r: Record) -> bool:
    return "gin" in r and "cards" in r


def with_layoffs(r: Record) -> bool:
    return knock(r) and bool(r["cards"].get("layoffs"))


def with_defender_melds(r: Record) -> bool:
    return knock(r) and bool(r["cards"].get("defender_melds"))


def with_both(r: Record) -> bool:
    return with_layoffs(r) and bool(r["cards"].get("defender_melds"))


def _knocker(r: Record) -> str:
    return str(r.get("knock") or r.get("gin") or r.get("big_gin"))


def _defender(r: Record) -> str:
    return "B" if _knocker(r) == "A" else "A"


# --- how it is changed -----------------------------------------------------------------------


def knocker_count_plus_one(r: Record) -> Record:
    r["deadwood"][_knocker(r)] += 1
    return r


def defender_count_plus_three(r: Record) -> Record:
    r["deadwood"][_defender(r)] += 3
    return r


def defender_declaration_dropped(r: Record) -> Record:
    r["cards"].pop("defender_melds")
    r["cards"].pop("layoffs", None)
    r["deadwood"][_defender(r)] += 2
    return r


def knocker_card_to_defender(r: Record) -> Record:
    c = r["cards"]
    c["defender"] = [c["knocker_deadwood"][0], *c["defender"][1:]]
    return r


def meld_card_twice(r: Record) -> Record:
    c = r["cards"]
    c["knocker_deadwood"] = [*c["knocker_deadwood"][:-1], c["knocker_melds"][0][0]]
    return r


def defender_card_dropped(r: Record) -> Record:
    r["cards"]["defender"] = r["cards"]["defender"][1:]
    return r


def knocker_meld_card_swapped(r: Record) -> Record:
    c = r["cards"]
    meld = c["knocker_melds"][0]
    meld[0], c["knocker_deadwood"][0] = c["knocker_deadwood"][0], meld[0]
    return r


def defender_meld_card_replaced(r: Record) -> Record:
    c = r["cards"]
    first = c["defender_melds"][0]
    stranger = next(x for x in c["defender"] if x not in first)
    c["defender_melds"] = [[*first[:-1], stranger], *c["defender_melds"][1:]]
    return r


def knocker_meld_claimed(r: Record) -> Record:
    c = r["cards"]
    c["defender_melds"] = [[*c["defender_melds"][0]], c["knocker_melds"][0]]
    return r


def defender_meld_twice(r: Record) -> Record:
    c = r["cards"]
    c["defender_melds"] = [c["defender_melds"][0], c["defender_melds"][0]]
    return r


def gin_meld_card_to_deadwood(r: Record) -> Record:
    c = r["cards"]
    c["knocker_deadwood"] = [c["knocker_melds"][0][0]]
    c["knocker_melds"] = [c["knocker_melds"][0][1:], *c["knocker_melds"][1:]]
    return r


def layoff_after_gin(r: Record) -> Record:
    r["cards"]["layoffs"] = [{"card": r["cards"]["defender"][0], "meld": 0}]
    return r


def layoffs_on_the_next_meld(r: Record) -> Record:
    c = r["cards"]
    c["layoffs"] = [{**lo, "meld": lo["meld"] + 1} for lo in c["layoffs"]]
    return r


def layoff_of_a_deadwood_card(r: Record) -> Record:
    c = r["cards"]
    laid = {lo["card"] for lo in c["layoffs"]}
    melded = c.get("defender_melds") or []
    card = next(x for x in c["defender"] if x not in laid and all(x not in m for m in melded))
    c["layoffs"] = [{"card": card, "meld": 0}]
    return r


def layoff_of_the_knockers_card(r: Record) -> Record:
    r["cards"]["layoffs"] = [{"card": r["cards"]["knocker_deadwood"][0], "meld": 0}]
    return r


def layoff_from_a_meld(r: Record) -> Record:
    r["cards"]["layoffs"] = [{"card": r["cards"]["defender_melds"][0][0], "meld": 0}]
    return r


def knock_with_fourteen(r: Record) -> Record:
    r["deadwood"][_knocker(r)] = 14
    return r


def misdeal_with_cards(r: Record) -> Record:
    return {"misdeal": True, "cards": r["cards"]}


def big_gin(r: Record) -> Record:
    return {"big_gin": r["gin"], "deadwood": r["deadwood"]}


def gin_counting_five(r: Record) -> Record:
    r["deadwood"][r["gin"]] = 5
    return r


def knock_without_counts(r: Record) -> Record:
    return {"knock": r["knock"]}


Edit = Callable[[Record], Record]
HAND_DAMAGES: dict[str, tuple[Callable[[Record], bool], Edit, int]] = {
    "knocker_count_edited": (knock, knocker_count_plus_one, 0),
    "defender_count_edited": (with_defender_melds, defender_count_plus_three, 0),
    "defender_count_at_best": (with_defender_melds, defender_declaration_dropped, 0),
    "card_in_both_hands": (knock, knocker_card_to_defender, 0),
    "card_twice_in_one_hand": (knock, meld_card_twice, 1),
    "card_missing": (knock, defender_card_dropped, 2),
    "illegal_knocker_meld": (knock, knocker_meld_card_swapped, 3),
    "illegal_defender_meld": (with_defender_melds, defender_meld_card_replaced, 0),
    "defender_meld_not_held": (with_defender_melds, knocker_meld_claimed, 1),
    "defender_card_in_two_melds": (with_defender_melds, defender_meld_twice, 2),
    "gin_with_deadwood": (gin, gin_meld_card_to_deadwood, 0),
    "layoff_after_gin": (gin, layoff_after_gin, 1),
    "layoff_on_wrong_meld": (with_layoffs, layoffs_on_the_next_meld, 0),
    "layoff_that_does_not_fit": (with_layoffs, layoff_of_a_deadwood_card, 1),
    "layoff_not_held": (with_layoffs, layoff_of_the_knockers_card, 2),
    "layoff_from_a_meld": (with_both, layoff_from_a_meld, 0),
    "knock_above_the_limit": (knock, knock_with_fourteen, 4),
    "misdeal_with_cards": (knock, misdeal_with_cards, 5),
    "big_gin_not_played": (gin, big_gin, 2),
    "gin_counted_deadwood": (gin, gin_counting_five, 3),
    "unscorable_record": (knock, knock_without_counts, 6),
}

_FIRST_HAND = "(SELECT MIN(id) FROM hand_entry)"
_FIRST_FINISHED = "(SELECT MIN(id) FROM match WHERE status = 'finished')"
_FORFEITED = "(SELECT match_id FROM result_entry ORDER BY id LIMIT 1)"
_ROUND_ONE = "(SELECT MIN(id) FROM round)"
_KNOCKOUT = "(SELECT MAX(id) FROM event)"
_NEW_HAND = (
    "INSERT INTO hand_entry (match_id, seq, kind, supersedes_id, record_json, entered_by, "
    "station, entered_at) "
)
SQL_DAMAGES: dict[str, tuple[str, ...]] = {
    "not_a_hand": (
        f'UPDATE hand_entry SET record_json = \'{{"knock": "C"}}\' WHERE id = {_FIRST_HAND}',
    ),
    "not_json": (f"UPDATE hand_entry SET record_json = '[1, 2' WHERE id = {_FIRST_HAND} + 1",),
    "marked_playing_but_finished": (
        f"UPDATE match SET status = 'playing' WHERE id = {_FIRST_FINISHED}",
    ),
    "marked_finished_but_playing": (
        "UPDATE match SET status = 'finished' "
        "WHERE id = (SELECT MIN(id) FROM match WHERE status = 'playing')",
    ),
    "hands_after_the_end": (
        f"{_NEW_HAND}SELECT match_id, seq + 1, 'entry', NULL, record_json, 'x', 'desk', "
        "entered_at FROM hand_entry WHERE id = "
        f"(SELECT MAX(id) FROM hand_entry WHERE match_id = {_FIRST_FINISHED})",
    ),
    "supersedes_another_match": (
        f"{_NEW_HAND}SELECT (SELECT MAX(id) FROM match WHERE status = 'playing'), 1, "
        f"'correction', id, record_json, 'x', 'desk', entered_at FROM hand_entry "
        f"WHERE id = {_FIRST_HAND}",
    ),
    "override_reason_removed": (
        "UPDATE hand_entry SET override_reason = NULL WHERE override_reason IS NOT NULL",
    ),
    "override_reason_added": (
        f"UPDATE hand_entry SET override_reason = 'because' WHERE id = {_FIRST_HAND}",
    ),
    "bye_with_a_hand": (
        f"{_NEW_HAND}SELECT (SELECT MIN(id) FROM match WHERE entrant_b_id IS NULL), 1, 'entry', "
        "NULL, '{\"dead\": true}', 'x', 'desk', '2026-01-01 10:00:00.000000'",
    ),
    "entrant_twice_in_a_round": (
        "UPDATE match SET entrant_b_id = (SELECT entrant_a_id FROM match m2 WHERE "
        "m2.round_id = match.round_id AND m2.id <> match.id ORDER BY m2.id LIMIT 1) "
        f"WHERE id = (SELECT MAX(id) FROM match WHERE round_id = {_ROUND_ONE})",
    ),
    "table_used_twice": (
        "UPDATE match SET table_number = 1 "
        f"WHERE id = (SELECT MAX(id) FROM match WHERE round_id = {_ROUND_ONE})",
    ),
    "forfeit_but_playing": (f"UPDATE match SET status = 'playing' WHERE id = {_FORFEITED}",),
    "forfeit_with_hands": (
        f"{_NEW_HAND}SELECT {_FORFEITED}, 1, 'entry', NULL, record_json, 'x', 'desk', "
        f"entered_at FROM hand_entry WHERE id = {_FIRST_HAND}",
    ),
    "bracket_slot_moved": (
        "UPDATE match SET entrant_a_id = entrant_b_id, entrant_b_id = entrant_a_id "
        f"WHERE id = (SELECT MIN(id) FROM match WHERE event_id = {_KNOCKOUT})",
    ),
    "bracket_winner_swapped": (
        "UPDATE hand_entry SET record_json = replace(replace(replace(record_json, "
        "'\"A\"', '\"Z\"'), '\"B\"', '\"A\"'), '\"Z\"', '\"B\"') "
        f"WHERE match_id = (SELECT MIN(id) FROM match WHERE event_id = {_KNOCKOUT})",
    ),
    "hand_deleted": (
        "DELETE FROM hand_entry WHERE id = (SELECT MAX(id) FROM hand_entry WHERE kind = 'entry')",
    ),
    "entrant_renamed": ("UPDATE entrant SET name = 'Somebody Else' WHERE id = 2",),
    "seal_link_deleted": ("DELETE FROM seal_link WHERE id = (SELECT MAX(id) FROM seal_link) - 3",),
    "audit_entry_edited": ("UPDATE audit_entry SET actor = 'mallory' WHERE id = 3",),
    "event_finished_unsigned": ("UPDATE event SET status = 'finished' WHERE id = 1",),
}


# The undo links (decision 0029): the base is first opened by the app (which upgrades it) and
# two hands' changes are undone there through the services (links 1 and 2: the void's undo,
# then the correction's); then a link is edited. Their reports were recorded when verify
# learnt to check the links (issue 39), not before the rewrite for speed as the others were.
_LINK_ONE = "(SELECT MIN(id) FROM undo_link)"
_LINK_TWO = "(SELECT MAX(id) FROM undo_link)"
UNDO_DAMAGES: dict[str, tuple[str, ...]] = {
    "undo_link_to_a_missing_row": (
        f"UPDATE undo_link SET undoes_id = 99999 WHERE id = {_LINK_ONE}",
    ),
    "undo_link_to_another_match": (
        f"UPDATE undo_link SET undoes_id = {_FIRST_HAND} WHERE id = {_LINK_ONE}",
    ),
    "undo_link_from_an_entry": (
        "UPDATE undo_link SET entry_id = (SELECT MAX(id) FROM hand_entry h WHERE h.kind = "
        f"'entry' AND h.match_id = undo_link.match_id) WHERE id = {_LINK_ONE}",
    ),
    "undo_links_take_back_one_row": (
        f"UPDATE undo_link SET undoes_id = (SELECT undoes_id FROM undo_link WHERE id = "
        f"{_LINK_ONE}) WHERE id = {_LINK_TWO}",
    ),
    "undo_link_forward_in_time": (
        f"UPDATE undo_link SET undoes_id = (SELECT entry_id FROM undo_link WHERE id = "
        f"{_LINK_TWO}) WHERE id = {_LINK_ONE}",
    ),
}


def _two_undos(path: Path) -> None:
    """The file opened by the app, and the newest two changes to the match with a void
    undone (the void, then the correction before it), as a director with the PIN would."""
    from gin_scorer.services.writes.hands import undo
    from gin_scorer.services.writes.matches import get_score_sheet
    from gin_scorer.store.database import open_database

    with open_database(path, station="desk", backups=False) as db:
        with db.transaction(write=False) as session:
            found = session.connection().exec_driver_sql(
                "SELECT MIN(match_id) FROM hand_entry WHERE kind = 'void'"
            )
            match_id = int(found.scalar_one())
        for _ in range(2):
            version = get_score_sheet(db, match_id).version
            undo(db, match_id, version, entered_by="td", pin="4321")


def damage(path: Path, name: str) -> None:
    """Do damage ``name`` to the file at ``path`` ("untouched": nothing)."""
    if name in UNDO_DAMAGES:
        _two_undos(path)
        raw(path, *UNDO_DAMAGES[name])
    elif name in HAND_DAMAGES:
        wanted, edit, nth = HAND_DAMAGES[name]
        hand_id, record = [(hid, rec) for hid, rec in _hands(path) if wanted(rec)][nth]
        changed = json.dumps(edit(record))
        raw(path, ("UPDATE hand_entry SET record_json = ? WHERE id = ?", (changed, hand_id)))
    elif name != "untouched":
        raw(path, *SQL_DAMAGES[name])


NAMES = ("untouched", *HAND_DAMAGES, *SQL_DAMAGES, *UNDO_DAMAGES)
