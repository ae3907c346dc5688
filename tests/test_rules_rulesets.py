"""What each ruleset declares: card values, deal sizes, deck recommendations, house options,
Eversol's contracts, and the description the API lists.

Rulings covered: Eversol scoring values, six hands dealt 6-11, the six contracts, decks
recommended (1 / 2 / 3, raised so the final deal leaves a stock) and its house options;
500 values (low ace, joker 15, the 5/10/15 option), deals (7; 13 for two; option 7), decks
(1 for 2-4, 2 for 5-8) and options; Basic values (ace 1), deals (10 / 7 / 6), the ace-high,
one-meld-per-turn and game-end options; Base values (no aces), 7 each, game end by hands
(default 5) or score.
"""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from referee.core import JOKER, RULESETS, RefereeInputError, get_ruleset, parse_card
from referee.core.errors import (DeckCountError, OptionValueError, UnknownOptionError,
                                 UnknownRulesetError, WrongTypeError)
from referee.core.game import GameSetup
from referee.core.model.ruleset import MAX_DECKS
from tests.conftest import web_or_database_imports

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


def values(key: str, low_ace_in_run: bool = False, **options) -> dict[str, int]:
    """The table's value for one card of every rank it uses (hearts) and for the joker."""
    table = get_ruleset(key).configure(options=options)
    found = {r: table.card_value(parse_card(r + "H"), low_ace_in_run) for r in RANKS
             if table.deck.copies_of(parse_card(r + "H"), 1)}
    if table.deck.jokers_per_deck:
        found["JK"] = table.card_value(JOKER, low_ace_in_run)
    return found


# --- Looking a ruleset up -----------------------------------------------------------------

@pytest.mark.parametrize("name, key", [
    ("eversol", "eversol"), ("Eversol", "eversol"), (" 500 ", "500"), ("BASIC", "basic"),
    ("base", "base"),
])
def test_rulesets_by_name_in_any_case(name, key):
    assert get_ruleset(name).key == key


def test_the_kept_games():
    assert set(RULESETS) == {"eversol", "500", "basic", "base", "tonk", "hand-and-foot",
                             "piquet", "escoba", "jack-change-it", "bourre", "authors", "go-fish"}
    assert {r.title for r in RULESETS.values()} == {
        "Eversol Rummy", "500 Rummy", "Basic Rummy", "Base Rules Rummy", "Tonk", "Hand and Foot",
        "Piquet", "Escoba", "Jack Change It", "Bourré", "Authors", "Go Fish"}


@pytest.mark.parametrize("name", ["tunk", "", "gin", "eversol rummy"])
def test_an_unknown_ruleset_is_bad_input_listing_the_known_ones(name):
    with pytest.raises(UnknownRulesetError) as caught:
        get_ruleset(name)
    assert "eversol, 500, basic, base" in str(caught.value)
    assert caught.value.field == "ruleset"


@pytest.mark.parametrize("name", [None, 500, ["eversol"]])
def test_a_ruleset_name_must_be_text(name):
    with pytest.raises(WrongTypeError):
        get_ruleset(name)


# --- Card values ----------------------------------------------------------------------------

def test_eversol_values_of_cards_held():
    # 2-9 = 5, 10-K = 10, A = 15, joker = 50
    expected = {r: 5 for r in RANKS[1:9]} | {"10": 10, "J": 10, "Q": 10, "K": 10, "A": 15,
                                             "JK": 50}
    assert values("eversol") == expected
    assert values("eversol", low_ace_in_run=True) == expected   # no low-ace discount


def test_500_standard_values():
    # 2-10 face value, J Q K = 10, A = 15, joker = 15
    expected = {r: int(r) for r in RANKS[1:10]} | {"J": 10, "Q": 10, "K": 10, "A": 15, "JK": 15}
    assert values("500") == expected


def test_500_low_ace_of_a_sequence_is_1_and_the_joker_stays_15():
    low = values("500", low_ace_in_run=True)
    assert low["A"] == 1
    assert low["JK"] == 15
    assert low["2"] == 2 and low["K"] == 10


def test_500_five_ten_fifteen_option():
    # 2-9 = 5, 10-K = 10, A = 15 (5 when low in a sequence), joker = 15
    expected = {r: 5 for r in RANKS[1:9]} | {"10": 10, "J": 10, "Q": 10, "K": 10, "A": 15,
                                             "JK": 15}
    assert values("500", card_values="5/10/15") == expected
    low = values("500", low_ace_in_run=True, card_values="5/10/15")
    assert low["A"] == 5 and low["JK"] == 15


