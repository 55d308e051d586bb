"""Results reported without their hands: slips, forfeits, time called, adjudications — on
SQLite and PostgreSQL, through the services as every front end reaches them."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from sqlmodel import select

from gin_scorer.core.hands import Side
from gin_scorer.core.ledgers import PerSide
from gin_scorer.presentation.words import said_text, speaking
from gin_scorer.services.queries import standings
from gin_scorer.services.support.dto import MatchStatus, MatchView, ResultKind
from gin_scorer.services.support.errors import ActionRefused, InvalidInput, PinError
from gin_scorer.services.writes import entrants, events, hands, matches, rounds
from gin_scorer.services.writes.results import ResultReport, record_result, void_result
from gin_scorer.store import audit
from gin_scorer.store.database import Database
from gin_scorer.store.tables import ResultEntry

from .helpers import GIN_A, KNOCK_A, hand

NewMatch = Callable[..., MatchView]


def slip(winner: Side, a: int, b: int, *points: tuple[int, int]) -> ResultReport:
    return ResultReport(ResultKind.SLIP, winner, (a, b), tuple(points))


def test_a_slip_decides_the_match_and_says_so(db: Database, new_match: NewMatch) -> None:
    match = new_match(db)
    sheet = record_result(db, match.id, slip(Side.A, 3, 1), match.version, entered_by="Desk")
    assert sheet.finished and sheet.winner is Side.A and sheet.games_won == PerSide(3, 1)
    assert sheet.match.status is MatchStatus.FINISHED and sheet.version == match.version + 1
    result = sheet.result
    assert result is not None and result.kind is ResultKind.SLIP
    assert not result.points_known and result.margin == 0  # no totals: no differential
    assert (result.entered_by, result.station) == ("Desk", "desk-1")
    # Hands cannot be added to a match a result decided.
    with pytest.raises(InvalidInput, match="decided by a reported result"):
        hands.record_hand(db, match.id, hand(KNOCK_A), sheet.version, entered_by="T")
    # The audit log names it.
    with db.transaction(write=False) as session:
        assert audit.recent(session, 1)[0].action == "result.record"


def test_a_slip_with_game_points_gives_the_differential(db: Database, new_match: NewMatch) -> None:
    match = new_match(db)
    # Each game's final from the foot of the pad (decision 0016): boxes and bonuses in.
    points = ((410, 100), (120, 405), (702, 0), (450, 200))
    sheet = record_result(
        db, match.id, slip(Side.A, 3, 1, *points), match.version, entered_by="Desk"
    )
    assert sheet.result is not None and sheet.result.points_known
    assert sheet.result.margin == (310 - 285 + 702 + 250)


@pytest.mark.parametrize(
    ("report", "said"),
    [
        (slip(Side.A, 3, 3), "3–3 is not a result of a best of 5"),
        (slip(Side.B, 3, 1), "3–1 is not a result of a best of 5"),  # B won, yet A has 3
        (slip(Side.A, 2, 1), "the winner has 3 games"),
        (slip(Side.A, 3, 0, (400, 10), (374, 0), (500, 0)), "game 2: 374–0 is not a won game"),
        (slip(Side.A, 3, 0, (251, 0), (260, 0), (300, 0)), "winner's final is at least 375"),
        (slip(Side.A, 3, 0, (400, 10)), "1 game totals for 3 games"),
        (slip(Side.A, 3, 1, (400, 10), (375, 0), (0, 375), (460, 0)), None),
        (ResultReport(ResultKind.SLIP, None, (3, 1)), "needs the winner"),
        (ResultReport(ResultKind.SLIP, Side.A), "needs the games each side won"),
        (ResultReport(ResultKind.FORFEIT), "needs the side that was there"),
        (ResultReport(ResultKind.ADJUDICATED, Side.A), "reason"),
    ],
)
def test_a_report_that_cannot_be_a_result_is_refused_naming_the_rule(
    db: Database, new_match: NewMatch, report: ResultReport, said: str | None
) -> None:
    match = new_match(db)
    if said is None:
        record_result(db, match.id, report, match.version, entered_by="Desk")
        return
    with pytest.raises(InvalidInput, match=said):
        record_result(db, match.id, report, match.version, entered_by="Desk")
    # Nothing half-written: no result row, the same version.
    with db.transaction(write=False) as session:
        assert list(session.exec(select(ResultEntry))) == []
    assert matches.get_match(db, match.id).version == match.version


def test_a_slip_over_recorded_hands_must_be_confirmed(db: Database, new_match: NewMatch) -> None:
    match = new_match(db)
    sheet = hands.record_hand(db, match.id, hand(GIN_A), match.version, entered_by="T")
    with pytest.raises(InvalidInput, match="1 hand recorded: a slip result sets them aside"):
        record_result(db, match.id, slip(Side.B, 1, 3), sheet.version, entered_by="Desk")
    sheet = record_result(
        db, match.id, slip(Side.B, 1, 3), sheet.version, entered_by="Desk", replace_existing=True
    )
    assert sheet.winner is Side.B and len(sheet.hands) == 1  # the hand stays on the sheet
    # A second report must replace the first explicitly, and then supersedes it.
    with pytest.raises(InvalidInput, match="already has a result"):
        record_result(db, match.id, slip(Side.A, 3, 0), sheet.version, entered_by="Desk")
    first = sheet.result
    assert first is not None
    sheet = record_result(
        db, match.id, slip(Side.A, 3, 0), sheet.version, entered_by="Desk", replace_existing=True
    )
    assert sheet.winner is Side.A and sheet.result is not None and sheet.result.corrected
    # Taken back: the match is again what its hands say.
    sheet = void_result(db, match.id, sheet.version, reason="wrong table", entered_by="Desk")
    assert sheet.result is None and not sheet.finished
    assert sheet.match.status is MatchStatus.PLAYING
    with pytest.raises(InvalidInput, match="no reported result"):
        void_result(db, match.id, sheet.version, reason="again", entered_by="Desk")


def test_time_called_goes_to_the_leader_or_to_the_director(
    db: Database, new_match: NewMatch
) -> None:
    match = new_match(db)
    sheet = hands.record_hand(db, match.id, hand(KNOCK_A), match.version, entered_by="T")
    called = ResultReport(ResultKind.TIME_CALLED)
    sheet = record_result(db, match.id, called, sheet.version, entered_by="Desk")
    assert sheet.winner is Side.A and sheet.games_won == PerSide(0, 0)
    assert sheet.result is not None and sheet.result.margin == 0  # game in progress: not counted
    sheet = void_result(db, match.id, sheet.version, reason="resumed", entered_by="Desk")
    sheet = hands.record_hand(
        db, match.id, hand({"knock": "B", "deadwood": {"B": 7, "A": 15}}), sheet.version,
        entered_by="T",
    )  # fmt: skip
    with pytest.raises(InvalidInput, match="8–8 in the game in progress: the director decides"):
        record_result(db, match.id, called, sheet.version, entered_by="Desk")
    sheet = record_result(
        db, match.id, ResultReport(ResultKind.TIME_CALLED, Side.B), sheet.version, entered_by="D"
    )
    assert sheet.winner is Side.B


def test_an_adjudication_needs_the_directors_pin(db: Database, new_match: NewMatch) -> None:
    match = new_match(db, pin="2468")
    ruling = ResultReport(ResultKind.ADJUDICATED, Side.B, reason="A left the venue")
    with pytest.raises(PinError):
        record_result(db, match.id, ruling, match.version, entered_by="Desk")
    sheet = record_result(db, match.id, ruling, match.version, entered_by="Desk", pin="2468")
    assert sheet.winner is Side.B and sheet.result is not None
    assert sheet.result.reason == "A left the venue"


def test_a_locked_result_takes_no_report_until_unlocked(db: Database, new_match: NewMatch) -> None:
    match = new_match(db, pin="2468")
    sheet = record_result(db, match.id, slip(Side.A, 3, 2), match.version, entered_by="Desk")
    sheet = matches.set_result_lock(db, match.id, sheet.version, locked=True, pin="2468")
    with pytest.raises(ActionRefused, match="unlock"):
        void_result(db, match.id, sheet.version, reason="x", entered_by="Desk", pin="2468")


def _swiss(db: Database, names: list[str], **settings: object) -> tuple[int, list[MatchView]]:
    event = events.create_event(db, name="Swiss", format="swiss", settings=settings or None)
    for name in names:
        entrants.add_entrant(db, event.id, name)
    rounds.start_round(db, event.id)
    return event.id, [m for m in matches.list_matches(db, event.id) if m.b is not None]


def test_standings_count_forfeits_as_unplayed_and_say_what_has_no_points(db: Database) -> None:
    event_id, (m1, m2) = _swiss(db, ["Ann", "Bob", "Cy", "Di"])
    record_result(db, m1.id, ResultReport(ResultKind.FORFEIT, Side.A), m1.version, entered_by="D")
    record_result(db, m2.id, slip(Side.B, 1, 3), m2.version, entered_by="D")
    rows = {r.entrant.name: r for r in standings.standings(db, event_id)}
    winner_by_forfeit = rows[m1.a.name]
    assert (winner_by_forfeit.counts.match_wins, winner_by_forfeit.counts.played) == (1, 0)
    assert winner_by_forfeit.counts.forfeits == 1 and winner_by_forfeit.counts.game_wins == 3
    assert rows[m1.b.name].counts.match_losses == 1 and rows[m1.b.name].counts.played == 0
    slip_winner = rows[m2.b.name]
    assert slip_winner.counts.played == 1 and slip_winner.counts.points_missing == 1
    assert slip_winner.counts.point_differential == 0
    # The forfeit's loser is not an opponent: nobody's opponents' wins move.
    assert winner_by_forfeit.buchholz == 0


def test_a_double_forfeit_is_a_loss_for_both(db: Database) -> None:
    event_id, (m1, _m2) = _swiss(db, ["Ann", "Bob", "Cy", "Di"])
    record_result(db, m1.id, ResultReport(ResultKind.DOUBLE_FORFEIT), m1.version, entered_by="D")
    rows = {r.entrant.name: r for r in standings.standings(db, event_id)}
    for name in (m1.a.name, m1.b.name if m1.b else ""):
        assert (
            rows[name].counts.match_wins,
            rows[name].counts.match_losses,
            rows[name].counts.played,
        ) == (0, 1, 0)


def test_forfeit_knobs_credit_what_the_event_says(db: Database) -> None:
    event_id, (m1, _m2) = _swiss(
        db, ["Ann", "Bob", "Cy", "Di"], forfeit_points_per_game=250, forfeits_as_played=True
    )
    record_result(db, m1.id, ResultReport(ResultKind.FORFEIT, Side.B), m1.version, entered_by="D")
    rows = {r.entrant.name: r for r in standings.standings(db, event_id)}
    assert m1.b is not None
    present = rows[m1.b.name]
    assert (
        present.counts.point_differential == 750
        and present.counts.played == 1
        and present.counts.forfeits == 0
    )


def test_a_hollywood_match_takes_no_slip(db: Database, new_match: NewMatch) -> None:
    match = new_match(db, match_format="hollywood")
    with pytest.raises(InvalidInput, match="scored as hollywood: a slip result cannot give it"):
        record_result(db, match.id, slip(Side.A, 3, 1), match.version, entered_by="Desk")
    sheet = record_result(
        db, match.id, ResultReport(ResultKind.FORFEIT, Side.A), match.version, entered_by="Desk"
    )
    assert sheet.finished and sheet.winner is Side.A


def test_an_entrant_away_for_a_round_sits_it_out_without_a_bye(db: Database) -> None:
    from gin_scorer.services.writes.absence import away_next_round, mark_absent

    event_id, (m1, m2) = _swiss(db, ["Ann", "Bob", "Cy", "Di"])
    for m in (m1, m2):
        record_result(db, m.id, slip(Side.A, 3, 0), m.version, entered_by="D")
    # Round 1 is paired: an absence there is a forfeit, and the refusal says so.
    with pytest.raises(InvalidInput, match=r"round 1 is already paired: report .* as a forfeit"):
        mark_absent(db, m1.a.id, round_number=1)
    away = mark_absent(db, m1.a.id)  # the next round to pair: round 2
    assert away.round_number == 2 and away.away
    assert away_next_round(db, event_id) == {m1.a.id}
    paired = rounds.start_round(db, event_id)
    seated = {e for p in paired.pairings for e in (p.a, p.b) if e is not None}
    assert m1.a.id not in seated and len(paired.pairings) == 2  # 3 play: a match and a bye
    assert all(p.a != m1.a.id for p in paired.pairings if p.b is None)  # no bye for the away
    row = next(r for r in standings.standings(db, event_id) if r.entrant.id == m1.a.id)
    assert (row.counts.played, row.counts.byes, row.counts.match_wins) == (1, 0, 1)
    # Back for round 3.
    assert not mark_absent(db, m1.a.id, False, round_number=3).away


def test_only_a_swiss_round_can_be_sat_out(db: Database, new_match: NewMatch) -> None:
    from gin_scorer.services.writes.absence import mark_absent

    match = new_match(db)  # a club event
    with pytest.raises(InvalidInput, match="rounds are fixed in advance: report"):
        mark_absent(db, match.a.id)


def test_the_first_result_of_a_match_is_worth_what_the_event_says(db: Database) -> None:
    """The event's knobs apply from the first report on (not only once a log exists)."""
    _event, (m1, m2) = _swiss(
        db, ["Ann", "Bob", "Cy", "Di"], forfeit_points_per_game=250, time_called_winner="director"
    )
    sheet = record_result(
        db, m1.id, ResultReport(ResultKind.FORFEIT, Side.A), m1.version, entered_by="D"
    )
    assert sheet.result is not None and sheet.result.margin == 750
    sheet = hands.record_hand(db, m2.id, hand(KNOCK_A), m2.version, entered_by="T")
    with pytest.raises(InvalidInput, match="the director decides the winner"):
        record_result(
            db, m2.id, ResultReport(ResultKind.TIME_CALLED), sheet.version, entered_by="D"
        )


