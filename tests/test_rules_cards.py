"""Card notation, the supply of copies each deck count holds, and cards a game never uses.

Rulings covered (rulings.md "Cards and notation", api.md "Cards"):
- ranks A 2-10 J Q K (T for 10), suits S H D C or their symbols, any case;
- a joker is JK, * or Joker and may carry the card it stands for (JK=9D);
- answers use the canonical form 10H, AS, JK, JK=9D;
- a deck is 52 cards, plus 2 jokers in the games that use them (Eversol, 500);
- with N decks each natural card exists N times and there are 2N jokers;
- needing more copies than the decks hold is bad input, not an illegal play;
- a card the game does not use (a joker in Basic, an ace in Base) is bad input.
"""

from __future__ import annotations

import pytest

from referee.core import (JOKER, Card, Rank, RefereeInputError, Suit, format_cards, get_ruleset,
                          parse_card, parse_cards)
from referee.core.errors import (CardNotInGameError, CardSyntaxError, TooManyCopiesError,
                                 WrongTypeError)

RANK_TEXT = {"A": Rank.ACE, "2": Rank.TWO, "3": Rank.THREE, "4": Rank.FOUR, "5": Rank.FIVE,
             "6": Rank.SIX, "7": Rank.SEVEN, "8": Rank.EIGHT, "9": Rank.NINE, "10": Rank.TEN,
             "J": Rank.JACK, "Q": Rank.QUEEN, "K": Rank.KING}
SUIT_TEXT = {"S": Suit.SPADES, "H": Suit.HEARTS, "D": Suit.DIAMONDS, "C": Suit.CLUBS}
SYMBOLS = {"♠": Suit.SPADES, "♥": Suit.HEARTS, "♦": Suit.DIAMONDS, "♣": Suit.CLUBS}


# --- Notation: rank then suit ------------------------------------------------------------

@pytest.mark.parametrize("rank_text", list(RANK_TEXT))
@pytest.mark.parametrize("suit_text", list(SUIT_TEXT))
def test_every_rank_and_suit_reads_and_prints_back_canonically(rank_text, suit_text):
    card = parse_card(rank_text + suit_text)
    assert (card.rank, card.suit) == (RANK_TEXT[rank_text], SUIT_TEXT[suit_text])
    assert not card.is_joker
    assert str(card) == rank_text + suit_text


def test_a_deck_of_notation_names_52_different_cards():
    names = {str(parse_card(r + s)) for r in RANK_TEXT for s in SUIT_TEXT}
    assert len(names) == 52


@pytest.mark.parametrize("text, canonical", [
    ("th", "10H"), ("TH", "10H"), ("10h", "10H"), ("Ts", "10S"),
    ("as", "AS"), ("qd", "QD"), ("kC", "KC"), ("jH", "JH"), (" 7d ", "7D"),
])
def test_any_case_and_t_for_ten(text, canonical):
    assert str(parse_card(text)) == canonical


@pytest.mark.parametrize("symbol, suit", list(SYMBOLS.items()))
def test_suit_symbols_read_as_their_suit(symbol, suit):
    card = parse_card("q" + symbol)
    assert (card.rank, card.suit) == (Rank.QUEEN, suit)
    assert str(card) == "Q" + suit.value          # answers use letters
    assert card.label == "Q" + symbol             # screens use the symbol


def test_emoji_variant_of_a_suit_symbol_is_the_same_card():
    assert parse_card("A\u2665\ufe0f") == parse_card("AH")


@pytest.mark.parametrize("text", ["JK", "jk", "*", "Joker", "JOKER", "joker"])
def test_joker_spellings(text):
    card = parse_card(text)
    assert card.is_joker and card.stands_for is None
    assert card == JOKER
    assert str(card) == "JK"
    assert card.label == "Joker"


@pytest.mark.parametrize("text, canonical, stands_for", [
    ("JK=9D", "JK=9D", "9D"), ("jk=th", "JK=10H", "10H"), ("*=as", "JK=AS", "AS"),
    ("Joker=Q♣", "JK=QC", "QC"),
])
def test_a_joker_may_carry_the_card_it_stands_for(text, canonical, stands_for):
    card = parse_card(text)
    assert card.is_joker
    assert card.stands_for == parse_card(stands_for)
    assert str(card) == canonical


def test_a_joker_with_an_identity_is_still_a_joker_physically():
    card = parse_card("JK=9D")
    assert card.bare() == JOKER
    assert card.supply_key == "JK"


@pytest.mark.parametrize("text, says", [
    ("1H", "rank"), ("11H", "rank"), ("0S", "rank"), ("BH", "rank"),
    ("7X", "suit"), ("10", "rank"), ("QQ", "suit"),
    ("H7", "rank"),            # suit first is not the notation
    ("7", "not a card"), ("10HH", "not a card"), ("", "empty"), ("   ", "empty"),
    ("9D=8D", "only a joker"), ("JK=JK", "suit"), ("JK=1H", "rank"),
])
def test_unreadable_cards_say_what_is_wrong(text, says):
    with pytest.raises(CardSyntaxError) as caught:
        parse_card(text)
    assert says in str(caught.value).lower()


def test_a_card_must_be_text():
    with pytest.raises(CardSyntaxError):
        parse_card(7)


def test_bad_input_errors_are_value_errors_and_name_the_field():
    with pytest.raises(ValueError) as caught:
        parse_cards(["7D", "8D", "8X"])
    assert isinstance(caught.value, RefereeInputError)
    assert caught.value.field == "cards[2]"


