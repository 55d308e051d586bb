"""A table's own page: its link opens its match and nothing else; a hand is read back, then
recorded once however often it is sent; a table takes back only its own last hand; sends
from another site, or too many, are refused."""

from __future__ import annotations

import asyncio
import html
import re

import httpx

from gin_scorer.presentation.entry_grammar import read_entry
from gin_scorer.services.writes.entrants import withdraw_entrant
from gin_scorer.services.writes.hands import record_hand
from gin_scorer.services.writes.matches import get_score_sheet, list_matches
from gin_scorer.services.writes.table_links import table_links
from gin_scorer.web.app import room_app
from gin_scorer.web.table_pages import SendLimit

from .conftest import fetch


def _post(app, path: str, data: dict[str, str], **headers: str) -> httpx.Response:  # type: ignore[no-untyped-def]
    async def one() -> httpx.Response:
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://room") as client:
            return await client.post(path, data=data, headers=headers)

    return asyncio.run(one())


def _playing(db, event_id):  # type: ignore[no-untyped-def]
    return next(
        m for m in list_matches(db, event_id) if m.round_number == 2 and m.status.value == "playing"
    )


def _path_of(db, event_id, match_id: int) -> str:  # type: ignore[no-untyped-def]
    return next(link.path for link in table_links(db, event_id) if link.match_id == match_id)


def _counted_transactions(db, monkeypatch) -> list[bool]:  # type: ignore[no-untyped-def]
    """Each transaction ``db`` opens from now on (True: one that writes)."""
    opened = db.transaction
    transactions: list[bool] = []

    def counted(*, write: bool = True):  # type: ignore[no-untyped-def]
        transactions.append(write)
        return opened(write=write)

    monkeypatch.setattr(db, "transaction", counted)
    return transactions


def _form(page: str) -> dict[str, str]:
    """The entry form's hidden fields, as the page gave them."""
    fields = dict(re.findall(r'name="(key|version)" value="([^"]*)"', page))
    assert set(fields) == {"key", "version"}, page
    return fields


def test_a_link_opens_its_own_match_and_nothing_else(room_db) -> None:  # type: ignore[no-untyped-def]
    db, event_id = room_db
    match = _playing(db, event_id)
    path = _path_of(db, event_id, match.id)
    app = room_app(db, event_id)
    page = fetch(app, path)
    assert page.status_code == 200
    assert match.a.name in page.text and match.b is not None and match.b.name in page.text
    assert f"Round 2 · Table {match.table_number}" in page.text
    other = next(m for m in list_matches(db, event_id) if m.id != match.id and m.b is not None)
    code = path.rsplit(".", 1)[1]
    for wrong in (f"/t/{other.id}.{code}", f"/t/{match.id}.{'a' * 26}", "/t/12", "/t/x.y"):
        refused = fetch(app, wrong)
        assert refused.status_code == 404, wrong
        assert "not a table's link" in html.unescape(refused.text), wrong
    assert fetch(room_app(db, event_id + 1), path).status_code == 404  # another event's room


def test_a_hand_is_read_back_then_recorded_once_however_often_it_is_sent(room_db) -> None:  # type: ignore[no-untyped-def]
    db, event_id = room_db
    match = _playing(db, event_id)
    path = _path_of(db, event_id, match.id)
    app = room_app(db, event_id)
    before = len(get_score_sheet(db, match.id).hands)
    fields = _form(fetch(app, path).text)
    checked = _post(app, f"{path}/hand", {"text": "ak7 15", "step": "check", **fields})
    assert checked.status_code == 200 and "knocks with 7" in checked.text
    assert "Record it" in checked.text
    assert len(get_score_sheet(db, match.id).hands) == before  # read back, not recorded
    send = {"text": "ak7 15", "step": "record", **fields}
    first = _post(app, f"{path}/hand", send)
    # Back to the page, which says which hand it recorded (once: not at the next hand).
    recorded = f"{path}?recorded={before + 1}"
    assert first.status_code == 303 and first.headers["location"] == recorded
    assert f"✔ hand {before + 1} recorded" in fetch(app, recorded).text
    assert "recorded</p>" not in fetch(app, path).text
    assert "recorded</p>" not in fetch(app, f"{path}?recorded={before}").text
    again = _post(app, f"{path}/hand", send)  # the reply was lost: the phone sends again
    assert again.status_code == 303
    sheet = get_score_sheet(db, match.id)
    assert len(sheet.hands) == before + 1
    assert sheet.hands[-1].entered_by == f"table {match.table_number} (room)"
    assert "Take back hand" in fetch(app, path).text


