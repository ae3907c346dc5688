"""Tonk's rules core: card values, a player's count, tonks on the deal, what each ending pays,
and the fewest transfers that settle a night.

Each rule comes from the rule text and the project's rulings (docs/rules.md, "Tonk"); the
count and the transfers are checked against plain brute force.
"""

from __future__ import annotations

import itertools
from decimal import Decimal

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from referee.core import parse_cards
from referee.core.cards import Card, Rank, Suit
from referee.core.errors import (CardCountError, CardNotInGameError, GoingOutError,
                                 ImpossibleScoreError, MissingCountError, PlayerCountError,
                                 PlayerNameError, RefereeInputError, StakeError,
                                 DealtClaimError, TooManyCardsError, TooManyCopiesError,
                                 UnbalancedLedgerError, UnknownOptionError, UnknownPlayerError,
                                 WrongTypeError)
from referee.core.games.registry import RULESETS
from referee.core.games.tonk import (OPTIONS, Ending, Outcome, arrange, card_value, count,
                                        fewest_transfers, hand_total, in_money, is_tonk,
                                        resolve_options, settle, stake_value)
from referee.core.games.tonk.cards import counts_fit
from referee.core.ledger import EXACT_LIMIT

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve"]
TABLES = [NAMES[:n] for n in range(2, 6)]


def refusal(error_type, function, *args, **kwargs):
    with pytest.raises(error_type) as caught:
        function(*args, **kwargs)
    assert caught.value.message.endswith(".")  # a sentence, where the input can be read
    return caught.value


def paid(settlement):
    return [(p.payer, p.payee, p.stakes) for p in settlement.payments]


# --- Cards and the count ---------------------------------------------------------------------

def test_an_ace_is_one_and_a_face_card_ten():
    assert [card_value(c) for c in parse_cards("AS 5H 10D JC QS KH")] == [1, 5, 10, 10, 10, 10]
    assert hand_total(parse_cards("AS AH AD AC 7S")) == 11


def test_cards_left_out_of_every_spread_make_the_count():
    assert count(parse_cards("9S 9H 9D KC 2S")) == 12  # three of a kind
    assert count(parse_cards("9S 9H 9D 9C 2S")) == 2  # four of a kind
    assert count(parse_cards("AS 2S 3S 8H 8D")) == 16  # ace low
    assert count(parse_cards("QS KS AS 8H 8D")) == 16  # ace high
    assert count(parse_cards("KS AS 2S 8H 8D")) == 29  # never round the corner
    assert count(parse_cards("5S 6S 8S 8H 8D")) == 11  # a gap is no run
    assert count(parse_cards("5S 6H 7S")) == 18  # a run keeps to one suit
    assert count(parse_cards("")) == 0


def test_the_count_takes_the_arrangement_that_leaves_least():
    # Three sevens, or the run 6 7 8 of spades: the run leaves 7H 7D (14) against 6S 8S (14);
    # both 14, but with a 9S the run grows and the sevens stand alone.
    best = arrange(parse_cards("6S 7S 8S 9S 7H 7D"))
    assert best.count == 14 and [len(s) for s in best.spreads] == [4]
    assert count(parse_cards("7S 7H 7D 7C 8S 9S")) == 0  # 7S 8S 9S and 7H 7D 7C
    assert [str(c) for c in arrange(parse_cards("AH KH QH")).spreads[0]] == ["QH", "KH", "AH"]


def test_a_hand_one_deck_cannot_hold_is_refused_where_it_goes_wrong():
    assert refusal(CardNotInGameError, count, parse_cards("9S JK")).location == ("cards", 1)
    assert refusal(TooManyCopiesError, count, parse_cards("9S 9S")).location == ("cards", 1)
    assert refusal(WrongTypeError, count, ["9S"]).location == ("cards", 0)
    deck = [Card(rank, suit) for suit in Suit for rank in Rank]
    assert refusal(TooManyCardsError, count, deck[:13]).location == ("cards",)


def is_spread(cards) -> bool:
    """The rule read plainly, for the brute force: no shortcuts shared with the count."""
    if len(cards) < 3:
        return False
    if len({c.rank for c in cards}) == 1:
        return len(cards) <= 4
    if len({c.suit for c in cards}) != 1:
        return False
    for ace in (1, 14):
        places = sorted(ace if c.rank is Rank.ACE else int(c.rank) for c in cards)
        if places == list(range(places[0], places[0] + len(cards))):
            return True
    return False