def test_a_knockout_match_needs_a_winner(db: Database) -> None:
    event = events.create_event(db, name="Cup", format="single-elim")
    for name in ("Ann", "Bob", "Cy", "Di"):
        entrants.add_entrant(db, event.id, name)
    rounds.start_round(db, event.id)
    first = next(m for m in matches.list_matches(db, event.id) if m.b is not None)
    nobody = ResultReport(ResultKind.DOUBLE_FORFEIT)
    with pytest.raises(InvalidInput, match="knockout match and needs a winner: adjudicate"):
        record_result(db, first.id, nobody, first.version, entered_by="D")


def test_a_knockout_counts_forfeits_as_played_when_the_event_says_so(db: Database) -> None:
    """The knob reaches elimination standings too (found by the property test)."""
    event = events.create_event(
        db, name="Cup", format="single-elim", settings={"forfeits_as_played": True}
    )
    for name in ("Ann", "Bob", "Cy", "Di"):
        entrants.add_entrant(db, event.id, name)
    rounds.start_round(db, event.id)
    first = next(m for m in matches.list_matches(db, event.id) if m.b is not None)
    record_result(
        db, first.id, ResultReport(ResultKind.FORFEIT, Side.A), first.version, entered_by="D"
    )
    row = next(r for r in standings.standings(db, event.id) if r.entrant.id == first.a.id)
    assert (row.counts.played, row.counts.forfeits) == (1, 0)


