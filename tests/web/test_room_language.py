"""Each phone reads the room in its own language: the first its Accept-Language header asks for
that has a translation file shipped, else English, whatever language the desk speaks."""

from __future__ import annotations

import asyncio
import html
import re
from pathlib import Path

import httpx
from hypothesis import given
from hypothesis import strategies as st

from gin_scorer.presentation.words import speaking, translate, use_translator
from gin_scorer.services.writes.matches import list_matches
from gin_scorer.services.writes.table_links import table_links
from gin_scorer.web.app import room_app
from gin_scorer.web.room_language import RoomLanguages, read_catalogue, wanted_languages

from .conftest import fetch

FRENCH = """<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="fr_FR">
<context>
    <name>room</name>
    <message><source>Find your table</source>
        <translation>Trouvez votre table</translation></message>
    <message><source>Round {number}: where you sit</source>
        <translation>Tour {number} : votre place</translation></message>
    <message><source>{a} v {b}</source><translation>{a} contre {b}</translation></message>
    <message><source>Player</source><translation type="unfinished">Joueur</translation></message>
    <message><source>Seal {seal}</source><translation>Sceau {sceau}</translation></message>
    <message><source>The sheet</source><translation>La feuille</translation></message>
</context>
<context>
    <name>standings_table</name>
    <message><source>Standings — during round {0}</source>
        <translation>Classement — pendant le tour {0}</translation></message>
</context>
<context>
    <name>room_view</name>
    <message><source>{0} tables still owe a result: {1}</source>
        <translation>{0} tables doivent encore un résultat : {1}</translation></message>
</context>
<context>
    <name>table_pages</name>
    <message><source>✖ say which player answers</source>
        <translation>✖ dites quel joueur répond</translation></message>
</context>
</TS>
"""


def _languages(tmp_path: Path) -> RoomLanguages:
    (tmp_path / "gin_scorer_fr.ts").write_text(FRENCH, encoding="utf-8")
    (tmp_path / "gin_scorer_de.ts").write_text("<TS><context><name>room", encoding="utf-8")
    (tmp_path / "gin_scorer.ts").write_text("<TS/>", encoding="utf-8")  # the template
    return RoomLanguages(tmp_path)


def test_a_header_is_read_most_wanted_first_and_never_fails() -> None:
    assert wanted_languages("fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5") == [
        "fr-ch",
        "fr",
        "en",
        "de",
        "*",
    ]
    assert wanted_languages("de;q=0.2, nl") == ["nl", "de"]  # by quality, then by order
    assert wanted_languages("fr;q=0, en") == ["en"]  # q=0: "not this one"
    assert wanted_languages("fr;q=2, x_y, ;;, en-GB;q=nan, <b>") == []
    assert wanted_languages("") == []


@given(st.text(max_size=300))
def test_any_header_gives_tags_or_nothing(header: str) -> None:
    for tag in wanted_languages(header):
        assert re.fullmatch(r"\*|[a-z]{1,8}(-[a-z0-9]{1,8})*", tag), tag
    languages = RoomLanguages(Path("/nonexistent"))
    assert languages.choose(header).code == "en"


def test_the_phone_gets_the_first_language_it_wants_that_is_shipped(tmp_path: Path) -> None:
    languages = _languages(tmp_path)
    assert languages.shipped == ("de", "fr")
    assert languages.choose("fr-CH, en;q=0.5").code == "fr"  # the language of a regional tag
    assert languages.choose("en-GB, fr").code == "en"  # English wanted first: English
    assert languages.choose("it, *").code == "en"
    assert languages.choose("de").code == "en"  # a broken file: English, never an error
    assert read_catalogue(tmp_path / "gin_scorer_de.ts") == {}
    french = read_catalogue(tmp_path / "gin_scorer_fr.ts")
    assert french[("room", "Find your table")] == "Trouvez votre table"
    assert ("room", "Player") not in french  # an unfinished translation is not used


def test_the_room_speaks_each_phones_language_not_the_desks(room_db, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    db, event_id = room_db
    app = room_app(db, event_id, languages=_languages(tmp_path))
    use_translator(lambda _context, text: f"«{text}»")  # the desk speaks its own language
    try:
        french = fetch(app, "/", headers={"accept-language": "fr-FR,fr;q=0.9,en;q=0.5"})
        english = fetch(app, "/", headers={"accept-language": "en-US"})
    finally:
        use_translator(None)
    page = html.unescape(french.text)
    assert '<html lang="fr">' in french.text
    assert french.headers["content-language"] == "fr"
    assert "accept-language" in french.headers["vary"].lower()
    assert "Trouvez votre table" in page
    assert "Tour 2 : votre place" in page
    assert "Classement — pendant le tour 2" in page
    assert "tables doivent encore un résultat" in page
    assert " contre " in page
    assert "Player" in page  # unfinished in the file: English
    assert "Seal " in page  # a translation with other fields than its source: English
    assert "Room &lt;Open&gt; &amp; Co" in french.text  # names still escaped
    assert english.headers["content-language"] == "en"
    assert '<html lang="en">' in english.text
    assert "Find your table" in english.text and "«" not in english.text


def test_a_table_page_answers_in_the_phones_language(room_db, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    db, event_id = room_db
    app = room_app(db, event_id, languages=_languages(tmp_path))
    match = next(
        m for m in list_matches(db, event_id) if m.round_number == 2 and m.status.value == "playing"
    )
    path = next(link.path for link in table_links(db, event_id) if link.match_id == match.id)
    french = {"accept-language": "fr"}
    page = fetch(app, path, headers=french)
    assert "La feuille" in page.text
    fields = dict(re.findall(r'name="(key|version)" value="([^"]*)"', page.text))

    async def confirm() -> httpx.Response:
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://room") as client:
            return await client.post(
                f"{path}/confirm", data={"side": "x", **fields}, headers=french
            )

    answer = asyncio.run(confirm())
    assert answer.status_code == 400
    assert "✖ dites quel joueur répond" in html.unescape(answer.text)


def test_a_phones_language_reaches_the_worker_threads_the_room_reads_in() -> None:
    def french(_context: str, text: str) -> str:
        return "fr:" + text

    async def read_in_a_worker() -> str:
        with speaking(french):
            return await asyncio.to_thread(translate, "room", "Find your table")

    assert asyncio.run(read_in_a_worker()) == "fr:Find your table"
    assert translate("room", "Find your table") == "Find your table"  # only inside the block


def test_every_word_of_the_templates_goes_through_the_translator() -> None:
    """What is left of a template without its ``{{ … }}`` and ``{% … %}`` and its tags is
    punctuation and the app's name: every word a person reads is a ``_("…")``. The same for
    the attributes a person (or a screen reader) reads."""
    folder = Path(__file__).resolve().parents[2] / "gin_scorer" / "web" / "templates"
    for template in sorted(folder.glob("*.html")):
        source = template.read_text()
        # A page's class and script names are no words.
        source = re.sub(r"{% block (?:body_class|script) %}.*?{% endblock %}", " ", source)
        bare = re.sub(r"{{.*?}}|{%.*?%}|{#.*?#}", " ", source, flags=re.S)
        read = re.findall(r'(?:placeholder|aria-label|title|alt)="([^"]*)"', bare)
        text = re.sub(r"<[^>]*>|&[a-z]+;", " ", bare)
        words = set(re.findall(r"[A-Za-z]{2,}", " ".join([text, *read])))
        words -= {"gin", "scorer", "ak", "bg"}  # the app's name; "ak7 15 · bg22" is typed as is
        assert not words, f"{template.name}: {sorted(words)}"
