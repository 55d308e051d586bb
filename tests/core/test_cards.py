import pytest

from gin_scorer.core.cards import ALL_CARDS, Card, CardError, Rank, Suit, format_cards, parse_cards


def test_every_way_people_write_a_card_reads_the_same() -> None:
    assert len(parse_cards("7h 8H 10h,Js 2♥ A♠ Qs 10♦")) == 8
    assert parse_cards("10h") == parse_cards("Th") == parse_cards("10♥") == parse_cards("tH")
    assert parse_cards("A♠,qs; 2c\t3♣") == (
        Card(Rank.ACE, Suit.SPADES),
        Card(Rank.QUEEN, Suit.SPADES),
        Card(Rank.TWO, Suit.CLUBS),
        Card(Rank.THREE, Suit.CLUBS),
    )


def test_pasted_emoji_suits_are_read() -> None:
    assert parse_cards("7♥\ufe0f 8♠️") == (
        Card(Rank.SEVEN, Suit.HEARTS),
        Card(Rank.EIGHT, Suit.SPADES),
    )


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("7x", "'7x' is not a card: suit 'x' is not one of c d h s"),
        ("11h", "rank '11' is not one of A 2-10 J Q K"),
        ("1h", "write the ace as A"),
        ("h", "write a rank then a suit"),
        ("7h 8h 7H", "7♥ is in the hand twice ('7h' and '7H')"),
    ],
)
def test_bad_tokens_are_named_with_the_reason(text: str, message: str) -> None:
    with pytest.raises(CardError) as caught:
        parse_cards(text)
    assert message in str(caught.value)
    assert isinstance(caught.value, ValueError)


def test_wrong_size_says_how_many_and_how_many_wanted() -> None:
    with pytest.raises(CardError, match="the hand has 3 cards; it needs 10 or 11"):
        parse_cards("7h 8h 9h", sizes=(10, 11))


def test_formats_for_people_and_machines_round_trip() -> None:
    for card in ALL_CARDS:
        assert parse_cards(card.code) == (card,)
        assert parse_cards(str(card)) == (card,)
    assert format_cards(parse_cards("10h as kd"), machine=True) == "10h As Kd"
    assert format_cards(parse_cards("10h as kd")) == "10♥ A♠ K♦"


def test_deck_indices_are_dense_and_points_standard() -> None:
    assert [c.index for c in ALL_CARDS] == list(range(52))
    assert Card.from_index(51) == Card(Rank.KING, Suit.SPADES)
    assert [Rank(n).points for n in range(1, 14)] == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10]
    assert sorted([Card(Rank.KING, Suit.CLUBS), Card(Rank.ACE, Suit.SPADES)])[0].rank is Rank.ACE
