"""No programmer word on any screen: every template rendered with sample data, every page of
every game at the states a game goes through (set up, a hand followed, scored, corrected,
undone, refused, over) and the core's own messages (rulings, refusals, notes) are read as a
player sees them, and none may show an identifier: a snake_case word, an option's key.

Visible text is what a player reads or a screen reader says: text nodes (not scripts or
styles), and the aria-label, alt, title and placeholder attributes; never a name, value or
class. One walk through the app (the test client, an HTML parser, no browser) is read by
every test here.
"""

from __future__ import annotations

import json
import re
import shutil
from html.parser import HTMLParser
from pathlib import Path

import pytest

from werkzeug.security import generate_password_hash

from referee import create_app
from referee.core.cards import parse_cards
from referee.core.errors import RefereeInputError
from referee.core.games.registry import RULESETS
from referee.core.model.reference import rules_reference
from referee.doors import GUESSES

from .conftest import APP_CONFIG, CASES_FILE, dispose_engines, empty_database
from .test_damaged_games import damage_game
from .test_web_games import csrf_token, errors, send
from .test_web_kept_piquet_sheet import SHEET as PIQUET_SHEET
from .test_web_referee import Table, card

TEMPLATES = Path(__file__).resolve().parent.parent / "templates"
GAMES = "/api/v1/games"
HTMX = {"HX-Request": "true"}

# An identifier: two or more words joined by underscores (rummy_calls, top_card).
SNAKE = re.compile(r"\b[A-Za-z0-9]+_[A-Za-z0-9_]+\b")
# Leftovers of code: a template's braces, a Python value or structure printed as it is.
CODE = re.compile(r"\{\{|\}\}|\{%|%\}|\[\]|\{'|\['|<bound |object at 0x|Traceback|"
                  r"\b(?:Undefined|undefined|True|False|null|NaN)\b")
# Python's None printed where a value was missing; "None" alone, or "None: no calls", is the
# label of 500's choice of no rummy calls.
NONE = re.compile(r"\bNone\b(?!:)")
# Option keys that read as no word at all ("5/10/15") are refused wherever they show (those
# with an underscore are snake_case already).
KEYS = sorted({str(choice) for ruleset in RULESETS.values() for spec in ruleset.option_specs
               for choice in (spec.name, *spec.choices)
               if isinstance(choice, str) and not re.fullmatch(r"[a-z]+", choice)
               and "_" not in choice})


class VisibleText(HTMLParser):
    """The text a player can read (or hear) on a page, one piece per text node or label."""

    SHOWN_ATTRIBUTES = ("aria-label", "alt", "title", "placeholder")
    UNSEEN = ("script", "style", "template")

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.pieces: list[str] = []
        self._unseen = 0

    def handle_starttag(self, tag, attrs):
        if tag in self.UNSEEN:
            self._unseen += 1
        self.pieces += [value for name, value in attrs
                        if name in self.SHOWN_ATTRIBUTES and value and value.strip()]

    def handle_endtag(self, tag):
        if tag in self.UNSEEN:
            self._unseen = max(0, self._unseen - 1)

    def handle_data(self, data):
        if not self._unseen and data.strip():
            self.pieces.append(" ".join(data.split()))


def visible_text(page: str) -> list[str]:
    reader = VisibleText()
    reader.feed(page)
    return reader.pieces


def programmer_words(sentence: str) -> list[str]:
    """The identifiers in one sentence a player reads: none, on every screen. An address
    shown to be typed or shared (a game's join link) is no sentence, and is passed over."""
    sentence = re.sub(r"\bhttps?://\S+|/(?:games|freecell)/[\w-]+\S*", " ", sentence)
    found = SNAKE.findall(sentence) + CODE.findall(sentence)
    if sentence != "None":
        found += NONE.findall(sentence)
    return found + [key for key in KEYS
                    if re.search(rf"(?<![\w/-]){re.escape(key)}(?![\w/-])", sentence)]


def offenders(texts: dict[str, list[str]]) -> list[str]:
    return [f"{where}: {words} in {sentence!r}" for where, pieces in texts.items()
            for sentence in pieces if (words := programmer_words(sentence))]


def test_the_reader_rejects_identifiers_and_passes_words():
    assert programmer_words("Rummy calls: top_card") == ["top_card"]
    assert programmer_words("Choose 5/10/15.") == ["5/10/15"]
    assert programmer_words("Standard: 2-10 at face value. Fives, tens and fifteens.") == []
    assert programmer_words("Ann & Cy lead · hand 2 of 4 · 13 cards") == []
    assert programmer_words("Hand None of 4") == ["None"]
    assert programmer_words("None") == programmer_words("Pile: any card. None: no calls.") == []
    page = ('<p class="x_y" data-key="top_card">Deal <strong>7</strong> each'
            '<input name="option_two_player_deal" value="deeper_must_meld" aria-label="Pile">'
            '<script>var a_b = 1;</script><img alt="Ace of spades"></p>')
    assert visible_text(page) == ["Deal", "7", "each", "Pile", "Ace of spades"]


# --- The walk: every screen at the states a game goes through --------------------------------

