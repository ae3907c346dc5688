"""Jack Change It kept on the screens: a night set up, each round's winner tapped on a big
button, the history and the standings counting rounds won."""

from __future__ import annotations

from tests.test_web_games import errors, send, text

GAMES = "/api/v1/games"


def test_a_night_is_set_up_and_each_round_entered_by_who_went_out(client):
    started = send(client, "/games/new/jack-change-it",
                   {"players-0": "Ann", "players-1": "Bo", "players-2": "Cy",
                    "dealer": "Ann", "decks": "auto", "option_night_ends": "rounds", "option_rounds": "3",
                    "start": "1"})
    assert started.status_code == 303, errors(started)
    game_id = started.headers["Location"].rsplit("/", 1)[1]
    entry = text(client.get(f"/games/{game_id}/hands/1"))
    assert "Who went out and won round 1?" in entry and "End of hand 1 of 3" in entry
    version = client.get(f"{GAMES}/{game_id}").get_json()["version"]
    blank = send(client, f"/games/{game_id}/hands/1",
                 {"expected_version": str(version), "save": "1"})
    assert blank.status_code == 422 and errors(blank) == ["Tap the player who went out."]
    saved = send(client, f"/games/{game_id}/hands/1",
                 {"expected_version": str(version), "save": "1", "went_out": "1"})
    assert saved.status_code == 303
    game = client.get(f"{GAMES}/{game_id}").get_json()
    assert game["totals"] == {"Ann": 0, "Bo": 1, "Cy": 0}
    history = text(client.get(f"/games/{game_id}/history"))
    assert "Bo went out" in history and "won the round" in history