def brute_count(cards) -> int:
    spreads = [set(group) for size in range(3, len(cards) + 1)
               for group in itertools.combinations(range(len(cards)), size)
               if is_spread([cards[i] for i in group])]
    best = sum(card_value(c) for c in cards)

    def search(start: int, used: set) -> None:
        nonlocal best
        best = min(best, sum(card_value(c) for i, c in enumerate(cards) if i not in used))
        for k in range(start, len(spreads)):
            if not spreads[k] & used:
                search(k + 1, used | spreads[k])

    search(0, set())
    return best


DECK = [Card(rank, suit) for suit in Suit for rank in Rank]
CROWDED = [Card(rank, suit) for suit in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS)
           for rank in (Rank.QUEEN, Rank.KING, Rank.ACE, Rank.TWO, Rank.THREE)]


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.lists(st.sampled_from(DECK), unique=True, max_size=9),
                 st.lists(st.sampled_from(CROWDED), unique=True, max_size=9)))
def test_the_count_agrees_with_trying_every_set_of_spreads(cards):
    best = arrange(cards)
    assert best.count == brute_count(cards)
    assert all(is_spread(list(s)) for s in best.spreads)
    assert sum(card_value(c) for c in best.leftover) == best.count
    assert sorted(map(str, best.leftover + sum(best.spreads, ()))) == sorted(map(str, cards))


# --- A tonk on the deal ----------------------------------------------------------------------

def test_a_dealt_fifty_or_eleven_and_under_is_a_tonk():
    assert is_tonk(parse_cards("KS KH KD KC 10S"))
    assert is_tonk(parse_cards("AS AH 2D 3C 4S"))  # 11
    assert not is_tonk(parse_cards("AS AH 2D 3C 5S"))  # 12
    assert not is_tonk(parse_cards("KS KH KD KC 9S"))  # 49


def test_every_dealt_card_counts_toward_a_tonk_spreads_too():
    assert hand_total(parse_cards("AS 2S 3S 4S 5S")) == 15
    assert not is_tonk(parse_cards("AS 2S 3S 4S 5S"))


def test_a_dealt_forty_nine_is_a_tonk_only_by_house_rule():
    forty_nine = parse_cards("KS KH KD KC 9S")
    assert not is_tonk(forty_nine, {"tonk_on_49": False})
    assert is_tonk(forty_nine, {"tonk_on_49": True})
    assert not is_tonk(parse_cards("KS KH KD KC 8S"), {"tonk_on_49": True})  # 48


def test_a_tonk_is_judged_on_five_cards():
    assert refusal(CardCountError, is_tonk, parse_cards("AS 2H")).location == ("cards",)


# --- What each ending pays -------------------------------------------------------------------

@pytest.mark.parametrize("players", TABLES, ids=len)
def test_one_tonk_on_the_deal_wins_two_stakes_from_each(players):
    done = settle(players, Ending.TONK_ON_DEAL, tonks=[players[-1]])
    assert done.outcome is Outcome.WIN
    assert paid(done) == [(name, players[-1], 2) for name in players[:-1]]
    assert done.net[players[-1]] == 2 * (len(players) - 1)


@pytest.mark.parametrize("players", TABLES, ids=len)
def test_two_tonks_on_the_deal_are_a_draw(players):
    done = settle(players, "tonk_on_deal", tonks=players[:2])
    assert done.outcome is Outcome.DRAW and done.payments == ()
    assert dict(done.net) == {name: 0 for name in players}
    assert done.reason.startswith(f"{players[0]} and {players[1]} were each dealt a tonk")


@pytest.mark.parametrize("players", TABLES, ids=len)
def test_a_drop_lower_than_every_other_count_wins_a_stake_from_each(players):
    counts = {name: 10 + i for i, name in enumerate(players)}
    done = settle(players, Ending.DROP, player=players[0], counts=counts)
    assert done.outcome is Outcome.WIN
    assert paid(done) == [(name, players[0], 1) for name in players[1:]]


@pytest.mark.parametrize("players", TABLES, ids=len)
def test_a_dropper_tied_for_the_lowest_is_caught(players):
    counts = {name: 3 for name in players[:2]} | {name: 20 for name in players[2:]}
    done = settle(players, Ending.DROP, player=players[0], counts=counts)
    assert done.outcome is Outcome.CAUGHT
    first, second = players[:2]
    assert done.net[first] == -1 + (len(players) - 2)
    assert done.net[second] == 1 + (len(players) - 2)
    assert all(done.net[name] == -2 for name in players[2:])