def test_500_without_jokers_has_no_joker_value():
    assert "JK" not in values("500", no_jokers=True)


@pytest.mark.parametrize("low_ace", [False, True])
def test_basic_values(low_ace):
    # A = 1, J Q K = 10, others face value
    expected = {"A": 1} | {r: int(r) for r in RANKS[1:10]} | {"J": 10, "Q": 10, "K": 10}
    assert values("basic", low_ace_in_run=low_ace) == expected


def test_base_values_have_no_aces_and_no_jokers():
    expected = {r: int(r) for r in RANKS[1:10]} | {"J": 10, "Q": 10, "K": 10}
    assert values("base") == expected


def test_a_joker_that_stands_for_a_card_is_still_worth_a_jokers_value():
    assert get_ruleset("eversol").configure().card_value(parse_card("JK=2H")) == 50
    assert get_ruleset("500").configure().card_value(parse_card("JK=AH"), True) == 15


@pytest.mark.parametrize("suit", ["S", "H", "D", "C"])
def test_values_do_not_depend_on_the_suit(suit):
    table = get_ruleset("500").configure()
    assert [table.card_value(parse_card(r + suit)) for r in RANKS] == \
        [table.card_value(parse_card(r + "H")) for r in RANKS]


# --- Deal sizes -----------------------------------------------------------------------------

@pytest.mark.parametrize("hand, cards", [(1, 6), (2, 7), (3, 8), (4, 9), (5, 10), (6, 11)])
@pytest.mark.parametrize("players", [2, 5, 12])
def test_eversol_deals_six_to_eleven_by_hand(hand, cards, players):
    ruleset = get_ruleset("eversol")
    assert ruleset.deal_size(players, hand, ruleset.resolve_options()) == cards


@pytest.mark.parametrize("hand", [0, 7, -1, True, "2"])
def test_eversol_has_no_hand_outside_one_to_six(hand):
    ruleset = get_ruleset("eversol")
    with pytest.raises(RefereeInputError) as caught:
        ruleset.deal_size(4, hand, ruleset.resolve_options())
    assert caught.value.field == "hand"


@pytest.mark.parametrize("players, cards", [(2, 13), (3, 7), (4, 7), (5, 7), (8, 7)])
def test_500_deals_seven_or_thirteen_for_two(players, cards):
    ruleset = get_ruleset("500")
    assert ruleset.deal_size(players, None, ruleset.resolve_options()) == cards


def test_500_two_player_deal_option():
    ruleset = get_ruleset("500")
    options = ruleset.resolve_options({"two_player_deal": 7})
    assert ruleset.deal_size(2, None, options) == 7
    assert ruleset.deal_size(3, None, options) == 7


@pytest.mark.parametrize("players, cards", [(2, 10), (3, 7), (4, 7), (5, 6), (6, 6)])
def test_basic_deals_ten_seven_or_six(players, cards):
    ruleset = get_ruleset("basic")
    assert ruleset.deal_size(players, None, ruleset.resolve_options()) == cards


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_base_deals_seven_each(players):
    ruleset = get_ruleset("base")
    assert ruleset.deal_size(players, None, ruleset.resolve_options()) == 7


# --- Eversol contracts ----------------------------------------------------------------------

def test_eversol_contracts():
    contracts = [(c.hand, c.cards_dealt, c.books, c.runs, c.discard)
                 for c in get_ruleset("eversol").contracts]
    assert contracts == [(1, 6, 2, 0, True), (2, 7, 1, 1, True), (3, 8, 0, 2, True),
                         (4, 9, 3, 0, True), (5, 10, 2, 1, True), (6, 11, 1, 2, False)]


def test_eversol_contracts_in_words():
    assert [c.describe() for c in get_ruleset("eversol").contracts] == [
        "two books", "one book and one run", "two runs", "three books",
        "two books and one run", "one book and two runs"]


@pytest.mark.parametrize("key", ["500", "basic", "base"])
def test_only_eversol_has_contracts(key):
    assert get_ruleset(key).contracts == ()


# --- Deck recommendations -------------------------------------------------------------------

