"""A club server's password (``referee password``): off by default; on, the games list, the
download of every game, import, the players page and new games need it (a sign-in page on the
screens, HTTP Basic through the API), while a game's watch and join links, the rules and the
referee's questions still open for anyone who has them."""

from __future__ import annotations

import base64
import io
import re
import sys

import pytest
from werkzeug.security import generate_password_hash

from referee import cli, create_app, doors
from tests.test_web_games import (errors, game_count, hand_data, new_game, send, setup_data,
                                  text)

PASSWORD = "club night"
# A cheap hash: the tests check the doors, not how slowly the password is hashed.
PASSWORD_HASH = generate_password_hash(PASSWORD, method="pbkdf2:sha256:1000")
GAMES = "/api/v1/games"
NEW_GAME = {"ruleset": "eversol", "players": ["Abe", "Ben", "Carl"], "first_dealer": "Abe"}

# (method, address) of every guarded screen.
GUARDED = [("get", "/games"), ("get", "/games/all.json"), ("post", "/games/import"),
           ("get", "/players"), ("get", "/games/new"), ("get", "/games/new/eversol"),
           ("post", "/games/new/eversol"), ("get", "/ratings/eversol"),
           ("get", "/records/eversol")]


@pytest.fixture
def locked(app):
    """The app with the password set, as ``referee password`` leaves it at start."""
    app.config["PASSWORD_HASH"] = PASSWORD_HASH
    return app


def token(client) -> str:
    """The session's form token: from the sign-in page, or once signed in the home page's
    sign-out form (the sign-in page sends a signed-in device home)."""
    page = client.get("/sign-in", follow_redirects=True).get_data(as_text=True)
    return re.search(r'name="csrf_token"[^>]* value="([^"]+)"', page).group(1)


def sign_in(client, password=PASSWORD, going="/games"):
    return client.post("/sign-in", data={"password": password, "next": going,
                                         "csrf_token": token(client)})


def basic(password: str) -> dict[str, str]:
    return {"Authorization": "Basic " + base64.b64encode(f":{password}".encode()).decode()}


# --- Off by default --------------------------------------------------------------------------

def test_without_a_password_every_door_is_open_and_nothing_asks_for_one(app, client):
    assert app.config["PASSWORD_HASH"] is None
    for method, address in GUARDED:
        assert "sign-in" not in getattr(client, method)(address).headers.get("Location", "")
    assert client.get("/games").status_code == 200
    assert client.post(GAMES, json=NEW_GAME).status_code == 201
    home = text(client.get("/"))
    assert "New game" in home and "Sign in" not in home and "Sign out" not in home
    assert client.get("/sign-in?next=/players").headers["Location"] == "/players"


# --- The screens ---------------------------------------------------------------------------

@pytest.mark.parametrize("method, address", GUARDED)
def test_each_guarded_screen_sends_a_stranger_to_sign_in(locked, client, method, address):
    refused = getattr(client, method)(address, data={"csrf_token": token(client)}
                                      if method == "post" else None)
    assert refused.status_code == 303
    assert refused.headers["Location"].startswith("/sign-in?next=")
    assert sign_in(client).status_code == 303
    allowed = getattr(client, method)(address, data={"csrf_token": token(client)}
                                      if method == "post" else None)
    assert "sign-in" not in allowed.headers.get("Location", "")
    assert allowed.status_code in (200, 422)  # a post without its fields is refused, read


def test_signing_in_goes_back_where_the_person_was_going_and_stays(locked, client):
    going = client.get("/players")
    assert going.headers["Location"] == "/sign-in?next=/players"
    page = client.get(going.headers["Location"])
    assert page.status_code == 200 and "Sign in to the games" in text(page)
    signed = sign_in(client, going="/players")
    assert signed.status_code == 303 and signed.headers["Location"] == "/players"
    assert client.get("/players").status_code == 200
    assert client.get("/games/new/eversol").status_code == 200
    home = text(client.get("/"))
    assert "Games so far" in home and "Sign out of the games" in home