def test_the_worked_example_a_drop_caught_by_a_tie():
    done = settle(["Ann", "Bob", "Cy"], Ending.DROP, player="Ann",
                  counts={"Ann": 5, "Bob": 5, "Cy": 20})
    assert paid(done) == [("Ann", "Bob", 1), ("Cy", "Ann", 1), ("Cy", "Bob", 1)]
    assert dict(done.net) == {"Ann": 0, "Bob": 2, "Cy": -2}


def test_a_caught_dropper_can_pay_the_same_player_twice():
    done = settle(["Ann", "Bob", "Cy"], Ending.DROP, player="Cy",
                  counts={"Ann": 5, "Bob": 9, "Cy": 7})
    assert paid(done) == [("Bob", "Ann", 1), ("Cy", "Ann", 2)]
    assert done.reason == ("Cy dropped with 7, but Ann has 5: Cy is caught and pays Ann 1 stake; "
                           "everyone else pays Ann, the lowest, 1 stake.")


def test_a_dropper_caught_by_several_pays_each_of_them():
    done = settle(NAMES, Ending.DROP, player="Ann",
                  counts={"Ann": 8, "Bob": 8, "Cy": 4, "Dee": 4, "Eve": 30})
    assert paid(done) == [("Ann", "Bob", 1), ("Ann", "Cy", 2), ("Ann", "Dee", 2),
                          ("Bob", "Cy", 1), ("Bob", "Dee", 1),
                          ("Eve", "Cy", 1), ("Eve", "Dee", 1)]
    assert "but Bob has 8, Cy 4 and Dee 4" in done.reason


def test_a_drop_where_everyone_ties_pays_only_for_being_caught():
    done = settle(["Ann", "Bob", "Cy"], Ending.DROP, player="Bob",
                  counts={"Ann": 6, "Bob": 6, "Cy": 6})
    assert paid(done) == [("Bob", "Ann", 1), ("Bob", "Cy", 1)]
    assert "nobody pays the lowest" in done.reason


@pytest.mark.parametrize("players", TABLES, ids=len)
def test_when_the_stock_runs_out_the_lowest_count_wins_a_stake_from_each(players):
    counts = {name: 30 - i for i, name in enumerate(players)}
    done = settle(players, Ending.STOCK_OUT, counts=counts)
    assert done.outcome is Outcome.WIN
    assert paid(done) == [(name, players[-1], 1) for name in players[:-1]]


@pytest.mark.parametrize("players", TABLES, ids=len)
def test_a_tie_for_the_lowest_when_the_stock_runs_out_is_a_draw(players):
    counts = {name: 9 for name in players[:2]} | {name: 20 for name in players[2:]}
    done = settle(players, Ending.STOCK_OUT, counts=counts)
    assert done.outcome is Outcome.DRAW and done.payments == ()


@pytest.mark.parametrize("players", TABLES, ids=len)
@pytest.mark.parametrize("ending, stakes", [(Ending.RUN_OUT, 1), (Ending.TONK_OUT, 2)])
def test_running_out_wins_one_stake_from_each_and_tonking_out_two(players, ending, stakes):
    done = settle(players, ending, player=players[1])
    assert done.outcome is Outcome.WIN
    assert paid(done) == [(name, players[1], stakes) for name in players if name != players[1]]


def test_the_reason_names_the_players_and_the_stakes():
    assert settle(["Ann", "Bob"], Ending.RUN_OUT, player="Bob").reason == (
        "Bob ran out, discarding the last card: Ann pays Bob 1 stake.")
    assert settle(["Ann", "Bob", "Cy"], Ending.TONK_ON_DEAL, tonks=["Cy"]).reason == (
        "Cy was dealt a tonk: Ann and Bob each pay Cy 2 stakes.")
    assert settle(["Ann", "Bob", "Cy"], Ending.STOCK_OUT,
                  counts={"Ann": 4, "Bob": 4, "Cy": 9}).reason == (
        "The stock ran out with Ann and Bob tied for the lowest count (4): the hand is a draw "
        "and nobody pays.")


ENDINGS = st.sampled_from(list(Ending))