def eversol_decks_by_the_ruling(players: int) -> int:
    usual = 1 if players <= 3 else 2 if players <= 5 else 3
    # final hand: 11 each plus the upcard, and at least 2 a player left in the stock
    return max(usual, math.ceil((13 * players + 1) / 54))


@pytest.mark.parametrize("players, decks", [(2, 1), (3, 1), (4, 2), (5, 2), (6, 3), (8, 3),
                                            (12, 3)])
def test_eversol_decks_one_two_or_three(players, decks):
    assert get_ruleset("eversol").recommended_decks(players) == decks


@pytest.mark.parametrize("players", range(2, 21))
def test_eversol_decks_raised_so_the_final_deal_leaves_a_stock(players):
    decks = get_ruleset("eversol").recommended_decks(players)
    assert decks == eversol_decks_by_the_ruling(players)
    assert 54 * decks - (11 * players + 1) >= 2 * players


@pytest.mark.parametrize("players, decks", [(2, 1), (3, 1), (4, 1), (5, 2), (6, 2), (7, 2),
                                            (8, 2)])
def test_500_decks(players, decks):
    assert get_ruleset("500").recommended_decks(players) == decks


@pytest.mark.parametrize("key", ["tonk", "basic", "base"])
def test_a_one_deck_game_refuses_a_second_deck(key):
    ruleset = get_ruleset(key)
    with pytest.raises(DeckCountError) as refused:
        ruleset.configure(decks=2)
    assert refused.value.field == "decks"
    assert refused.value.message == f"{ruleset.title} is played with one deck, not 2."
    assert ruleset.configure(decks=2, strict=False).decks == 2  # a game saved before loads
    assert {ruleset.recommended_decks(n)
            for n in range(ruleset.players[0], ruleset.players[1] + 1)} == {1}


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_basic_is_one_deck(players):
    assert get_ruleset("basic").recommended_decks(players) == 1


@pytest.mark.parametrize("key, cards_per_deck", [("eversol", 54), ("500", 54), ("basic", 52),
                                                  ("base", 48)])
@pytest.mark.parametrize("players", range(2, 21))
def test_every_recommendation_leaves_a_stock_after_the_biggest_deal(key, cards_per_deck,
                                                                     players):
    ruleset = get_ruleset(key)
    if not ruleset.players[0] <= players <= ruleset.players[1]:
        return  # a table the game does not seat
    options = ruleset.resolve_options()
    biggest = max(ruleset.deal_size(players, hand, options) for hand in range(1, 7)) \
        if ruleset.contracts else ruleset.deal_size(players, None, options)
    decks = ruleset.recommended_decks(players)
    assert cards_per_deck * decks - (biggest * players + 1) >= 2 * players


def test_configure_uses_the_recommendation_for_the_players_unless_the_table_overrides():
    ruleset = get_ruleset("eversol")
    assert ruleset.configure().decks == 1
    assert ruleset.configure(players=6).decks == 3
    assert ruleset.configure(players=6, decks=2).decks == 2


@pytest.mark.parametrize("decks", [1, MAX_DECKS])
def test_deck_counts_in_range(decks):
    assert get_ruleset("eversol").configure(decks=decks).decks == decks


@pytest.mark.parametrize("decks", [0, -1, MAX_DECKS + 1])
def test_deck_count_out_of_range(decks):
    with pytest.raises(DeckCountError) as caught:
        get_ruleset("eversol").configure(decks=decks)
    assert caught.value.field == "decks"


@pytest.mark.parametrize("decks", ["2", 2.0, True])
def test_deck_count_must_be_a_whole_number(decks):
    with pytest.raises(WrongTypeError):
        get_ruleset("eversol").configure(decks=decks)


# --- House options: names, defaults, validation ---------------------------------------------

DEFAULTS = {
    "eversol": {"buy_limit": None, "rummy_card": "dead", "rummy_beats_buy": True,
                "aris_rule": True, "offer_rummy_only_when_it_fits": False,
                "joker_buyer_warning": True},
    "500": {"no_jokers": False, "card_values": "standard", "two_player_deal": 13,
            "discard_pile_draw": "deeper_must_meld", "rummy_calls": "pile",
            "going_out": "meld_all", "unplayable_last_discard": False,
            "must_go_out_to_win": False, "target_score": 500},
    "basic": {"ace_high": False, "one_meld_per_turn": False, "game_end": "points",
              "target_points": 100, "hands": 10},
    "base": {"game_end": "hands", "hands": 1, "target_score": 100},
}


