"""A hand followed live inside a kept game, over the API: the rule text's appendix hand
(000_a37379b696063a21.txt) sent step by step as game events, then scored; refusals, undo,
stale versions and the documented examples of every live event."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from referee.core.games.eversol.hand.steps import (Bought, BuyClaimed, Discarded, Drew, LaidOff,
                                                   Step, WentDown)
from tests.conftest import assert_error
from tests.test_api import openapi, response_schema, schema_errors
from tests.test_api_games import GAMES, make_game, scored, send
from tests.test_api_games import history as all_events
from tests.test_live_hand import APPENDIX, appendix_hand, at

SEATS = ("Abe", "Ben", "Carl")  # in order of play
HAND_ONE = scored(1, "Abe", {"Ben": 5, "Carl": 5})  # dealt by Carl, so Abe deals hand 2
UPCARD = {"type": "upcard_turned", "hand": 2, "card": "QC"}

BEN_BUYS_7H = Bought("Ben", penalty="JK")  # Carl's 7H, and a joker as the penalty card
BEN_DRAWS_QH = Drew("Ben", "stock", "QH")
BEN_GOES_DOWN = WentDown("Ben", [["8C", "8S", "JK"], ["5H", "6H", "7H", "8H"]])
BEN_DRAWS_4H = Drew("Ben", "stock", "4H")
BEN_LAYS_OFF_8D = LaidOff("Ben", 0, "8D")


@dataclass
class Table:
    """One kept game over the API, and the version this device last saw."""

    client: Any
    game: dict[str, Any]
    version: int
    played: int = 0  # appendix steps sent so far

    def read(self) -> dict[str, Any]:
        response = self.client.get(f"{GAMES}/{self.game['id']}")
        assert response.status_code == 200
        return response.get_json()

    def send(self, event: dict[str, Any] | Step) -> dict[str, Any]:
        """Send an event at the version last seen; it must be taken."""
        body = event if isinstance(event, dict) else event.to_dict()
        response = send(self.client, self.game, body, self.version)
        assert response.status_code == 201, response.get_data(as_text=True)
        answer = response.get_json()
        assert answer["version"] == self.version + 1
        self.version = answer["version"]
        return answer

    def play(self, step: Step) -> dict[str, Any]:
        """The next appendix step, which must be ``step``."""
        assert APPENDIX[self.played] == step
        self.played += 1
        return self.send(step)

    def play_through(self, step: Step | None = None) -> None:
        """The appendix steps up to and including ``step`` (to the end without one)."""
        self.play_upto(len(APPENDIX) if step is None else at(step))

    def play_upto(self, count: int) -> None:
        """The appendix steps until ``count`` of them are played."""
        while self.played < count:
            self.play(APPENDIX[self.played])

    def undo(self) -> dict[str, Any]:
        response = self.client.post(f"{GAMES}/{self.game['id']}/undo",
                                    json={"expected_version": self.version},
                                    headers={"X-Edit-Key": self.game["edit_key"]})
        assert response.status_code == 201, response.get_data(as_text=True)
        self.version = response.get_json()["version"]
        return response.get_json()

    def refused(self, event: dict[str, Any] | Step, status: int, code: str,
                field: str | None = None) -> dict[str, Any]:
        """``event`` is refused with the API's error, and the game is as it was."""
        body = event if isinstance(event, dict) else event.to_dict()
        before = self.read()
        error = assert_error(send(self.client, self.game, body, self.version), status, code,
                             field)
        assert self.read() == before
        return error


def appendix_game(client, upto: int | None = 0) -> Table:
    """Abe, Ben and Carl with hand 1 scored and hand 2 dealt (QC turned up), then the
    appendix's first ``upto`` steps (every step with ``None``)."""
    table = Table(client, make_game(client, SEATS, first_dealer="Carl"), 0)
    table.send(HAND_ONE)
    table.send(UPCARD)
    table.play_upto(len(APPENDIX) if upto is None else upto)
    return table


