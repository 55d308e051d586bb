"""An event's format settings as the tournament engine reads them, from its stored row."""

from __future__ import annotations

from gin_scorer.core.wording import words_of
from gin_scorer.services.support.errors import InvalidInput
from gin_scorer.services.support.stored_json import loads_mapping
from gin_scorer.store.tables import Event
from gin_scorer.tournament.errors import TournamentError
from gin_scorer.tournament.settings import TournamentSettings


def event_settings(event: Event) -> TournamentSettings:
    """The event's format settings (the stored format wins over any copy in the settings)."""
    data = loads_mapping(event.settings_json, f"event {event.id} settings")
    data["format"] = event.format
    try:
        return TournamentSettings.from_dict(data, origin=f"event {event.id} settings")
    except TournamentError as error:
        raise InvalidInput(words_of(error)) from None
