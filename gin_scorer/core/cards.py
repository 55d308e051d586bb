"""Cards as values: ranks, suits, and the ways people write them.

People at a gin table write cards many ways (``7h``, ``7H``, ``10h``, ``Th``, ``7♥``, ``A♠``).
:func:`parse_cards` accepts all of them and :func:`format_cards` writes them back either for
people (``10♥``) or for machines (``10h``).

>>> parse_cards("7h 8H, Th 10♦ A♠")
(Card('7h'), Card('8h'), Card('10h'), Card('10d'), Card('As'))
>>> format_cards(parse_cards("th js qs"))
'10♥ J♠ Q♠'
>>> format_cards(parse_cards("th js qs"), machine=True)
'10h Js Qs'
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable
from dataclasses import dataclass, field
from enum import Enum, IntEnum

from gin_scorer.core.wording import Said, SaidError, said, shown


class CardError(SaidError, ValueError):
    """A card or a hand that cannot be read; the message names the token and says why."""


class Suit(Enum):
    """The four suits; the value is the letter used in machine output."""

    CLUBS = "c"
    DIAMONDS = "d"
    HEARTS = "h"
    SPADES = "s"

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @property
    def letter(self) -> str:
        return self.value


_SUIT_SYMBOLS = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}


class Rank(IntEnum):
    """Ranks in their natural order, ace low (value 1) to king (13)."""

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def points(self) -> int:
        """Deadwood value under the standard rules: ace 1, 2–10 face value, J Q K 10."""
        return min(int(self), 10)

    @property
    def label(self) -> str:
        return _RANK_LABELS[self]


_RANK_LABELS = {
    Rank.ACE: "A",
    Rank.JACK: "J",
    Rank.QUEEN: "Q",
    Rank.KING: "K",
    **{Rank(n): str(n) for n in range(2, 11)},
}


@dataclass(frozen=True, slots=True)
class Card:
    """One playing card. Ordered by rank, then suit (clubs, diamonds, hearts, spades)."""

    rank: Rank
    suit: Suit
    index: int = field(init=False, repr=False, compare=False)
    """A dense number 0–51 (suit-major: all clubs, then diamonds, hearts, spades)."""

    def __post_init__(self) -> None:
        # Stored rather than computed on each read: the meld search reads it for every card.
        object.__setattr__(self, "index", _SUIT_ORDER[self.suit] * 13 + int(self.rank) - 1)

    def __hash__(self) -> int:
        # The dense index (equal cards have equal indexes): the generated hash hashed two
        # enums by name, and every set, dict and cache key holding cards paid for it.
        return self.index

    # Ordering uses rank then suit; Suit is not orderable, so compare by an index instead.
    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.sort_key < other.sort_key

    def __le__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.sort_key <= other.sort_key

    def __gt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.sort_key > other.sort_key

    def __ge__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.sort_key >= other.sort_key

    @property
    def sort_key(self) -> tuple[int, int]:
        return (int(self.rank), _SUIT_ORDER[self.suit])

    @classmethod
    def from_index(cls, index: int) -> Card:
        if not 0 <= index < 52:
            raise CardError(said("card index {0} is not between 0 and 51", index))
        return ALL_CARDS[index]

    @property
    def points(self) -> int:
        """Deadwood value under the standard rules (ace 1, face cards 10)."""
        return self.rank.points

    @property
    def code(self) -> str:
        """Machine form, e.g. ``10h``, ``As``."""
        return f"{self.rank.label}{self.suit.letter}"

    def __str__(self) -> str:
        """Human form with the suit symbol, e.g. ``10♥``."""
        return f"{self.rank.label}{self.suit.symbol}"

    def __repr__(self) -> str:
        return f"Card({self.code!r})"


_SUIT_ORDER = {Suit.CLUBS: 0, Suit.DIAMONDS: 1, Suit.HEARTS: 2, Suit.SPADES: 3}

ALL_CARDS: tuple[Card, ...] = tuple(Card(rank, suit) for suit in _SUIT_ORDER for rank in Rank)
"""The 52-card deck, in :attr:`Card.index` order."""

_RANK_TOKENS = {
    "A": Rank.ACE,
    "T": Rank.TEN,
    "10": Rank.TEN,
    "J": Rank.JACK,
    "Q": Rank.QUEEN,
    "K": Rank.KING,
    **{str(n): Rank(n) for n in range(2, 10)},
}
_SUIT_TOKENS = {
    "C": Suit.CLUBS,
    "D": Suit.DIAMONDS,
    "H": Suit.HEARTS,
    "S": Suit.SPADES,
    "♣": Suit.CLUBS,
    "♧": Suit.CLUBS,
    "♦": Suit.DIAMONDS,
    "♢": Suit.DIAMONDS,
    "♥": Suit.HEARTS,
    "♡": Suit.HEARTS,
    "♠": Suit.SPADES,
    "♤": Suit.SPADES,
}
# Emoji presentation selectors sometimes follow a pasted suit symbol (♥️); they carry nothing.
_INVISIBLE = dict.fromkeys(map(ord, "\ufe0e\ufe0f\u200b"), None)
_SEPARATORS = re.compile(r"[\s,;]+")


def parse_card(token: str) -> Card:
    """Read one card written as rank then suit, e.g. ``7h``, ``10♥``, ``Th``, ``a♠``.

    >>> parse_card("Qs")
    Card('Qs')
    >>> parse_card("7x")
    Traceback (most recent call last):
    ...
    gin_scorer.core.cards.CardError: '7x' is not a card: suit 'x' is not one of c d h s (or ♣♦♥♠)
    """
    text = token.strip().translate(_INVISIBLE).upper()
    if len(text) < 2:
        raise CardError(
            said("{0} is not a card: write a rank then a suit, like 7h or 10♥", shown(token))
        )
    rank_text, suit_text = text[:-1], text[-1]
    suit = _SUIT_TOKENS.get(suit_text)
    if suit is None:
        raise CardError(
            said(
                "{0} is not a card: suit {1} is not one of c d h s (or ♣♦♥♠)",
                shown(token),
                shown(token.strip()[-1]),
            )
        )
    rank = _RANK_TOKENS.get(rank_text)
    if rank is None:
        given, rank_given = shown(token), shown(token.strip()[:-1])
        if rank_text == "1":
            raise CardError(
                said(
                    "{0} is not a card: rank {1} is not one of A 2-10 J Q K (or T) (write the "
                    "ace as A)",
                    given,
                    rank_given,
                )
            )
        raise CardError(
            said("{0} is not a card: rank {1} is not one of A 2-10 J Q K (or T)", given, rank_given)
        )
    # The deck's own card, not a new one: every hand record read back parses its cards here.
    return ALL_CARDS[_SUIT_ORDER[suit] * 13 + int(rank) - 1]


def parse_cards(
    text: str | Iterable[str],
    *,
    sizes: Collection[int] | None = None,
    what: str = "hand",
) -> tuple[Card, ...]:
    """Read cards separated by spaces or commas; refuse duplicates and wrong sizes.

    ``sizes`` lists the acceptable numbers of cards; ``what`` names the group in messages.

    >>> parse_cards("7h 7H")
    Traceback (most recent call last):
    ...
    gin_scorer.core.cards.CardError: 7♥ is in the hand twice ('7h' and '7H')
    >>> parse_cards("7h 8h", sizes=(10, 11))
    Traceback (most recent call last):
    ...
    gin_scorer.core.cards.CardError: the hand has 2 cards; it needs 10 or 11
    """
    tokens = [t for t in _SEPARATORS.split(text)] if isinstance(text, str) else list(text)
    tokens = [t for t in tokens if t.strip()]
    seen: dict[Card, str] = {}
    cards: list[Card] = []
    for token in tokens:
        card = parse_card(token)
        if card in seen:
            raise CardError(
                said(
                    "{0} is in the {1} twice ({2} and {3})",
                    card,
                    what,
                    shown(seen[card]),
                    shown(token),
                )
            )
        seen[card] = token
        cards.append(card)
    if sizes is not None and len(cards) not in sizes:
        wanted: Said | str = " or ".join(str(n) for n in sorted(sizes))  # one size, or many
        if len(sizes) == 2:  # the only case the app has: 10 or 11 cards
            wanted = said("{0} or {1}", *sorted(sizes))
        raise CardError(said("the {0} has {1} cards; it needs {2}", what, len(cards), wanted))
    return tuple(cards)


def format_cards(cards: Iterable[Card], *, machine: bool = False, sep: str = " ") -> str:
    """Write cards for people (``10♥ J♠``) or for machines (``10h Js``)."""
    return sep.join(card.code if machine else str(card) for card in cards)