def documented(client, game: dict[str, Any]) -> None:
    """The game document matches GET /games/{game_id}'s documented schema."""
    document = openapi(client)
    schema = response_schema(document, GAMES + "/{game_id}", "get", 200)
    assert schema_errors(document, schema, game) == []


# ---------------------------------------------------------------------- the appendix hand

def test_the_appendix_hand_played_as_game_events_and_scored(client):
    table = appendix_game(client)
    dealt = table.read()
    assert (dealt["hand"], dealt["dealer"], dealt["first_player"]) == (2, "Abe", "Ben")
    live = dealt["live"]
    assert (live["hand"], live["dealer"], live["current"], live["phase"]) == (
        2, "Abe", "Ben", "draw")
    assert live["upcard"] == "QC" and live["top"] == {"card": "QC", "by": None}
    assert live["held"] == {"Abe": 7, "Ben": 7, "Carl": 7} and live["stock"] == 54 - 21 - 1
    assert (live["steps"], live["last_step"], live["scoring"]) == (0, None, None)
    documented(client, dealt)

    # Ben sees Carl's 7H would make his run; Abe, to play, does not want it.
    table.play_through(BuyClaimed("Ben"))
    asked = table.read()["live"]
    assert asked["top"] == {"card": "7H", "by": "Carl"} and asked["claims"] == ["Ben"]
    assert asked["pending_buy"]["outcome"] == "buy" and asked["pending_buy"]["player"] == "Ben"
    answer = table.play(BEN_BUYS_7H)
    bought = table.read()
    assert answer == bought  # the POST answers the document a GET then reads
    live = bought["live"]
    assert live["buys"] == {"Abe": 1, "Ben": 1, "Carl": 0}
    assert live["held"]["Ben"] == asked["held"]["Ben"] + 2  # the 7H and the penalty card
    assert live["stock"] == asked["stock"] - 1  # the penalty card came off the stock
    assert live["top"] is None and live["claims"] == [] and live["pending_buy"] is None
    assert (live["current"], live["phase"]) == ("Abe", "draw")  # still Abe's turn to draw
    assert live["last_step"] == {"type": "bought", "player": "Ben", "card": "7H",  # as seen
                                 "penalty": "JK", "description": "Ben bought 7♥"}
    documented(client, bought)

    # Ben draws QH and goes down, the joker filling his book of eights.
    table.play_through(BEN_DRAWS_QH)
    table.play(BEN_GOES_DOWN)
    live = table.read()["live"]
    assert live["melds"] == [
        {"owner": "Ben", "kind": "book", "cards": ["8C", "8S", "JK"]},
        {"owner": "Ben", "kind": "run", "cards": ["5H", "6H", "7H", "8H"]}]
    assert live["down"] == ["Ben"] and live["held"]["Ben"] == 3
    assert (live["current"], live["phase"], live["went_out"]) == ("Ben", "play", None)
    table.play(Discarded("Ben", "QH"))
    assert table.read()["live"]["held"]["Ben"] == 2

    # Abe goes down too; then Ben lays 4H off on his run and 8D on his book.
    table.play_through(BEN_DRAWS_4H)
    table.play(LaidOff("Ben", 1, "4H"))
    live = table.read()["live"]
    assert live["down"] == ["Ben", "Abe"] and len(live["melds"]) == 4
    assert live["melds"][1] == {"owner": "Ben", "kind": "run",
                                "cards": ["4H", "5H", "6H", "7H", "8H"]}
    assert live["held"]["Ben"] == 2
    table.play_through(BEN_LAYS_OFF_8D)
    live = table.read()["live"]
    assert live["melds"][0]["cards"] == ["8C", "8S", "JK", "8D"] and live["held"]["Ben"] == 1
    assert live["went_out"] is None and live["scoring"] is None

    # Ben discards his last card: the hand is over, and the document says what to score.
    table.play_through()
    over = table.read()
    live = over["live"]
    assert (live["phase"], live["went_out"], live["current"]) == ("over", "Ben", "Ben")
    assert live["held"] == {"Abe": 3, "Ben": 0, "Carl": 7}
    assert live["buys"] == {"Abe": 2, "Ben": 1, "Carl": 0} and live["down"] == ["Ben", "Abe"]
    assert [(m["owner"], " ".join(m["cards"])) for m in live["melds"]] == [
        ("Ben", "8C 8S JK 8D"), ("Ben", "4H 5H 6H 7H 8H"),
        ("Abe", "10S 10C 10D"), ("Abe", "9H 10H JH QH KH")]
    assert live["scoring"] == {"went_out": "Ben",
                               "rummy_penalties": {"Abe": 0, "Ben": 0, "Carl": 0},
                               "held": {"Abe": 3, "Ben": 0, "Carl": 7},
                               # Abe's 3♠ and Carl's 4♠ 6♣ 9♦ were seen going in
                               "held_points": {"Abe": {"least": 15, "most": 70},
                                               "Carl": {"least": 35, "most": 110}}}
    assert live["steps"] == len(APPENDIX) and over["hand"] == 2 and not over["hands"][1:]
    documented(client, over)

    # The text's scores: Ben 0, Carl caught with seven low cards, Abe with three.
    error = table.refused(scored(2, "Carl", {"Ben": 5, "Abe": 15}), 422, "illegal_event",
                          "event.went_out")
    assert error["message"] == "The referee saw Ben go out in hand 2, not Carl."
    final = table.send(scored(2, "Ben", {"Ben": 0, "Carl": 35, "Abe": 15}))
    assert final["live"] is None and final["hand"] == 3
    assert final["hands"][1] == {"hand": 2, "went_out": "Ben", "dealer": "Abe",
                                 "points": {"Abe": 15, "Ben": 0, "Carl": 35},
                                 "scores": {"Abe": 15, "Ben": 0, "Carl": 35}, "corrections": [],
                                 "saved_anyway": []}
    assert final["totals"] == {"Abe": 15, "Ben": 5, "Carl": 40}
    assert [(p["place"], p["name"], p["total"]) for p in final["ranking"]] == [
        (1, "Ben", 5), (2, "Abe", 15), (3, "Carl", 40)]
    assert final["leaders"] == ["Ben"]
    assert (final["dealer"], final["first_player"]) == ("Ben", "Carl")