class Walk:
    """The app walked once: each page's visible text by where it was seen, the templates
    loaded (rendered, included, imported or extended) on the way, and the statuses."""

    def __init__(self, app):
        self.app, self.client = app, app.test_client()
        self.texts: dict[str, list[str]] = {}
        self.templates: set[str] = set()
        environment = app.jinja_env
        loading = environment.get_template

        def get_template(name, *args, **kwargs):
            self.templates.add(getattr(name, "name", name))
            return loading(name, *args, **kwargs)

        environment.get_template = get_template
        self.token = csrf_token(self.client)  # one session: its token serves every form

    def read(self, where: str, response) -> None:
        if response.mimetype == "text/html":
            self.texts[where] = visible_text(response.get_data(as_text=True))

    def get(self, url: str, **kwargs):
        response = self.client.get(url, **kwargs)
        self.read(f"GET {url} {kwargs.get('query_string') or ''}"
                  + (" (htmx)" if kwargs.get("headers") else ""), response)
        return response

    def post(self, url: str, data: dict, label: str = "", **kwargs):
        response = self.client.post(url, data={**data, "csrf_token": self.token}, **kwargs)
        self.read(f"POST {url} {label}".strip(), response)
        if response.status_code in (302, 303) and "Location" in response.headers:
            self.get(response.headers["Location"])
        return response

    def message(self, where: str, sentence: str) -> None:
        self.texts.setdefault(where, []).append(sentence)


def api_game(walk: Walk, ruleset: str, players, events=(), **extra) -> str:
    made = walk.client.post(GAMES, json={"ruleset": ruleset, "players": list(players),
                                         "first_dealer": players[0], **extra}).get_json()
    for version, event in enumerate(events):
        answer = walk.client.post(f"{GAMES}/{made['id']}/events",
                                  json={"expected_version": version, "event": event},
                                  headers={"X-Edit-Key": made["edit_key"]})
        assert answer.status_code == 201, answer.get_json()
    assert walk.client.get(f"/games/{made['id']}/join/{made['edit_key']}").status_code == 303
    return made["id"]


EVERY_PAGE = ("", "/history", "/standings", "/watch", "/rules", "/sheet", "/end", "/delete",
              "/hands/1", "/hands/2", "/players")


def game_pages(walk: Walk, game_id: str, pages=EVERY_PAGE, polled: bool = True) -> None:
    """The pages of one kept game as it stands (every one unless told), whole, and the parts
    a watching screen polls for."""
    for page in pages:
        walk.get(f"/games/{game_id}{page}")
    if polled:
        walk.get(f"/games/{game_id}", headers=HTMX)
        for part in ("board", "standings", "history", "notice", "ruling"):
            walk.get(f"/games/{game_id}/poll/{part}")
            walk.get(f"/games/{game_id}/poll/{part}?watch=1")


def melded(went_out, hand, **players) -> dict:
    return {"type": "hand_scored", "hand": hand, "went_out": went_out,
            "players": {name: {"melded": m, "held": h} for name, (m, h) in players.items()}}


def team(melded=0, held=0, clean=0, dirty=0, wild=0, red=0, out=False) -> dict:
    return {"melded": melded, "held": held, "clean_piles": clean, "dirty_piles": dirty,
            "wild_piles": wild, "red_threes": red, "went_out": out}


THREE = ("Ann", "Bo", "Cy")
CORRECTED = {"type": "hand_corrected", "reason": "Bo's cards were counted twice"}
KEPT_GAMES = {  # each kept game, its players and extra, and hands to score
    "eversol": (THREE, {}, [{"type": "hand_scored", "hand": 1, "went_out": "Ann",
                             "points": {"Ann": 0, "Bo": 35, "Cy": 20}}]),
    "500": (THREE, {"options": {"target_score": 50}},
            [melded("Ann", 1, Ann=(50, 0), Bo=(55, 5), Cy=(0, 10))]),  # level on the target
    "basic": (THREE, {}, [{"type": "hand_scored", "hand": 1, "went_out": "Ann",
                           "went_rummy": True, "points": {"Bo": 12, "Cy": 7}}]),
    "base": (THREE, {"options": {"hands": 3}},  # a longer sitting than the one-hand default
             [melded("Bo", 1, Ann=(20, 5), Bo=(40, 0), Cy=(10, 15))]),
    "tonk": (THREE, {"stake": "0.25"}, [
        {"type": "hand_scored", "hand": 1, "ending": "tonk_out", "player": "Ann"},
        {"type": "hand_scored", "hand": 2, "ending": "drop", "player": "Cy",
         "counts": {"Ann": 5, "Bo": 9, "Cy": 7}}]),
    "hand-and-foot": (("Ann", "Bo", "Cy", "Di"), {}, [
        {"type": "hand_scored", "hand": 1,
         "teams": {"Ann & Cy": team(900, 20, clean=2, dirty=2, wild=1, red=1, out=True),
                   "Bo & Di": team(150, 60, dirty=1)}}]),
    "piquet": (("Ann", "Bo"), {}, [
        {"type": "hand_scored", "hand": n, "scores": {"Ann": 20, "Bo": 15}} for n in range(1, 6)]),
    "escoba": (THREE, {}, [{"type": "hand_scored", "hand": 1,
                            "scores": {"Ann": 4, "Bo": 1, "Cy": 0}}]),
    "jack-change-it": (THREE, {}, [{"type": "hand_scored", "hand": 1, "went_out": "Bo"}]),
    "bourre": (("Ann", "Bo", "Cy", "Di"), {"stake": "0.25"}, [  # a bourré, then a carried pot
        {"type": "hand_scored", "hand": 1, "played": ["Ann", "Bo", "Cy", "Di"],
         "tricks": {"Ann": 3, "Bo": 1, "Cy": 1}, "penalties": ["Bo"], "trump_ace": True},
        {"type": "hand_scored", "hand": 2, "played": ["Ann", "Bo", "Cy"],
         "tricks": {"Ann": 2, "Bo": 2, "Cy": 1}}]),
    "authors": (THREE, {"options": {"games": 3}}, [
        {"type": "hand_scored", "hand": 1, "books": {"Ann": 5, "Bo": 5, "Cy": 3}}]),
    "go-fish": (THREE, {"options": {"pairs": True, "children": True}}, [
        {"type": "hand_scored", "hand": 1, "books": {"Ann": 10, "Bo": 10, "Cy": 6}}]),
}