@pytest.mark.parametrize("key", DEFAULTS)
def test_declared_options_and_their_defaults(key):
    ruleset = get_ruleset(key)
    assert [spec.name for spec in ruleset.option_specs] == list(DEFAULTS[key])
    assert dict(ruleset.resolve_options()) == DEFAULTS[key]
    assert dict(ruleset.configure().options) == DEFAULTS[key]


@pytest.mark.parametrize("key, name, choices", [
    ("eversol", "rummy_card", ["dead", "meld"]),
    ("500", "card_values", ["standard", "5/10/15"]),
    ("500", "two_player_deal", [13, 7]),
    ("500", "discard_pile_draw", ["deeper_must_meld", "always_meld", "new_meld"]),
    ("500", "rummy_calls", ["pile", "top_card", "none"]),
    ("500", "going_out", ["meld_all", "discard_required", "floating"]),
    ("basic", "game_end", ["points", "hands"]),
    ("base", "game_end", ["hands", "points"]),
])
def test_choice_options_accept_each_listed_choice(key, name, choices):
    ruleset = get_ruleset(key)
    spec = next(s for s in ruleset.option_specs if s.name == name)
    assert list(spec.choices) == choices
    for choice in choices:
        assert ruleset.configure(options={name: choice}).options[name] == choice


def test_every_option_describes_itself():
    for ruleset in RULESETS.values():
        for spec in ruleset.option_specs:
            described = spec.describe()
            assert described["name"] == spec.name
            assert described["default"] == spec.default
            assert described["type"] in {"bool", "int", "choice"}
            assert described["description"].strip()


def test_the_api_asks_each_house_rule_as_the_setup_screen_does():
    """Another client can ask a table the setup's own question and offer its answers."""
    rummy_card = next(spec for spec in get_ruleset("eversol").option_specs
                      if spec.name == "rummy_card").describe()
    assert rummy_card["question"] == "What becomes of a card rummy is called on?"
    assert [answer["value"] for answer in rummy_card["answers"]] == ["dead", "meld"]
    for ruleset in RULESETS.values():
        for spec in ruleset.option_specs:
            described = spec.describe()
            assert described["question"] == spec.asked
            if spec.type == "bool":
                assert described["answers"] == [{"value": True, "words": "Yes"},
                                                {"value": False, "words": "No"}]
            words = [answer["words"] for answer in described.get("answers", ())]
            assert all(word.strip() and "_" not in word for word in words), spec.name


def test_only_table_conduct_is_left_to_the_table():
    """A house rule the referee never sees played says so; every other one some answer reads."""
    left_to_the_table = {(key, spec.name): spec.describe() for key, ruleset in RULESETS.items()
                         for spec in ruleset.option_specs if spec.table_checks}
    assert list(left_to_the_table) == [("500", "discard_pile_draw")]
    described = left_to_the_table["500", "discard_pile_draw"]
    assert described["checked_by"] == "table"
    assert described["note"] == "The referee does not check this; the table does."
    for ruleset in RULESETS.values():
        for spec in ruleset.option_specs:
            if not spec.table_checks:
                assert spec.describe()["checked_by"] == "referee" and spec.note is None


def test_eversol_buy_limit_is_none_or_a_number():
    ruleset = get_ruleset("eversol")
    assert ruleset.configure(options={"buy_limit": 2}).options["buy_limit"] == 2
    assert ruleset.configure(options={"buy_limit": None}).options["buy_limit"] is None
    assert ruleset.option_specs[0].describe()["nullable"] is True


