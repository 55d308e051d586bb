"""Reading an event file's values: each read checks one value and, when it is wrong, notes
the problem with the path to it ("matches[3].table: 'x' is not a whole number") and goes on,
so one import lists every problem at once."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import UTC, date, datetime
from typing import Any, Literal

from gin_scorer.core.rules import RuleSet, RuleSetError
from gin_scorer.core.wording import Said, said, words_of
from gin_scorer.services.support.errors import InvalidInput
from gin_scorer.services.support.text_input import clean_text


class EventReader:
    """Checks an event document, collecting every problem with the path to the bad value
    (sentences a front end says in the reader's language; ``str()`` is their English)."""

    def __init__(self) -> None:
        self.problems: list[Said] = []

    def bad(self, where: str | Said, message: Said) -> None:
        self.problems.append(said("{0}: {1}", where, message))

    def mapping(self, value: object, where: str | Said) -> Mapping[str, Any]:
        if isinstance(value, Mapping):
            return value
        self.bad(where, said("{0} is not an object", short_value(value)))
        return {}

    def only(self, value: Mapping[str, Any], where: str, allowed: set[str]) -> None:
        """Name the first key that has no place here (a typo would otherwise be ignored)."""
        unknown = sorted(str(k) for k in set(value) - allowed)
        if unknown:
            key = (
                unknown[0]
                if unknown[0].isprintable() and len(unknown[0]) <= 40
                else short_value(unknown[0])
            )
            self.bad(f"{where}.{key}", said("is not a field here"))

    def items(self, value: object, where: str) -> list[Any]:
        if isinstance(value, list):
            return value
        self.bad(where, said("{0} is not a list", short_value(value)))
        return []

    def text(self, value: object, where: str, *, optional: bool = True) -> str | None:
        if value is None and optional:
            return None
        if isinstance(value, str) and (optional or value.strip()):
            try:  # the same text rules as typing it in: no control characters, a sane length
                return clean_text(value, where, limit=500)
            except InvalidInput as error:
                self.problems.append(error.words)
                return None
        if value is None:
            self.bad(where, said("is missing"))
        else:
            self.bad(where, said("{0} is not text", short_value(value)))
        return None

    def whole(
        self, value: object, where: str, *, optional: bool = True, low: int = 0
    ) -> int | None:
        if value is None and optional:
            return None
        if isinstance(value, int) and not isinstance(value, bool) and value >= low:
            return value
        self.bad(where, said("{0} is not a whole number of {1} or more", short_value(value), low))
        return None

    def flag(self, value: object, where: str) -> bool:
        if isinstance(value, bool):
            return value
        self.bad(where, said("{0} is not true or false", short_value(value)))
        return False

    def choice(self, value: object, where: str, choices: Sequence[str]) -> str:
        if isinstance(value, str) and value in choices:
            return value
        self.bad(where, said("{0} is not one of {1}", short_value(value), ", ".join(choices)))
        return choices[0]

    def moment(self, value: object, where: str, *, optional: bool = True) -> datetime | None:
        if value is None and optional:
            return None
        if isinstance(value, str):
            try:
                parsed = datetime.fromisoformat(value)
            except ValueError:
                pass
            else:
                if parsed.tzinfo is not None:
                    return parsed
        self.bad(where, said("{0} is not a time with its zone (ISO 8601)", short_value(value)))
        return None

    def stamp(self, value: object, where: str) -> datetime:
        """A required time; on a problem a placeholder (the problem stops the import)."""
        return self.moment(value, where, optional=False) or datetime.min.replace(tzinfo=UTC)

    def day(self, value: object, where: str) -> date | None:
        if value is None:
            return None
        if isinstance(value, str):
            try:
                return date.fromisoformat(value)
            except ValueError:
                pass
        self.bad(where, said("{0} is not a date (YYYY-MM-DD)", short_value(value)))
        return None

    def rules(self, value: object, where: str) -> RuleSet | None:
        data = self.mapping(value, where)
        try:
            return RuleSet.from_dict(data, origin=where)
        except RuleSetError as error:
            self.problems.append(words_of(error))
            return None

    def superseded(
        self,
        value: Mapping[str, Any],
        where: str,
        replaces: bool,
        match_ref: int | None,
        earlier: Mapping[int, tuple[Any, int, Any]],
        what: Literal["hand", "result"],
    ) -> int | None:
        """The earlier row of a log (a hand, a result) that a correction or a void
        (``replaces``) names in ``value["supersedes"]``: in the file, and of the same match."""
        if value.get("supersedes") is None:
            if replaces:
                self.bad(f"{where}.supersedes", _unnamed(what))
            return None
        return self._earlier(value, "supersedes", where, match_ref, earlier, what)

    def undone(
        self,
        value: Mapping[str, Any],
        where: str,
        replaces: bool,
        match_ref: int | None,
        earlier: Mapping[int, tuple[Any, int, Any]],
        taken: Mapping[int, int],
        what: Literal["hand", "result"],
    ) -> int | None:
        """The earlier row of the same log and match that a row written by an undo or a redo
        names in ``value["undoes"]`` (decision 0029): only a correction or a void
        (``replaces``) takes a row back, and no row is taken back twice (``taken``: the
        rows already taken back, by the row that took each)."""
        if value.get("undoes") is None:
            return None
        ref = self._earlier(value, "undoes", where, match_ref, earlier, what)
        if not replaces:
            self.bad(f"{where}.undoes", said("only a correction or a void takes a row back"))
        elif ref is not None and earlier[ref][1] == match_ref and ref in taken.values():
            self.bad(f"{where}.undoes", _taken_twice(what, ref))
        return ref

    def _earlier(
        self,
        value: Mapping[str, Any],
        key: Literal["supersedes", "undoes"],
        where: str,
        match_ref: int | None,
        earlier: Mapping[int, tuple[Any, int, Any]],
        what: Literal["hand", "result"],
    ) -> int | None:
        """The earlier row of the log that ``value[key]`` names: in the file, and of the
        same match."""
        earlier_what: Refers = "earlier hand" if what == "hand" else "earlier result"
        ref = self.ref(value.get(key), f"{where}.{key}", earlier, earlier_what)
        if ref is not None and match_ref is not None and earlier[ref][1] != match_ref:
            self.bad(f"{where}.{key}", _of_another_match(what, ref))
        return ref

    def ref(self, value: object, where: str, known: Mapping[int, Any], what: Refers) -> int | None:
        number = self.whole(value, where, low=1)
        if number is not None and number not in known:
            self.bad(where, _not_in_file(what, number))
            return None
        return number


Refers = Literal["entrant", "round", "match", "earlier hand", "earlier result"]
"""What a ref of the file points at."""


def _not_in_file(what: Refers, number: int) -> Said:
    if what == "entrant":
        return said("entrant {0} is not in the file", number)
    if what == "round":
        return said("round {0} is not in the file", number)
    if what == "match":
        return said("match {0} is not in the file", number)
    if what == "earlier hand":
        return said("earlier hand {0} is not in the file", number)
    return said("earlier result {0} is not in the file", number)


def _unnamed(what: Literal["hand", "result"]) -> Said:
    if what == "hand":
        return said("a correction or void must name the hand")
    return said("a correction or void must name the result")


def _of_another_match(what: Literal["hand", "result"], ref: int) -> Said:
    if what == "hand":
        return said("hand {0} belongs to another match", ref)
    return said("result {0} belongs to another match", ref)


def _taken_twice(what: Literal["hand", "result"], ref: int) -> Said:
    if what == "hand":
        return said("hand {0} is already taken back by an earlier row", ref)
    return said("result {0} is already taken back by an earlier row", ref)


def short_value(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
