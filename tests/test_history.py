"""The family's history over HTTP and in the store, on both databases: a game's finish time,
leaderboards that follow corrections and joined names, the players page in pages, summaries
kept before the history folded again, and the API's /ratings and /players/{name}/stats
(checked against the OpenAPI document)."""

from __future__ import annotations

import pytest
from sqlalchemy import update

from referee.core.history import Period
from referee.extensions import db
from referee.store import history
from referee.store.models import Game
from tests.conftest import assert_error
from tests.test_api import openapi, response_schema, schema_errors
from tests.test_api_games import GAMES, make_game, scored, send

RATINGS = "/api/v1/ratings"
# Six Eversol hands, lowest total best: the first player 10, the second 45, the third 85.
SIX = [(0, {1: 10, 2: 20}), (0, {1: 10, 2: 20}), (1, {0: 5, 2: 5}), (0, {1: 10, 2: 20}),
       (2, {0: 5, 1: 5}), (0, {1: 10, 2: 20})]


def whole_game(client, players, hands=SIX):
    """A game played to its end (or as far as ``hands`` go); the game and its version."""
    game = make_game(client, players)
    for version, (out, held) in enumerate(hands):
        response = send(client, game, scored(version + 1, players[out],
                                             {players[n]: p for n, p in held.items()}), version)
        assert response.status_code == 201, response.get_data(as_text=True)
    return game, len(hands)


def checked(client, path):
    response = client.get(path)
    document = openapi(client)
    template = path.split("?")[0]
    if template.startswith("/api/v1/players/"):
        template = "/api/v1/players/{name}/stats"
    schema = response_schema(document, template, "get", response.status_code)
    assert schema_errors(document, schema, response.get_json()) == []
    return response


def finished_at(app, game_id):
    with app.app_context():
        return db.session.get(Game, game_id).finished_at


def test_a_game_keeps_when_it_finished_through_corrections_and_loses_it_when_undone(
        app, client):
    game, version = whole_game(client, ("Ann", "Bo", "Cy"), SIX[:5])
    assert finished_at(app, game["id"]) is None
    send(client, game, scored(6, "Ann", {"Bo": 10, "Cy": 20}), version)
    finish = finished_at(app, game["id"])
    assert finish is not None
    corrected = send(client, game, {"type": "hand_corrected", "hand": 6, "went_out": "Cy",
                                    "points": {"Ann": 60, "Bo": 60}, "reason": "Cy was out"},
                     version + 1)
    assert corrected.status_code == 201 and finished_at(app, game["id"]) == finish
    for undo in (version + 2, version + 3):  # the correction, then the last hand
        assert client.post(f"{GAMES}/{game['id']}/undo", json={"expected_version": undo},
                           headers={"X-Edit-Key": game["edit_key"]}).status_code == 201
    assert finished_at(app, game["id"]) is None


def test_the_leaderboard_rates_finished_games_only_and_follows_a_correction(app, client):
    first, _ = whole_game(client, ("Ann", "Bo", "Cy"))
    second, version = whole_game(client, ("Ann", "Bo", "Cy"))
    # Not finished: not rated.
    whole_game(client, ("Ann", "Bo", "Cy", "Di"), [(0, {1: 10, 2: 20, 3: 5})])
    board = checked(client, f"{RATINGS}?ruleset=eversol").get_json()
    assert board["ruleset"] == "eversol"
    assert [(p["name"], p["games"]) for p in board["players"]] == [
        ("Ann", 2), ("Bo", 2), ("Cy", 2)]
    ordinals = [p["ordinal"] for p in board["players"]]
    assert ordinals == sorted(ordinals, reverse=True)
    # The last hand of the second game corrected: Cy went out, and Cy is first in it.
    send(client, second, {"type": "hand_corrected", "hand": 6, "went_out": "Cy",
                          "points": {"Ann": 60, "Bo": 60}, "reason": "Cy was out"}, version)
    again = client.get(f"{RATINGS}?ruleset=EVERSOL").get_json()
    assert again["players"] != board["players"]
    with app.app_context():
        points = history.leaderboard("eversol").history["Ann"]
        assert [point.game_id for point in points] == [first["id"], second["id"]]
        best = history.records_of("eversol")[0]  # the corrected game's own totals count
        assert (best.title, best.holder, best.figure, best.game_id) == (
            "Lowest final total", "Ann", "10 points", first["id"])


def test_an_unknown_game_is_404_and_a_missing_one_422(client):
    assert_error(checked(client, f"{RATINGS}?ruleset=snap"), 404, "unknown_ruleset", "ruleset")
    assert_error(checked(client, RATINGS), 422, "bad_query", "ruleset")
    assert checked(client, f"{RATINGS}?ruleset=tonk").get_json() == {"ruleset": "tonk",
                                                                       "players": []}