@settings(max_examples=300, deadline=None)
@given(st.integers(2, 5), ENDINGS, st.data())
def test_every_hand_pays_out_exactly_what_is_paid_in(n, ending, data):
    players = NAMES[:n]
    counts = {name: data.draw(st.integers(0, 50)) for name in players}
    assume(counts_fit(counts.values()))
    player = data.draw(st.sampled_from(players))
    tonks = data.draw(st.lists(st.sampled_from(players), min_size=1, unique=True))
    done = settle(players, ending,
                  player=player if ending in (Ending.DROP, Ending.RUN_OUT, Ending.TONK_OUT)
                  else None,
                  tonks=tonks if ending is Ending.TONK_ON_DEAL else (),
                  counts=None if ending is Ending.TONK_ON_DEAL else counts)  # dealt: tonks
    assert list(done.net) == players and sum(done.net.values()) == 0
    assert all(p.stakes > 0 and p.payer != p.payee for p in done.payments)
    assert len({(p.payer, p.payee) for p in done.payments}) == len(done.payments)
    assert (done.outcome is Outcome.DRAW) == (done.payments == ())
    assert done.reason.endswith(".") and ". " not in done.reason


def test_a_count_is_of_five_cards_at_most():
    assert settle(NAMES[:2], Ending.STOCK_OUT, counts={"Ann": 50, "Bob": 0}).net["Bob"] == 1
    error = refusal(ImpossibleScoreError, settle, NAMES[:2], Ending.STOCK_OUT,
                    counts={"Ann": 51, "Bob": 3})
    assert error.message == "Ann's count of 51 is more than 5 cards can be worth (50): a hand " \
                            "holds at most 5."


@pytest.mark.parametrize("counts, fit", [
    ((50, 50, 50), True),        # 15 of the 16 cards worth 10
    ((50, 50, 50, 50), False),   # 20 cards worth 10: the deck has 16
    ((50, 50, 50, 46), True),    # 46 is four 9s and a 10
    ((50, 50, 50, 47), False),   # 47 needs two 10s, or five cards of 9 or more
    ((1, 1, 1, 1, 1), False),    # only an ace counts 1, and there are four
    ((1, 1, 1, 1, 2), True),
    ((47, 47, 46, 47, 50), False),
    ((40, 40, 40, 40, 40), True),
])
def test_the_counts_together_are_within_one_deck(counts, fit):
    players = NAMES[:len(counts)]
    ask = dict(zip(players, counts))
    if fit:
        assert settle(players, Ending.STOCK_OUT, counts=ask).outcome in (Outcome.WIN,
                                                                         Outcome.DRAW)
    else:
        error = refusal(ImpossibleScoreError, settle, players, Ending.STOCK_OUT, counts=ask)
        assert error.location == ("counts",)
        assert error.message == ("One deck does not hold cards enough for all these counts at "
                                 "once: one of them is wrong.")


# --- Options ---------------------------------------------------------------------------------

def test_the_house_rule_for_forty_nine_is_offered_off_by_default():
    assert [(o.name, o.default, o.type) for o in OPTIONS] == [("tonk_on_49", False, "bool")]
    assert resolve_options()["tonk_on_49"] is False
    assert refusal(UnknownOptionError, resolve_options, {"stake": 1}).location == (
        "options", "stake")
    assert refusal(WrongTypeError, resolve_options, {"tonk_on_49": "yes"}).location == (
        "options", "tonk_on_49")


@pytest.mark.parametrize("house, allowed", [(True, True), (False, False)])
def test_a_declared_forty_nine_follows_the_house_rule(house, allowed):
    hands = {"Bob": parse_cards("KS KH KD KC 9S")}
    ask = {"tonks": ["Bob"], "hands": hands, "options": {"tonk_on_49": house}}
    if allowed:
        assert settle(["Ann", "Bob"], Ending.TONK_ON_DEAL, **ask).net["Bob"] == 2
    else:
        error = refusal(DealtClaimError, settle, ["Ann", "Bob"], Ending.TONK_ON_DEAL, **ask)
        assert error.location == ("hands", "Bob")


@pytest.mark.parametrize("count, house, allowed", [
    (12, False, False), (49, False, False), (49, True, True), (50, False, True),
    (11, False, True), (6, False, True),
    (5, False, False), (0, True, False)])  # five cards count 6 at the least: four aces, a 2
def test_a_declared_tonk_whose_dealt_count_is_not_one_is_refused(count, house, allowed):
    ask = {"tonks": ["Bob"], "counts": {"Ann": 30, "Bob": count},
           "options": {"tonk_on_49": house}}
    if allowed:
        assert settle(["Ann", "Bob"], Ending.TONK_ON_DEAL, **ask).net["Bob"] == 2
    else:
        error = refusal(DealtClaimError, settle, ["Ann", "Bob"], Ending.TONK_ON_DEAL, **ask)
        assert error.location == ("counts", "Bob")
        assert f"Bob was dealt {count}, which is not a tonk" in str(error)