def test_the_history_lists_every_step_as_sent_with_the_cards_the_referee_saw(client):
    table = appendix_game(client, upto=None)
    history = all_events(client, table.game["id"])
    assert [h["type"] for h in history] == [
        "hand_scored", "upcard_turned", *[step.type for step in APPENDIX]]
    hand, kept = appendix_hand(0), []
    for step in APPENDIX:
        kept.append(hand.recorded(step))
        hand.apply(kept[-1])
    assert [h["event"] for h in history[2:]] == [step.to_dict() for step in kept]
    assert history[1]["event"] == UPCARD
    bought = history[2 + APPENDIX.index(BEN_BUYS_7H)]["event"]
    assert bought == {"type": "bought", "player": "Ben", "card": "7H", "penalty": "JK"}
    taken = history[2 + APPENDIX.index(Drew("Abe", "discard", "10C"))]["event"]
    assert taken["card"] == "10C"  # said by the table: kept as said
    assert [h["version"] for h in history] == list(range(1, len(APPENDIX) + 3))
    assert all(h["undone_in"] is None for h in history)


# ---------------------------------------------------------------------- refusals

@pytest.mark.parametrize("upto, step, message, field", [
    (0, Drew("Carl", "stock"), "It is Ben's turn, so only Ben may draw now.", "event.player"),
    (0, BEN_GOES_DOWN, "Ben must draw before going down.", "event"),
    (0, Drew("Ben", "discard", "QH"), "The top discard is Q♣, not Q♥.", "event.card"),
    (at(Discarded("Ben", "10D")), BuyClaimed("Carl"),
     "It is Carl's turn, so Carl takes the discard free, as the draw.", "event.player"),
    (at(BEN_GOES_DOWN), LaidOff("Ben", 5, "9C"),
     "There is no meld 6: the table has 2 melds.", "event.meld"),
    (at(BEN_DRAWS_4H), LaidOff("Carl", 1, "4H"),
     "Only players who have gone down may lay off, and only on their own turn.",
     "event.player"),
    (None, Drew("Carl", "stock"), "The hand is over: Ben went out.", "event"),
], ids=["out-of-turn", "down-before-drawing", "not-the-top-discard", "buying-on-ones-turn",
        "no-such-meld", "laying-off-before-going-down", "after-ben-went-out"])
