"""Jack Change It kept: a night of rounds, each won by the first player out; the totals are
rounds won, and the night lasts a set number of rounds or until the table ends it."""

import pytest

from referee.core.cards import Suit

from referee.core.errors import GameSetupError, RefereeInputError
from referee.core.game.events import event_from_dict
from referee.core.game.state import replay
from referee.core.seating import GameSetup


def night(*winners, options=None, players=("Ann", "Bo", "Cy")):
    setup = GameSetup.create("jack-change-it", list(players), options=options or {})
    return replay(setup, [event_from_dict({"type": "hand_scored", "hand": n, "went_out": who})
                          for n, who in enumerate(winners, 1)])


def test_the_night_counts_rounds_won_and_plays_on_until_the_table_ends_it():
    state = night("Bo", "Ann", "Bo", "Bo")
    assert state.totals == {"Ann": 1, "Bo": 3, "Cy": 0}
    assert not state.finished and state.leaders == ["Bo"]
    ended = state.apply(event_from_dict({"type": "game_ended"}))
    assert ended.finished and ended.winners == ["Bo"]


def test_a_night_of_a_set_number_of_rounds_ends_after_the_last():
    options = {"night_ends": "rounds", "rounds": 3}
    assert not night("Ann", "Cy", options=options).finished
    state = night("Ann", "Cy", "Ann", options=options)
    assert state.finished and state.winners == ["Ann"]


def test_a_round_needs_who_went_out_and_nothing_else():
    with pytest.raises(RefereeInputError, match="say who") as refused:
        night(None)
    assert tuple(refused.value.location) == ("event", "went_out")
    setup = GameSetup.create("jack-change-it", ["Ann", "Bo"])
    with pytest.raises(RefereeInputError) as refused:
        replay(setup, [event_from_dict({"type": "hand_scored", "hand": 1, "went_out": "Ann",
                                        "points": {"Bo": 12}})])
    assert tuple(refused.value.location) == ("event", "points")
    with pytest.raises(RefereeInputError):
        night("Dee")


@pytest.mark.parametrize("players", [tuple("ABCDEFG")])
def test_no_more_than_six_play(players):
    with pytest.raises(GameSetupError, match="2 to 6"):
        GameSetup.create("jack-change-it", list(players))


# --- A round followed turn by turn: its steps are the game's events -------------------------

FOUR = ("Ann", "Bo", "Cy", "Di")


def followed(*steps, upcard="9H"):
    """A night of four, Di dealing first, round 1 followed from ``upcard``."""
    setup = GameSetup.create("jack-change-it", list(FOUR), first_dealer="Di")
    events = [{"type": "upcard_turned", "hand": 1, "card": upcard}]
    for player, *cards in steps:
        if cards == ["draw"]:
            events.append({"type": "drew_cards", "player": player})
        else:
            call = cards.pop() if cards[-1] in ("S", "H", "D", "C") else None
            events.append({"type": "cards_played", "player": player, "cards": cards,
                           **({"call": call} if call else {})})
    return replay(setup, [event_from_dict(event) for event in events])


def test_a_followed_round_says_whose_turn_the_draw_waiting_and_the_suit_called():
    live = followed(("Ann", "9S"), ("Bo", "2S"), ("Cy", "2H", "AH")).live
    assert (live.current, live.state.pending_draw, live.top.label) == ("Di", 9, "A♥")
    live = followed(("Ann", "9S"), ("Bo", "2S"), ("Cy", "2H", "AH"), ("Di", "draw"),
                    ("Ann", "JH", "C")).live
    assert live.state.hands["Di"] == 16 and live.suit_in_force.word == "clubs"
    assert live.current == "Bo"


def test_a_jack_that_may_go_down_is_asked_its_suit_and_the_pair_is_named_while_it_can_be():
    live = followed().live  # the 9♥ turned up, Ann to play
    assert live.suits_to_name(("JH",)) == (Suit.SPADES, Suit.DIAMONDS, Suit.CLUBS)
    assert live.suits_to_name(("JS",)) == ()  # refused: it matches neither the suit nor the 9
    assert live.suits_to_name(("9S",)) == live.suits_to_name(("2H", "AH")) == ()
    live = followed(("Ann", "AH"), ("Bo", "5H"), ("Cy", "2H")).live
    assert live.waiting == "Di must draw 2, or answer with a 2."  # the A♥ is on the pile


def test_a_followed_round_refuses_a_card_that_does_not_match_with_its_rule():
    with pytest.raises(RefereeInputError, match="matches neither") as refused:
        followed(("Ann", "KC"))
    assert refused.value.play_rule.value == "match"
    assert tuple(refused.value.location) == ("event", "cards")


def test_the_first_player_out_wins_the_round_and_the_night_counts_it():
    steps = [("Ann", "9S"), ("Bo", "9C"), ("Cy", "9D"), ("Di", "7D"), ("Ann", "7S"),
             ("Bo", "6S"), ("Cy", "6H"), ("Di", "5H"), ("Ann", "5C"), ("Bo", "4C"),
             ("Cy", "4H"), ("Di", "3H"), ("Ann", "3S"), ("Bo", "KS"), ("Cy", "KH"),
             ("Di", "10H"), ("Ann", "10C"), ("Bo", "7C"), ("Cy", "6C"), ("Di", "6D"),
             ("Ann", "4D"), ("Bo", "draw"), ("Cy", "draw"), ("Di", "draw"), ("Ann", "4S")]
    state = followed(*steps)
    assert state.live is None and state.totals == {"Ann": 1, "Bo": 0, "Cy": 0, "Di": 0}
    assert state.results[0].went_out == "Ann" and state.hand == 2


def test_a_round_starts_from_its_upcard_and_takes_no_eversol_step():
    with pytest.raises(RefereeInputError, match="card turned up"):
        followed(upcard=None)
    setup = GameSetup.create("jack-change-it", list(FOUR), first_dealer="Di")
    with pytest.raises(RefereeInputError, match="not a step this game knows"):
        replay(setup, [event_from_dict({"type": "upcard_turned", "hand": 1, "card": "9H"}),
                       event_from_dict({"type": "drew", "player": "Ann", "source": "stock"})])


def test_an_eight_names_who_is_skipped_and_a_queen_turns_the_play():
    live = followed(("Ann", "9S"), ("Bo", "8S")).live
    assert (live.skipped, live.current) == ("Cy", "Di")
    live = followed(("Ann", "9S"), ("Bo", "QS")).live
    assert live.current == "Ann" and live.state.direction == -1 and live.skipped is None


def test_a_stock_run_out_is_rebuilt_from_the_pile_and_the_referee_counts_it():
    six = ("Ann", "Bo", "Cy", "Di", "Ed", "Fay")
    setup = GameSetup.create("jack-change-it", list(six), first_dealer="Fay")
    events = [{"type": "upcard_turned", "hand": 1, "card": "9H"},
              *({"type": "cards_played", "player": p, "cards": [c]}
                for p, c in (("Ann", "9S"), ("Bo", "9C"), ("Cy", "9D"))),
              *({"type": "drew_cards", "player": p} for p in [*six[3:], *six] + ["Ann"])]
    live = replay(setup, [event_from_dict(e) for e in events]).live
    assert live.state.rebuilds == 1 and live.rebuilt == 3 and live.state.stock == 2
    assert "rebuilt" in live.said