def test_a_wrong_or_missing_password_is_said_beside_the_field(locked, client):
    wrong = sign_in(client, "club nite")
    assert wrong.status_code == 422
    assert errors(wrong) == ["That is not the password. Check it with whoever runs this "
                             "server and try again."]
    assert 'aria-describedby="password-error"' in wrong.get_data(as_text=True)
    empty = sign_in(client, "")
    assert empty.status_code == 422 and errors(empty) == ["Type the password first."]
    assert client.get("/games").status_code == 303


@pytest.mark.parametrize("password", ["\x00", "\u200d" * 40, "é" * 20_000, "💍 ring",
                                      "club night\n"])
def test_any_password_typed_is_a_wrong_one_read(locked, client, password):
    assert sign_in(client, password).status_code == 422


def test_a_sign_in_whose_form_token_was_lost_asks_again_in_words(locked, client):
    lost = client.post("/sign-in", data={"password": PASSWORD, "next": "/players"})
    assert lost.status_code == 400
    assert errors(lost) == ["This page had lost track of this device (its cookies may have "
                            "been cleared): type the password again."]
    assert 'name="next" type="hidden" value="/players"' in lost.get_data(as_text=True)
    assert client.post("/sign-out").headers["Location"] == "/"


def test_too_many_wrong_guesses_must_wait_a_minute(locked, client, monkeypatch):
    now = [1000.0]
    monkeypatch.setattr(doors, "clock", lambda: now[0])
    for _ in range(doors.GUESSES):
        assert sign_in(client, "guess").status_code == 422
    waiting = sign_in(client)  # even the right one, for now
    assert waiting.status_code == 429
    assert errors(waiting) == ["Too many wrong passwords from this device: wait a minute, "
                               "then try again."]
    now[0] += doors.GUESS_WINDOW + 1
    assert sign_in(client).status_code == 303


def test_guesses_sent_at_once_are_each_counted_before_any_is_checked(locked, app, monkeypatch):
    """Forty wrong guesses arriving while the first is still being hashed (a hash takes a
    while): only the allowed few are checked, the rest must wait, as when sent one by one."""
    monkeypatch.setattr(doors, "clock", lambda: 3000.0)
    answers: list[bool | str] = []

    def guess() -> None:
        try:
            answers.append(doors.password_matches("guess"))
        except doors.TooManyGuesses:
            answers.append("wait")

    hash_slowly, first = doors.check_password_hash, [True]

    def others_arrive_meanwhile(stored: str, given: str) -> bool:
        if first:  # while the first guess is hashed, the other 39 come in
            first.clear()
            for _ in range(39):
                guess()
        return hash_slowly(stored, given)

    monkeypatch.setattr(doors, "check_password_hash", others_arrive_meanwhile)
    with app.test_request_context(environ_base={"REMOTE_ADDR": "192.0.2.7"}):
        guess()
    assert len(answers) == 40
    assert answers.count(False) == doors.GUESSES and answers.count("wait") == 40 - doors.GUESSES


def test_signing_out_closes_the_doors_again(locked, client):
    sign_in(client)
    out = client.post("/sign-out", data={"csrf_token": token(client)})
    assert out.status_code == 303 and out.headers["Location"] == "/"
    assert "Signed out" in text(client.get("/"))
    assert client.get("/games").status_code == 303


def test_signing_out_also_ends_a_copy_of_the_cookie_taken_before(locked, client, app):
    """A cookie copied off a signed-in tablet (or a backup of its browser) opens the games
    only until the tablet signs out; another device's own sign-in is not touched."""
    sign_in(client)
    copied = app.test_client()
    copied.set_cookie("session", client.get_cookie("session").value)
    other = app.test_client()
    sign_in(other)
    assert copied.get("/games").status_code == 200
    client.post("/sign-out", data={"csrf_token": token(client)})
    assert copied.get("/games").status_code == 303
    assert other.get("/games").status_code == 200