def walk_kept_games(walk: Walk) -> None:
    for key, (players, extra, hands) in KEPT_GAMES.items():
        fresh = api_game(walk, key, players, **extra)
        game_pages(walk, fresh, ("", "/history", "/standings", "/sheet", "/delete",
                                 "/hands/1"), polled=False)
        playing = api_game(walk, key, players, hands, **extra)
        game_pages(walk, playing)
        corrected = api_game(walk, key, players, [*hands, {**hands[0], **CORRECTED}], **extra)
        game_pages(walk, corrected, ("", "/history", "/sheet", "/hands/1"), polled=False)
        # Undone from this device: the board says what was taken back.
        walk.post(f"/games/{corrected}/undo", {"expected_version": str(len(hands) + 1)}, "undo")
        over = api_game(walk, key, players, [*hands, {"type": "game_ended"}], **extra)
        game_pages(walk, over, ("", "/history", "/standings", "/watch", "/sheet", "/end",
                                "/hands/1"), polled=False)
        # A hand refused: every number left out, or nonsense typed.
        walk.post(f"/games/{playing}/hands/{len(hands) + 1}",
                  {"expected_version": str(len(hands)), "save": "1"}, "empty hand")
        walk.post(f"/games/{playing}/hands/{len(hands) + 1}",
                  {"expected_version": str(len(hands)), "save": "1", "held0-total": "-7",
                   "held1-total": "99999", "count0": "x", "team0-melded_total": "-5",
                   "score0": "x", "score1": "-7", "tricks0": "x", "played": "9",
                   "books0": "x", "books1": "-7"},
                  "nonsense hand")
        walk.post(f"/games/{playing}/hands/1", {"expected_version": "0", "save": "1"},
                  "stale hand")
        # Cards tapped meld by meld, without JavaScript: the break shows as a chip.
        walk.post(f"/games/{playing}/hands/{len(hands) + 1}",
                  {"expected_version": str(len(hands)), "melded0-cards": "7H 8H 9H",
                   "held0-cards": "KS", "tap": "melded0:/"}, f"{key}: tapped meld break")
        # Ending early, and asking to delete a game that has hands.
        walk.post(f"/games/{fresh}/end", {"expected_version": "0", "confirm": "1"}, "end")
    # A game its own rules end with more to say than who won: Piquet's margin and Rubicon.
    partie = [{"type": "hand_scored", "hand": n, "scores": {"Ann": 20, "Bo": 15}}
              for n in range(1, 7)]
    game_pages(walk, api_game(walk, "piquet", ("Ann", "Bo"), partie),
               ("", "/standings", "/watch", "/end"), polled=False)
    # A Piquet deal saved from its score sheet: the game page shows what each part scored.
    walk.post(f"/games/{api_game(walk, 'piquet', ('Ann', 'Bo'))}/hands/1",
              {"expected_version": "0", "save": "1", **PIQUET_SHEET}, "piquet sheet saved")


def walk_history(walk: Walk) -> None:
    """The history once every kept game has finished a game: each game's leaderboard and
    records, a player's page in each period, a join refused, made and parted."""
    for key in KEPT_GAMES:
        walk.get(f"/ratings/{key}")
        walk.get(f"/records/{key}")
    for period in ("this-year", "last-year", "all-time"):
        walk.get(f"/players/Ann?period={period}")
    walk.post("/players/Bo/join", {"into": ""}, "join refused")
    walk.post("/players/Bo/join", {"into": "Ann"}, "joined")
    walk.post("/players/Bo/part", {}, "parted")


