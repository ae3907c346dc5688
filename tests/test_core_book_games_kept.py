"""Authors and Go Fish kept: a night of games, each entered as every player's books, checked
to add up to the deck; the most books win a game (a tie shares it, a game won for each);
the night's totals are games won, to a set number of games or until the table stops."""

import pytest

from referee.core.errors import HandEntryError
from referee.core.game.events import GameEnded, event_from_dict
from referee.core.game.state import replay
from referee.core.seating import GameSetup

NAMES = ("Ann", "Bo", "Cy")


def night(*games, key="authors", options=None, players=NAMES):
    setup = GameSetup.create(key, list(players), options=options or {})
    return replay(setup, [event_from_dict({"type": "hand_scored", "hand": n,
                                           "books": dict(zip(players, books))})
                          for n, books in enumerate(games, 1)])


def test_each_game_won_by_the_most_books_and_a_tie_credits_each():
    state = night((6, 4, 3), (5, 5, 3), (2, 3, 8))
    assert state.totals == {"Ann": 2, "Bo": 1, "Cy": 1}
    assert [dict(r.books) for r in state.results][1] == {"Ann": 5, "Bo": 5, "Cy": 3}
    assert not state.finished  # the table ends the night when it likes
    ended = state.apply(GameEnded())
    assert ended.finished and ended.winners == ["Ann"]


def test_a_night_of_a_set_number_of_games_ends_by_itself():
    state = night((6, 4, 3), (4, 6, 3), options={"games": 2})
    assert state.finished and state.winners == ["Ann", "Bo"]


@pytest.mark.parametrize("books, message, where", [
    ((6, 4, 2), "add up to 12; the deck holds 13", ("event", "books")),
    ((6, 4, 4), "add up to 14", ("event", "books")),
    ((14, 0, -1), "from 0 to 13", ("event", "books", "Ann")),
])
def test_books_that_do_not_add_up_to_the_deck_are_refused(books, message, where):
    with pytest.raises(HandEntryError, match=message) as refused:
        night(books)
    assert tuple(refused.value.location) == where


def test_every_player_must_be_given_books_and_nobody_else():
    with pytest.raises(HandEntryError, match="Enter Cy's books"):
        replay(GameSetup.create("authors", list(NAMES)), [event_from_dict(
            {"type": "hand_scored", "hand": 1, "books": {"Ann": 7, "Bo": 6}})])
    with pytest.raises(HandEntryError, match="entered as each player's books"):
        replay(GameSetup.create("authors", list(NAMES)), [event_from_dict(
            {"type": "hand_scored", "hand": 1, "scores": {"Ann": 1, "Bo": 0, "Cy": 0}})])


def test_go_fish_pairs_for_young_children_count_26():
    state = night((10, 16), key="go-fish", options={"pairs": True}, players=("Ann", "Bo"))
    assert state.totals == {"Ann": 0, "Bo": 1}
    with pytest.raises(HandEntryError, match="pairs add up to 13; the deck holds 26"):
        night((6, 7), key="go-fish", options={"pairs": True}, players=("Ann", "Bo"))
    assert night((6, 7), key="go-fish", players=("Ann", "Bo")).totals == {"Ann": 0, "Bo": 1}


def test_a_game_as_entered_reads_back_as_its_books():
    state = night((6, 4, 3))
    assert state.as_entered(state.results[0]) == {"books": {"Ann": 6, "Bo": 4, "Cy": 3}}
    event = event_from_dict({"type": "hand_scored", "hand": 1, **state.as_entered(
        state.results[0])})
    noun = state.table.ruleset.hand_noun
    assert event.describe(noun) == "Game 1: Ann 6 books, Bo 4 books, Cy 3 books"


def test_authors_deals_seven_each_and_leaves_a_stock_for_two_to_seven():
    authors = GameSetup.create("authors", ["Ann", "Bo"]).table.ruleset
    assert [authors.deal_size(n, None, {}) for n in (2, 3, 7)] == [7, 7, 7]
    assert authors.players == (2, 7)
    assert any("stock" in note for note in authors.hand_notes(1, {}))
    with pytest.raises(Exception, match="Authors is played by 2 to 7 players; 8 were given"):
        GameSetup.create("authors", [f"P{n}" for n in range(8)])
    go_fish = GameSetup.create("go-fish", ["Ann", "Bo"]).table.ruleset
    assert [go_fish.deal_size(n, None, {}) for n in (2, 4)] == [7, 5]  # the usual Go Fish deal
    assert any("pond" in note for note in go_fish.hand_notes(1, {}))


def test_a_saved_authors_night_of_eight_players_still_loads():
    eight = [f"P{n}" for n in range(8)]
    setup = GameSetup.from_dict({**GameSetup.create("authors", eight[:7]).to_dict(),
                                 "players": eight, "first_dealer": 0})
    state = replay(setup, [event_from_dict({"type": "hand_scored", "hand": 1, "books": dict(
        zip(eight, (6, 1, 1, 1, 1, 1, 1, 1)))})], strict=False)  # as a saved game loads
    assert state.totals["P0"] == 1
