"""Random input at every screen's form (issue 12): never a 5xx; a refused post changes nothing.

Posts carry a valid CSRF token and come from the device that scores the game, so they reach
the views. The fields are the forms' own, read from the screens and the referee's forms; their
values are raw bytes: NUL, lone surrogates as bytes, digits such as "²" or "١٢", direction
marks, very long strings, a field sent twice. Derandomized: the same examples every run.
"""

from __future__ import annotations

import io
import json
import re
from html.parser import HTMLParser
from urllib.parse import quote_from_bytes

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.web.forms import REFEREE_FORMS, referee_form
from referee.web.kept.round_panel import FORMS as ROUND_FORMS
from tests.conftest import examples
from tests.test_web_games import csrf_token, new_game, version_of

FUZZ = settings(derandomize=True, database=None, deadline=None, max_examples=examples(30),
                suppress_health_check=[HealthCheck.function_scoped_fixture,
                                       HealthCheck.too_slow, HealthCheck.data_too_large])

NASTY = ["", "0", "1", "2", "-1", "²", "١٢", "٣", "1_0", " 7 ", "99999999999999999999", "nobody",
         "random", "auto", "Abe", "abe ", "Ben", "8D", "JK", "KH QH JH", "=1+1", "@x", "y",
         "held0", "held1:n10:+1", "melded2:K", "held0:0", "pile:0", "table:0:0", "new",
         "\x00", "Ab\x00e", "\u202eAbe", "A\u200bbe", "\u2066x", "Zoe\u0301", "\ufffd",
         "x" * 5000, "Abe " * 300]
ODD_DIGITS = ["²", "١٢", "٣", "1_0", "-1", "\x00", ""]
values = st.one_of(
    st.sampled_from(NASTY).map(lambda text: text.encode("utf-8")),
    st.sampled_from(ODD_DIGITS).map(lambda text: text.encode("utf-8")),
    st.text(max_size=20).map(lambda text: text.encode("utf-8", "surrogatepass")),  # lone halves
    st.binary(max_size=20),
    st.sampled_from([b"\xed\xa0\x80", b"Ab\xed\xb0\x80e", b"\xff\xfe", b"\xc0\x80"]),
)


class _Forms(HTMLParser):
    """Each form of a page: its action and the names of its controls; and the values the
    page gives each name (a button's "held0:2", a hidden "expected_version")."""

    def __init__(self):
        super().__init__()
        self.forms: list[tuple[str, set[str]]] = []
        self.shown: dict[str, set[str]] = {}

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "form":
            self.forms.append((attrs.get("action") or "", set()))
        elif tag in ("input", "select", "textarea", "button") and attrs.get("name") and self.forms:
            self.forms[-1][1].add(attrs["name"])
            self.shown.setdefault(attrs["name"], set()).add(attrs.get("value") or "")


@st.composite
def value_for(draw, shown: list[str]):
    """Raw bytes; or a value the page shows for the field, one of its digits made odd."""
    if shown and draw(st.booleans()):
        value = draw(st.sampled_from(shown))
        digits = [i for i, char in enumerate(value) if char.isascii() and char.isdigit()]
        if digits:
            at = draw(st.sampled_from(digits))
            value = value[:at] + draw(st.sampled_from(ODD_DIGITS)) + value[at + 1:]
        return value.encode()
    return draw(values)


def _fields(form) -> set[str]:
    names = set()
    for field in form:
        subfields = getattr(field, "entries", None) or (
            list(field.form) if hasattr(field, "form") and hasattr(field.form, "_fields") else None)
        if subfields:
            for sub in subfields:
                names |= _fields(sub.form) if hasattr(sub, "form") else {sub.name}
                names.add(sub.name)
        else:
            names.add(field.name)
    return names


# The question screens of the games the referee answers for without keeping score.
MORE_QUESTIONS = ["/escoba/what-can-i-take", "/escoba/opening-escobas",
                  "/bourre/what-may-i-play", "/bourre/is-it-a-cinch",
                  "/piquet/declarations", "/jack-change-it/can-i-play"]