def test_a_players_stats_per_game_and_head_to_head(client):
    whole_game(client, ("Ann", "Bo", "Cy"))
    whole_game(client, ("Bo", "Ann", "Cy"))
    stats = checked(client, "/api/v1/players/bo/stats").get_json()
    assert stats["name"] == "Bo"
    eversol = stats["games"]["eversol"]
    assert (eversol["played"], eversol["finished"], eversol["won"]) == (2, 2, 1)
    assert (eversol["best_total"], eversol["worst_total"]) == (10, 45)
    assert eversol["current_streak"] == "won the last game"
    assert {h["opponent"]: (h["ahead"], h["behind"]) for h in stats["head_to_head"]} == {
        "Ann": (1, 1), "Cy": (2, 0)}
    assert_error(checked(client, "/api/v1/players/Zed/stats"), 404, "player_not_found", "name")
    assert_error(checked(client, "/api/v1/players/Bo/stats?period=ages"), 422, "bad_query",
                 "period")
    assert checked(client, "/api/v1/players/Bo/stats?period=last-year").get_json()[
        "games"] == {}


def test_two_names_joined_are_one_person_until_parted(app, client):
    whole_game(client, ("Ann", "Bo", "Cy"))
    whole_game(client, ("Annie", "Bo", "Cy"))
    with app.app_context():
        with pytest.raises(history.NameNotKnown):
            history.join_names("Zed", "Ann")
        history.join_names("annie", "Ann")
        with pytest.raises(history.CannotJoin):
            history.join_names("Ann", "Annie")
        assert history.leaderboard("eversol").of("Ann").games == 2
        page = history.player_page("Annie", Period.ALL_TIME)
        assert page.name == "Ann" and page.names_played_as == ("Ann", "Annie")
        assert [row.name for row in history.players_page().rows] == ["Ann", "Bo", "Cy"]
        history.part_name("Annie")
        with pytest.raises(history.CannotJoin):
            history.part_name("Annie")
        assert history.leaderboard("eversol").of("Ann").games == 1
        assert history.leaderboard("eversol").of("Annie").games == 1


def test_the_players_page_is_one_row_a_person_in_pages(app, client):
    whole_game(client, ("Ann", "Bo", "Cy"))
    whole_game(client, ("Ann", "Bo"), [(0, {1: 10})])
    with app.app_context():
        first = history.players_page(1, per_page=2)
        assert (first.page, first.pages, first.total) == (1, 2, 3)
        assert [(r.name, r.played, r.finished, r.won) for r in first.rows] == [
            ("Ann", 2, 1, 1), ("Bo", 2, 1, 0)]
        assert first.rows[0].games_named == ("Eversol Rummy",)
        assert [r.name for r in history.players_page(9, per_page=2).rows] == ["Cy"]
        assert history.rated_rulesets() == ("eversol",)


def test_a_summary_kept_before_the_history_is_folded_again_and_kept(app, client):
    game, _ = whole_game(client, ("Ann", "Bo", "Cy"))
    with app.app_context():
        kept = db.session.get(Game, game["id"]).summary
        old = {key: value for key, value in kept.items()
               if key not in ("places", "best_hand", "worst_hand", "stake", "currency")}
        db.session.execute(update(Game).where(Game.id == game["id"]).values(summary=old))
        db.session.commit()
    app.extensions.pop("referee_summaries", None)
    with app.app_context():
        assert [r.name for r in history.leaderboard("eversol").players][0] == "Ann"
        db.session.remove()
        assert db.session.get(Game, game["id"]).summary["places"] == {"Ann": 1, "Bo": 2,
                                                                      "Cy": 3}


def test_a_correction_rates_again_from_its_game_on_and_a_new_name_rates_nothing_again(
        app, client, monkeypatch):
    whole_game(client, ("Ann", "Bo", "Cy"))
    second, version = whole_game(client, ("Ann", "Bo", "Cy"))
    whole_game(client, ("Ann", "Bo", "Cy"))
    rated_from = []

    def rate(ruleset, games, person, earlier=None, unchanged=0):
        rated_from.append(unchanged)
        return real_rate(ruleset, games, person, earlier, unchanged)

    real_rate = history.rate
    monkeypatch.setattr(history, "rate", rate)
    with app.app_context():
        history.leaderboard("eversol")
        history.leaderboard("eversol")  # nothing changed: nothing rated
    send(client, second, {"type": "hand_corrected", "hand": 6, "went_out": "Cy",
                          "points": {"Ann": 60, "Bo": 60}, "reason": "Cy was out"}, version)
    make_game(client, ("Zed", "Ann"))  # a new player, no game finished
    with app.app_context():
        history.leaderboard("eversol")
        history.leaderboard("eversol")
    assert rated_from == [0, 1]