def walk_setup(walk: Walk) -> None:
    for key, ruleset in RULESETS.items():
        if ruleset.keeping is None:
            continue
        url = f"/games/new/{key}"
        walk.get(url)
        most = ruleset.players[1]
        names = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]
        for seated in (1, 2, 4, min(most, 6)):
            walk.post(url, {**{f"players-{i}": n for i, n in enumerate(names[:seated])},
                            "add": "1", "new_name": "Ida"}, f"seating {seated + 1}")
        # Refused: nobody, a name twice, every house rule out of range or not a choice.
        bad_options = {f"option_{spec.name}": "nonsense" for spec in ruleset.option_specs}
        walk.post(url, {"start": "1", "dealer": "random", "decks": "auto", **bad_options},
                  "refused")
        walk.post(url, {"players-0": "Ann", "players-1": "ann", "start": "1",
                        "dealer": "Ann", "decks": "1"}, "twice")
    walk.get("/games/new/gin")


def walk_more_questions(walk: Walk) -> None:
    """The question screens of the games not kept (Escoba, Bourré, Piquet, Jack Change It):
    empty, answered, refused, and a tap answered by htmx."""
    elder, younger = "AS KS QS JS 10S 9S 8S AH KH AD AC 7C", "7S 10H 9H 8H 7H QH JH KD QD JD 10D KC"
    asked = {
        "/escoba/what-can-i-take": [{"played": "5D", "table": "QS AH 4C 6C"},
                                    {"played": "AD", "table": "2S"},
                                    {"played": "5D", "table": "9S 5D"}, {"played": "5X"}],
        "/escoba/opening-escobas": [{"table": "KS 5H QC 6D"}, {"table": "KS KH KC KD"},
                                    {"table": "KS 5H"}, {"table": "KS 5H QC 6D AS"}],
        "/bourre/what-may-i-play": [{"trump": "S", "hand": "5H KH 2S", "trick": "10H"},
                                    {"trump": "S", "hand": "AS 2S", "cinch": "y"},
                                    {"hand": "5H"}, {"trump": "S", "hand": "2H 3H 4H 5H 6H 7H"}],
        "/bourre/is-it-a-cinch": [{"trump": "S", "hand": "AS KS QS 7H 2C", "players": "4"},
                                  {"trump": "S", "hand": "AS KS AH AC AD", "players": "4",
                                   "leads": "me"},
                                  {"trump": "S", "hand": "AS KS QS 7H 2C", "taken": "2",
                                   "players": "4"}, {"trump": "S", "hand": "AS", "players": "9",
                                                     "played": "2C", "taken": "x"}],
        "/piquet/declarations": [{"elder": elder, "younger": younger},
                                 {"elder": elder, "younger": younger, "blanche": "younger"},
                                 {"elder": "AS KS", "younger": younger},
                                 {"elder": elder, "younger": younger, "blanche": "both"}],
        "/jack-change-it/can-i-play": [
            {"top": "7S", "cards": "JS", "players": "3", "call": "D", "left": "4"},
            {"top": "2C", "cards": "2H AH", "players": "4", "waiting": "2"},
            {"top": "9C", "cards": "8C", "players": "4", "left": "0"},
            {"top": "7S", "cards": "9S", "players": "4", "waiting": "2"},
            {"top": "7S", "cards": "9S", "players": "4", "call": "D", "left": "-1"}],
    }
    for url, questions in asked.items():
        walk.get(url)
        for number, fields in enumerate(questions):
            walk.post(url, fields, f"question {number}")
        walk.post(url, {**questions[0], "add": "2", "suit": "H", "into": "nowhere",
                        "remove": "x:9"}, "a tap", headers=HTMX)


def walk_questions(walk: Walk) -> None:
    """The screens that answer a question at the table, empty and with sample cards."""
    for key in RULESETS:
        for screen in ("rules", "check", "arrange", "going-out", "opening", "lowest", "rummy"):
            walk.get(f"/{screen}/{key}")
        for cards in ("7D 8D 9D JK", "5H 5S JK JK", "5H 5S 5D JK 2C", "KS KH KD 2H 2S 2D",
                      "AS JK JK JK", "7D 8D", "QH KH AH", "9S 9H 9D 9C 9S 9H 9D",
                      "JK JK JK", "4H 4S 3D"):
            walk.get(f"/check/{key}", query_string={"cards": cards, "decks": "2"})
        for hand in ("1", "2", "4", "6", "9"):
            walk.get(f"/arrange/{key}", query_string={
                "hand": hand, "cards": "3H 3S 3D KD KC JK 5H 6H 7H 2C 9S 9S"})
        walk.get(f"/arrange/{key}", query_string={"hand": "1", "cards": "5H 5S 5D 9C KD",
                                                  "melds": "5H 5S 5D / 9C 9C"})
        walk.get(f"/check/{key}", query_string={"cards": "7D 8D 9D", "add": "10", "suit": "D"},
                 headers=HTMX)
    for calls in ("pile", "top_card", "none"):
        walk.get("/rummy/500", query_string={"pile": "7H 2C 9S 8S", "table": "9H 10H JH / 5S 5D 5C",
                                             "rummy_calls": calls})
    walk.get("/rummy/500", query_string={"pile": "7H 2C", "rummy_calls": "always"})
    names = {"players": 3, "name0": "Ann", "name1": "Bob", "name2": "Cy"}
    for query in ({"ending": "drop", "who": "1", "cards0": "5S 5H 5D 2C", "count1": 2,
                   "count2": 9}, {"ending": "stock_out", "count0": 4, "count1": 4, "count2": 9},
                  {"ending": "tonk_on_deal", "who": ["0", "2"]},
                  {"ending": "tonk_out", "who": "2", "tonk_on_49": "y"},
                  {"ending": "nonsense", "count0": "x"}, {"players": 99}):
        walk.get("/lowest/tonk", query_string={**names, **query})
    for query in ({"hand": 1, "table": "KS KH KD / 9S 9H JK 2H"},
                  {"hand": 3, "opening_3": 100, "table": "KS KH KD / AS AH JK"},
                  {"table": "KS KH", "into": "0", "add": "K", "suit": "D"},
                  {"opening_2": 5000}):
        walk.get("/opening/hand-and-foot", query_string=query)
    for query in ({"clean_piles": 1, "dirty_piles": 1, "wild_piles": 0, "partner1": "yes",
                   "partner2": "no", "asked": "yes", "answer": "no"}, {"clean_piles": "x"}):
        walk.get("/going-out/hand-and-foot", query_string=query)