# Every screen route that takes input, "{game}" for the game the test keeps. A test below
# checks that no form route of the app is missing here.
ROUTES = ["/games/new/eversol", "/games/new/500", "/games/{game}/hands/1", "/games/{game}/hands/2",
          "/games/{game}/dealer", "/games/{game}/decks", "/games/{game}/undo",
          "/games/{game}/end", "/games/{game}/archive", "/games/{game}/players",
          "/games/{game}/again",
          *(f"/games/{{game}}/referee/{action}" for action in REFEREE_FORMS),
          # A Jack Change It round followed turn by turn, its upcard turned (test_web_fuzz's
          # own game of it: "{round}").
          *(f"/games/{{round}}/round/{action}" for action in ROUND_FORMS),
          "get /check/eversol", "get /check/500", "get /arrange/eversol", "get /rummy/500",
          "get /check/hand-and-foot", "get /opening/hand-and-foot", "get /going-out/hand-and-foot", "get /lowest/tonk",
          "get /games/{game}/poll/notice", "get /games/{game}", "get /games/{game}/melds",
          "file /games/import",
          "/sign-in", "/sign-out", "/freecell/deal", "/freecell/layout",
          "/freecell/{freecell}/move", "/freecell/{freecell}/undo", "get /freecell/{freecell}",
          "get /freecell/{freecell}/solution", "get /freecell/", *MORE_QUESTIONS,
          # Ben's name joined to another person's, and parted (the test's game seats Ben).
          "/players/Ben/join", "/players/Ben/part"]
LEFT_OUT = {"/games/<game_id>/delete"}  # it would end the test's game; test_web_games covers it


# What the screens' forms send, read from the pages once a run: every test's app starts on the
# same fresh database with the same game set up, so its pages carry the same forms; only the
# three ids differ, kept here as "{game}", "{freecell}" and "{round}".
_FORMS: dict[str, tuple] = {}


def _read_forms(app, client, game_id: str, freecell: str, followed: str):
    """The fields each route's forms send, and the values the pages show for each name."""
    fields: dict[str, set[str]] = {}
    shown: dict[str, set[str]] = {}
    pages = ["/games/new/eversol", "/games/new/500", f"/games/{game_id}",
             f"/games/{game_id}/hands/1", f"/games/{game_id}/end", f"/games/{game_id}/delete",
             "/check/eversol", "/check/500", "/arrange/eversol", "/rummy/500",
             "/check/hand-and-foot", "/opening/hand-and-foot", "/going-out/hand-and-foot",
             "/lowest/tonk", "/freecell/", "/players/Ben", *MORE_QUESTIONS]
    pages += [f"/freecell/{freecell}?card=6C", f"/freecell/{freecell}/solution",
              "/freecell/?into=2&column2=AS"]
    for page in pages:
        parser = _Forms()
        parser.feed(client.get(page).get_data(as_text=True))
        for action, names in parser.forms:
            fields.setdefault(action or page, set()).update(names)
        for name, seen in parser.shown.items():
            shown.setdefault(name, set()).update(seen)
    with app.test_request_context():
        for action in REFEREE_FORMS:
            fields[f"/games/{game_id}/referee/{action}"] = _fields(referee_form(action, 2, None))
        for action, form in ROUND_FORMS.items():
            fields[f"/games/{followed}/round/{action}"] = _fields(form(formdata=None))
    every_name = sorted(set().union(*fields.values()))
    fields[f"/games/{game_id}/hands/2"] = fields[f"/games/{game_id}/hands/1"]
    fields[f"/games/{game_id}/poll/notice"] = {"seen", "view"}
    return ({path: sorted(names) or every_name for path, names in fields.items()},
            every_name, {name: sorted(seen) for name, seen in shown.items()})


def _with_ids(text: str, ids: dict[str, str]) -> str:
    for old, new in ids.items():
        text = text.replace(old, new)
    return text


@pytest.fixture
def screens(app, client, freecell_solved_once):
    """A game scored by this client, and the names of the fields each route's forms send.

    FreeCell's solver answers each position once a session: every route's fuzzing opens game
    1's solution, and its own bodies ask for it again, always of the same position."""
    game_id = new_game(client)
    dealt = client.post("/freecell/deal", data={"game": "1", "csrf_token": csrf_token(client)})
    freecell = app.config["FUZZ_FREECELL"] = dealt.location.rpartition("/")[2]
    followed = client.post("/api/v1/games", json={"ruleset": "jack-change-it",
                                                   "players": ["Ann", "Bo", "Cy"]}).get_json()
    client.post(f"/api/v1/games/{followed['id']}/events", json={
        "expected_version": 0, "event": {"type": "upcard_turned", "hand": 1, "card": "9H"}})
    followed = app.config["FUZZ_ROUND"] = followed["id"]
    if not _FORMS:
        fields, every_name, shown = _read_forms(app, client, game_id, freecell, followed)
        to_marks = {game_id: "{game}", freecell: "{freecell}", followed: "{round}"}
        _FORMS["read"] = ({_with_ids(path, to_marks): names for path, names in fields.items()},
                          every_name, {name: [_with_ids(value, to_marks) for value in values]
                                       for name, values in shown.items()})
    fields, every_name, shown = _FORMS["read"]
    to_ids = {"{game}": game_id, "{freecell}": freecell, "{round}": followed}
    fields = {_with_ids(path, to_ids): names for path, names in fields.items()}
    shown = {name: [_with_ids(value, to_ids) for value in values]
             for name, values in shown.items()}
    app.config["FUZZ_EXPORT"] = client.get(f"/games/{game_id}/export.json").get_json(force=True)
    return game_id, fields, every_name, shown


