"""What the players say at the table, as the director types it on the entry line: a knock,
a gin, an undercut now and then, a dead hand. Drawn from a seeded generator, so a rehearsal
plays the same day every time; the values are those of real hands (a knock with 0 to 10, a
defender holding up to 95), weighted towards the big ones (gin against a full hand) so
that a best of five to 250 takes about fifteen hands rather than forty: the rehearsal is
about what the desk shows, and its time in CI counts.
"""

from __future__ import annotations

import random


def hand_line(rng: random.Random) -> str:
    """One hand as typed: ``a g 64``, ``b k 3 71``, ``a k 9 6`` (an undercut), ``d``."""
    side = rng.choice("ab")
    roll = rng.random()
    if roll < 0.03:
        return "d"
    if roll < 0.65:
        return f"{side} g {rng.randint(40, 95)}"
    if roll < 0.72:
        knock = rng.randint(4, 10)
        return f"{side} k {knock} {rng.randint(0, knock)}"  # the defender undercuts
    knock = rng.randint(0, 10) or 1
    return f"{side} k {knock} {rng.randint(knock + 30, 95)}"


ENTRANTS = tuple(
    f"{first} {last}"
    for first, last in zip(
        (
            "Ann Marie",
            "Bob",
            "Xiomara",
            "Christopher",
            "Siobhán",
            "Zoë",
            "Nguyễn Thị",
            "Kai",
            "Olusegun",
            "Maximilian",
            "Ingrid",
            "Pia",
            "Rafael",
            "Sam",
            "Tomasz",
            "Ursula",
            "Valentina",
            "Wen",
            "Yusuf",
            "Zeynep",
        )
        * 3,
        (
            "Lee",
            "Marsh",
            "García Márquez",
            "Montgomery-Smith",
            "Ní Bhriain",
            "O'Connor-Lefebvre",
            "Minh Khai",
            "Tanaka",
            "Adeyemi-Okonkwo",
            "von Hohenberg",
            "Lindqvist",
            "Khan",
            "Nogueira",
            "Garcia",
            "Wiśniewski",
            "Baker",
            "Rossi",
            "Zhou",
            "Demir",
            "Aydın",
            "Novak",
            "Weber",
            "Fitzgerald",
            "Papadopoulos",
            "Kowalczyk",
            "Haddad",
            "Okafor",
            "Johansson",
            "Silva",
            "Moreau",
            "Schmidt",
            "Costa",
            "Ivanova",
            "Müller",
            "Hernández",
            "Kim",
            "Singh",
            "Dubois",
            "Yamamoto",
            "Andersen",
            "Brown",
            "Chen",
            "Dimitrov",
            "Evans",
            "Ferreira",
            "Gallagher",
            "Horvath",
            "Ibrahim",
            "Jensen",
            "Kaur",
            "Lopez",
            "Mendes",
            "Nakamura",
            "Olsen",
            "Petrov",
            "Quinn",
            "Ramos",
            "Sato",
            "Torres",
            "Varga",
        ),
        strict=True,
    )
)
"""Sixty entrants, as a spreadsheet would give them: long names, accents, hyphens, two
given names, surnames in two words — what a sheet and a projector must show whole."""