@pytest.mark.parametrize("key, options, error, says", [
    ("eversol", {"nope": True}, UnknownOptionError, "no house rule called 'nope'"),
    ("basic", {"no_jokers": True}, UnknownOptionError, "no house rule"),   # another game's
    ("eversol", {"buy_limit": 0}, OptionValueError, "from 1 to 20"),
    ("eversol", {"buy_limit": "3"}, WrongTypeError, "whole number"),
    ("eversol", {"buy_limit": 2.5}, WrongTypeError, "whole number"),
    ("eversol", {"buy_limit": True}, WrongTypeError, "whole number"),
    ("eversol", {"aris_rule": 1}, WrongTypeError, "true or false"),
    ("eversol", {"aris_rule": "yes"}, WrongTypeError, "true or false"),
    ("eversol", {"rummy_card": "alive"}, OptionValueError, "dead, meld"),
    ("500", {"two_player_deal": 10}, OptionValueError, "13, 7"),
    ("500", {"two_player_deal": "13"}, OptionValueError, "13, 7"),
    ("500", {"two_player_deal": 13.0}, OptionValueError, "13, 7"),
    ("500", {"card_values": "5-10-15"}, OptionValueError, "standard, 5/10/15"),
    ("500", {"target_score": 10}, OptionValueError, "from"),
    ("basic", {"ace_high": None}, WrongTypeError, "true or false"),
    ("base", {"hands": 0}, OptionValueError, "from 1 to 100"),
    ("base", {"hands": None}, WrongTypeError, "whole number"),
])
def test_bad_option_values_are_bad_input_naming_the_option(key, options, error, says):
    with pytest.raises(error) as caught:
        get_ruleset(key).configure(options=options)
    assert says in str(caught.value)
    assert caught.value.field == f"options.{next(iter(options))}"
    assert isinstance(caught.value, ValueError)


@pytest.mark.parametrize("options", [["ace_high"], "ace_high", 1])
def test_options_must_be_given_by_name(options):
    with pytest.raises(WrongTypeError):
        get_ruleset("basic").configure(options=options)


def test_a_tables_options_cannot_be_changed_behind_its_back():
    options = get_ruleset("eversol").configure().options
    with pytest.raises(TypeError):
        options["aris_rule"] = False


def test_options_given_leave_the_others_at_their_defaults():
    options = get_ruleset("500").configure(options={"no_jokers": True}).options
    assert options["no_jokers"] is True
    assert options["card_values"] == "standard"


# --- The description GET /api/v1/rulesets lists ---------------------------------------------

@pytest.mark.parametrize("key", ["eversol", "500", "basic", "base"])
def test_every_ruleset_describes_itself(key):
    ruleset = get_ruleset(key)
    described = ruleset.describe()
    assert described["key"] == key
    assert described["card_values"] == values(key)
    assert [o["name"] for o in described["options"]] == list(DEFAULTS[key])
    assert described["recommended_decks"]["2"] == ruleset.recommended_decks(2)
    assert described["most_decks"] == (1 if key in ("basic", "base") else MAX_DECKS)


def test_a_rank_whose_colour_changes_its_worth_lists_both_colours():
    values = get_ruleset("hand-and-foot").describe()["card_values"]
    assert (values["black 3"], values["red 3"], values["4"], values["JK"]) == (5, 100, 5, 50)
    assert "3" not in values
    assert "red 3" not in get_ruleset("500").describe()["card_values"]


@pytest.mark.parametrize("key", sorted(RULESETS))
def test_decks_are_recommended_only_for_tables_the_game_seats(key):
    ruleset = get_ruleset(key)
    for players in map(int, ruleset.describe()["recommended_decks"]):
        names = [f"P{n}" for n in range(players)]
        assert GameSetup.create(key, names, first_dealer="P0").decks >= 1
    if key == "hand-and-foot":
        assert list(ruleset.describe()["recommended_decks"]) == ["4", "6"]


def test_games_without_jokers_or_aces_list_no_value_for_them():
    assert "JK" not in get_ruleset("basic").describe()["card_values"]
    assert "JK" not in get_ruleset("base").describe()["card_values"]
    assert "A" not in get_ruleset("base").describe()["card_values"]


@pytest.mark.parametrize("key, book, run", [
    ("eversol", "book", "run"), ("500", "group", "sequence"), ("basic", "group", "sequence"),
    ("base", "group", "sequence"),
])
def test_each_game_names_melds_in_its_own_words(key, book, run):
    assert get_ruleset(key).describe()["words"] == {"book": book, "run": run}


def test_eversol_description_lists_the_six_contracts():
    described = get_ruleset("eversol").describe()
    assert [c["hand"] for c in described["contracts"]] == [1, 2, 3, 4, 5, 6]
    assert described["contracts"][5]["discard"] is False
    assert "contracts" not in get_ruleset("500").describe()


def test_the_rules_core_imports_neither_flask_nor_a_database():
    core = Path(__file__).parent.parent / "referee" / "core"
    assert (core / "games" / "hand_and_foot").is_dir() and (core / "games" / "tonk").is_dir()
    assert web_or_database_imports(core) == {}
