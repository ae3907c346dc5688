"""A tap on a screen another device had moved on: saved when it still means the same and is
still legal, refused with what happened meanwhile when not; the API's 409 is unchanged.
On the app fixture's database (SQLite, or PostgreSQL when TEST_DATABASE_URL is set)."""

from __future__ import annotations

import pytest

from referee.core.errors import RefereeInputError
from referee.core.game import GameSetup, HandScored
from referee.core.game.events import DealerChosen, UpcardTurned
from referee.core.games.eversol.hand.steps import BuyClaimed, Discarded, Drew
from referee.store.games import (OvertakenError, StaleVersionError, append_event, create_game,
                                 load_game, undo_last)


@pytest.fixture
def game(app):
    with app.app_context():
        setup = GameSetup.create("eversol", ["Abe", "Ben", "Carl"], first_dealer="Abe")
        loaded, key = create_game(setup)
        for event in (UpcardTurned(1, "2C"), Drew("Ben", "stock"), Discarded("Ben", "KC")):
            loaded = append_event(loaded.game.id, event, loaded.version, key)
        yield loaded.game.id, key  # at version 3: Ben's K♣ on top, Carl to draw


def test_a_claim_tapped_before_the_draw_arrived_is_saved_after_it(game):
    game_id, key = game
    append_event(game_id, Drew("Carl", "stock"), 3, key)  # the tablet
    saved = append_event(game_id, BuyClaimed("Abe"), 3, key, catch_up=True)  # the phone, at 3
    assert saved.version == 5 and saved.state.live.claims == ("Abe",)
    assert [e.kind for e in saved.events][-2:] == ["drew", "buy_claimed"]


def test_a_claim_on_a_card_covered_meanwhile_is_refused_saying_what_happened(game):
    game_id, key = game
    append_event(game_id, Drew("Carl", "stock"), 3, key)
    append_event(game_id, Discarded("Carl", "4C"), 4, key)
    with pytest.raises(OvertakenError) as refused:
        append_event(game_id, BuyClaimed("Abe"), 3, key, catch_up=True)
    assert refused.value.meanwhile == ["Carl drew from the stock", "Carl discarded 4♣"]
    assert refused.value.reason == "K♣ is no longer the top discard."
    assert load_game(game_id).version == 5  # nothing written


def test_a_tap_the_rules_refuse_now_comes_back_with_the_rule(game):
    game_id, key = game
    append_event(game_id, Drew("Carl", "discard"), 3, key)  # Carl took the K♣
    with pytest.raises(OvertakenError) as refused:
        append_event(game_id, BuyClaimed("Abe"), 3, key, catch_up=True)
    assert refused.value.meanwhile == ["Carl drew K♣ from the discard"]
    assert refused.value.reason.startswith("There is no discard to buy")
    assert refused.value.location == ("step",)
    with pytest.raises(OvertakenError) as twice:  # a double tap on "Drew from the stock"
        append_event(game_id, Drew("Carl", "stock"), 3, key, catch_up=True)
    assert twice.value.reason == "Carl has already drawn this turn, and a turn has one draw."


def test_the_api_way_still_answers_stale(game):
    game_id, key = game
    append_event(game_id, Drew("Carl", "stock"), 3, key)
    with pytest.raises(StaleVersionError):
        append_event(game_id, BuyClaimed("Abe"), 3, key)


def test_an_undo_from_an_older_screen_undoes_only_the_step_it_named(game):
    game_id, key = game
    append_event(game_id, BuyClaimed("Abe"), 3, key)  # version 4, on another device
    with pytest.raises(OvertakenError) as refused:  # the button said "Undo: Ben discarded K♣"
        undo_last(game_id, 3, key, undoes=3)
    assert refused.value.reason == "The newest step is now: Abe asked to buy."
    assert load_game(game_id).version == 4
    undone = undo_last(game_id, 3, key, undoes=4)  # its screen was older, its step the newest
    assert undone.state.live.claims == () and undone.version == 5
    # Read after "Not recorded: meanwhile ...", each change is a sentence of its own.
    assert undone.changes_since(3) == ["Abe asked to buy", "someone undid “Abe asked to buy”"]
    with pytest.raises(StaleVersionError):
        undo_last(game_id, 3, key)


def test_a_hand_scored_on_an_older_screen_counts_unless_another_device_scored_it(app):
    with app.app_context():
        setup = GameSetup.create("eversol", ["Abe", "Ben", "Carl"])
        loaded, key = create_game(setup)
        game_id = loaded.game.id
        append_event(game_id, DealerChosen("Carl", drawn=True), 0, key)
        saved = append_event(game_id, HandScored(1, "Ben", {"Abe": 15, "Carl": 35}), 0, key,
                             catch_up=True)
        assert saved.state.dealer_of(1) == "Carl" and saved.version == 2
        with pytest.raises(OvertakenError) as refused:
            append_event(game_id, HandScored(1, "Abe", {"Ben": 5, "Carl": 5}), 1, key,
                         catch_up=True)
        assert refused.value.reason == "Hand 1 has been scored already."
        assert refused.value.meanwhile == ["Hand 1: Ben went out"]
        loaded = load_game(game_id)
        assert [len(loaded.state_at(v).results) for v in range(3)] == [0, 0, 1]
        assert loaded.state_at(1).dealer_of(1) == "Carl"


def test_a_tap_refused_on_its_own_screen_too_is_refused_as_usual(game):
    game_id, key = game
    append_event(game_id, BuyClaimed("Abe"), 3, key)  # another device, meanwhile
    with pytest.raises(RefereeInputError) as refused:  # not about what changed meanwhile
        append_event(game_id, BuyClaimed("Carl"), 3, key, catch_up=True)
    assert not isinstance(refused.value, OvertakenError)
    assert refused.value.message == (
        "It is Carl's turn, so Carl takes the discard free, as the draw.")
