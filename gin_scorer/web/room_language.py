"""Each phone reads the room in its own language, when a translation is shipped for it.

A phone says which languages its reader wants in its ``Accept-Language`` header. The room
answers in the first of them that has a translation in ``resources/i18n`` (the translators'
``gin_scorer_fr.ts``: the same files the desk compiles for its window), else in English, the
language the texts are written in. So the desk may speak French while a visitor's phone reads
the room in English, and the other way round: the room never takes the desk's language.

The templates say their words through ``_("…")`` (context ``room``); the pages' Python code
and the words the presentation layer makes go through
:func:`gin_scorer.presentation.words.translate`, which :class:`ReadersLanguage` points at the
phone's translation for the length of each request. ``tools/translations.py`` writes the
templates' words into the translation template with the rest.
"""

from __future__ import annotations

import re
import threading
from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from gin_scorer.catalogues import TAG, chosen_language, read_catalogue, shipped, translator_of
from gin_scorer.presentation.words import Translator, speaking, translate

TEMPLATE_CONTEXT = "room"  # the templates' words, in the translation files
_QUALITY = re.compile(r"0(?:\.[0-9]{0,3})?|1(?:\.0{0,3})?")
_MOST_TAGS = 20  # a header longer than that is someone testing the room, not a phone


@dataclass(frozen=True, slots=True)
class RoomLanguage:
    """The language a page is written in: its tag for ``<html lang>`` and the translator
    (``None``: the English the texts are written in)."""

    code: str
    translator: Translator | None = None


ENGLISH = RoomLanguage("en")
_page_language: ContextVar[RoomLanguage] = ContextVar("room_page_language", default=ENGLISH)


def wanted_languages(header: str) -> list[str]:
    """The language tags an ``Accept-Language`` header asks for, most wanted first, in lower
    case (``"fr-CH, fr;q=0.9, en;q=0.8"`` → ``["fr-ch", "fr", "en"]``). A tag it refuses
    (``q=0``) and anything that does not parse are left out: a phone never gets an error
    for its header, only English."""
    found: list[tuple[float, int, str]] = []
    for position, part in enumerate(header[:1000].split(",")[:_MOST_TAGS]):
        tag, *parameters = (piece.strip() for piece in part.split(";"))
        tag = tag.lower()
        if not TAG.fullmatch(tag):
            continue
        quality = 1.0
        for parameter in parameters:
            name, _, value = parameter.partition("=")
            if name.strip().lower() == "q":
                value = value.strip()
                quality = float(value) if _QUALITY.fullmatch(value) else 0.0
        if quality > 0:
            found.append((-quality, position, tag))
    return [tag for _, _, tag in sorted(found)]


class RoomLanguages:
    """The languages the room can speak: English, and each translation file shipped."""

    def __init__(self, folder: Path | None = None) -> None:
        self._files = shipped(folder)  # by lower-case tag: (its code, its file)
        self._loaded: dict[str, RoomLanguage] = {}
        self._lock = threading.Lock()

    @property
    def shipped(self) -> tuple[str, ...]:
        """The tags of the translations shipped (lower case), English aside."""
        return tuple(self._files)

    def choose(self, header: str) -> RoomLanguage:
        """The language of the phone that sent ``header``: the first it wants that the room
        speaks (``fr-ch`` is answered in ``fr`` when only that is shipped), else English."""
        found = chosen_language(wanted_languages(header), self._files)
        return ENGLISH if found is None else self._language(*found)

    def _language(self, code: str, path: Path) -> RoomLanguage:
        with self._lock:
            if code not in self._loaded:
                table = read_catalogue(path)
                self._loaded[code] = RoomLanguage(code, translator_of(table)) if table else ENGLISH
            return self._loaded[code]


def page_language() -> RoomLanguage:
    """The language of the page being made (English outside a request)."""
    return _page_language.get()


def say(text: str, **fields: object) -> str:
    """A template's words in the page's language (``_("Round {number}", number=2)``); the
    template escapes what this returns, names included."""
    said = translate(TEMPLATE_CONTEXT, text)
    return said.format(**fields) if fields else said


class ReadersLanguage:
    """ASGI middleware: each request is answered in its reader's language. It says which in
    ``Content-Language``, and ``Vary: Accept-Language`` keeps a cache from handing one
    phone's language to another."""

    def __init__(self, app: ASGIApp, languages: RoomLanguages) -> None:
        self.app, self.languages = app, languages

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        header = b""
        for name, value in scope.get("headers", ()):
            if name == b"accept-language":
                header = value
        language = self.languages.choose(header.decode("latin-1"))

        async def with_language(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", ()))
                headers.append((b"content-language", language.code.encode()))
                headers.append((b"vary", b"Accept-Language"))
                message = {**message, "headers": headers}
            await send(message)

        token = _page_language.set(language)
        try:
            with speaking(language.translator):
                await self.app(scope, receive, with_language)
        finally:
            _page_language.reset(token)