def test_the_status_board_says_where_each_result_came_from(db: Database) -> None:
    """A withdrawal's forfeit, a reported forfeit and a slip each read as what they are."""
    event_id, (first, second, third) = _swiss(db, ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"])
    forfeit = ResultReport(ResultKind.FORFEIT, Side.B)
    record_result(db, first.id, forfeit, first.version, entered_by="D")
    record_result(db, second.id, slip(Side.A, 3, 1), second.version, entered_by="D")
    entrants.withdraw_entrant(db, third.a.id)
    lines = rounds.round_status(db, event_id, 1).lines
    scores = {t.match_id: str(t.score) for t in lines}  # sentences: their English
    assert scores[first.id] == "0–3 (forfeit)"
    assert scores[second.id] == "3–1 (slip)"
    assert scores[third.id] == "forfeit (withdrawal)"
    with speaking(lambda _context, text: text.upper()):  # and said in the reader's words
        said = {t.match_id: said_text(t.score) for t in lines}
    assert (said[second.id], said[third.id]) == ("3–1 (SLIP)", "FORFEIT (WITHDRAWAL)")


def test_a_bye_counts_once_its_round_has_been_played(db: Database) -> None:
    event_id, (m1,) = _swiss(db, ["Ann", "Bob", "Cy"])
    bye = next(m for m in matches.list_matches(db, event_id) if m.b is None)
    during = {r.entrant.name: r for r in standings.standings(db, event_id)}
    # Paired, not played: the bye is not yet a win (nobody else has played either).
    assert (during[bye.a.name].counts.match_wins, during[bye.a.name].counts.byes) == (0, 0)
    record_result(db, m1.id, slip(Side.A, 3, 1), m1.version, entered_by="Desk")
    after = {r.entrant.name: r for r in standings.standings(db, event_id)}
    assert (after[bye.a.name].counts.match_wins, after[bye.a.name].counts.byes) == (1, 1)
    assert standings.standings(db, event_id, 1) == standings.standings(db, event_id)
