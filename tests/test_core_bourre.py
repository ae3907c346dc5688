"""Bourré's rules core: the pot (won, carried, matched) over hands and a night, the duties of
play with the rule each refused card breaks, and the cinch.

Each rule comes from the rule text (003) as the rulings read it (docs/rules.md, "Bourré").
"""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.core.cards import Card, Rank, Suit, parse_card, parse_cards
from referee.core.errors import (PlayerCountError, StakeError, TooManyCopiesError,
                                 WrongTypeError)
from referee.core.games.bourre import (BourreHandError, BourrePlayersError, BourrePotError,
                                       BourreTricksError, HandEntry, PlayRule, TrumpError,
                                       is_cinch, legal_plays, play_night, settle_hand,
                                       settle_night)
from referee.core.tricks import Duty, duties, refusals

SETTINGS = settings(max_examples=40, deadline=None, derandomize=True, database=None)
D = Decimal
FOUR = ["Ann", "Bob", "Cy", "Dee"]


def refusal(error_type, function, *args, **kwargs):
    with pytest.raises(error_type) as caught:
        function(*args, **kwargs)
    assert caught.value.message.endswith(".")
    return caught.value


# --- The pot: won ---------------------------------------------------------------------------

def test_three_tricks_take_the_pot_and_everyone_antes_again():
    hand = settle_hand(FOUR, "0.25", "1.00", ["Ann", "Bob"], {"Ann": 3, "Bob": 2})
    assert hand.winner == "Ann" and not hand.carried
    assert hand.next_pot.from_pot == 0 and hand.next_pot.bourre == {}
    assert hand.next_pot.antes == {name: D("0.25") for name in FOUR}
    assert hand.next_pot.total == D("1.00")
    assert hand.payments[0].payer is None and hand.payments[0].payee == "Ann"
    assert hand.payments[0].amount == D("1.00")


def test_three_tricks_win_against_one_and_one():
    assert settle_hand(FOUR, "1", "4", ["Ann", "Bob", "Cy"],
                       {"Ann": 1, "Bob": 3, "Cy": 1}).winner == "Bob"


def test_two_tricks_win_when_each_other_player_took_one():
    hand = settle_hand(FOUR, "1", "4", FOUR, {"Ann": 1, "Bob": 1, "Cy": 2, "Dee": 1})
    assert hand.winner == "Cy" and hand.next_pot.bourre == {}


def test_one_player_playing_takes_the_pot_without_tricks():
    hand = settle_hand(FOUR, "1", "4", ["Dee"])
    assert hand.winner == "Dee" and hand.next_pot.bourre == {}


def test_everyone_but_the_dealer_passing_gives_the_dealer_the_pot():
    assert settle_hand(FOUR, "1", "4", ["Dee"], dealer="Dee").winner == "Dee"


def test_an_ace_turned_as_trump_makes_the_dealer_play():
    error = refusal(BourrePlayersError, settle_hand, FOUR, "1", "4", ["Ann", "Bob"],
                    {"Ann": 3, "Bob": 2}, dealer="Dee", trump_card=parse_card("AH"))
    assert error.field == "played" and "Dee" in error.message
    assert settle_hand(FOUR, "1", "4", ["Ann", "Bob"], {"Ann": 3, "Bob": 2}, dealer="Dee",
                       trump_card=parse_card("KH")).winner == "Ann"


# --- The pot: carried -----------------------------------------------------------------------

def test_a_two_two_one_tie_carries_the_pot_and_the_tied_do_not_ante():
    hand = settle_hand(FOUR, "0.25", "1.00", ["Ann", "Bob", "Cy"], {"Ann": 2, "Bob": 2, "Cy": 1})
    assert hand.winner is None and hand.carried
    assert hand.next_pot.from_pot == D("1.00")
    assert hand.next_pot.antes == {"Cy": D("0.25"), "Dee": D("0.25")}  # Dee passed: antes
    assert hand.next_pot.total == D("1.50")
    assert all(p.payee is None for p in hand.payments)  # nobody takes anything


