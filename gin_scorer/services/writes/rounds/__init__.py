"""Rounds: pair the next round with the tournament engine, and watch it being played.

- ``start_round`` reads the event (entrants, every finished match's result recomputed from
  its hand log by the core), asks the engine for the next round's pairings, and writes the
  round, its matches (tables assigned) and its byes in ONE transaction. Club nights pair
  whoever the director names while other tables play on.
- ``preview_round`` shows the pairings ``start_round`` would make, writing nothing;
  ``cancel_round`` takes the latest round back while no hand has been entered in it.
- ``get_round`` / ``pairings`` / ``pairings_by_name`` / ``list_rounds``: what was paired.
- ``round_status`` is the board a director watches: which tables are waiting, playing,
  finished, or still owe a result; ``event_complete`` says when the last round is done.
- ``record_match_hands`` enters a whole match's hands at once (a paper sheet, a simulation).

- :mod:`.model` (the views), :mod:`.facts` (an event read, results derived), :mod:`.pairing`,
  :mod:`.reading`, :mod:`.recording`; :mod:`.derived` keeps each open database's derived
  results while the hand logs under them are unchanged.

Results are derived, never stored: a match's winner, games and point margin come from the
core's ledgers over its hands each time (remembered per match only while its log is
unchanged). A withdrawal from an unfinished match is a forfeit win for the opponent.
"""

from gin_scorer.services.queries.rounds.facts import read_event
from gin_scorer.services.queries.rounds.model import (
    EventFacts,
    MatchFacts,
    NameLine,
    PairingView,
    PlannedPairing,
    RoundPreview,
    RoundRefused,
    RoundStatusBoard,
    RoundUnfinished,
    RoundView,
    pairings_by_name,
)
from gin_scorer.services.queries.rounds.reading import (
    event_complete,
    get_round,
    list_rounds,
    pairings,
    round_status,
)
from gin_scorer.services.support.event_settings import event_settings
from gin_scorer.services.writes.rounds.pairing import cancel_round, preview_round, start_round
from gin_scorer.services.writes.rounds.recording import record_match_hands

__all__ = [
    "EventFacts",
    "MatchFacts",
    "NameLine",
    "PairingView",
    "PlannedPairing",
    "RoundPreview",
    "RoundRefused",
    "RoundStatusBoard",
    "RoundUnfinished",
    "RoundView",
    "cancel_round",
    "event_complete",
    "event_settings",
    "get_round",
    "list_rounds",
    "pairings",
    "pairings_by_name",
    "preview_round",
    "read_event",
    "record_match_hands",
    "round_status",
    "start_round",
]