def overtaken(walk: Walk) -> None:
    """A claim tapped on a board from before a discard another device took back and made
    again: the refusal says what happened meanwhile, the undo too."""
    table = Table(walk.client, walk.app)
    table.deal()
    table.turn("Ben", "KC")
    table.step("draw", {"source": "stock"}, "Carl")  # version 4: this board
    table.step("discard", card("4C"), "Carl")
    send(walk.client, f"/games/{table.id}/undo", {"expected_version": str(table.version)})
    table.step("discard", card("9C"), "Carl")
    for headers in ({}, HTMX):
        walk.read("overtaken after an undo" + (" (htmx)" if headers else ""), table.post(
            "claim", {"claim": "Dee"}, version=4, headers=headers))


def walk_followed_hand(walk: Walk) -> None:
    """An Eversol hand followed by the referee through buys, going down, lay-offs, a rummy
    call, refusals, a step another device overtook and an undo, to its scoring."""
    table = Table(walk.client, walk.app)
    board = f"/games/{table.id}"

    def look(label: str):
        walk.get(board)
        walk.get(f"{board}/watch")
        walk.get(f"{board}/poll/ruling")

    def refused(action, data, player=None, label=""):
        walk.read(f"refused {action} {label}", table.post(action, data, player))

    walk.get(board)
    table.deal()
    look("dealt")
    overtaken(walk)
    refused("discard", card("KC"), "Ben", "before drawing")
    table.turn("Ben", "KC")
    table.step("draw", {"source": "stock"}, "Carl")
    for name in ("Ben", "Abe", "Dee"):
        table.step("claim", {"claim": name})
    look("three want the discard")
    refused("bought", {"buyer": "Abe"}, label="the wrong buyer")
    table.step("claim", {"withdraw": "Dee"})
    table.step("claim", {"claim": "Dee"})
    table.step("bought", {"buyer": "Dee"})
    look("Dee bought")
    table.step("discard", card("4C"), "Carl")
    table.step("draw", {"source": "stock"}, "Dee")
    for melds, label in (({"melds-0": "KC KS KH", "melds-1": "5D 5S"}, "short meld"),
                         ({"melds-0": "KC KS 1H", "melds-1": "5D 5S 5H"}, "no such card"),
                         ({"melds-0": "KC KS KH", "melds-1": ""}, "missing meld")):
        refused("down", melds, "Dee", label)
    table.step("down", {"melds-0": "KC KS KH", "melds-1": "5D 5S JK"}, "Dee")
    look("Dee down")
    table.step("discard", card("5H"), "Dee")
    look("a rummy card thrown")
    table.turn("Abe", "KD")
    walk.read("rummy asked", table.post("rummy", {"caller": "Ben"}))
    refused("rummy", {"caller": "Ben", "asked": "1"}, label="no card")
    refused("rummy", {"caller": "Abe", **card("7S")}, label="the thrower calls")
    table.step("rummy", {"caller": "Ben", "asked": "1", **card("7S")})
    look("rummy called")
    table.turn("Ben", "3C")
    table.turn("Carl", "9C")
    table.step("draw", {"source": "stock"}, "Dee")
    refused("layoff", {"card": "QS"}, "Dee", "no meld")
    refused("layoff", {"meld": "1", "card": "QS"}, "Dee", "does not fit")
    table.step("layoff", {"meld": "1", "card": "KS"}, "Dee")
    table.step("layoff", {"meld": "2", "typed": "5C"}, "Dee")
    table.step("discard", card("QH"), "Dee")
    look("Dee out")
    game_pages(walk, table.id)
    walk.post(f"{board}/hands/1", {"expected_version": str(table.version), "save": "1",
                                   "went_out": "3", "held0-total": "30"}, "mismatch")