def test_a_new_password_signs_every_device_out(locked, client):
    sign_in(client)
    locked.config["PASSWORD_HASH"] = generate_password_hash("new one", method="pbkdf2:sha256:1000")
    assert client.get("/games").status_code == 303


def test_the_sign_in_never_sends_anyone_to_another_site(locked, client):
    for elsewhere in ("//evil.example/", "https://evil.example/games", "/\\evil.example",
                      "/\t/evil.example", " //evil.example"):
        signed = sign_in(client, going=elsewhere)
        assert signed.headers["Location"] == "/", elsewhere


def test_an_htmx_request_is_sent_to_sign_in_as_a_whole_page(locked, client):
    answer = client.post("/games/new/eversol", headers={"HX-Request": "true"},
                         data={"csrf_token": token(client)})
    assert answer.status_code == 204 and answer.headers["HX-Redirect"].startswith("/sign-in")


def test_the_home_page_offers_a_sign_in_not_doors_that_only_lead_to_one(locked, client):
    home = client.get("/").get_data(as_text=True)
    assert "Sign in to keep score" in text(client.get("/"))
    for address in ("/games/new", 'href="/games"', "/players", "/games/new/"):
        assert address not in home, address


# --- A game's own links, the rules and the questions stay open --------------------------------

def test_the_watch_and_join_links_still_work_for_whoever_holds_them(locked, client, app):
    sign_in(client)
    made = client.post("/games/new/eversol", data={**setup_data(), "csrf_token": token(client)})
    game_id = made.headers["Location"].rsplit("/", 1)[1]
    share = client.get(f"/games/{game_id}").get_data(as_text=True)
    join = re.search(r'href="http://localhost(/games/[^/]+/join/[^"]+)"', share).group(1)

    phone, tv = app.test_client(), app.test_client()  # neither knows the password
    assert tv.get(f"/games/{game_id}/watch").status_code == 200
    assert tv.get(f"/games/{game_id}/standings").status_code == 200
    assert tv.get(f"/games/{game_id}/poll/board").status_code == 200
    joined = phone.get(join)
    assert joined.status_code == 303 and joined.headers["Location"] == f"/games/{game_id}"
    page = phone.get(f"/games/{game_id}/hands/1")
    assert page.status_code == 200 and "Save hand 1" in text(page)
    assert phone.get(f"/games/{game_id}/export.json").status_code == 200  # its own download
    assert phone.get("/games").status_code == 303  # but not the others'


def test_playing_again_needs_the_password_as_a_new_game_does(locked, client, app):
    """The join link lets a phone score its game, not make games: "Play again" on it sends
    the phone to sign in and makes nothing; the device signed in plays again as before."""
    sign_in(client)
    game_id = new_game(client, ("Abe", "Ben", "Carl", "Dee"))
    for hand in range(1, 7):
        send(client, f"/games/{game_id}/hands/{hand}", hand_data(hand - 1, "3", {0: 5, 1: 5, 2: 5}))
    share = client.get(f"/games/{game_id}").get_data(as_text=True)
    phone = app.test_client()
    phone.get(re.search(r'href="http://localhost(/games/[^/]+/join/[^"]+)"', share).group(1))
    before = game_count(app)
    refused = phone.post(f"/games/{game_id}/again",
                         data={"expected_version": "6", "csrf_token": token(phone)})
    assert refused.status_code == 303 and "/sign-in" in refused.headers["Location"]
    assert game_count(app) == before
    again = send(client, f"/games/{game_id}/again", {"expected_version": "6"})
    assert again.status_code == 303 and game_count(app) == before + 1


@pytest.mark.parametrize("address", ["/", "/rules/eversol", "/check/eversol",
                                     "/arrange/eversol", "/offline", "/manifest.webmanifest",
                                     "/sw.js", "/static/app.css", "/api/v1/rulesets",
                                     "/api/v1/openapi.json"])