@pytest.mark.parametrize("text", ["7d, 8d 9D *", "7D,8D,9D,JK", "7D;8D ;9D  JK", " 7D 8D 9D JK "])
def test_a_string_of_cards_may_be_separated_by_spaces_commas_or_semicolons(text):
    assert format_cards(parse_cards(text)) == "7D 8D 9D JK"


def test_a_list_of_cards_keeps_its_order():
    assert [str(c) for c in parse_cards(["kh", "2c", "JK=3c"])] == ["KH", "2C", "JK=3C"]


@pytest.mark.parametrize("value", [None, 7, 3.5, {"7D": 1}, b"7D 8D"])
def test_cards_that_are_not_a_list_are_the_wrong_type(value):
    with pytest.raises(WrongTypeError):
        parse_cards(value)


# --- The supply: copies per deck count ---------------------------------------------------

def full_supply(key: str, decks: int, **options) -> dict[str, int]:
    """How many of each card the table's decks hold, asked card by card."""
    table = get_ruleset(key).configure(options=options, decks=decks)
    supply = {str(parse_card(r + s)): table.deck.copies_of(parse_card(r + s), decks)
              for r in RANK_TEXT for s in SUIT_TEXT}
    supply["JK"] = table.deck.copies_of(JOKER, decks)
    return supply


@pytest.mark.parametrize("key, cards_per_deck, jokers_per_deck, decks", [
    *[(key, 54, 2, decks) for key in ("eversol", "500") for decks in (1, 2, 3)],
    ("basic", 52, 0, 1), ("base", 48, 0, 1),  # one-deck games
])
def test_each_deck_adds_one_of_every_card_and_its_jokers(key, cards_per_deck, jokers_per_deck,
                                                          decks):
    supply = full_supply(key, decks)
    assert sum(supply.values()) == cards_per_deck * decks
    assert supply["JK"] == jokers_per_deck * decks
    assert set(supply.values()) - {0} <= {decks, jokers_per_deck * decks}


def test_500_without_jokers_is_a_52_card_deck():
    supply = full_supply("500", 2, no_jokers=True)
    assert supply["JK"] == 0
    assert sum(supply.values()) == 104


def test_base_rules_deck_has_no_aces():
    supply = full_supply("base", 1)
    assert [name for name, n in supply.items() if n == 0] == ["AS", "AH", "AD", "AC", "JK"]


@pytest.mark.parametrize("decks", [1, 2, 3])
def test_as_many_copies_as_the_decks_hold_is_fine_but_one_more_is_impossible(decks):
    table = get_ruleset("eversol").configure(decks=decks)
    table.check_supply(parse_cards(["3H"] * decks))
    with pytest.raises(TooManyCopiesError) as caught:
        table.check_supply(parse_cards(["3H"] * (decks + 1)))
    assert "copies of 3♥" in str(caught.value)
    assert f"({decks})" in str(caught.value)


@pytest.mark.parametrize("decks", [1, 2, 3])
def test_two_jokers_a_deck(decks):
    table = get_ruleset("500").configure(decks=decks)
    table.check_supply(parse_cards(["JK"] * (2 * decks)))
    with pytest.raises(TooManyCopiesError) as caught:
        table.check_supply(parse_cards(["JK"] * (2 * decks + 1)))
    assert "jokers" in str(caught.value)


def test_jokers_count_against_the_supply_whatever_they_stand_for():
    table = get_ruleset("eversol").configure(decks=1)
    with pytest.raises(TooManyCopiesError):
        table.check_supply(parse_cards("JK=3H JK=4H JK=5H"))


def test_a_joker_standing_for_a_card_does_not_use_up_that_card():
    # 500: a joker may stand for a card that is already on the table.
    table = get_ruleset("500").configure(decks=1)
    table.check_supply(parse_cards("8H JK=8H"))


def test_too_many_copies_is_bad_input_not_a_verdict():
    table = get_ruleset("eversol").configure(decks=1)
    with pytest.raises(TooManyCopiesError) as caught:
        table.check_meld(parse_cards("3H 3H 3S"))
    assert isinstance(caught.value, ValueError)
    assert caught.value.field == "cards[1]"
    with pytest.raises(TooManyCopiesError):
        table.lay(parse_cards("3H 3H 3S"))


def test_the_same_cards_are_possible_with_two_decks():
    table = get_ruleset("eversol").configure(decks=2)
    assert table.check_meld(parse_cards("3H 3H 3S")).valid


# --- Cards a game does not use ------------------------------------------------------------

@pytest.mark.parametrize("key, options, card, says", [
    ("basic", {}, "JK", "without jokers"),
    ("basic", {}, "JK=5H", "without jokers"),
    ("base", {}, "JK", "without jokers"),
    ("base", {}, "AS", "without aces"),
    ("base", {}, "ah", "without aces"),
    ("500", {"no_jokers": True}, "JK", "without jokers"),
])
def test_a_card_the_game_does_not_use_is_bad_input(key, options, card, says):
    table = get_ruleset(key).configure(options=options)
    with pytest.raises(CardNotInGameError) as caught:
        table.check_meld(parse_cards(["2H", "3H", card]))
    assert says in str(caught.value)
    assert caught.value.field == "cards[2]"
    with pytest.raises(CardNotInGameError):
        table.card_value(parse_card(card))


@pytest.mark.parametrize("key", ["eversol", "500"])
def test_games_with_jokers_accept_them(key):
    table = get_ruleset(key).configure()
    assert table.check_meld(parse_cards("9H 10H JK JK")).valid


def test_card_objects_compare_by_what_they_are():
    assert parse_card("10h") == Card(Rank.TEN, Suit.HEARTS)
    assert parse_card("JK=9D") != JOKER
    assert parse_card("JK=9D").bare() == JOKER