def test_an_illegal_step_is_422_with_the_rule_and_changes_nothing(client, upto, step,
                                                                   message, field):
    table = appendix_game(client, upto)
    error = table.refused(step, 422, "illegal_step", field)
    assert error["message"] == message


@pytest.mark.parametrize("upto, event, status, code, field", [
    (0, {"type": "drew", "player": "Ben", "source": "sky"}, 400, "wrong_type", "event.source"),
    (0, {"type": "drew", "source": "stock"}, 400, "wrong_type", "event.player"),
    (0, {"type": "went_down", "player": "Ben", "melds": "8C 8S JK"}, 400, "wrong_type",
     "event.melds"),
    (0, {"type": "went_down", "player": "Ben", "melds": [["8C", 8]]}, 400, "wrong_type",
     "event.melds[0][1]"),
    (0, {"type": "laid_off", "player": "Ben", "meld": -1, "card": "4H"}, 400, "wrong_type",
     "event.meld"),
    (0, {"type": "drew", "player": "Ben", "source": "stock", "card": "1H"}, 422, "bad_card",
     "event.card"),
    (at(BEN_DRAWS_QH),
     {"type": "went_down", "player": "Ben", "melds": [["8C", "8S", "JK"], ["5H", "6X"]]},
     422, "bad_card", "event.melds[1][1]"),
    (0, {"type": "upcard_turned", "hand": 2, "card": "1H"}, 422, "bad_card", "event.card"),
    (0, {"type": "upcard_turned", "hand": 3, "card": "QC"}, 422, "illegal_event",
     "event.hand"),
], ids=["source", "no-player", "melds-not-a-list", "card-not-text", "meld-number",
        "card-notation", "card-in-a-meld", "upcard-notation", "upcard-of-another-hand"])
def test_a_step_of_the_wrong_shape_names_the_field(client, upto, event, status, code, field):
    """A wrong shape is 400, as for every event; a card no notation reads is 422."""
    table = appendix_game(client, upto)
    table.refused(event, status, code, field)


def test_a_stale_version_is_409_and_changes_nothing(client):
    table = appendix_game(client, upto=at(BEN_DRAWS_QH))
    seen = table.version  # a second device read the game here
    table.play(BEN_GOES_DOWN)
    late = send(client, table.game, BEN_GOES_DOWN.to_dict(), seen)
    assert_error(late, 409, "stale_version", "expected_version")
    after = table.read()
    assert after["version"] == seen + 1 and after["live"]["steps"] == at(BEN_GOES_DOWN)


# ---------------------------------------------------------------------- undo

def test_undo_steps_back_through_a_step_to_the_moment_before_it(client):
    table = appendix_game(client, upto=at(BEN_DRAWS_QH))
    before = table.read()["live"]
    assert table.play(BEN_GOES_DOWN)["live"] != before
    undone = table.undo()
    assert undone["live"] == before and table.read()["live"] == before
    assert all_events(client, table.game["id"])[-1]["undone_in"] == undone["version"]
    table.played -= 1  # the same step may be sent again, at the new version
    again = table.play(BEN_GOES_DOWN)["live"]
    assert again["down"] == ["Ben"] and again["steps"] == before["steps"] + 1


def test_undo_takes_back_the_score_and_then_the_hands_last_step(client):
    table = appendix_game(client, upto=None)
    over = table.read()["live"]
    table.send(scored(2, "Ben", {"Carl": 35, "Abe": 15}))
    after_undo = table.undo()
    assert after_undo["live"] == over and after_undo["hand"] == 2
    assert after_undo["totals"] == {"Abe": 0, "Ben": 5, "Carl": 5}
    reopened = table.undo()["live"]  # Ben's last discard taken back: the hand goes on
    assert reopened["went_out"] is None and reopened["phase"] == "play"
    assert reopened["held"]["Ben"] == 1 and reopened["scoring"] is None