def walk_followed_round(walk: Walk) -> None:
    """A Jack Change It round followed: dealt, a draw of two waiting, an 8's skip, a jack's
    call, a refused card, a 2 with the A♥ and a jack asked its suit."""
    steps = [{"type": "upcard_turned", "hand": 1, "card": "9H"},
             {"type": "cards_played", "player": "Bo", "cards": ["9S"]},
             {"type": "cards_played", "player": "Cy", "cards": ["8S"]},
             {"type": "cards_played", "player": "Bo", "cards": ["JS"], "call": "D"},
             {"type": "cards_played", "player": "Cy", "cards": ["2D"]}]
    game_id = api_game(walk, "jack-change-it", THREE, steps)
    game_pages(walk, game_id, ("", "/history", "/watch"))
    board = f"/games/{game_id}/round"
    walk.post(f"{board}/play", {"expected_version": "5", "player": "Ann", "card-suit": "C",
                                "card-rank": "K"}, "refused card")
    walk.post(f"{board}/pair", {"expected_version": "5", "player": "Ann", "card-suit": "C",
                                "card-rank": "2"}, "a 2 and the A♥")
    walk.post(f"{board}/draw", {"expected_version": "6", "player": "Bo"}, "nine drawn")
    asked = walk.post(f"{board}/play", {"expected_version": "7", "player": "Cy",
                                        "card-suit": "H", "card-rank": "J"}, "a jack asked its suit")
    assert "Change it to which suit?" in " ".join(visible_text(asked.get_data(as_text=True)))


def walk_password(walk: Walk) -> None:
    """A club server with a password: home and the top bar locked, the sign-in page, a wrong
    password and too many, then signed in (home offers the way out) and signed out."""
    walk.app.config["PASSWORD_HASH"] = generate_password_hash("club night",
                                                              method="pbkdf2:sha256:1000")
    walk.get("/players")  # sent to sign in
    walk.get("/sign-in?next=/games")
    for _ in range(GUESSES + 1):
        walk.post("/sign-in", {"password": "club nite", "next": "/games"}, "wrong")
    walk.app.extensions.pop("referee_guesses")  # as a minute later
    walk.post("/sign-in", {"password": "", "next": "/games"}, "empty")
    walk.post("/sign-in", {"password": "club night", "next": "/games"}, "signed in")
    walk.read("home signed in", walk.client.get("/"))
    walk.client.post("/sign-out", data={"csrf_token": walk.token})
    walk.read("home signed out", walk.client.get("/"))
    walk.app.config["PASSWORD_HASH"] = None
    walk.get("/")  # what the other tests read of home: without a password


def walk_freecell(walk: Walk) -> None:
    """FreeCell: the start, a number and a layout refused, game 1 dealt, a card chosen, a move
    refused and one made, a hint, the solution at a step, an undo."""
    walk.get("/freecell/")
    walk.post("/freecell/deal", {"game": ""}, "no number")
    walk.post("/freecell/layout", {"column1": "AS ZZ", "column2": "AS"}, "not a deck")
    where = walk.post("/freecell/deal", {"game": "1"}, "game 1").headers["Location"]
    walk.get(where + "?card=6C")
    walk.get(where + "?card=6C", headers=HTMX)
    walk.post(where + "/move", {"card": "6C", "to": "column 1", "expected_version": 0}, "refused")
    walk.post(where + "/move", {"card": "6C", "to": "cell", "expected_version": 0}, "moved")
    walk.get(where + "?hint=1")
    walk.get(where + "/solution?step=2")
    walk.get(where + "/solution?step=2", headers=HTMX)
    walk.post(where + "/undo", {"expected_version": 1}, "undone")


@pytest.fixture(scope="module")
def walk(tmp_path_factory, test_database, sqlite_template):
    folder = tmp_path_factory.mktemp("words")
    if sqlite_template is not None:
        shutil.copyfile(sqlite_template, folder / "words.sqlite3")
        config = {"SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder / 'words.sqlite3'}",
                  "MIGRATE_ON_START": False}
    else:
        config = {"SQLALCHEMY_DATABASE_URI": empty_database(test_database, folder, "words")}
    app = create_app(APP_CONFIG | config)
    walked = Walk(app)
    for url in ("/", "/games", "/games/new", "/players", "/offline", "/no-such-page",
                "/games/no-such-game", "/games?archived=1"):
        walked.get(url)
    walk_setup(walked)
    walk_questions(walked)
    walk_more_questions(walked)
    walk_kept_games(walked)
    walk_history(walked)
    walk_followed_hand(walked)
    walk_followed_round(walked)
    walk_freecell(walked)
    melded = api_game(walked, "base", ("Ann", "Bo", "Cy"))  # the marks a tap asks for
    walked.get(f"/games/{melded}/melds?where=melded0&cards=3+5+9")
    damaged = api_game(walked, "eversol", ("Ann", "Bo", "Cy"))
    damage_game(app, damaged, "setup_without_players")  # said on its page, and in the list
    walked.get(f"/games/{damaged}")
    walked.get("/games")
    walked.get("/players")
    with app.extensions["heavy_work"].slot("127.0.0.1"):  # a long answer past the ration
        assert walked.get("/games/all.json").status_code == 503
    walk_password(walked)
    yield walked
    dispose_engines(app)