def test_dealt_cards_given_must_count_to_a_tonk():
    hands = {"Bob": parse_cards("KS QH JD 10C 2S")}  # 42
    error = refusal(DealtClaimError, settle, ["Ann", "Bob"], Ending.TONK_ON_DEAL,
                    tonks=["Bob"], hands=hands)
    assert error.location == ("hands", "Bob")


def test_a_saved_night_with_such_a_count_still_loads():
    done = settle(["Ann", "Bob"], Ending.TONK_ON_DEAL, tonks=["Bob"], counts={"Bob": 12},
                  strict=False)
    assert done.net["Bob"] == 2


# --- Bad questions, each located -------------------------------------------------------------

@pytest.mark.parametrize("players, error_type, location", [
    (["Ann"], PlayerCountError, ("players",)),
    (NAMES + ["Fay"], PlayerCountError, ("players",)),
    (["Ann", "Ann"], PlayerNameError, ("players", 1)),
    (["Ann", "ann"], PlayerNameError, ("players", 1)),
    (["Ann", " "], PlayerNameError, ("players", 1)),
    ("Ann Bob", WrongTypeError, ("players",)),
])
def test_a_table_no_game_of_tonk_could_have_is_refused(players, error_type, location):
    error = refusal(error_type, settle, players, Ending.RUN_OUT, player="Ann")
    assert error.location == location


@pytest.mark.parametrize("ask, error_type, location", [
    ({"ending": "fold", "player": "Ann"}, WrongTypeError, ("ending",)),
    ({"ending": Ending.RUN_OUT, "player": "Zed"}, UnknownPlayerError, ("player",)),
    ({"ending": Ending.TONK_OUT}, GoingOutError, ("player",)),
    ({"ending": Ending.DROP, "counts": {"Ann": 1, "Bob": 2, "Cy": 3}}, GoingOutError, ("player",)),
    ({"ending": Ending.STOCK_OUT, "player": "Ann", "counts": {"Ann": 1, "Bob": 2, "Cy": 3}},
     GoingOutError, ("player",)),
    ({"ending": Ending.DROP, "player": "Ann"}, MissingCountError, ("counts",)),
    ({"ending": Ending.STOCK_OUT, "counts": {"Ann": 1, "Bob": 2}}, MissingCountError,
     ("counts", "Cy")),
    ({"ending": Ending.STOCK_OUT, "counts": {"Ann": 1, "Bob": 2, "Cy": 3, "Zed": 0}},
     UnknownPlayerError, ("counts", "Zed")),
    ({"ending": Ending.STOCK_OUT, "counts": {"Ann": 1, "Bob": -2, "Cy": 3}}, CardCountError,
     ("counts", "Bob")),
    ({"ending": Ending.STOCK_OUT, "counts": {"Ann": 1, "Bob": 2.5, "Cy": 3}}, WrongTypeError,
     ("counts", "Bob")),
    ({"ending": Ending.STOCK_OUT, "counts": {"Ann": 1, "Bob": 51, "Cy": 3}},
     ImpossibleScoreError, ("counts", "Bob")),
    ({"ending": Ending.DROP, "player": "Ann", "counts": {"Ann": 200, "Bob": 200, "Cy": 1}},
     ImpossibleScoreError, ("counts", "Ann")),
    ({"ending": Ending.TONK_ON_DEAL}, GoingOutError, ("tonks",)),
    ({"ending": Ending.TONK_ON_DEAL, "tonks": ["Ann", "Zed"]}, UnknownPlayerError, ("tonks", 1)),
    ({"ending": Ending.TONK_ON_DEAL, "tonks": ["Ann", "Ann"]}, PlayerNameError, ("tonks", 1)),
    ({"ending": Ending.RUN_OUT, "player": "Ann", "tonks": ["Bob"]}, GoingOutError, ("tonks",)),
    ({"ending": Ending.TONK_ON_DEAL, "tonks": ["Ann"],
      "hands": {"Ann": parse_cards("KS QS 2D 3D 4D")}},
     DealtClaimError, ("hands", "Ann")),
    ({"ending": Ending.TONK_ON_DEAL, "tonks": ["Ann"], "hands": {"Ann": parse_cards("KS QS")}},
     CardCountError, ("hands", "Ann")),
    ({"ending": Ending.RUN_OUT, "player": "Ann", "options": {"tonk_on_49": 1}}, WrongTypeError,
     ("options", "tonk_on_49")),
])
def test_a_question_that_cannot_be_settled_says_where_it_is_wrong(ask, error_type, location):
    error = refusal(error_type, settle, ["Ann", "Bob", "Cy"], **ask)
    assert error.location == location and isinstance(error, RefereeInputError)