def test_undoing_the_upcard_leaves_no_hand_followed_live(client):
    table = appendix_game(client, upto=0)
    assert table.read()["live"]["upcard"] == "QC"
    undone = table.undo()
    assert undone["live"] is None and undone["hand"] == 2


def test_a_hand_may_be_followed_from_its_first_step_without_an_upcard(client):
    table = Table(client, make_game(client, SEATS), 0)  # Abe deals hand 1: Ben plays first
    assert table.read()["live"] is None
    live = table.send(Drew("Ben", "stock"))["live"]
    assert live["upcard"] is None and live["held"]["Ben"] == 7
    assert live["top"] == {"card": None, "by": None}  # turned up unsaid, still to be bought
    assert live["steps"] == 1 and live["current"] == "Ben" and live["phase"] == "play"


# ---------------------------------------------------------------------- documented examples

# A hand 1 of Abe, Ben and Carl, Abe dealing, with every kind of live event: the requests
# documented under POST /games/{game_id}/events follow it (at their expected_version).
EXAMPLE_HAND = [
    {"type": "upcard_turned", "hand": 1, "card": "9D"},
    {"type": "drew", "player": "Ben", "source": "stock"},
    {"type": "discarded", "player": "Ben", "card": "KH"},
    {"type": "buy_claimed", "player": "Abe"},
    {"type": "buy_withdrawn", "player": "Abe"},
    {"type": "bought", "player": "Ben", "card": "KH", "penalty": "2S"},
    {"type": "drew", "player": "Carl", "source": "stock"},
    {"type": "discarded", "player": "Carl", "card": "4C"},
    {"type": "drew", "player": "Abe", "source": "stock"},
    {"type": "discarded", "player": "Abe", "card": "5C"},
    {"type": "drew", "player": "Ben", "source": "stock", "card": "8D"},
    {"type": "went_down", "player": "Ben", "melds": [["6H", "6S", "JK"], ["8C", "8S", "8D"]]},
    {"type": "laid_off", "player": "Ben", "meld": 0, "card": "6D"},
    {"type": "discarded", "player": "Ben", "card": "8H"},
    {"type": "rummy_called", "caller": "Carl", "callers_discard": "3C"},
]


def test_every_documented_live_event_is_answered_in_its_hand(client):
    document = openapi(client)
    operation = document["paths"]["/games/{game_id}/events"]["post"]
    content = operation["requestBody"]["content"]["application/json"]
    not_live = {"hand_scored", "hand_corrected", "game_ended", "dealer_chosen", "decks_changed",
                "player_renamed", "player_seated", "player_left",
                # A Jack Change It round's steps: not an Eversol hand's (their own API test).
                "cards_played", "drew_cards"}
    examples = {example["value"]["expected_version"]: example["value"]
                for example in content["examples"].values()
                if example["value"]["event"]["type"] not in not_live}
    documented_types = {example["event"]["type"] for example in examples.values()}
    event_types = {branch["properties"]["type"]["enum"][0]
                   for branch in document["components"]["schemas"]["GameEvent"]["oneOf"]}
    assert documented_types == event_types - not_live
    table = Table(client, make_game(client, SEATS), 0)
    answer_schema = response_schema(document, GAMES + "/{game_id}/events", "post", 201)
    for version, event in enumerate(EXAMPLE_HAND):
        body = examples.pop(version, {"expected_version": version, "event": event})
        assert body["event"] == event, f"the example at version {version} left the hand"
        assert schema_errors(document, content["schema"], body) == []
        response = client.post(f"{GAMES}/{table.game['id']}/events", json=body,
                               headers={"X-Edit-Key": table.game["edit_key"]})
        assert response.status_code == 201, response.get_data(as_text=True)
        assert schema_errors(document, answer_schema, response.get_json()) == []
    assert examples == {}, "documented examples the hand never reached"
    live = table.read()["live"]
    assert live["rummy_penalties"] == {"Abe": 0, "Ben": 10, "Carl": 0}  # 8H and 3C, Ari's rule
    assert live["set_aside"]["Ben"] == ["8H", "3C"] and live["melds"][0]["cards"][-1] == "6D"