def test_every_template_is_rendered_on_the_walk(walk):
    every = {str(path.relative_to(TEMPLATES)) for path in TEMPLATES.rglob("*.html")}
    assert sorted(every - walk.templates) == []


def test_no_screen_shows_a_programmer_word(walk):
    assert len(walk.texts) > 300  # the walk reached the screens
    assert offenders(walk.texts) == []


# --- The core's own messages --------------------------------------------------------------

def core_messages() -> dict[str, list[str]]:
    """What the core says for the screens to show, by where: each game's notes, house rules
    (their headings, choices and notes), endings, contracts, rules reference and rulings."""
    said: dict[str, list[str]] = {}
    for key, ruleset in RULESETS.items():
        options = ruleset.resolve_options()
        notes = said.setdefault(f"{key} notes", [])
        notes += [ruleset.title, ruleset.summary, ruleset.players_words, *ruleset.value_notes]
        for hand in range(1, 11):
            try:
                notes += ruleset.hand_notes(hand, options)
            except RefereeInputError as refusal:  # past the game's last hand
                notes.append(refusal.message)
        notes += [contract.describe(ruleset.book_word, ruleset.run_word)
                  for contract in ruleset.contracts]
        for spec in ruleset.option_specs:
            notes += [spec.asked, spec.hint, spec.words, spec.note or "",
                      spec.only_for or "", *map(spec.answer, spec.offered)]
        if ruleset.keeping is not None:
            notes.append(ruleset.keeping.end(options).describe())
        if ruleset.stakes is not None:
            for ending in ruleset.stakes.endings:
                notes += [ending.label, ending.question,
                          *(ending.hint_at({**options, **flip}) for flip in (
                              {}, {spec.name: True for spec in ruleset.option_specs
                                   if spec.type == "bool"}))]
        reference = said.setdefault(f"{key} rules reference", [])
        for section in rules_reference(ruleset):
            reference += [section.title, *(f"{p.title or ''} {p.text} {p.default or ''}"
                                           for p in section.paragraphs),
                          *(" · ".join(row) for row in section.table)]
        rulings = said.setdefault(f"{key} meld rulings", [])
        table = ruleset.configure()
        for cards in ("7D 8D 9D JK", "5H 5S JK JK", "5H 5S 5D JK 2C", "KS KH KD 2H 2S 2D",
                      "AS JK JK JK", "7D 8D", "QH KH AH", "JK JK JK", "4H 4S 3D", "3H 3S 3D"):
            try:
                verdict = table.check_meld(parse_cards(cards))
            except RefereeInputError as refusal:
                rulings.append(refusal.message)
                continue
            rulings.append(verdict.reason or "")
            rulings += [reading.joker_words for reading in verdict.readings
                        if reading.joker_identities]
    return {where: [s for s in sentences if s] for where, sentences in said.items()}


def answered_sentences(answer, key: str = "") -> list[str]:
    """The sentences in an API answer that a screen shows too: its reasons, descriptions and
    messages (not its codes or field paths, which are for programs)."""
    if isinstance(answer, dict):
        return [s for k, v in answer.items() for s in answered_sentences(v, k)]
    if isinstance(answer, list):
        return [s for v in answer for s in answered_sentences(v, key)]
    return [answer] if key in ("reason", "description", "message") and answer else []


def test_the_cores_notes_rulings_and_refusals_read_as_words(rules_client):
    messages = core_messages()
    # The rulings the rules API answers for the documented examples, refusals among them.
    for case in json.loads(CASES_FILE.read_text()):
        answer = rules_client.post(case["path"], json=case["request"]).get_json()
        messages[f"API {case['name']}"] = answered_sentences(answer)
    assert sum(map(len, messages.values())) > 200
    assert offenders(messages) == []


# --- The English, sentence by sentence ------------------------------------------------------

def seen(walk: Walk, where) -> str:
    """The visible text of the walk's pages whose place ``where`` accepts, joined."""
    return " | ".join(" | ".join(pieces) for place, pieces in walk.texts.items() if where(place))


def test_a_tap_overtaken_by_an_undo_says_what_was_undone(walk):
    page = seen(walk, lambda place: place.startswith("overtaken after an undo"))
    assert ("Not recorded: meanwhile Carl discarded 4♣, then someone undid “Carl discarded "
            "4♣”, then Carl discarded 9♣. K♣ is no longer the top discard.") in page
    assert "was undone" not in page


def test_jokers_standing_for_the_same_rank_say_it_once(walk):
    book = seen(walk, lambda place: place.startswith("GET /check/eversol {'cards': '5H 5S JK JK'"))
    assert "Each joker stands for any 5." in book and "any 5, any 5" not in book
    run = seen(walk, lambda place: place.startswith("GET /check/eversol {'cards': 'AS JK JK JK'"))
    assert "Jokers stand for 2♠, 3♠, 4♠; or, placed at the other end, J♠, Q♠, K♠." in (
        run)