def test_five_players_one_trick_each_is_a_tie_of_all_who_played():
    names = FOUR + ["Eve", "Fay"]
    hand = settle_hand(names, "1", "6", names[:5], {name: 1 for name in names[:5]})
    assert hand.carried and hand.next_pot.antes == {"Fay": D("1")}


# --- The pot: matched -----------------------------------------------------------------------

def test_going_bourre_matches_the_pot_for_the_next_hand():
    hand = settle_hand(FOUR, "0.25", "1.00", ["Ann", "Bob", "Cy"], {"Ann": 3, "Bob": 2})
    assert hand.winner == "Ann" and hand.next_pot.bourre == {"Cy": D("1.00")}
    assert hand.next_pot.total == D("2.00")  # four antes and Cy's match
    assert [(p.payer, p.why) for p in hand.payments if p.why == "bourre"] == [("Cy", "bourre")]


def test_bourre_in_a_carried_hand_matches_the_pot_as_it_stood():
    names = FOUR + ["Eve"]
    hand = settle_hand(names, "1", "5", FOUR, {"Ann": 2, "Bob": 2, "Cy": 1})
    assert hand.carried and hand.next_pot.bourre == {"Dee": D("5")}
    assert hand.next_pot.total == 5 + 3 + 5  # carried, Cy Dee Eve ante, Dee's match


def test_a_rule_broken_costs_the_same_as_bourre_and_once_only():
    hand = settle_hand(FOUR, "1", "4", ["Ann", "Bob", "Cy"], {"Ann": 3, "Bob": 2},
                       penalties=["Bob", "Cy"])
    assert hand.next_pot.bourre == {"Bob": D("4"), "Cy": D("4")}
    assert {p.payer: p.why for p in hand.payments if p.why in ("bourre", "penalty")} == {
        "Bob": "penalty", "Cy": "bourre"}


def test_only_a_player_in_the_hand_can_break_a_rule_of_play():
    error = refusal(BourrePlayersError, settle_hand, FOUR, "1", "4", ["Ann", "Bob"],
                    {"Ann": 3, "Bob": 2}, penalties=["Dee"])
    assert error.field == "penalties[0]"


def test_a_player_who_passed_broke_no_rule_of_play():
    error = refusal(BourrePlayersError, settle_hand, FOUR, "1", "4", ["Ann", "Bob"],
                    {"Ann": 3, "Bob": 2}, penalties=["Cy"])
    assert error.field == "penalties[0]" and error.message.startswith("Cy passed")


def test_a_pot_is_a_whole_number_of_antes_at_least_everyones():
    for pot in ("0.50", "1.10", "0.75"):
        error = refusal(BourrePotError, settle_hand, FOUR, "0.25", pot, ["Ann"])
        assert error.field == "pot" and "1.00, 1.25, 1.50" in error.message
    assert settle_hand(FOUR, "0.25", "1.00", ["Ann"]).winner == "Ann"  # every ante
    assert settle_hand(FOUR, "0.25", "2.75", ["Ann"]).winner == "Ann"


def test_a_player_alone_takes_the_pot_but_a_passer_took_no_trick():
    error = refusal(BourreTricksError, settle_hand, FOUR, "1", "4", ["Dee"], {"Bob": 2})
    assert error.field == "tricks.Bob"
    assert settle_hand(FOUR, "1", "4", ["Dee"], {"Dee": 5}).winner == "Dee"
    # A hand saved before this was checked still settles as it was.
    assert settle_hand(FOUR, "1", "4", ["Dee"], {"Bob": 2}, strict=False).winner == "Dee"


# --- The pot: bad input ---------------------------------------------------------------------

@pytest.mark.parametrize("tricks, field", [
    ({"Ann": 3, "Bob": 1}, "tricks"),  # four tricks
    ({"Ann": 3, "Bob": 2, "Dee": 1}, "tricks.Dee"),  # Dee passed
    ({"Ann": 6, "Bob": 0}, "tricks.Ann"),
    ({"Ann": 3, "Zed": 2}, "tricks.Zed"),
])
def test_tricks_that_cannot_be(tricks, field):
    error = refusal((BourreTricksError, BourrePlayersError), settle_hand, FOUR, "1", "4",
                    ["Ann", "Bob"], tricks)
    assert error.field == field