def test_a_key_sent_at_another_table_is_refused_in_words(room_db) -> None:  # type: ignore[no-untyped-def]
    # It used to answer 303 and record nothing: the phone believed its hand was recorded.
    db, event_id = room_db
    first, second = [
        m for m in list_matches(db, event_id) if m.round_number == 2 and m.status.value == "playing"
    ][:2]
    app = room_app(db, event_id)
    here, there = _path_of(db, event_id, first.id), _path_of(db, event_id, second.id)
    fields = _form(fetch(app, here).text)
    assert (
        _post(app, f"{here}/hand", {"text": "ak7 15", "step": "record", **fields}).status_code
        == 303
    )
    before = len(get_score_sheet(db, second.id).hands)
    elsewhere = {**fields, "version": _form(fetch(app, there).text)["version"]}
    refused = _post(app, f"{there}/hand", {"text": "bg22", "step": "record", **elsewhere})
    assert refused.status_code == 409
    assert "this form belongs to another table's page: nothing was recorded here" in (
        html.unescape(refused.text)
    )
    assert len(get_score_sheet(db, second.id).hands) == before


def test_bad_lines_and_stale_pages_record_nothing_and_say_why(room_db) -> None:  # type: ignore[no-untyped-def]
    db, event_id = room_db
    match = _playing(db, event_id)
    path = _path_of(db, event_id, match.id)
    app = room_app(db, event_id)
    fields = _form(fetch(app, path).text)
    before = len(get_score_sheet(db, match.id).hands)
    bad = _post(app, f"{path}/hand", {"text": "ak11 20", "step": "record", **fields})
    assert "cannot knock with 11" in bad.text
    stale = {**fields, "version": str(int(fields["version"]) - 1)}
    late = _post(app, f"{path}/hand", {"text": "ak7 15", "step": "record", **stale})
    # Words a player can act on (the desk wrote last here): no station, no version numbers;
    # said once, under the line, which is still typed in the box.
    said = html.unescape(late.text)
    assert late.status_code == 409
    assert "the sheet changed at the desk: here it is now, your line is kept" in said
    assert "station" not in said and "version" not in said.replace('name="version"', "")
    assert said.count("here it is now") == 1 and 'value="ak7 15"' in said
    forged = _post(app, f"{path}/hand", {"text": "ak7 15", "step": "record", "key": "x"})
    assert forged.status_code == 409
    assert "did not come from the table's page" in html.unescape(forged.text)
    assert "invalid literal" not in forged.text
    assert len(get_score_sheet(db, match.id).hands) == before


