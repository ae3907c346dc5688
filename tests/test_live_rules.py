"""Eversol's live-table rulings in the core: who gets a discard, rummy cards, Ari's rule."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.core import get_ruleset, parse_card, parse_cards
from referee.core.errors import (BuyError, NotInRulesetError, OptionValueError,
                                 PlayerCountError, PlayerNameError, TableMeldError,
                                 TooManyCopiesError, UnknownOptionError, UnknownPlayerError,
                                 WrongTypeError)
from referee.core.games.eversol.rulings import (BuyOutcome, BuyRuling, check_rummy, frees_a_joker,
                               joker_buyer_warning, resolve_buy, rummy_penalty_points)

SEATS = ["Abe", "Ben", "Carl", "Dee"]  # order of play: Ben follows Abe, and so on round


def buy(current="Carl", discarder="Ben", drew=False, claims=(), players=SEATS, **extra):
    return resolve_buy(players, current, discarder, drew, list(claims), **extra)


def assert_ruling(ruling, outcome, player, penalty_cards):
    assert (ruling.outcome, ruling.player, ruling.penalty_cards) == (outcome, player,
                                                                     penalty_cards)
    assert ruling.reason[0].isupper() and ruling.reason.endswith(".")
    assert ruling.reason.count(".") == 1  # one sentence, read aloud


# --- Taking and buying ------------------------------------------------------------------------

def test_the_current_player_takes_the_discard_free():
    ruling = buy(claims=["Abe", "Dee", "Carl"])
    assert_ruling(ruling, BuyOutcome.TAKE, "Carl", 0)
    assert "Carl's turn" in ruling.reason and "free" in ruling.reason


def test_first_claimant_in_order_of_play_after_the_current_player_buys():
    # Carl's turn after Ben's discard: Dee, then Abe, then Ben himself.
    assert_ruling(buy(claims=["Abe", "Dee"]), BuyOutcome.BUY, "Dee", 1)
    assert_ruling(buy(claims=["Ben", "Abe"]), BuyOutcome.BUY, "Abe", 1)


def test_the_discarder_comes_last_and_may_buy_their_own_discard():
    behind = buy(claims=["Ben", "Abe"])
    assert "Ben (the discarder comes last)" in behind.reason
    alone = buy(claims=["Ben"])
    assert_ruling(alone, BuyOutcome.BUY, "Ben", 1)
    assert "buys back" in alone.reason


@pytest.mark.parametrize("claims", list(itertools.permutations(["Abe", "Ben", "Dee"])))
def test_the_order_claims_are_spoken_in_does_not_count(claims):
    assert buy(claims=claims) == buy(claims=["Dee", "Abe", "Ben"])
    assert buy(claims=claims).player == "Dee"


def test_the_upcard_goes_first_to_the_first_player_and_last_to_the_dealer():
    seats = ["Abe", "Ben", "Carl"]  # Abe dealt, so Ben plays first
    assert_ruling(buy("Ben", None, claims=["Abe", "Ben"], players=seats),
                  BuyOutcome.TAKE, "Ben", 0)
    ruling = buy("Ben", None, claims=["Abe", "Carl"], players=seats)
    assert_ruling(ruling, BuyOutcome.BUY, "Carl", 1)
    assert "upcard" in ruling.reason and "the dealer comes last" in ruling.reason
    assert buy("Ben", None, claims=["Abe"], players=seats).player == "Abe"


def test_a_current_player_who_drew_from_the_stock_may_not_buy_but_others_still_may():
    ruling = buy(drew=True, claims=["Carl", "Abe"])
    assert_ruling(ruling, BuyOutcome.BUY, "Abe", 1)
    assert "Carl drew from the stock" in ruling.reason
    alone = buy(drew=True, claims=["Carl"])
    assert_ruling(alone, BuyOutcome.NONE, None, 0)
    assert "drew from the stock" in alone.reason
    assert buy(drew=True, claims=["Dee"]).player == "Dee"


def test_nobody_asks_and_the_card_stays_on_the_pile():
    ruling = buy(claims=[])
    assert_ruling(ruling, BuyOutcome.NONE, None, 0)
    assert "Nobody asked" in ruling.reason


def test_names_are_found_in_any_case_and_answered_as_seated():
    ruling = resolve_buy(SEATS, " carl", "BEN", False, ["abe", "dee "])
    assert (ruling.outcome, ruling.player) == (BuyOutcome.BUY, "Dee")


# --- House option: buy_limit ------------------------------------------------------------------

def test_without_a_buy_limit_any_number_of_buys_is_allowed():
    assert buy(claims=["Dee"], buys_this_hand={"Dee": 9}).player == "Dee"


def test_a_buyer_at_the_limit_is_passed_over_and_the_reason_says_so():
    limited = {"options": {"buy_limit": 2}}
    ruling = buy(claims=["Dee", "Abe"], buys_this_hand={"Dee": 2, "Abe": 1}, **limited)
    assert_ruling(ruling, BuyOutcome.BUY, "Abe", 1)
    assert "Dee has already bought 2 cards this hand and the table allows 2" in ruling.reason
    alone = buy(claims=["Dee"], buys_this_hand={"Dee": 2}, **limited)
    assert_ruling(alone, BuyOutcome.NONE, None, 0)
    assert "allows 2" in alone.reason
    assert buy(claims=["Dee"], buys_this_hand={"Dee": 1}, **limited).player == "Dee"


def test_the_buy_limit_leaves_the_free_take_alone():
    ruling = buy(claims=["Carl"], buys_this_hand={"Carl": 1}, options={"buy_limit": 1})
    assert_ruling(ruling, BuyOutcome.TAKE, "Carl", 0)


# --- Rummy calls, and house options rummy_beats_buy and rummy_card ----------------------------

def test_a_rummy_call_beats_a_request_to_buy_by_default():
    ruling = buy(claims=["Dee"], rummy_called_by="Abe")
    assert_ruling(ruling, BuyOutcome.DEAD, None, 0)
    assert "Abe called rummy, which beats any request" in ruling.reason
    assert "dead" in ruling.reason


def test_a_rummy_call_also_beats_the_current_players_free_take_by_default():
    assert buy(claims=["Carl"], rummy_called_by="Dee").outcome is BuyOutcome.DEAD


def test_a_rummy_call_with_nobody_asking_kills_the_card_either_way():
    for beats in (True, False):
        ruling = buy(claims=[], rummy_called_by="Dee", options={"rummy_beats_buy": beats})
        assert_ruling(ruling, BuyOutcome.DEAD, None, 0)
        assert "beats" not in ruling.reason


def test_with_rummy_beats_buy_off_a_request_beats_the_call():
    off = {"options": {"rummy_beats_buy": False}}
    ruling = buy(claims=["Abe", "Dee"], rummy_called_by="Abe", **off)
    assert_ruling(ruling, BuyOutcome.BUY, "Dee", 1)
    assert "beats Abe's rummy call" in ruling.reason
    assert buy(claims=["Carl"], rummy_called_by="Dee", **off).outcome is BuyOutcome.TAKE


def test_with_rummy_beats_buy_off_a_call_still_kills_a_card_nobody_may_have():
    ruling = buy(drew=True, claims=["Carl"], rummy_called_by="Dee",
                 options={"rummy_beats_buy": False})
    assert_ruling(ruling, BuyOutcome.DEAD, None, 0)
    assert "Carl drew from the stock" in ruling.reason


def test_a_rummy_call_by_the_discarder_does_not_count():
    ruling = buy(claims=["Dee"], rummy_called_by="Ben")
    assert_ruling(ruling, BuyOutcome.BUY, "Dee", 1)
    assert "own discard" in ruling.reason
    assert buy(claims=[], rummy_called_by="Ben").outcome is BuyOutcome.NONE


def test_a_rummy_call_on_the_upcard_does_not_count():
    ruling = buy("Ben", None, claims=["Carl"], rummy_called_by="Dee")
    assert_ruling(ruling, BuyOutcome.BUY, "Carl", 1)
    assert "upcard" in ruling.reason and "does not count" in ruling.reason


def test_rummy_card_option_says_where_the_called_card_goes():
    dead = buy(claims=[], rummy_called_by="Dee")
    onto_a_meld = buy(claims=[], rummy_called_by="Dee", options={"rummy_card": "meld"})
    assert dead.outcome is onto_a_meld.outcome is BuyOutcome.DEAD
    assert "the discard is dead" in dead.reason and "meld" not in dead.reason
    assert "Dee puts the discard on a meld it fits" in onto_a_meld.reason


# --- Bad questions ----------------------------------------------------------------------------

@pytest.mark.parametrize("change, error, field", [
    ({"current": "Zed"}, UnknownPlayerError, "current"),
    ({"discarder": "Zed"}, UnknownPlayerError, "discarder"),
    ({"claims": ["Abe", "Zed"]}, UnknownPlayerError, "claims[1]"),
    ({"rummy_called_by": "Zed"}, UnknownPlayerError, "rummy_called_by"),
    ({"buys_this_hand": {"Zed": 1}}, UnknownPlayerError, "buys_this_hand.Zed"),
    ({"claims": ["Abe", "abe"]}, BuyError, "claims[1]"),
    ({"discarder": "Abe"}, BuyError, "discarder"),
    ({"current": "Ben", "discarder": "Ben"}, BuyError, "discarder"),
    ({"buys_this_hand": {"Abe": -1}}, BuyError, "buys_this_hand.Abe"),
    ({"buys_this_hand": {"Abe": 1, "abe": 2}}, BuyError, "buys_this_hand.abe"),
    ({"buys_this_hand": {"Abe": "1"}}, WrongTypeError, "buys_this_hand.Abe"),
    ({"buys_this_hand": {"Abe": True}}, WrongTypeError, "buys_this_hand.Abe"),
    ({"players": ["Abe", "Ben", "Carl", "ben"]}, PlayerNameError, "players[3]"),
    ({"players": ["Abe", "Ben", "Carl", " "]}, PlayerNameError, "players[3]"),
    ({"players": ["Carl"], "discarder": None}, PlayerCountError, "players"),
    ({"options": {"wild_twos": True}}, UnknownOptionError, "options.wild_twos"),
    ({"options": {"buy_limit": 0}}, OptionValueError, "options.buy_limit"),
    ({"options": {"rummy_card": "alive"}}, OptionValueError, "options.rummy_card"),
])
def test_impossible_questions_raise_narrow_errors(change, error, field):
    question = {"current": "Carl", "discarder": "Ben", "claims": ["Abe"]} | change
    with pytest.raises(error) as raised:
        buy(**question)
    assert raised.value.field == field
    assert raised.value.message.endswith(".")


def test_every_bad_buy_question_is_a_value_error():
    with pytest.raises(ValueError):
        buy(claims=["Abe", "Abe"])


# --- The property: the winner is the first allowed claimant in order of play -----------------

@st.composite
def buy_questions(draw):
    count = draw(st.integers(2, 8))
    players = [f"P{i}" for i in range(count)]
    seat = draw(st.integers(0, count - 1))
    claims = draw(st.lists(st.sampled_from(players), unique=True))
    return {
        "players": players,
        "current": players[seat],
        "discarder": draw(st.sampled_from([None, players[seat - 1]])),
        "current_drew_from_stock": draw(st.booleans()),
        "claims": claims,
        "buys_this_hand": {name: draw(st.integers(0, 3)) for name in claims},
        "options": {"buy_limit": draw(st.sampled_from([None, 1, 2, 3]))},
    }


def may_have(question, name):
    if name == question["current"]:
        return not question["current_drew_from_stock"]
    limit = question["options"]["buy_limit"]
    return limit is None or question["buys_this_hand"].get(name, 0) < limit


@settings(max_examples=300, deadline=None, derandomize=True)
@given(buy_questions(), st.randoms(use_true_random=False))
def test_the_winner_is_always_the_first_allowed_claimant_in_order_of_play(question, random):
    ruling = resolve_buy(**question)
    players, seat = question["players"], question["players"].index(question["current"])
    in_order = [p for p in players[seat:] + players[:seat] if p in question["claims"]]
    allowed = [p for p in in_order if may_have(question, p)]
    if not allowed:
        assert (ruling.outcome, ruling.player) == (BuyOutcome.NONE, None)
    else:
        winner = allowed[0]
        assert ruling.player == winner and winner in question["claims"]
        assert not any(may_have(question, p) for p in in_order[:in_order.index(winner)])
        expected = BuyOutcome.TAKE if winner == question["current"] else BuyOutcome.BUY
        assert (ruling.outcome, ruling.penalty_cards) == (expected, int(expected is
                                                                         BuyOutcome.BUY))
    shuffled = list(question["claims"])
    random.shuffle(shuffled)
    assert resolve_buy(**question | {"claims": shuffled}) == ruling


def test_buy_ruling_is_a_frozen_value():
    ruling = buy(claims=["Dee"])
    assert isinstance(ruling, BuyRuling)
    with pytest.raises(AttributeError):
        ruling.player = "Abe"


# --- Rummy cards ------------------------------------------------------------------------------

def rummy(card, *table, decks=2, **options):
    rules = get_ruleset("eversol").configure(options=options, decks=decks)
    return check_rummy(parse_card(card), [parse_cards(meld) for meld in table], rules=rules)


RUN, BOOK = "7D 8D 9D 10D", "6S 6H 6C"


def test_nobody_down_means_no_rummy_card_not_even_a_joker():
    for card in ("6D", "JK"):
        ruling = check_rummy(parse_card(card), [], decks=2)
        assert (ruling.rummy, ruling.plays_on) == (False, ())
        assert "Nobody has gone down" in ruling.reason


@pytest.mark.parametrize("card, table, plays_on", [
    ("6D", [RUN], (0,)),
    ("JD", [RUN], (0,)),
    ("6D", ["10D 9D 8D 7D"], (0,)),  # a run listed high to low
    ("6D", [RUN, BOOK], (0, 1)),
    ("6D", [BOOK], (0,)),  # a book takes any card of its rank, a suit again with two decks
    ("3H", ["3S 3D JK"], (0,)),  # even where a joker holds a place, a book takes its rank
    ("AH", ["10H JH QH KH"], (0,)),  # the ace goes above the king
    ("AH", ["2H 3H 4H 5H"], (0,)),  # or below the two
    ("7S", ["7D JK JK JK"], (0,)),  # lies as a book of sevens
    ("JD", ["7D JK JK JK"], (0,)),  # or as the run 7-10 of diamonds
    ("KC", [BOOK, RUN, "KS KH KD"], (2,)),
])
def test_a_card_that_could_be_added_to_a_table_meld_is_a_rummy_card(card, table, plays_on):
    ruling = rummy(card, *table)
    assert ruling.rummy is True and ruling.plays_on == plays_on
    assert ruling.reason.startswith(f"{parse_card(card).label} is a rummy card")


@pytest.mark.parametrize("card, table", [
    ("5D", [RUN]),  # leaves a gap
    ("9D", [RUN]),  # already in the run
    ("6D", ["7H 8H 9H 10H"]),  # another suit
    ("KH", ["AH 2H 3H 4H"]),  # the run cannot turn the corner
    ("7S", [BOOK]),
])
def test_a_card_that_fits_no_meld_is_not_a_rummy_card(card, table):
    ruling = rummy(card, *table)
    assert (ruling.rummy, ruling.plays_on) == (False, ())
    assert "fits no meld" in ruling.reason


@pytest.mark.parametrize("card, table", [
    ("8D", ["7D JK 9D 10D"]),
    ("8D", ["7D JK=8D 9D 10D"]),
    ("8D", ["7D JK JK JK"]),  # the run reading's joker stands for it; the book's rank is 7
])
def test_a_card_that_only_matches_what_a_joker_stands_for_is_not_a_rummy_card(card, table):
    ruling = rummy(card, *table)
    assert (ruling.rummy, ruling.plays_on) == (False, ())
    assert "only matches what the joker stands for" in ruling.reason


def test_a_thrown_joker_is_always_a_rummy_card_once_anyone_is_down():
    full_run = "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS"  # no room for a joker
    ruling = rummy("JK", RUN, full_run, BOOK)
    assert ruling.rummy is True and ruling.plays_on == (0, 2)
    assert "joker" in ruling.reason.lower()
    assert rummy("JK", full_run).rummy is True
    assert rummy("JK=5D", RUN).plays_on == (0,)  # what a thrown joker was said to be is moot


def test_rummy_card_option_words_what_the_caller_does():
    dead = rummy("6D", RUN, BOOK)
    assert "makes it dead" in dead.reason
    onto = rummy("6D", RUN, BOOK, rummy_card="meld")
    assert onto.plays_on == (0, 1) and "chooses which meld it goes on" in onto.reason
    one = rummy("JD", RUN, BOOK, rummy_card="meld")
    assert one.plays_on == (0,) and "puts it on the one meld it fits" in one.reason


def test_the_reason_names_the_melds_it_fits():
    reason = rummy("6D", RUN, BOOK).reason
    assert "the run 7♦ 8♦ 9♦ 10♦ and the book of sixes" in reason


@pytest.mark.parametrize("card, table, decks, error, field", [
    ("6D", ["6D 7D 8D 9D"], 1, TooManyCopiesError, "card"),
    ("JK", ["7D JK JK 10D"], 1, TooManyCopiesError, "card"),
    ("3H", ["3H 3S 3D", "3H 4H 5H 6H"], 1, TooManyCopiesError, "table[1][0]"),
    ("6D", [RUN, "7D 8D 9D"], 2, TableMeldError, "table[1]"),
    ("6D", ["7D 9D 8D 10D"], 2, TableMeldError, "table[0]"),
    ("6D", ["7D JK=9D 9D 10D"], 2, TableMeldError, "table[0]"),
    ("6D", [BOOK, ""], 2, TableMeldError, "table[1]"),
])
def test_impossible_tables_raise_the_existing_errors(card, table, decks, error, field):
    with pytest.raises(error) as raised:
        rummy(card, *table, decks=decks)
    assert raised.value.field == field


def test_decks_default_to_one_without_rules():
    with pytest.raises(TooManyCopiesError):
        check_rummy(parse_card("6D"), [parse_cards("6D 7D 8D 9D")])
    assert check_rummy(parse_card("6D"), [parse_cards("6D 7D 8D 9D"), parse_cards(BOOK)],
                       decks=2).plays_on == (1,)


def test_rummy_cards_are_eversols_alone():
    with pytest.raises(NotInRulesetError):
        check_rummy(parse_card("6D"), [], rules=get_ruleset("500").configure())


# --- Freeing a joker, and the etiquette warning -----------------------------------------------

@pytest.mark.parametrize("card, table, frees", [
    ("8D", ["7D JK 9D 10D"], True),
    ("6D", ["7D JK 9D 10D"], False),
    ("8D", ["7D 8D 9D 10D"], False),
    ("KS", ["KD KC JK"], True),  # in a book, any card of its rank
    ("KD", ["KD KC JK"], True),
    ("QS", ["KD KC JK"], False),
    ("KS", ["KD KC KH"], False),
    ("JK", ["KD KC JK"], False),
    ("8D", [], False),
])
def test_frees_a_joker(card, table, frees):
    assert frees_a_joker(parse_card(card), [parse_cards(m) for m in table]) is frees


@pytest.mark.parametrize("down, not_down, options, warned", [
    (True, 2, None, True),
    (True, 5, {"joker_buyer_warning": True}, True),
    (True, 2, {"joker_buyer_warning": False}, False),
    (False, 2, None, False),  # the thrower has not gone down
    (True, 1, None, False),  # only one player is still not down
])
def test_joker_buyer_warning(down, not_down, options, warned):
    table = [parse_cards("7D JK 9D 10D")]
    warning = joker_buyer_warning(parse_card("8D"), table, down, not_down, options)
    assert (warning is not None) is warned
    if warned:
        assert "8♦ could buy the joker" in warning and f"{not_down} players" in warning


def test_no_joker_buyer_warning_for_a_card_that_frees_no_joker():
    table = [parse_cards("7D JK 9D 10D")]
    assert joker_buyer_warning(parse_card("6D"), table, True, 3) is None


# --- Ari's rule -------------------------------------------------------------------------------

@pytest.mark.parametrize("thrown, discard, options, points", [
    ("AS", "9D", None, 15 + 5),  # on by default
    ("JK", "KD", {"aris_rule": True}, 50 + 10),
    ("2C", "10H", {"aris_rule": True}, 5 + 10),
    ("JK", "KD", {"aris_rule": False}, 0),
])
def test_rummy_penalty_points(thrown, discard, options, points):
    assert rummy_penalty_points(parse_card(thrown), parse_card(discard), options) == points