def test_money_is_text_and_players_are_two_to_eight():
    assert refusal(WrongTypeError, settle_hand, FOUR, 0.25, "1", ["Ann"]).field == "ante"
    assert refusal(StakeError, settle_hand, FOUR, "1", "-2", ["Ann"]).field == "pot"
    refusal(PlayerCountError, settle_hand, ["Ann"], "1", "1", ["Ann"])
    assert refusal(BourrePlayersError, settle_hand, FOUR, "1", "4", []).field == "played"
    assert refusal(BourrePlayersError, settle_hand, FOUR, "1", "4", ["Zed"]).field == "played[0]"


# --- A night --------------------------------------------------------------------------------

def test_a_pot_carried_over_three_hands_then_won():
    night = play_night(["Ann", "Bob", "Cy"], "1", [
        HandEntry(played=("Ann", "Bob", "Cy"), tricks={"Ann": 2, "Bob": 2, "Cy": 1}),
        HandEntry(played=("Ann", "Cy"), tricks={"Ann": 3, "Cy": 2}),
        HandEntry(played=("Bob", "Cy"), tricks={"Bob": 5}),
    ])
    first, second, third = night.hands
    assert first.carried and first.next_pot.total == 3 + 1  # only Cy antes
    assert second.winner == "Ann" and second.next_pot.total == 3  # all ante again
    assert third.winner == "Bob" and third.next_pot.bourre == {"Cy": D("3")}
    assert night.pot == 3 + 3
    # Ann: -1 -1 +4 -1 = 1; Bob: -1 -1 +3 -1 = 0; Cy: -1 -1 -1 -1 -3 = -7
    assert night.net == {"Ann": D("1"), "Bob": D("0"), "Cy": D("-7")}
    assert sum(night.net.values()) + night.pot == 0
    transfers = [tuple(t) for t in settle_night(night)]
    assert transfers == [("Cy", "Ann", D("2")), ("Cy", "Bob", D("1"))]  # the pot given back


def test_a_bad_hand_in_a_night_is_located():
    error = refusal(BourreTricksError, play_night, ["Ann", "Bob"], "1", [
        HandEntry(played=("Ann", "Bob"), tricks={"Ann": 3, "Bob": 2}),
        HandEntry(played=("Ann", "Bob"), tricks={"Ann": 3})])
    assert error.field == "hands[1].tricks"


@SETTINGS
@given(st.lists(st.tuples(st.sets(st.sampled_from("ABCD"), min_size=1),
                          st.lists(st.integers(0, 3), min_size=5, max_size=5)),
                min_size=1, max_size=6))
def test_money_in_a_night_is_never_made_or_lost(hands):
    entries = []
    for played, draws in hands:
        played = sorted(played)
        tricks = dict.fromkeys(played, 0)
        for draw in draws:  # five tricks, each to one who played
            tricks[played[draw % len(played)]] += 1
        entries.append(HandEntry(played=tuple(played), tricks=tricks))
    night = play_night(list("ABCD"), "0.25", entries)
    assert sum(night.net.values()) + night.pot == 0
    assert sum(night.in_pot.values()) == night.pot
    final = {n: night.net[n] + night.in_pot[n] for n in night.net}
    for payer, payee, amount in settle_night(night):
        final[payer] += amount
        final[payee] -= amount
    assert set(final.values()) <= {0}


# --- Play: every duty with its refusal ------------------------------------------------------

def plays(trump, hand, trick=""):
    return legal_plays(trump, parse_cards(hand), parse_cards(trick))


def names(cards):
    return [str(c) for c in cards]


def test_leading_any_card_is_legal():
    assert names(plays("S", "2H 9C AS").legal) == ["2H", "9C", "AS"]