def _body(fields: dict[str, list[bytes]]) -> str:
    return "&".join(f"{quote_from_bytes(name.encode())}={quote_from_bytes(value)}"
                    for name, sent in fields.items() for value in sent)


@st.composite
def form_fields(draw, names, shown):
    """Some of a form's fields (each now and then twice), and now and then one it lacks."""
    chosen = [name for name in names if draw(st.booleans())]
    fields = {name: draw(st.lists(value_for(shown.get(name, [])), min_size=1, max_size=2))
              for name in chosen}
    if draw(st.integers(0, 5)) == 0:
        fields[draw(st.sampled_from(["junk", "players-99", "held9-total", "melds-7"]))] = [
            draw(values)]
    return fields


def _texts(value, path=()):
    """Where each text of a JSON value is, as paths of keys and indexes."""
    if isinstance(value, str):
        yield path
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _texts(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _texts(item, (*path, index))


@st.composite
def game_files(draw, export):
    """A game's JSON export with one of its texts made odd; or any bytes at all."""
    if draw(st.integers(0, 3)) == 0:
        return draw(values)
    document = json.loads(json.dumps(export))
    *head, last = draw(st.sampled_from(sorted(_texts(document), key=str)))
    target = document
    for part in head:
        target = target[part]
    target[last] = draw(st.one_of(st.sampled_from(NASTY), st.sampled_from(ODD_DIGITS),
                                  st.text(max_size=10)))
    return json.dumps(document).encode()  # ASCII escapes carry lone surrogates too


def test_every_form_route_is_fuzzed(app):
    routes = {route.rpartition(" ")[2].replace("{game}", "<game_id>")
              .replace("{freecell}", "<kept_id>") for route in ROUTES}
    routes = {re.sub(r"/hands/\d", "/hands/<int:hand>", route) for route in routes}
    routes = {re.sub(r"/referee/\w+", "/referee/<action>", route) for route in routes}
    routes = {re.sub(r"\{round\}/round/\w+", "<game_id>/round/<action>", route) for route in routes}
    routes = {re.sub(r"/new/\w+", "/new/<ruleset>", route) for route in routes}
    routes = {re.sub(r"^/players/\w+/", "/players/<path:name>/", route) for route in routes}
    posted = {rule.rule for rule in app.url_map.iter_rules()
              if "POST" in rule.methods and not rule.rule.startswith("/api/")}
    assert posted - LEFT_OUT <= routes


@pytest.mark.parametrize("route", ROUTES)
def test_any_bytes_in_any_form_field_never_5xx_and_a_refusal_changes_nothing(
        app, client, screens, route):
    game_id, fields, every_name, shown = screens
    method, _, path = route.rpartition(" ")
    if "{round}" in path:  # a route of the followed round: its game is the one to watch
        game_id = app.config["FUZZ_ROUND"]
    path = path.replace("{game}", game_id).replace("{freecell}",
                                                   app.config.get("FUZZ_FREECELL", "")
                                                   ).replace("{round}", game_id)
    names = fields.get(path, every_name)

    @FUZZ
    @given(sent=game_files(app.config["FUZZ_EXPORT"]) if method == "file"
           else form_fields(names, shown))
    def post_anything(sent):
        before = version_of(app, game_id)
        if method == "get":
            response = client.get(f"{path}?{_body(sent)}")
        elif method == "file":
            response = client.post(path, data={
                "csrf_token": csrf_token(client),
                "game_file": (io.BytesIO(sent), "game.json")})
        else:
            body = _body(sent) + "&csrf_token=" + csrf_token(client)
            response = client.post(path, data=body,
                                   content_type="application/x-www-form-urlencoded")
        assert response.status_code < 500, (route, sent)
        if response.status_code >= 400:
            assert version_of(app, game_id) == before, (route, sent)

    post_anything()