def test_sends_from_another_site_or_too_many_are_refused(room_db, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    db, event_id = room_db
    match = _playing(db, event_id)
    path = _path_of(db, event_id, match.id)
    app = room_app(db, event_id)
    fields = _form(fetch(app, path).text)
    send = {"text": "ak7 15", "step": "record", **fields}
    evil = _post(app, f"{path}/hand", send, origin="http://evil.example")
    assert evil.status_code == 403
    nulled = _post(app, f"{path}/hand", send, origin="null")
    assert nulled.status_code == 403
    limited = SendLimit(per_minute=2, clock=lambda: 100.0)
    assert limited.allows("t") and limited.allows("t") and not limited.allows("t")
    assert limited.allows("another table")
    monkeypatch.setattr("gin_scorer.web.app.SendLimit", lambda: SendLimit(per_minute=1))
    strict = room_app(db, event_id)
    before = len(get_score_sheet(db, match.id).hands)
    _post(strict, f"{path}/hand", {"text": "ak7", "step": "check", **fields})
    assert _post(strict, f"{path}/hand", send).status_code == 429
    assert len(get_score_sheet(db, match.id).hands) == before


def test_a_table_takes_back_only_its_own_last_hand(room_db) -> None:  # type: ignore[no-untyped-def]
    db, event_id = room_db
    match = _playing(db, event_id)
    path = _path_of(db, event_id, match.id)
    app = room_app(db, event_id)
    fields = _form(fetch(app, path).text)
    _post(app, f"{path}/hand", {"text": "bk5 20", "step": "record", **fields})
    after = get_score_sheet(db, match.id)
    taken = _post(app, f"{path}/undo", {"version": str(after.version)})
    assert taken.status_code == 303
    assert len(get_score_sheet(db, match.id).hands) == len(after.hands) - 1
    desk = get_score_sheet(db, match.id)
    record = read_entry("ak3 9", desk.rules).record
    assert record is not None
    record_hand(db, match.id, record, desk.version, entered_by="Desk 1")
    refused = _post(app, f"{path}/undo", {"version": str(desk.version + 1)})
    assert refused.status_code == 409
    assert "only this table's last hand" in html.unescape(refused.text)
    assert "Take back hand" not in fetch(app, path).text


def test_a_decided_match_takes_no_hand_from_its_table(room_db) -> None:  # type: ignore[no-untyped-def]
    db, event_id = room_db
    done = next(
        m
        for m in list_matches(db, event_id)
        if m.round_number == 2 and m.status.value == "finished" and m.b is not None
    )
    path = _path_of(db, event_id, done.id)
    app = room_app(db, event_id)
    page = fetch(app, path).text
    assert "The result" in page and 'id="entry"' not in page
    send = {"text": "ak7 15", "step": "record", "key": "k" * 20, "version": str(done.version)}
    refused = _post(app, f"{path}/hand", send)
    assert refused.status_code == 409 and "already decided" in refused.text
    assert f"round 2, table {done.table_number} is already decided" in refused.text


def test_a_match_left_by_a_withdrawal_takes_no_hand_from_its_table(room_db) -> None:  # type: ignore[no-untyped-def]
    """The standings count it as a forfeit at once: the page says so, offers no entry line,
    and a hand sent anyway is refused in words."""
    db, event_id = room_db
    match = _playing(db, event_id)
    withdraw_entrant(db, match.a.id)
    path = _path_of(db, event_id, match.id)
    app = room_app(db, event_id)
    page = html.unescape(fetch(app, path).text)
    assert f"forfeit: {match.a.name} has withdrawn" in page and 'id="entry"' not in page
    sheet = get_score_sheet(db, match.id)
    send = {"text": "ak7 15", "step": "record", "key": "k" * 20, "version": str(sheet.version)}
    refused = html.unescape(_post(app, f"{path}/hand", send).text)
    assert f"{match.a.name} has withdrawn, so the match counts as a forfeit" in refused
    assert len(get_score_sheet(db, match.id).hands) == len(sheet.hands)


def _decided(db, event_id):  # type: ignore[no-untyped-def]
    return next(
        m
        for m in list_matches(db, event_id)
        if m.round_number == 2 and m.status.value == "finished" and m.b is not None
    )


def test_both_players_confirm_and_the_page_then_takes_nothing(room_db) -> None:  # type: ignore[no-untyped-def]
    db, event_id = room_db
    done = _decided(db, event_id)
    path = _path_of(db, event_id, done.id)
    app = room_app(db, event_id)
    page = html.unescape(fetch(app, path).text)
    assert f"{done.a.name}: I confirm this result" in page and "Something is wrong?" in page
    version = re.search(r'name="version" value="(\d+)"', page)
    assert version is not None
    agree = {"side": "a", "version": version.group(1), "answer": "agree"}
    assert _post(app, f"{path}/confirm", agree).status_code == 303
    assert _post(app, f"{path}/confirm", agree).status_code == 303  # resent: said once
    page = html.unescape(fetch(app, path).text)
    assert f"✔ {done.a.name} confirmed the result" in page
    assert f"{done.a.name}: I confirm this result" not in page
    assert _post(app, f"{path}/confirm", {**agree, "side": "b"}).status_code == 303
    page = html.unescape(fetch(app, path).text)
    assert "both players confirmed the result" in page and "I confirm this result" not in page
    assert "Something is wrong?" not in page and "Take back" not in page
    late = _post(app, f"{path}/confirm", {**agree, "answer": "dispute", "reason": "no"})
    assert late.status_code == 409 and "both players have confirmed" in late.text
    sheet = get_score_sheet(db, done.id)
    assert sheet.confirmation is not None and sheet.confirmation.agreement.value == "confirmed"


def test_a_confirmation_resent_after_the_other_player_confirmed_says_recorded(room_db) -> None:  # type: ignore[no-untyped-def]
    db, event_id = room_db
    done = _decided(db, event_id)
    path = _path_of(db, event_id, done.id)
    app = room_app(db, event_id)
    agree = {"side": "a", "version": str(done.version), "answer": "agree"}
    assert _post(app, f"{path}/confirm", agree).status_code == 303  # its reply is lost
    assert _post(app, f"{path}/confirm", {**agree, "side": "b"}).status_code == 303
    again = _post(app, f"{path}/confirm", agree)  # the first phone sends its word again
    assert again.status_code == 303 and again.headers["location"] == path
    assert "ask the director" not in html.unescape(fetch(app, path).text)


def test_a_player_who_disagrees_tells_the_desk_in_words(room_db) -> None:  # type: ignore[no-untyped-def]
    from gin_scorer.presentation.round_status import agreement_text
    from gin_scorer.services.writes.rounds import round_status

    db, event_id = room_db
    done = _decided(db, event_id)
    path = _path_of(db, event_id, done.id)
    app = room_app(db, event_id)
    version = str(done.version)
    said = {"side": "b", "version": version, "answer": "dispute", "reason": ""}
    empty = _post(app, f"{path}/confirm", said)
    assert empty.status_code == 409 and "say what is wrong" in empty.text
    reason = "hand 3 was <b>gin</b>"
    assert _post(app, f"{path}/confirm", {**said, "reason": reason}).status_code == 303
    page = fetch(app, path).text
    assert "&lt;b&gt;gin&lt;/b&gt;" in page and "<b>gin</b>" not in page  # escaped
    board = round_status(db, event_id, 2)
    line = next(t for t in board.lines if t.match_id == done.id)
    assert agreement_text(line) == f"⚑ disputed: {done.b.name}: {reason}"
    assert len(board.disputed) == 1
    foreign = _post(app, f"{path}/confirm", {**said, "reason": "x"}, origin="http://evil.example")
    assert foreign.status_code == 403
    assert _post(app, f"{path}/confirm", {**said, "side": "c"}).status_code == 400


def test_a_table_reports_its_own_pad_and_both_confirm_it(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from gin_scorer.presets import load_preset
    from gin_scorer.services.support.database import open_database
    from gin_scorer.services.writes import entrants, events, rounds

    db = open_database(str(tmp_path / "pad.sqlite"), station="desk", backups=False)
    event = events.create_event(
        db, name="Pad Open", format="swiss", rules=load_preset("gra-tournament")
    )
    for name in ("Ann Archer", "Bob Baker"):
        entrants.add_entrant(db, event.id, name)
    rounds.start_round(db, event.id)
    event_id = event.id
    waiting = next(m for m in list_matches(db, event_id) if m.b is not None)
    assert waiting.b is not None
    path = _path_of(db, event_id, waiting.id)
    app = room_app(db, event_id)
    page = html.unescape(fetch(app, path).text)
    assert "Report the result from your own pad" in page
    version = str(get_score_sheet(db, waiting.id).version)
    send = {"result": "b 3-1", "step": "check", "version": version}
    checked = _post(app, f"{path}/result", send)
    assert checked.status_code == 200
    assert f"{waiting.b.name} beats {waiting.a.name} 3–1 (slip)" in html.unescape(checked.text)
    assert get_score_sheet(db, waiting.id).result is None  # read back, not reported
    refused = _post(app, f"{path}/result", {**send, "result": "a ff"})
    assert refused.status_code == 403 and "reported by the director" in refused.text
    wrong = _post(app, f"{path}/result", {**send, "result": "x"})
    assert wrong.status_code == 200 and "✖ &#39;x&#39; is not a result" in wrong.text
    impossible = _post(app, f"{path}/result", {**send, "result": "a 4-1", "step": "record"})
    assert impossible.status_code == 409 and "✖" in impossible.text  # the services' rule
    assert _post(app, f"{path}/result", {**send, "step": "record"}).status_code == 303
    again = _post(app, f"{path}/result", {**send, "step": "record"})  # a resent form
    assert again.status_code == 409
    sheet = get_score_sheet(db, waiting.id)
    assert sheet.result is not None and sheet.result.kind.value == "slip"
    assert sheet.result.entered_by == f"table {waiting.table_number} (room)"
    page = html.unescape(fetch(app, path).text)
    assert "The result" in page and f"{waiting.a.name}: I confirm this result" in page
    for side in "ab":
        word = {"side": side, "version": str(sheet.version), "answer": "agree"}
        assert _post(app, f"{path}/confirm", word).status_code == 303
    assert "both players confirmed the result" in fetch(app, path).text
    db.close()


def test_a_slip_over_hands_is_the_desks(room_db) -> None:  # type: ignore[no-untyped-def]
    db, event_id = room_db
    match = _playing(db, event_id)
    path = _path_of(db, event_id, match.id)
    app = room_app(db, event_id)
    version = str(get_score_sheet(db, match.id).version)
    send = {"result": "a 3-0", "step": "record", "version": version}
    refused = _post(app, f"{path}/result", send)
    assert refused.status_code == 409 and "would set them aside" in refused.text
    assert get_score_sheet(db, match.id).result is None


def test_a_hand_sent_to_be_recorded_is_read_and_written_in_one_transaction(
    room_db, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    """The link checked, the line read against the sheet as it stands and the hand written:
    one transaction (it was one to read the sheet, then one to write)."""
    db, event_id = room_db
    match = _playing(db, event_id)
    path = _path_of(db, event_id, match.id)
    app = room_app(db, event_id)
    fields = _form(fetch(app, path).text)
    transactions = _counted_transactions(db, monkeypatch)
    sent = _post(app, f"{path}/hand", {"text": "bg25", "step": "record", **fields})
    assert sent.status_code == 303
    assert transactions == [True]
    assert get_score_sheet(db, match.id).hands[-1].result.points == 25 + 25  # gin bonus


def test_sends_to_links_that_are_not_tables_are_refused_and_not_remembered(
    room_db, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    """Somebody trying codes is told 404, and the send limit keeps nothing of the codes."""
    db, event_id = room_db
    match = _playing(db, event_id)
    limit = SendLimit()
    monkeypatch.setattr("gin_scorer.web.app.SendLimit", lambda: limit)
    app = room_app(db, event_id)
    code = _path_of(db, event_id, match.id).rsplit(".", 1)[1]
    tries = [f"/t/{match.id}.{'b' * 26}", f"/t/{match.id + 1}.{code}", "/t/7.x", "/t/0.abc"]
    for wrong in tries:
        sent = _post(app, f"{wrong}/hand", {"text": "ak7 15", "step": "record", "version": "1"})
        assert sent.status_code == 404, wrong
        assert "not a table's link" in html.unescape(sent.text), wrong
    assert not limit.full("never counted") and limit.sent == {}


def test_a_players_word_is_checked_and_written_in_one_transaction(  # type: ignore[no-untyped-def]
    room_db, monkeypatch
) -> None:
    db, event_id = room_db
    done = _decided(db, event_id)
    path = _path_of(db, event_id, done.id)
    app = room_app(db, event_id)
    version = re.search(r'name="version" value="(\d+)"', fetch(app, path).text)
    assert version is not None
    transactions = _counted_transactions(db, monkeypatch)
    agree = {"side": "b", "version": version.group(1), "answer": "agree"}
    assert _post(app, f"{path}/confirm", agree).status_code == 303
    assert transactions == [True]
    monkeypatch.undo()
    from sqlmodel import col, select

    from gin_scorer.store.tables import ResultConfirmation

    with db.transaction(write=False) as session:
        rows = session.exec(
            select(ResultConfirmation).where(col(ResultConfirmation.match_id) == done.id)
        )
        assert [(r.side, r.entered_by) for r in rows] == [
            ("B", f"table {done.table_number} (room)")
        ]
    code = path.rsplit(".", 1)[1]
    elsewhere = _post(app, f"/t/{done.id + 1000}.{code}/confirm", agree)
    assert elsewhere.status_code == 404  # another match's word needs that match's link
