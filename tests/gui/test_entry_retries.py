"""The desk's entries carry a key and are retried while the server does not answer (issue 41,
finding 2): a hand whose answer was lost is found on the retry, never recorded twice, and a
hand typed again after the server stayed away keeps its key."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QUndoStack

from gin_scorer.gui.scoring_page import ScoringPage
from gin_scorer.services.support import retries
from gin_scorer.services.support.errors import ServerNotAnswering
from gin_scorer.services.writes import hands
from gin_scorer.services.writes.matches import get_score_sheet


def _page(qtbot, club_match):  # type: ignore[no-untyped-def]
    db, _event, match = club_match
    page = ScoringPage(db, QUndoStack(), entered_by="td")
    qtbot.addWidget(page)
    page.open_match(match.id)
    page.show()
    return page, db, match


def _type(qtbot, page, text: str) -> None:  # type: ignore[no-untyped-def]
    page.panel.entry.clear()
    qtbot.keyClicks(page.panel.entry, text)
    qtbot.keyClick(page.panel.entry, Qt.Key.Key_Return)


def test_a_hand_saved_without_an_answer_is_not_recorded_twice(
    qtbot, club_match, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    page, db, match = _page(qtbot, club_match)
    real = hands.record_hand
    keys: list[str | None] = []

    def saved_then_cut_off(*args, **kwargs):  # type: ignore[no-untyped-def]
        keys.append(kwargs.get("submission"))
        sheet = real(*args, **kwargs)
        if len(keys) == 1:
            raise ServerNotAnswering("the connection broke", outcome_unknown=True)
        return sheet

    monkeypatch.setattr(hands, "record_hand", saved_then_cut_off)
    _type(qtbot, page, "ak7 15")
    assert len(get_score_sheet(db, match.id).hands) == 1
    assert keys[0] is not None and keys == [keys[0], keys[0]]  # the retry sent the same key
    assert page.panel.entry.text() == ""  # accepted


def test_after_the_server_stayed_away_enter_again_keeps_the_key(
    qtbot, club_match, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    page, db, match = _page(qtbot, club_match)
    monkeypatch.setattr(retries, "RETRY_SECONDS", 0.0)  # give up at once
    real = hands.record_hand
    keys: list[str | None] = []
    away = [True]

    def saved_while_away(*args, **kwargs):  # type: ignore[no-untyped-def]
        keys.append(kwargs.get("submission"))
        sheet = real(*args, **kwargs)
        if away[0]:
            raise ServerNotAnswering("the connection broke", outcome_unknown=True)
        return sheet

    monkeypatch.setattr(hands, "record_hand", saved_while_away)
    _type(qtbot, page, "ak7 15")
    assert page.panel.entry.text() == "ak7 15"  # kept, to send again
    away[0] = False
    qtbot.keyClick(page.panel.entry, Qt.Key.Key_Return)
    assert keys == [keys[0], keys[0]]  # the same entry, the same key: found, not doubled
    assert len(get_score_sheet(db, match.id).hands) == 1
    _type(qtbot, page, "ak7 15")  # the next hand, with the same score: a key of its own
    assert len(get_score_sheet(db, match.id).hands) == 2
