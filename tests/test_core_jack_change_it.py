"""Jack Change It's rules core: matching, each trick card and their stacking, no trick card
as the last card, the queen with two players, a round as a fold with undo, the stock rebuilt.

Each rule comes from the rule text (003) as the rulings read it (docs/rules.md, "Jack Change
It").
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.core.cards import Card, Rank, Suit, parse_card, parse_cards
from referee.core.errors import PlayerCountError, TooManyCopiesError, WrongTypeError
from referee.core.games.jack_change_it import (Draw, Effect, JackInputError, JackRule, Play,
                                               RefusedStepError, RoundSetup, can_play, fold,
                                               is_trick_card, pairs_now, start, step,
                                               suits_named, undo)

SETTINGS = settings(max_examples=40, deadline=None, derandomize=True, database=None)


def play(top, cards, players=4, hand_left=3, **kw):
    return can_play(players, parse_card(top), parse_cards(cards), hand_left=hand_left, **kw)


def refusal(error_type, function, *args, **kwargs):
    with pytest.raises(error_type) as caught:
        function(*args, **kwargs)
    assert caught.value.message.endswith(".")
    return caught.value


# --- One moment -----------------------------------------------------------------------------

def test_a_card_matches_by_suit_or_rank():
    assert play("9H", "3H").legal and play("9H", "9S").legal
    verdict = play("9H", "3S")
    assert not verdict.legal and verdict.rule is JackRule.MATCH
    assert verdict.reason == "The 3♠ matches neither the heart in force nor the rank of the 9♥."
    assert play("9H", "3H").next == Effect()


def test_a_jack_names_another_suit_and_the_next_card_follows_it():
    verdict = play("9H", "JH", call="S")
    assert verdict.legal and verdict.next.suit is Suit.SPADES
    assert play("9H", "JH", call="H").rule is JackRule.CALL
    assert play("JH", "4S", suit="S").legal  # the suit called stands for the jack's
    assert play("JH", "4H", suit="S").rule is JackRule.MATCH
    assert play("JH", "JC", suit="S", call="D").legal  # a jack on a jack matches by rank
    assert refusal(JackInputError, play, "9H", "9S", call="D").field == "call"


def test_an_eight_skips_the_next_player():
    assert play("9H", "8H").next == Effect(skip=True)


def test_a_queen_reverses_with_three_players_and_is_ordinary_with_two():
    assert play("9H", "QH", players=3).next == Effect(reverse=True)
    assert play("9H", "QH", players=2).next == Effect()
    assert play("9H", "QH", players=2, hand_left=0).legal  # so it may even be the last card
    assert play("9H", "QH", players=3, hand_left=0).rule is JackRule.LAST_CARD


def test_a_two_makes_the_next_draw_two_and_twos_stack():
    assert play("9H", "2H").next.draw == 2
    assert play("2H", "2C", pending_draw=2).next.draw == 4
    assert play("2C", "2S", pending_draw=4).next.draw == 6
    verdict = play("2H", "3H", pending_draw=2)  # a heart, but the draw waits
    assert verdict.rule is JackRule.PENDING and "draw 2" in verdict.reason
    assert play("2H", "AH", pending_draw=2).rule is JackRule.PENDING  # only a 2 answers a 2


def test_the_ace_of_hearts_makes_five_and_with_a_two_seven():
    assert play("9H", "AH").next.draw == 5
    assert play("9H", "2C AH").next.draw == 7  # the 2 need not match: the A♥ does
    assert play("2D", "AH 2H", pending_draw=2).next.draw == 9  # a 2 answers, with the A♥
    assert play("9C", "2C AH").legal and not play("9C", "3C AH").legal


def test_the_five_of_hearts_blocks_the_ace_of_hearts():
    verdict = play("AH", "5H", pending_draw=5)
    assert verdict.legal and verdict.next.draw == 0 and "blocks" in verdict.reason
    assert play("AH", "5H", pending_draw=11, pending="ace_of_hearts").next.draw == 0
    assert play("AH", "2H", pending_draw=5).rule is JackRule.PENDING
    assert play("2H", "5H", pending_draw=2).rule is JackRule.PENDING  # it blocks only the A♥
    assert play("9H", "5H").next == Effect()  # otherwise an ordinary card
    assert play("AH", "5H", pending_draw=5, hand_left=0).legal  # and may be the last


def test_one_card_at_a_time_but_a_two_with_the_ace_of_hearts():
    verdict = play("9H", "3H 4H")
    assert verdict.rule is JackRule.ONE_CARD and "2 and the A♥" in verdict.reason
    assert play("9H", "2H 2C").rule is JackRule.ONE_CARD


@pytest.mark.parametrize("card", ["2H", "8H", "JH", "QH", "AH"])
def test_no_trick_card_as_the_last_card(card):
    verdict = play("9H", card, players=3, hand_left=0, call="S" if card == "JH" else None)
    assert verdict.rule is JackRule.LAST_CARD and verdict.reason.endswith("Draw instead.")
    assert play("9H", "2H AH", hand_left=0).rule is JackRule.LAST_CARD


def test_trick_cards():
    assert [is_trick_card(parse_card(c), 3) for c in "2S 8C JD QH AH AS 5H KS".split()] == [
        True, True, True, True, True, False, False, False]


def test_bad_moments():
    assert refusal(PlayerCountError, play, "9H", "3H", players=7).field == "players"
    # The card twice is the one played (cards[0]); the top card is its own field.
    assert refusal(TooManyCopiesError, play, "9H", "9H").field == "cards[0]"
    assert refusal(JackInputError, play, "9H", "3H", pending_draw=2).field == "pending_draw"
    assert refusal(JackInputError, play, "2H", "2S", pending_draw=2,
                   pending="three").field == "pending"
    assert refusal(JackInputError, play, "9H", "3H", hand_left=-1).field == "hand_left"
    assert refusal(JackInputError, play, "9H", [], ).field == "cards"
    assert refusal(WrongTypeError, can_play, 4, "9H", parse_cards("3H")).field == "top"


@pytest.mark.parametrize("top, waiting", [("2H", 1), ("2H", 3), ("2H", 5), ("2H", 10),
                                           ("AH", 2), ("AH", 3), ("AH", 15)])
def test_a_waiting_draw_no_twos_and_ace_of_hearts_make_is_refused(top, waiting):
    error = refusal(JackInputError, play, top, "2S", pending_draw=waiting)
    assert error.field == "pending_draw" and f"draw of {waiting}:" in error.message


@pytest.mark.parametrize("top, waiting", [("2H", 2), ("2H", 8), ("2H", 7), ("2H", 13),
                                           ("AH", 5), ("AH", 13)])
def test_the_waiting_draws_twos_and_ace_of_hearts_make_are_answered(top, waiting):
    assert play(top, "2S" if top == "2H" else "5H", pending_draw=waiting).legal


def test_a_suit_in_force_is_one_a_jack_on_top_called():
    assert refusal(JackInputError, play, "7C", "7H", suit="H").field == "suit"
    assert refusal(JackInputError, play, "JC", "7C", suit="C").field == "suit"  # its own
    assert play("JC", "7H", suit="H").legal  # the nearest: a jack's call


# --- A round --------------------------------------------------------------------------------

THREE = RoundSetup(players=("Ann", "Bob", "Cy"), dealer="Cy", upcard=parse_card("9H"))


def P(player, cards, call=None):
    return Play(player, tuple(parse_cards(cards)), call)


def test_the_round_starts_left_of_the_dealer_with_seven_each():
    state = start(THREE)
    assert state.turn == "Ann" and state.hands == {"Ann": 7, "Bob": 7, "Cy": 7}
    assert state.stock == 52 - 21 - 1 and state.top == parse_card("9H")


def test_turns_skips_reversals_and_the_suit_called():
    state = fold(THREE, [P("Ann", "9S"), P("Bob", "8S")])  # Bob's 8 skips Cy
    assert state.turn == "Ann"
    state = fold(THREE, [P("Ann", "QH"), P("Cy", "QS")])  # two reversals: left again
    assert state.turn == "Ann" and state.direction == 1
    state = fold(THREE, [P("Ann", "JH", call="C")])
    assert state.suit is Suit.CLUBS and state.turn == "Bob"
    assert fold(THREE, [P("Ann", "JH", call="C"), P("Bob", "4C")]).suit is None
    with pytest.raises(RefusedStepError) as caught:
        fold(THREE, [P("Ann", "JH", call="C"), P("Bob", "4H")])
    assert caught.value.field == "steps[1]" and caught.value.play_rule is JackRule.MATCH


def test_an_eight_with_two_players_gives_the_same_player_another_turn():
    two = RoundSetup(players=("Ann", "Bob"), dealer="Bob", upcard=parse_card("9H"))
    assert fold(two, [P("Ann", "8H")]).turn == "Ann"
    assert fold(two, [P("Ann", "QH")]).turn == "Bob" and fold(two, [P("Ann", "QH")]).direction == 1


def test_stacked_draws_land_on_the_player_who_cannot_answer():
    state = fold(THREE, [P("Ann", "2H"), P("Bob", "2S"), P("Cy", "AH 2C")])
    assert state.top == parse_card("AH") and state.pending_draw == 11
    after = step(state, Play("Ann", (parse_card("5H"),)))
    assert after.legal and after.state.pending_draw == 0 and after.state.turn == "Bob"
    drawn = step(state, Draw("Ann")).state
    assert drawn.hands["Ann"] == 6 + 11 and drawn.turn == "Bob" and drawn.pending_draw == 0
    assert drawn.stock == 30 - 11


def test_refused_steps_say_why_and_change_nothing():
    state = start(THREE)
    verdict = step(state, P("Bob", "9S"))
    assert not verdict.legal and verdict.rule is JackRule.TURN and verdict.state is state
    assert verdict.reason == "It is Ann's turn."
    assert step(state, P("Ann", "2H AH 3H")).rule is JackRule.ONE_CARD
    assert refusal(JackInputError, fold, THREE, [P("Ann", "JH")]).field == "steps[0].call"
    assert refusal(TooManyCopiesError, fold, THREE, [P("Ann", "9H")]).field == "steps[0].cards[0]"


def test_a_trick_card_cannot_be_the_last_and_first_out_wins():
    two = RoundSetup(players=("Ann", "Bob"), dealer="Bob", upcard=parse_card("9H"))
    steps = [P("Ann", "3H"), P("Bob", "3S"), P("Ann", "4S"), P("Bob", "4C"), P("Ann", "5C"),
             P("Bob", "5S"), P("Ann", "6S"), P("Bob", "6D"), P("Ann", "7D"), P("Bob", "7C"),
             P("Ann", "10C")]
    state = fold(two, steps)
    assert state.hands["Ann"] == 1 and state.turn == "Bob"
    state = fold(two, steps + [P("Bob", "KC")])
    last = step(state, P("Ann", "2C"))
    assert last.rule is JackRule.LAST_CARD
    state = step(state, Draw("Ann")).state
    assert state.hands["Ann"] == 2
    state = fold(two, steps + [P("Bob", "KC"), P("Ann", "KD")])
    assert state.hands["Ann"] == 0 and state.winner == "Ann"
    over = step(state, P("Bob", "KH"))
    assert over.rule is JackRule.OVER and "Ann went out" in over.reason


def test_a_jack_names_one_of_the_other_three_suits_and_no_other_card_names_any():
    assert suits_named(parse_card("JD")) == (Suit.SPADES, Suit.HEARTS, Suit.CLUBS)
    assert suits_named(parse_card("QD")) == suits_named(parse_card("2H")) == ()


def test_a_two_and_the_ace_of_hearts_could_go_down_only_while_the_rules_let_them():
    assert pairs_now(start(THREE))
    assert not pairs_now(fold(THREE, [P("Ann", "AH")]))  # down, and only the 5♥ answers it
    two = RoundSetup(players=("Ann", "Bob"), dealer="Bob", upcard=parse_card("9H"))
    steps = [P("Ann", "3H"), P("Bob", "3S"), P("Ann", "4S"), P("Bob", "4C"), P("Ann", "5C"),
             P("Bob", "5S"), P("Ann", "6S"), P("Bob", "6D"), P("Ann", "7D"), P("Bob", "7C")]
    assert pairs_now(fold(two, steps[:8]))  # Ann holds three: one is left after the pair
    assert not pairs_now(fold(two, steps))  # two: the pair would be her last cards


def test_undo_is_the_fold_without_the_last_step():
    steps = [P("Ann", "QH"), P("Cy", "2H"), Draw("Bob")]
    state, kept = undo(THREE, steps)
    assert kept == steps[:2] and state == fold(THREE, steps[:2])
    assert state.turn == "Bob" and state.pending_draw == 2


def test_the_stock_is_rebuilt_from_the_pile_under_the_top_card():
    six = RoundSetup(players=tuple("ABCDEF"), dealer="F", upcard=parse_card("9H"))
    assert start(six).stock == 52 - 42 - 1  # 9
    steps = [P("A", "2H"), Draw("B")]  # B draws 2: 7 left
    steps += [Draw(name) for name in "CDEFA"]  # 2 left
    steps += [P("B", "3H"), P("C", "4H"), P("D", "5H"), P("E", "6H"), P("F", "AH")]
    state = fold(six, steps)
    assert state.stock == 2 and len(state.pile) == 7 and state.pending_draw == 5
    drawn = step(state, Draw("A"))
    assert drawn.state.rebuilds == 1 and "rebuilt" in drawn.reason
    assert drawn.state.pile == (parse_card("AH"),)
    assert drawn.state.stock == 2 + 6 - 5 and drawn.state.hands["A"] == 6 + 1 + 5


@SETTINGS
@given(st.lists(st.integers(0, 51), min_size=1, max_size=60))
def test_cards_are_never_made_or_lost(choices):
    """Random legal steps: the hands, stock and pile always hold the 52 cards, less those
    turned back from the pile into the stock (which the stock then holds)."""
    deck = [Card(rank, suit) for suit in Suit for rank in Rank]
    state = start(THREE)
    for choice in choices:
        if state.winner:
            break
        card = deck[choice]
        call = None if card.rank is not Rank.JACK else (
            Suit.CLUBS if card.suit is not Suit.CLUBS else Suit.SPADES)
        verdict = step(state, Play(state.turn, (card,), call)) if card not in state.pile \
            else step(state, Draw(state.turn))
        if not verdict.legal:
            verdict = step(state, Draw(state.turn))
        state = verdict.state
        assert sum(state.hands.values()) + state.stock + len(state.pile) == 52
