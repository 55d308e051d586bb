"""The one name order of every list (decision 0024): by surname, accents and case folded,
"Surname, Given" with a comma read as written; or as typed, when the director says so."""

from __future__ import annotations

import unicodedata

from hypothesis import given
from hypothesis import strategies as st

from gin_scorer.presentation.names import (
    by_name,
    folded,
    name_key,
    surname_split,
    told_apart,
)
from gin_scorer.services.support.dto import NameOrder
from tests.name_field import FIELD

ENTRANTS = [
    *FIELD,
    "ann smith-jones",
    "Player 10",
    "Player 2",
    "Ludwig van Beethoven",
    "Søren Kierkegaard",
]


def test_a_club_list_by_surname() -> None:
    assert by_name(ENTRANTS, str) == [
        "Ludwig van Beethoven",  # B: "van" is not what he is filed under
        "Jan van der Berg",
        "Cher",  # a single name is its own surname
        "Anna De Luca",  # a capital De is: under D
        "Søren Kierkegaard",
        "Xiomara García Márquez",  # the last word, as typed given-first
        "Obama, Barack",  # the comma says where the surname ends
        "Zoë Ó'Brien",  # Ó'Brien as OBrien: after Obama, accent and apostrophe aside
        "Player 2",  # numbers by value
        "Player 10",
        "Ann Smith",
        "ann smith-jones",
        "Émile Zola",
    ]


def test_as_typed_is_the_first_word_first() -> None:
    assert by_name(ENTRANTS, str, NameOrder.AS_TYPED) == [
        "Ann Smith",
        "ann smith-jones",
        "Anna De Luca",
        "Cher",
        "Émile Zola",
        "Jan van der Berg",
        "Ludwig van Beethoven",
        "Obama, Barack",
        "Player 2",
        "Player 10",
        "Søren Kierkegaard",
        "Xiomara García Márquez",
        "Zoë Ó'Brien",
    ]


def test_a_comma_says_where_the_surname_is() -> None:
    assert surname_split("García Márquez, Xiomara") == ("García Márquez", "Xiomara")
    written = ["García Márquez, Xiomara", "Gómez, Ana", "Xavier Fuentes"]
    assert by_name(written, str) == ["Xavier Fuentes", "García Márquez, Xiomara", "Gómez, Ana"]


names = st.text(st.characters(codec="utf-8", exclude_categories=("Cs", "Cc")), max_size=30)


@given(names, names)
def test_the_key_is_a_total_order_that_keeps_distinct_names_apart(a: str, b: str) -> None:
    for order in NameOrder:
        if a != b:
            assert name_key(a, order) != name_key(b, order)
        assert (name_key(a, order) < name_key(b, order)) == (
            name_key(b, order) > name_key(a, order)
        )


@given(st.sampled_from(ENTRANTS), st.booleans())
def test_accents_and_case_do_not_move_a_name(name: str, upper: bool) -> None:
    """Case says one thing only: a particle written in capitals ("De Luca") is filed under."""
    plain = folded(name)
    assert plain == folded(plain) and plain == folded(name.upper())
    others = [n for n in ENTRANTS if n != name]
    place = by_name([*others, name], str).index(name)
    lower_particles = name in ("Jan van der Berg", "Ludwig van Beethoven")
    unaccented = "".join(
        c for c in unicodedata.normalize("NFKD", name) if not unicodedata.combining(c)
    )
    moved = name.upper() if upper and not lower_particles else unaccented
    assert by_name([*others, moved], str).index(moved) == place


def test_a_narrow_list_tells_players_apart_by_surname() -> None:
    shown = told_apart([*ENTRANTS, "Tom Smith", "Anna Smith"])
    assert shown["Jan van der Berg"] == "van der Berg"  # the particles as written
    assert shown["Xiomara García Márquez"] == "Márquez"
    assert shown["Obama, Barack"] == "Obama"
    assert shown["Tom Smith"] == "T. Smith"  # another Smith: the initial tells them apart
    assert shown["Ann Smith"] == "Ann Smith"  # and when it does not, the whole name
    assert shown["Anna Smith"] == "Anna Smith"
    assert shown["ann smith-jones"] == "smith-jones"


@given(st.lists(st.text(alphabet="AaBbÉé ,.-'", min_size=1, max_size=12), max_size=8))
def test_names_told_apart_stay_apart(names: list[str]) -> None:
    shown = told_apart(names)
    assert set(shown) == set(names)
    distinct = set(names)
    assert len({shown[n] for n in distinct}) == len(distinct)
