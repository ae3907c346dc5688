"""Who the followed hand offers a call of rummy on the top discard (``LiveHand.rummy_callers``,
which the referee's panel and the API's live hand both show): only on a card thrown once
someone was down, never to its thrower, and, with the house rule on, only on a card that fits
a meld. A call sent anyway is refused with the rule's own reason."""

from __future__ import annotations

import pytest

from referee.core.games.eversol.hand.steps import (BuyClaimed, Discarded, Drew, LaidOff,
                                                   RummyCalled, WentDown)
from tests.test_live_hand import ben_down, refused
from tests.test_live_hand_in_time import SIX_THROWN_BEFORE_ANYONE_DOWN, played

ONLY_WHEN_IT_FITS = {"offer_rummy_only_when_it_fits": True}

# Nobody is down when Ben throws 9♠, which fits no meld even now; Carl then goes down with a
# book of sixes and a book of eights while the 9♠ still lies on top.
NINE_THROWN_BEFORE_ANYONE_DOWN = [
    *SIX_THROWN_BEFORE_ANYONE_DOWN[:3], Discarded("Ben", "9S"),
    Drew("Carl", "stock"), WentDown("Carl", [["6S", "6H", "6D"], ["8C", "8S", "8D"]]),
]


@pytest.mark.parametrize("options", [{}, ONLY_WHEN_IT_FITS])
@pytest.mark.parametrize("steps, card", [(NINE_THROWN_BEFORE_ANYONE_DOWN, "9♠"),
                                         (SIX_THROWN_BEFORE_ANYONE_DOWN, "6♣")])
def test_a_card_thrown_before_anyone_was_down_is_offered_no_call(steps, card, options):
    hand = played(steps, **options)
    assert hand.down == ("Carl",) and hand.top.by == "Ben"
    assert hand.rummy_callers == ()
    # Sent anyway, the call is refused for what happened, not "nobody is down" while the table
    # shows Carl down.
    refused(hand, RummyCalled("Abe", "KS"),
            f"Nobody had gone down when Ben threw {card}, so it is not a rummy card: a discard "
            "is judged by the table as it lay when it was thrown.")


def test_before_anyone_is_down_nobody_is_offered_a_call():
    hand = played(SIX_THROWN_BEFORE_ANYONE_DOWN[:4])
    assert hand.down == () and hand.rummy_callers == ()
    refused(hand, RummyCalled("Abe", "KS"),
            "Nobody has gone down yet, so no discard is a rummy card.")


def test_a_card_thrown_once_someone_is_down_is_offered_to_all_but_its_thrower_and_ruled():
    hand = ben_down()
    hand.apply(Discarded("Carl", "8H"))  # it fits Ben's book of eights
    assert hand.rummy_callers == ("Abe", "Ben")
    refused(hand, RummyCalled("Carl", "KS"), "Nobody may call rummy on their own discard.")
    hand.apply(RummyCalled("Abe", "KS"))
    assert hand.rummy_penalties["Carl"] == 15 and hand.top is None
    assert hand.rummy_callers == ()  # the card is out of play


def test_by_default_a_card_that_fits_no_meld_is_offered_and_the_table_must_notice():
    hand = ben_down()
    hand.apply(Discarded("Carl", "KD"))
    assert hand.rummy_callers == ("Abe", "Ben")
    refused(hand, RummyCalled("Abe", "KS"),
            "K♦ fits no meld on the table, so it is not a rummy card.")


@pytest.mark.parametrize("thrown, callers", [("8H", ("Abe", "Ben")), ("JK", ("Abe", "Ben")),
                                             ("KD", ())])
def test_with_the_house_rule_only_a_card_that_fits_a_meld_is_offered(thrown, callers):
    hand = ben_down(**ONLY_WHEN_IT_FITS)
    hand.apply(Discarded("Carl", thrown))
    assert hand.rummy_callers == callers


def test_a_caller_who_would_be_left_with_no_card_is_not_offered_a_call():
    hand = ben_down()
    for step in (Discarded("Carl", "4D"), Drew("Abe", "stock"), Discarded("Abe", "4H"),
                 Drew("Ben", "stock"), LaidOff("Ben", 1, "8H"), Discarded("Ben", "KC"),
                 Drew("Carl", "stock"), Discarded("Carl", "8D")):
        hand.apply(step)
    assert hand.held["Ben"] == 1 and hand.rummy_callers == ("Abe",)


@pytest.mark.parametrize("beats, callers", [(True, ("Abe", "Ben")), (False, ())])
def test_a_request_to_buy_stands_against_a_call_only_where_the_table_says(beats, callers):
    hand = ben_down(rummy_beats_buy=beats)
    hand.apply(Discarded("Carl", "8H"))
    hand.apply(BuyClaimed("Ben"))  # Ben, first after Carl, would buy it
    assert hand.rummy_callers == callers


def test_no_call_is_offered_on_the_upcard_a_card_not_said_or_once_the_hand_is_over():
    assert played([]).rummy_callers == ()  # the upcard
    hand = ben_down()
    hand.apply(Discarded("Carl"))
    assert hand.rummy_callers == ()  # nobody can say what it was
    hand = played([Drew("Ben", "stock"),
                   WentDown("Ben", [["6S", "6H", "6D"], ["8C", "8S", "8D"]]),
                   Discarded("Ben", "8H")], decks=2)
    assert hand.went_out == "Ben" and hand.rummy_callers == ()
