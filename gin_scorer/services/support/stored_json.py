"""The JSON the services store in a row (rules, settings, payloads) and read back: written
one way, read with a sentence naming what could not be read."""

from __future__ import annotations

import json
from typing import Any

from gin_scorer.core.rules import RuleSet, RuleSetError
from gin_scorer.core.wording import Said, said, words_of
from gin_scorer.services.support.errors import InvalidInput


def dumps(value: object) -> str:
    """Canonical JSON (sorted keys, no spaces): what the store keeps and exports compare."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def loads_mapping(text: str | None, what: Said | str) -> dict[str, Any]:
    if not text:
        return {}
    value = json.loads(text)
    if not isinstance(value, dict):
        raise InvalidInput(said("{0}: stored value is not a JSON object", what))
    return value


def rules_from_json(text: str, what: Said | str) -> RuleSet:
    try:
        return RuleSet.from_dict(loads_mapping(text, what), origin=what)
    except RuleSetError as error:
        raise InvalidInput(words_of(error)) from None
