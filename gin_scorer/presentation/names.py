"""The order names are listed in, and how a typed name is compared: written once, read by every
list of players (decision 0024).

A director looks a player up by surname. :func:`name_key` sorts a name as it is typed
("Xiomara García Márquez", "Jan van der Berg", "Cher", or "Berg, Jan van der" with a comma)
by its surname, then its given names, with accents, case and apostrophes folded away, so
"Ó'Brien" files under O beside "Obama", and "García" beside "Garcia". The director may ask
for the names as typed instead (:class:`~gin_scorer.services.support.dto.NameOrder`).

>>> names = ["Zoë Ó'Brien", "Jan van der Berg", "Ann Smith", "Cher", "Berg, Anna"]
>>> sorted(names, key=name_key)
['Berg, Anna', 'Jan van der Berg', 'Cher', "Zoë Ó'Brien", 'Ann Smith']
>>> sorted(names, key=lambda n: name_key(n, NameOrder.AS_TYPED))
['Ann Smith', 'Berg, Anna', 'Cher', 'Jan van der Berg', "Zoë Ó'Brien"]
>>> folded("Zoë Ó'Brien-Smith")
'zoe obrien smith'
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterable
from typing import TypeVar

from gin_scorer.services.support.dto import NameOrder

T = TypeVar("T")

# fmt: off
PARTICLES = frozenset({
    "van", "von", "der", "den", "de", "del", "della", "dei", "degli", "di", "da", "das", "do",
    "dos", "du", "la", "le", "les", "lo", "ten", "ter", "te", "zu", "zum", "zur", "af", "av",
    "bin", "ibn", "al", "el", "ap", "'t", "'s",
})
# fmt: on
"""Words written in lower case before a surname ("van der" Berg, "de la" Cruz): part of the
surname, not what it is filed under — the Dutch and German way. Written with a capital ("De
Luca", "Van Dyke") they are the surname's first word and it is filed under them."""

# Letters that Unicode does not split into a letter and an accent.
_PLAIN = str.maketrans(
    {"ø": "o", "ł": "l", "đ": "d", "ð": "d", "þ": "th", "æ": "ae", "œ": "oe", "ı": "i"}
)
_APOSTROPHES = re.compile("['’‘`´ʼ]")
_NOT_A_LETTER = re.compile(r"[^\w]+|_")
_DIGITS = re.compile(r"\d+")
_SEPARATOR = "\x00"  # below every letter: "Berg" files before "Bergman"


def folded(text: str) -> str:
    """``text`` as it is compared: no accents, no case, no apostrophes, every other mark a
    single space, so that a director typing "garcia" or "obrien" finds the name."""
    text = unicodedata.normalize("NFKD", text.casefold()).translate(_PLAIN)
    text = "".join(c for c in text if not unicodedata.combining(c))
    text = _APOSTROPHES.sub("", text)
    return " ".join(_NOT_A_LETTER.sub(" ", text).split())


def _numbered(text: str) -> str:
    """Numbers compared by value: "Player 2" before "Player 10"."""
    return _DIGITS.sub(lambda m: m.group().zfill(12), text)


def surname_split(name: str) -> tuple[str, str]:
    """``(surname, given names)`` of a name as typed; the surname without the lower-case
    particles it is not filed under.

    >>> surname_split("Xiomara García Márquez"), surname_split("García Márquez, Xiomara")
    (('Márquez', 'Xiomara García'), ('García Márquez', 'Xiomara'))
    >>> surname_split("Jan van der Berg"), surname_split("van der Berg, Jan")
    (('Berg', 'Jan'), ('Berg', 'Jan'))
    >>> surname_split("Cher"), surname_split("Anna De Luca"), surname_split("Van Morrison")
    (('Cher', ''), ('De Luca', 'Anna'), ('Morrison', 'Van'))
    """
    if "," in name:
        surname, _, given = name.partition(",")
        return _filed_under(surname.split()), given.strip()
    words = name.split()
    if len(words) < 2 or not any(c.isalpha() for c in words[-1]):
        return name.strip(), ""  # one name, or "Player 10": all of it is what it is filed under
    # The last word, and the particles before it (never the first word: "Van Morrison").
    start = len(words) - 1
    while start > 1 and words[start - 1].casefold() in PARTICLES:
        start -= 1
    return _filed_under(words[start:]), " ".join(words[:start])


def _filed_under(surname: list[str]) -> str:
    """A surname without the lower-case particles at its front ("van der Berg": "Berg")."""
    while len(surname) > 1 and surname[0] in PARTICLES:
        surname = surname[1:]
    return " ".join(surname)


def written_surname(name: str) -> str:
    """The surname as it is written, particles and all ("Jan van der Berg": "van der Berg").

    >>> written_surname("Jan van der Berg"), written_surname("Berg, Jan"), written_surname("Cher")
    ('van der Berg', 'Berg', 'Cher')
    """
    if "," in name:
        return name.partition(",")[0].strip()
    words = name.split()
    return " ".join(words[len(surname_split(name)[1].split()) :])


def told_apart(names: Iterable[str]) -> dict[str, str]:
    """Each of ``names`` as short as a narrow list can show it and still tell it from the
    others: its surname; with the first initial when another has the same surname; whole
    when even that is not enough.

    >>> told_apart(["Xiomara García Márquez", "Ann Smith", "Tom Smith"])
    {'Xiomara García Márquez': 'Márquez', 'Ann Smith': 'A. Smith', 'Tom Smith': 'T. Smith'}
    >>> told_apart(["Ann Lee", "Amy Lee", "Zoë Ó'Brien"])
    {'Ann Lee': 'Ann Lee', 'Amy Lee': 'Amy Lee', "Zoë Ó'Brien": "Ó'Brien"}
    >>> told_apart(["Jan van der Berg", "Cher", "Player 10"])
    {'Jan van der Berg': 'van der Berg', 'Cher': 'Cher', 'Player 10': 'Player 10'}
    """
    whole = list(dict.fromkeys(names))
    filed = [folded(surname_split(name)[0]) for name in whole]
    sharing = Counter(filed)
    shown = {}
    for name, surname in zip(whole, filed, strict=True):
        shown[name] = written_surname(name)
        given = surname_split(name)[1]
        if sharing[surname] > 1 and given:
            shown[name] = f"{given[0]}. {shown[name]}"
    # What still reads alike ("Ann Lee", "Amy Lee") is shown whole, until nothing does.
    while True:
        seen: dict[str, list[str]] = {}
        for name in whole:
            seen.setdefault(folded(shown[name]), []).append(name)
        alike = [n for group in seen.values() if len(group) > 1 for n in group if shown[n] != n]
        if not alike:
            return shown
        for name in alike:
            shown[name] = name


def name_key(name: str, order: NameOrder = NameOrder.SURNAME) -> str:
    """What ``name`` sorts by under ``order``: one string, so any list can sort by it."""
    shown = folded(name)
    if order is NameOrder.AS_TYPED:
        parts = [shown]
    else:
        surname, given = surname_split(name)
        parts = [folded(surname), folded(given), shown]
    # The name as typed breaks the last tie ("Zoe" and "Zoë" never swap between two lists).
    return _SEPARATOR.join([*(_numbered(p) for p in parts), name])


def by_name(
    rows: Iterable[T], name: Callable[[T], str], order: NameOrder = NameOrder.SURNAME
) -> list[T]:
    """``rows`` in name order (``name`` reads a row's name); rows of one name keep theirs."""
    return sorted(rows, key=lambda row: name_key(name(row), order))