# --- The ledger ------------------------------------------------------------------------------

def set_partitions(items):
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for partition in set_partitions(rest):
        yield [[first], *partition]
        for k in range(len(partition)):
            yield [*partition[:k], [first, *partition[k]], *partition[k + 1:]]


def fewest_by_brute_force(balances):
    """n minus the most zero-sum groups, over every way to split the players: the transfers
    between players form a graph whose every connected part must add to zero."""
    open_ = [b for b in balances if b]
    most = max(sum(1 for block in partition if sum(open_[i] for i in block) == 0)
               for partition in set_partitions(list(range(len(open_))))
               if all(sum(open_[i] for i in block) == 0 for block in partition))
    return len(open_) - most


def settles(net, transfers):
    left = dict(net)
    for payer, payee, amount in transfers:
        assert amount > 0 and payer != payee
        left[payer] += amount
        left[payee] -= amount
    return all(v == 0 for v in left.values())


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_the_transfers_are_the_fewest_on_every_small_ledger(n):
    span = range(-3, 4) if n <= 5 else range(-2, 3)
    names = [f"P{i}" for i in range(n)]
    for head in itertools.product(span, repeat=n - 1):
        balances = [*head, -sum(head)]
        net = dict(zip(names, balances))
        transfers = fewest_transfers(net)
        assert settles(net, transfers), net
        assert len(transfers) == fewest_by_brute_force(balances), net


def test_the_transfers_handle_money_as_decimals():
    net = in_money({"Ann": 5, "Bob": -2, "Cy": -3}, stake_value("0.25"))
    assert net == {"Ann": Decimal("1.25"), "Bob": Decimal("-0.50"), "Cy": Decimal("-0.75")}
    assert fewest_transfers(net) == [("Bob", "Ann", Decimal("0.50")),
                                     ("Cy", "Ann", Decimal("0.75"))]
    assert in_money({"Ann": 2}, stake_value(None)) == {"Ann": 2}


def test_a_ledger_beyond_the_exact_search_is_still_settled():
    names = [f"P{i}" for i in range(EXACT_LIMIT + 3)]
    balances = [i + 1 for i in range(len(names) - 1)]
    net = dict(zip(names, [*balances, -sum(balances)]))
    transfers = fewest_transfers(net)
    assert settles(net, transfers) and len(transfers) <= len(names) - 1


@pytest.mark.parametrize("stake, error_type", [
    (0.25, WrongTypeError), ("a quarter", StakeError), ("-1", StakeError), ("0", StakeError),
    ("NaN", StakeError), (True, WrongTypeError), ("0.001", StakeError), ("2000000", StakeError),
])
def test_a_stake_that_is_no_amount_of_money_is_refused(stake, error_type):
    assert refusal(error_type, stake_value, stake).location == ("stake",)


def test_balances_that_do_not_add_to_zero_are_refused():
    assert refusal(UnbalancedLedgerError, fewest_transfers, {"Ann": 1}).location == ("net",)
    assert refusal(WrongTypeError, fewest_transfers, {"Ann": 0.5, "Bob": -0.5}).location == (
        "net", "Ann")


# --- The package -----------------------------------------------------------------------------

def test_it_is_offered_with_one_deck_five_cards_and_its_values():
    tonk = RULESETS["tonk"]
    described = tonk.describe()
    assert described["players"] == {"min": 2, "max": 5}
    assert described["deal"] == [{"players": "2-5", "cards": 5}]
    assert described["card_values"]["A"] == 1 and described["card_values"]["Q"] == 10
    assert "JK" not in described["card_values"]
    assert described["keeping"]["stakes"] and described["keeping"]["end"] == (
        "until the table ends it")


@pytest.mark.parametrize("cards", ["QH KH AH", "AH 2H 3H", "7S 7H 7D 7C", "5D 6D 7D 8D 9D"])
def test_the_meld_checker_takes_tonk_spreads(cards):
    assert RULESETS["tonk"].configure().check_meld(parse_cards(cards)).valid


@pytest.mark.parametrize("cards", ["KH AH 2H", "7S 7H", "7S 7H 8D", "5D 6D 8D"])
def test_the_meld_checker_refuses_what_is_no_spread(cards):
    assert not RULESETS["tonk"].configure().check_meld(parse_cards(cards)).valid