def test_follow_suit_when_able():
    answer = plays("S", "3H 4C 5S", "9H")
    assert names(answer.legal) == ["3H"]
    assert {str(c): r.rule for c, r in answer.refused.items()} == {
        "4C": PlayRule.FOLLOW_SUIT, "5S": PlayRule.FOLLOW_SUIT}
    assert answer.refused[parse_card("5S")].reason == "Follow suit: you hold hearts."


def test_head_the_trick_when_able():
    answer = plays("S", "3H QH KH", "9H 10H")
    assert names(answer.legal) == ["QH", "KH"]
    assert answer.refused[parse_card("3H")].rule is PlayRule.HEAD
    assert "higher than the 10♥" in answer.refused[parse_card("3H")].reason


def test_no_heading_when_a_trump_rules_the_trick():
    assert names(plays("S", "3H KH", "9H 2S").legal) == ["3H", "KH"]


def test_no_heading_when_unable():
    assert names(plays("S", "3H 4H", "9H").legal) == ["3H", "4H"]


def test_trump_when_out_of_the_suit_led():
    answer = plays("S", "2S 4C KD", "9H")
    assert names(answer.legal) == ["2S"]
    assert answer.refused[parse_card("KD")].rule is PlayRule.TRUMP
    assert answer.refused[parse_card("KD")].reason == (
        "Out of hearts, you must trump: you hold spades.")


def test_overtrump_when_able():
    answer = plays("S", "2S 9S 4C", "9H 5S")
    assert names(answer.legal) == ["9S"]
    assert answer.refused[parse_card("2S")].rule is PlayRule.OVERTRUMP
    assert answer.refused[parse_card("4C")].rule is PlayRule.TRUMP


def test_a_trump_still_when_no_trump_can_overtrump():
    assert names(plays("S", "2S 3S 4C", "9H AS").legal) == ["2S", "3S"]


def test_anything_when_out_of_the_suit_and_of_trumps():
    answer = plays("S", "4C KD", "9H")
    assert names(answer.legal) == ["4C", "KD"] and answer.refused == {}


def test_trumps_led_must_be_headed():
    answer = plays("S", "2S QS 4C", "10S")
    assert names(answer.legal) == ["QS"] and answer.refused[parse_card("2S")].rule is PlayRule.HEAD


def test_a_cinch_leads_its_highest_trump():
    answer = legal_plays("S", parse_cards("2S QS AS 4C"), [], cinch=True)
    assert names(answer.legal) == ["AS"]
    assert answer.refused[parse_card("4C")].rule is PlayRule.CINCH_LEAD
    assert answer.refused[parse_card("QS")].reason == (
        "With a cinch, lead your highest trump, the A♠.")


def test_a_cinch_trumps_with_its_highest_trump():
    answer = legal_plays("S", parse_cards("2S QS AS 4C"), parse_cards("9H"), cinch=True)
    assert names(answer.legal) == ["AS"]
    assert answer.refused[parse_card("QS")].rule is PlayRule.CINCH_TRUMP
    assert answer.refused[parse_card("4C")].rule is PlayRule.TRUMP
    # Following suit, a cinch plays as anyone does.
    following = legal_plays("S", parse_cards("2H QS"), parse_cards("9H"), cinch=True)
    assert names(following.legal) == ["2H"]


def test_bad_play_questions():
    assert refusal(TrumpError, legal_plays, "X", parse_cards("2S"), []).field == "trump"
    assert refusal(TooManyCopiesError, legal_plays, "S", parse_cards("2S 3S"),
                   parse_cards("2S")).field == "trick[0]"
    assert refusal(BourreHandError, legal_plays, "S", parse_cards("2S 3S 4S 5S 6S 7S"),
                   []).field == "hand"
    assert refusal(BourreHandError, legal_plays, "S", [], []).field == "hand"
    assert refusal(WrongTypeError, legal_plays, "S", "2S", []).field == "hand"