def test_the_rules_questions_and_app_files_need_no_password(locked, client, address):
    assert client.get(address).status_code == 200


# --- The API -------------------------------------------------------------------------------

def test_the_api_makes_a_game_only_with_the_password(locked, client):
    refused = client.post(GAMES, json=NEW_GAME)
    assert refused.status_code == 401
    assert refused.get_json()["error"]["code"] == "password_needed"
    assert refused.get_json()["error"]["field"] == "Authorization"
    assert refused.headers["WWW-Authenticate"].startswith("Basic ")
    assert client.post(GAMES, json=NEW_GAME, headers=basic("wrong")).status_code == 401
    made = client.post(GAMES, json=NEW_GAME, headers=basic(PASSWORD))
    assert made.status_code == 201
    game = made.get_json()
    # The game itself: read and written by its id and edit key, as before.
    assert client.get(f"{GAMES}/{game['id']}").status_code == 200
    scored = client.post(f"{GAMES}/{game['id']}/events", headers={"X-Edit-Key": game["edit_key"]},
                         json={"expected_version": 0, "event": {
                             "type": "hand_scored", "hand": 1, "went_out": "Ben",
                             "points": {"Abe": 15, "Carl": 35}}})
    assert scored.status_code == 201


def test_the_api_counts_wrong_passwords_too(locked, client, monkeypatch):
    monkeypatch.setattr(doors, "clock", lambda: 5000.0)
    for _ in range(doors.GUESSES):
        assert client.post(GAMES, json=NEW_GAME, headers=basic("guess")).status_code == 401
    waiting = client.post(GAMES, json=NEW_GAME, headers=basic(PASSWORD))
    assert waiting.status_code == 429 and waiting.headers["Retry-After"] == "60"
    assert waiting.get_json()["error"]["code"] == "too_many_guesses"


def test_the_history_of_who_played_is_behind_the_password_too(locked, client):
    for path in ("/api/v1/ratings?ruleset=eversol", "/api/v1/players/Abe/stats"):
        assert client.get(path).status_code == 401
    assert client.get("/api/v1/ratings?ruleset=eversol",
                      headers=basic(PASSWORD)).status_code == 200


def test_the_openapi_document_names_the_password_on_making_a_game_and_the_history(client):
    document = client.get("/api/v1/openapi.json").get_json()
    assert document["components"]["securitySchemes"]["password"] == {
        "type": "http", "scheme": "basic", "description": document["components"][
            "securitySchemes"]["password"]["description"]}
    guarded = [(path, method) for path, item in document["paths"].items()
               for method, operation in item.items() if "security" in operation]
    assert guarded == [("/games", "post"), ("/ratings", "get"),
                       ("/players/{name}/stats", "get")]
    assert {"401", "429"} <= set(document["paths"]["/games"]["post"]["responses"])


# --- Setting it ----------------------------------------------------------------------------

def test_referee_password_sets_it_and_off_removes_it(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("REFEREE_INSTANCE_PATH", str(tmp_path))
    monkeypatch.setattr(sys, "stdin", io.StringIO(f"{PASSWORD}\n"))
    cli.main(["password"])
    assert "The games now need this password" in capsys.readouterr().out
    stored = (tmp_path / "password").read_text()
    assert PASSWORD not in stored and (tmp_path / "password").stat().st_mode & 0o077 == 0
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": "sqlite://",
                      "MIGRATE_ON_START": False})
    assert app.test_client().get("/games").status_code == 303
    cli.main(["password", "--off"])
    assert "no password any more" in capsys.readouterr().out
    assert not (tmp_path / "password").exists()


def test_a_password_too_short_is_refused(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("REFEREE_INSTANCE_PATH", str(tmp_path))
    monkeypatch.setattr(sys, "stdin", io.StringIO("abc\n"))
    with pytest.raises(SystemExit):
        cli.main(["password"])
    assert "at least 6 letters" in capsys.readouterr().err
    assert not (tmp_path / "password").exists()
