"""Long answers rationed (referee/heavy_work.py): one at a time for each device, a few for the
whole server; past that the answer is at once that the referee is busy (503 with Retry-After),
while every other request is answered as ever and nothing is changed."""

from __future__ import annotations

import json

import pytest

from referee.heavy_work import HeavyWork, ServerBusyError
from tests.test_api_games import make_game

SOLVE = "/api/v1/freecell/solve"
DEAL_ONE = {"game": 1}


def test_a_device_has_one_long_answer_at_a_time_and_the_server_a_few():
    work = HeavyWork(at_once=2)
    with work.slot("tablet"):
        with pytest.raises(ServerBusyError) as mine:
            with work.slot("tablet"):
                pass
        assert mine.value.this_device
        with work.slot("phone"):
            with pytest.raises(ServerBusyError) as full:
                with work.slot("tv"):
                    pass
            assert not full.value.this_device
        with work.slot("tv"):  # the phone's slot came free
            pass
    with work.slot("tablet"):  # and the tablet's, even after a refusal
        pass


def held(app, device: str):
    return app.extensions["heavy_work"].slot(device)


def test_past_the_ration_a_solve_is_refused_at_once_and_other_questions_answered(
        app, client, freecell_solved_once):
    with held(app, "127.0.0.1"):  # this device's long answer still on its way
        busy = client.post(SOLVE, json=DEAL_ONE)
        assert busy.status_code == 503 and busy.headers["Retry-After"].isdigit()
        assert busy.get_json()["error"]["code"] == "server_busy"
        assert "This device is still waiting" in busy.get_json()["error"]["message"]
        assert client.get("/api/v1/rulesets").status_code == 200
        other = client.post(SOLVE, json=DEAL_ONE, environ_base={"REMOTE_ADDR": "10.0.0.7"})
        assert other.status_code == 200 and other.get_json()["solvable"]
    with held(app, "10.0.0.2"), held(app, "10.0.0.3"):  # the server's whole ration in use
        busy = client.post(SOLVE, json=DEAL_ONE)
        assert busy.status_code == 503
        assert "busy with other long answers" in busy.get_json()["error"]["message"]
    assert client.post(SOLVE, json=DEAL_ONE).status_code == 200


def test_every_game_streams_out_whole_and_a_busy_export_is_a_page_saying_so(app, client):
    made = [make_game(client, (f"P{n}a", f"P{n}b")) for n in range(3)]
    every = client.get("/games/all.json")
    assert every.status_code == 200 and every.is_streamed
    document = json.loads(every.get_data(as_text=True))
    assert [game["id"] for game in document["games"]] == [game["id"] for game in made]
    with held(app, "127.0.0.1"):
        busy = client.get("/games/all.json")
        assert busy.status_code == 503 and "text/html" in busy.content_type
        assert "The referee is busy" in busy.get_data(as_text=True)
    assert client.get("/games/all.json").status_code == 200  # the export let its slot go