def test_the_family_duties_without_heading_are_plain_following():
    hand, trick = parse_cards("3H KH 2S"), parse_cards("10H")
    assert duties(hand, trick, Suit.SPADES, head=False) == (
        (Duty.FOLLOW_SUIT, tuple(parse_cards("3H KH"))),)
    assert refusals(hand, trick, Suit.SPADES, head=False) == {parse_card("2S"): Duty.FOLLOW_SUIT}


DECK = [Card(rank, suit) for suit in Suit for rank in Rank]


@SETTINGS
@given(st.permutations(DECK), st.integers(1, 5), st.integers(0, 7), st.sampled_from(list(Suit)),
       st.booleans())
def test_every_card_is_legal_or_refused_with_a_reason_and_something_is_legal(
        deck, size, played, trump, cinch):
    hand, trick = deck[:size], deck[size:size + played]
    answer = legal_plays(trump, hand, trick, cinch)
    assert answer.legal and set(answer.legal) | set(answer.refused) == set(hand)
    assert not set(answer.legal) & set(answer.refused)
    assert all(r.reason.endswith(".") for r in answer.refused.values())


# --- The cinch ------------------------------------------------------------------------------

def test_the_three_top_trumps_are_a_cinch():
    verdict = is_cinch("S", parse_cards("AS KS QS 7H 2C"), 0, players=6)
    assert verdict.cinch and verdict.certain_tricks == 3 and verdict.proved
    assert "highest trump" in verdict.reason


def test_a_hand_of_aces_looks_strong_and_is_not_a_cinch():
    verdict = is_cinch("S", parse_cards("AS KS AH AC AD"), 0, players=4)
    assert not verdict.cinch and verdict.certain_tricks == 2  # a void can trump each side ace
    assert "2 tricks" in verdict.reason


def test_the_queen_of_trumps_unseen_spoils_the_jack_with_three_players_not_two():
    hand = parse_cards("AS KS JS 7H 2C")
    # Against one player the cinch holder plays last to every trick it does not lead.
    assert is_cinch("S", hand, 0, players=2).cinch
    assert not is_cinch("S", hand, 0, players=3).cinch


def test_a_cinch_that_appears_mid_hand():
    played = parse_cards("AS 3S 4S  5C 6C 7C")  # two tricks of three players; the A♠ is gone
    hand = parse_cards("KS QS 2D")
    assert is_cinch("S", hand, 1, played, players=3).cinch  # one taken, K Q now the top two
    assert not is_cinch("S", hand, 1, players=3).cinch  # without the cards seen, not so
    assert not is_cinch("S", hand, 0, played, players=3).cinch


def test_who_leads_can_decide_a_cinch():
    # Two players, two tricks taken, the A♠ and K♠ unseen: leading, any spade can be beaten;
    # following, the player plays last and the Q♠ takes a trick once they are out.
    hand = parse_cards("QS 10S 5S")
    assert not is_cinch("S", hand, 2, players=2, leads=True).cinch
    assert is_cinch("S", hand, 2, players=2, leads=False).cinch
    assert not is_cinch("S", hand, 2, players=2).cinch  # not known: it must hold both ways


def test_a_search_stopped_at_its_bound_does_not_call_a_cinch(monkeypatch):
    from referee.core.games.bourre import cinch
    monkeypatch.setattr(cinch, "NODE_LIMIT", 3)
    verdict = is_cinch("S", parse_cards("AS KS QS 7H 2C"), 0, players=6)
    assert not verdict.cinch and not verdict.proved and "bound" in verdict.reason


def test_bad_cinch_questions():
    assert refusal(BourreTricksError, is_cinch, "S", parse_cards("AS KS QS"), 3,
                   players=3).field == "tricks_taken"
    assert refusal(BourreHandError, is_cinch, "S", parse_cards("AS KS QS"), 1,
                   parse_cards("2C 3C"), players=3).field == "played"
    assert refusal(PlayerCountError, is_cinch, "S", parse_cards("AS"), 0, players=9).field \
        == "players"
    assert refusal(TooManyCopiesError, is_cinch, "S", parse_cards("AS KS QS"), 0,
                   parse_cards("AS 2C 3C 4C 5C 6C"), players=3).field == "played[0]"