def test_a_score_that_contradicts_the_followed_hand_is_422_unless_it_overrides_the_referee(client):
    table = appendix_game(client, upto=None)  # Ben went out; Abe kept 3 cards, Carl 7
    error = table.refused(scored(2, "Ben", {"Carl": 30, "Abe": 15}), 422, "referee_mismatch",
                          "event.points.Carl")
    assert error["message"] == (
        "The referee saw Carl keep 7 cards, 4♠, 6♣ and 9♦ among them: worth 35 to 110 "
        "points, not 30. If the referee missed a step, save it anyway (overrides_referee).")
    # one joker is in Ben's book: Carl's four unseen cards make 95 at most, not 130
    table.refused(scored(2, "Ben", {"Carl": 115, "Abe": 15}), 422, "referee_mismatch",
                  "event.points.Carl")
    tapped = scored(2, "Ben", {"Carl": 35, "Abe": 15})
    tapped["entries"] = {"Abe": {"way": "cards", "cards": ["5", "5"]}}
    error = table.refused(tapped, 422, "referee_mismatch", "event.points.Abe")
    assert error["message"].startswith("The referee saw Abe keep 3 cards, but 2 were tapped.")
    anyway = {**scored(2, "Ben", {"Carl": 30, "Abe": 15}), "overrides_referee": True}
    saved = table.send(anyway)
    assert saved["totals"] == {"Abe": 15, "Ben": 5, "Carl": 35}
    assert saved["hands"][1]["saved_anyway"] == [{
        "player": "Carl",
        "message": "The referee saw Carl keep 7 cards, 4♠, 6♣ and 9♦ among them: worth 35 "
                   "to 110 points, not 30."}]
    assert all_events(client, saved["id"])[-1]["event"]["overrides_referee"] is True
    documented(client, saved)


def test_six_players_on_one_deck_add_a_deck_before_hand_four(client):
    six = ["Abe", "Ben", "Carl", "Dee", "Eve", "Fay"]
    table = Table(client, make_game(client, six, first_dealer="Abe", decks=1), 0)
    for hand in (1, 2, 3):
        table.send(scored(hand, "Abe", {name: 5 for name in six[1:]}))
    game = table.read()
    assert game["short_deal"] == {
        "message": "Hand 4 cannot be dealt: 6 hands of 9 cards and the upcard take 55 cards, "
                   "and 1 deck has only 54. It needs 2 decks.", "decks_needed": 2}
    documented(client, game)
    error = table.refused({"type": "upcard_turned", "hand": 4}, 422, "illegal_event",
                          "event.hand")
    assert error["message"] == game["short_deal"]["message"]
    table.refused({"type": "decks_changed", "decks": "two"}, 400, "wrong_type", "event.decks")
    changed = table.send({"type": "decks_changed", "decks": 2})
    assert changed["decks"] == 2 and changed["short_deal"] is None
    assert table.send({"type": "upcard_turned", "hand": 4})["live"]["stock"] == 108 - 55


def test_a_score_sent_while_the_referee_follows_the_hand_is_422_unless_on_purpose(client):
    table = appendix_game(client, upto=5)  # Abe has drawn: nobody is out
    error = table.refused(scored(2, "Ben", {"Carl": 35, "Abe": 15}), 422, "referee_mismatch",
                          "event.points.Ben")
    assert error["message"].startswith("The referee is following hand 2 and has seen nobody go "
                                       "out: Abe has drawn and is playing.")
    saved = table.send({**scored(2, "Ben", {"Carl": 35, "Abe": 15}), "overrides_referee": True})
    assert saved["live"] is None and saved["hand"] == 3
    assert saved["hands"][1]["saved_anyway"][0]["player"] == "Ben"