def test_a_team_in_the_lead_takes_the_plural(walk):
    games = seen(walk, lambda place: place.startswith("GET /games "))
    assert "Ann & Cy lead ·" in games and "Ann & Cy leads" not in games
    assert "Ann leads ·" in games


def test_players_level_on_the_target_itself_are_not_past_it(walk):
    board = seen(walk, lambda place: place.startswith("GET /games/") and "level" in " ".join(
        walk.texts[place]))
    assert "Ann and Bo are level at the top on 50. A tie plays on" in board
    assert "past 50" not in board


def test_the_break_between_melds_reads_as_its_button(walk):
    tapped = seen(walk, lambda place: place.endswith("500: tapped meld break"))
    assert "Take back the meld break | Next meld | ×" in tapped
    assert "| / |" not in tapped


def test_a_typed_total_says_or_only_after_the_counts_it_replaces(walk):
    five_hundred = seen(walk, lambda place: place.endswith("500: tapped meld break"))
    # 500's counts fold away below the total: nothing comes before it to say "or" to.
    assert "Melded and laid off | Total |" in five_hundred and "or total" not in five_hundred
    eversol = seen(walk, lambda place: place.endswith("mismatch"))
    assert "One Joker more for Abe | + | or total" in eversol


def test_the_home_pages_hidden_words_name_each_game(walk):
    home = seen(walk, lambda place: place.startswith("GET / "))
    assert "Keep score | for Eversol Rummy" in home and "Keep score | for 500 Rummy" in home
    assert "of a Eversol" not in home


def test_a_tonk_on_49_is_offered_only_where_the_house_rule_is_on(walk):
    entry = seen(walk, lambda place: "/hands/" in place)
    assert "Tonk on the deal | Dealt 50, or 6 to 11" in entry
    assert "49" not in entry
    with_49 = seen(walk, lambda place: "/lowest/tonk" in place and "'tonk_on_49': 'y'" in place)
    assert "Tonk on the deal | Dealt 49 or 50, or 6 to 11" in with_49
    without = seen(walk, lambda place: "/lowest/tonk" in place and "tonk_on_49" not in place)
    assert "Tonk on the deal | Dealt 50, or 6 to 11" in without


def test_500s_house_rules_say_each_choice_in_words(walk):
    setup = seen(walk, lambda place: place.startswith("GET /games/new/500"))
    assert "How are the cards counted? | At face value | In fives, tens and fifteens" in setup
    refused = seen(walk, lambda place: place.endswith("/games/new/500 refused"))
    assert "Choose one of the answers." in refused
    rules = seen(walk, lambda place: place.startswith("GET /rules/500"))
    assert "Default: | One taken from under the top" in rules
    assert "Default: | By melding every card" in rules


# --- A house rule the table as seated cannot use --------------------------------------------

def seated(*names, **extra) -> dict:
    return {**{f"players-{i}": name for i, name in enumerate(names)}, **extra}


TWO_PLAYER_DEAL = "How many cards are dealt to each of two players?"


def two_player_deal(page: str) -> str:
    start = page.index(TWO_PLAYER_DEAL)
    return page[page.rfind("<fieldset", 0, start):page.index("</div>", start)]


def test_the_two_player_deal_is_greyed_out_with_four_seated_and_says_why(client):
    four = send(client, "/games/new/500",
                seated("Ann", "Bo", "Cy", "Di", option_two_player_deal="7"))
    rule = two_player_deal(four.get_data(as_text=True))
    assert re.search(r'<fieldset class="chips chips--idle" disabled aria-describedby=', rule)
    assert "Only when 2 play. 4 are seated." in visible_text(rule)
    # Disabled radios post nothing: the choice rides along hidden, as chosen.
    assert 'type="hidden" name="option_two_player_deal" value="7"' in rule
    two = send(client, "/games/new/500", seated("Ann", "Bo", option_two_player_deal="7"))
    rule = two_player_deal(two.get_data(as_text=True))
    assert "disabled" not in rule and "Only when" not in rule
    assert 'name="option_two_player_deal" value="7" checked' in rule


def test_nobody_seated_yet_leaves_the_two_player_deal_open(client):
    rule = two_player_deal(client.get("/games/new/500").get_data(as_text=True))
    assert "disabled" not in rule and "Only when" not in rule


def test_a_game_of_four_starts_with_the_two_player_deal_greyed_out(client):
    started = send(client, "/games/new/500", seated(
        "Ann", "Bo", "Cy", "Di", dealer="Ann", decks="auto", start="1",
        option_two_player_deal="13"))
    assert started.status_code == 303, errors(started)
    game = client.get(f"/api/v1/games/{started.headers['Location'].rsplit('/', 1)[1]}")
    assert game.status_code == 200


def test_a_tables_rules_page_says_the_two_player_deal_is_not_played_by_three(walk):
    # The 500 game of the walk seats three.
    rules = seen(walk, lambda place: place.startswith("GET /games/") and place.endswith(
        "/rules ") and TWO_PLAYER_DEAL in walk.texts[place])
    assert f"{TWO_PLAYER_DEAL} | Cards dealt to each of two players. | Default: | 13 cards | · " \
           "| This table: | not played (only when 2 play)" in rules
