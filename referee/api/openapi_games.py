"""The kept games' part of the OpenAPI document (joined to it on import)."""

from __future__ import annotations

from typing import Any

from ..core.games.registry import RULESETS
from ..core.text import MAX_DIGITS, MAX_NAME, MAX_REASON
from ..store.games import HISTORY_PAGE
from .games import LONGEST_HISTORY_PAGE
from .openapi import PASSWORD_OR_NONE, PATHS, RESPONSES, SCHEMAS, _error, _json, _ref

KEPT_RULESETS = [key for key, ruleset in RULESETS.items() if ruleset.keeping is not None]
# A name is read with its spaces trimmed: one of spaces alone is no name (400 missing_field).
NAME = {"type": "string", "pattern": r"\S",
        "description": "A player's name, as given when the game was made."}
NEW_NAME = {"type": "string", "pattern": r"\S", "description": (
    f"At most {MAX_NAME} letters, as on the screen; kept in Unicode NFC with single spaces. "
    "Refused (422, bad_text): control, zero-width and direction characters, every other that "
    "shows nothing (Unicode's default ignorable ones, such as the Hangul fillers, and the "
    "blank braille cell), NUL and lone surrogates; a variation selector or joiner kept in a "
    "name is not counted when names are compared.")}
POINTS = {"type": "object", "additionalProperties": {"type": "integer"},
          "description": "Points by player's name."}

def _together(key: str) -> tuple[int, int]:
    """What a game's typed scores may add up to, as its ruleset bounds them."""
    bounds = RULESETS[key].keeping.score_bounds
    assert bounds is not None
    return bounds(("", " "), None).together


(PIQUET_LEAST, PIQUET_MOST), (_, ESCOBA_MOST) = _together("piquet"), _together("escoba")
TYPED_SCORES = {"type": "object", "additionalProperties": {"type": "integer", "minimum": 0},
                "description": "Piquet and Escoba: each player's points for the hand, as the "
                               "table worked them out, held to what the cards allow (else "
                               "422 bad_hand_entry at the score): a Piquet deal's add up to "
                               f"{PIQUET_LEAST} to {PIQUET_MOST}, the elder's 1 at least; an "
                               f"Escoba hand's to {ESCOBA_MOST} at the most."}
PIQUET_ELDER = {**NAME, "description": (
    "Piquet, with deal: who was elder (the non-dealer) in the deal.")}
PIQUET_DEAL = {"type": "object", "description": (
    "Piquet, with elder: the deal's score sheet, the body POST /piquet/deal takes "
    "(declarations, tricks, last_trick, pique_reached); its scores are saved as the hand's.")}
ESCOBA_SIDES = {"type": "object", "description": (
    "Escoba: every player's captures, by name, as POST /escoba/score takes its sides (the "
    "cards and escobas, or the counts); the points they score are saved as the hand's.")}
GAME_BOOKS = {"type": "object", "additionalProperties": {"type": "integer", "minimum": 0},
              "description": (
    "Authors and Go Fish: each player's books in one game of the night (a hand is a game), "
    "together all the deck holds (13, or 26 pairs in Go Fish with pairs). The most books "
    "score 1, each of several tied; the totals are games won.")}
MELDED_AND_HELD = {"type": "object", "additionalProperties": {
    "type": "object", "required": ["melded", "held"], "additionalProperties": False,
    "properties": {"melded": {"type": "integer", "minimum": 0},
                   "held": {"type": "integer", "minimum": 0}}}, "description": (
    "500 and Base Rules: by player's name, the value of the cards they melded or laid off "
    "this hand and of the cards still in their hand; the hand's score is melded minus held. "
    "Each must be a total some cards make (no held 1; no melded 1 in Base Rules); the one "
    "out holds 0 and melded more than 0 (Base Rules: at least the seven cards dealt, so 17 "
    "or more); everyone else holds a card (held above 0), except "
    "a 500 player floating under its house rules. Else 422 bad_hand_entry.")}
WENT_OUT = {"type": ["string", "null"], "pattern": r"\S", "description": (
    "Who went out; null when the hand ended without anyone out (500: the stock ran out).")}
WENT_RUMMY = {"type": "boolean", "default": False, "description": (
    "Basic Rummy: the one who went out laid every card at once, and collects double.")}
TEAMS_ENTRY = {"allOf": [_ref("TeamEntries")], "description": (
    "Hand and Foot: each team's numbers by the team's name (any case), every team once; "
    "errors name event.teams.<team>.<field>. The teams' numbers together must fit in the "
    "decks.")}
SIDE_POINTS = {"type": "object", "additionalProperties": {"type": "integer"}, "description": (
    "Points by player's name; in a game played in teams, by team's name.")}
SIDE = {"type": "string", "description": "A player's name, or in a game played in teams a "
                                         "team's."}
TEAM = {"type": "object", "required": ["name", "players"], "properties": {
    "name": {"type": "string"}, "players": {"type": "array", "items": {"type": "string"}}}}
HAND_POINTS = {**POINTS, "description": (
    "Eversol: everyone's points caught with (the one out: 0, or rummy penalties under Ari's "
    "rule, two cards a call, so 10 at the least: else 422 bad_hand_entry), each a multiple "
    "of 5, at least 5. Basic Rummy: each other player's points held (at least 1), never more "
    "than the cards dealt are worth (ten cards to two players: 100; seven to three or four: "
    "70; six to more: 60), and all of them together no more than the others' dealt cards "
    "can be (five players: 228); else 422 bad_hand_entry.")}
GAME_ID = {"name": "game_id", "in": "path", "required": True, "schema": {"type": "string"},
           "description": "The game's id: unguessable, so it is also the key to read it."}
EDIT_KEY = {"name": "X-Edit-Key", "in": "header", "required": False,
            "schema": {"type": "string"},
            "description": "The edit key given when the game was made (or an edit_key field)."}

CARD_OR_NULL = {"type": ["string", "null"], "pattern": r"\S", "description": (
    "A card (see Card), or null (or left out) when the referee was not told it.")}
MELD_NUMBER = {"type": "integer", "minimum": 0, "description": (
    "A meld on the table, counted from 0 in the order the melds were laid (as live.melds "
    "lists them).")}
COUNTS = {"type": "object", "additionalProperties": {"type": "integer", "minimum": 0},
          "description": "A count by player's name."}


def _step(kind: str, description: str, required: tuple[str, ...] = ("player",),
          **properties: Any) -> dict[str, Any]:
    """One step of a hand followed live, as an event: ``type`` and its fields."""
    fields = {"player": NAME, **properties} if "player" in required else properties
    return {"type": "object", "required": ["type", *required],
            "properties": {"type": {"enum": [kind]}, **fields}, "description": description}


# A hand followed live: the upcard turned at the deal, then every step of play, each refused
# (422 illegal_step, nothing written) when the rules do not allow it at that moment.
LIVE_EVENTS = [
    {"type": "object", "required": ["type", "hand"], "properties": {
        "type": {"enum": ["upcard_turned"]}, "hand": {"type": "integer", "minimum": 1},
        "card": CARD_OR_NULL},
     "description": "The deal of the hand being played, followed live from here: the card "
                    "turned face up. Refused once the hand's first step is played."},
    _step("drew", "The player whose turn it is draws: the stock's top card, or the top "
                  "discard free.", ("player", "source"),
          source={"enum": ["stock", "discard"]}, card=CARD_OR_NULL),
    _step("discarded", "The player whose turn it is throws a card, ending the turn (or the "
                       "hand, with their last card).", card=CARD_OR_NULL),
    _step("buy_claimed", "A player who is not to play asks to buy the top discard; the first "
                         "after the current player in order of play gets it."),
    _step("buy_withdrawn", "A request to buy taken back."),
    _step("bought", "The buy settled: the player takes the top discard and one penalty card "
                    "from the stock (asking first is not needed). The player whose turn it is "
                    "may take the discard free before anyone buys it: while they have not "
                    "drawn, the ruling's reason says the buy stands only if they let it go, "
                    "and passed names them letting it go in this same step.",
          card=CARD_OR_NULL, penalty=CARD_OR_NULL,
          passed={"type": ["string", "null"], "pattern": r"\S", "description": (
              "The player whose turn it is, before drawing, passing on the card.")}),
    _step("went_down", "The contract laid after the draw, melds as they lie (a run in order); "
                       "swaps buy played jokers with their natural cards in the same turn.",
          ("player", "melds"),
          melds={"type": "array", "minItems": 1,
                 "items": {"type": "array", "items": _ref("Card")}},
          swaps={"type": "array", "items": {"type": "object", "required": ["meld", "card"],
                                            "properties": {"meld": MELD_NUMBER,
                                                           "card": _ref("Card")}}}),
    _step("laid_off", "A player who is down adds a card to a meld on the table, on their own "
                      "turn after the draw; JK=6D places a joker.", ("player", "meld", "card"),
          meld=MELD_NUMBER, card=_ref("Card")),
    _step("rummy_called", "A call of rummy on the top discard, which must have fitted a meld "
                          "on the table as it lay when the card was thrown; the caller throws "
                          "a card of their own (needed under Ari's rule, which charges both to "
                          "the thrower). The game keeps the call with the card, its thrower "
                          "and the points charged (card, thrower, charged); a client may send "
                          "them, and they must be the hand's.", ("caller",),
          caller=NAME, callers_discard=CARD_OR_NULL,
          meld={"type": ["integer", "null"], "minimum": 0,
                "description": "With rummy_card \"meld\": the meld the rummy card goes on."},
          card=CARD_OR_NULL, thrower={"type": ["string", "null"], "pattern": r"\S"},
          charged={"type": ["integer", "null"], "minimum": 0}),
    # Jack Change It's round, followed from its upcard_turned: each turn is one step.
    _step("cards_played", "Jack Change It: the player whose turn it is plays a card, or a 2 "
                          "and the A♥ together; a jack names the suit it changes to (call). "
                          "The round's winner is scored with the step that empties a hand.",
          ("player", "cards"),
          cards={"type": "array", "minItems": 1, "maxItems": 2, "items": _ref("Card")},
          call={"enum": ["S", "H", "D", "C", None]}),
    _step("drew_cards", "Jack Change It: the player whose turn it is draws the whole waiting "
                        "draw, else one card; the turn passes. The game keeps how many "
                        "(drawn).", drawn={"type": ["integer", "null"], "minimum": 0}),
]

EVENT = {"oneOf": [
    {"type": "object", "required": ["type", "dealer"], "properties": {
        "type": {"enum": ["dealer_chosen"]}, "dealer": NAME,
        "drawn": {"type": "boolean", "default": False,
                  "description": "Drawn at random (true) or chosen by the table (false)."}},
     "description": "Before hand 1 is scored: who deals first."},
    {"type": "object", "required": ["type", "decks"], "properties": {
        "type": {"enum": ["decks_changed"]}, "decks": {"type": "integer", "minimum": 1,
                                                        "maximum": 8}},
     "description": "Between hands (no hand being followed): the table plays on with this "
                    "many decks, enough to deal the hand being played. A hand the decks "
                    "cannot deal (say six players, one deck, hand 4) cannot be dealt, "
                    "followed or scored until then (illegal_event, naming the decks needed)."},
    {"type": "object", "required": ["type", "hand"], "properties": {
        "type": {"enum": ["hand_scored"]}, "hand": {"type": "integer", "minimum": 1},
        "went_out": WENT_OUT, "points": HAND_POINTS, "players": MELDED_AND_HELD,
        "went_rummy": WENT_RUMMY, "teams": TEAMS_ENTRY, "scores": TYPED_SCORES,
        "elder": PIQUET_ELDER, "deal": PIQUET_DEAL, "sides": ESCOBA_SIDES,
        "books": GAME_BOOKS,
        "entries": {"type": "object", "description": (
            "How each number was entered, by player: {\"way\": \"cards\", \"cards\": "
            "[...]}, {\"way\": \"counts\", \"counts\": {\"2-9\", \"10-K\", \"A\", "
            "\"joker\"}}, {\"way\": \"total\", \"total\"} or {\"way\": \"penalty\"}, "
            "each with an optional \"penalty\" (Ari's rule).")},
        "overrides_referee": {"type": "boolean", "default": False, "description": (
            "After a hand the referee followed to its end, points that contradict what it "
            "saw (the cards each player kept: as many tapped or counted, a total those cards "
            "can make, the cards seen going into the hand included; each rummy penalty) "
            "answer 422 referee_mismatch naming each mismatch; so does a score sent while "
            "the referee follows the hand and has seen nobody go out. true saves them "
            "anyway, for when the referee missed a step; the game keeps what did not "
            "agree.")}},
     "description": "The hand being played ends, entered as the game's ruleset asks (the "
                    "ruleset's keeping in GET /rulesets): Eversol: went_out and points; 500 "
                    "and Base Rules: went_out and players; Basic Rummy: went_out, went_rummy "
                    "and points; Hand and Foot: teams alone (each team says whether it went "
                    "out); Piquet: scores, or elder and deal; Escoba: scores, or sides; Authors and Go Fish: books. went_out is required but in a game played in teams. A field "
                    "another game uses is refused (bad_hand_entry)."},
    {"type": "object", "required": ["type", "hand", "reason"],
     "properties": {
         "type": {"enum": ["hand_corrected"]}, "hand": {"type": "integer", "minimum": 1},
         "went_out": WENT_OUT, "points": HAND_POINTS, "players": MELDED_AND_HELD,
         "went_rummy": WENT_RUMMY, "teams": TEAMS_ENTRY, "scores": TYPED_SCORES,
         "elder": PIQUET_ELDER, "deal": PIQUET_DEAL, "sides": ESCOBA_SIDES,
        "books": GAME_BOOKS, "reason": {
             "type": "string", "pattern": r"\S",
             "description": f"Why, for the history: at most {MAX_REASON} letters, as on the "
                            "screen; no NUL and no lone surrogate (any text sent is refused "
                            "with either)."},
         "entries": {"type": "object"}},
     "description": "A scored hand entered again, as hand_scored enters it, with the reason. "
                    "Refused when the corrected totals would have ended the game before the "
                    "hands played since."},
    {"type": "object", "required": ["type"], "properties": {"type": {"enum": ["game_ended"]}},
     "description": "The table stops the game early, after at least one scored hand: the "
                    "ranking as it stands decides the winners."},
    {"type": "object", "required": ["type", "name", "new_name"], "properties": {
        "type": {"enum": ["player_renamed"]}, "name": NAME, "new_name": NEW_NAME},
     "description": "A player's name corrected, in any game, between hands: every hand so far "
                    "is theirs under new_name (a team named after its players follows). 422 "
                    "illegal_event for a name no one plays under, or one already in the game."},
    {"type": "object", "required": ["type", "name"], "properties": {
        "type": {"enum": ["player_seated"]}, "name": NEW_NAME,
        "seat": {"type": ["integer", "null"], "minimum": 1, "description": (
            "Where they sit: 1 is the first seat; null or absent, after the last.")}},
     "description": "A latecomer seated between hands, where the game's ruleset allows it "
                    "(keeping.seats_change): their total starts at 0 (each hand already "
                    "played scores 0 for them), and the hand being played is still dealt by "
                    "its dealer; the deal then goes round the new table. A player who left "
                    "comes back with their total."},
    {"type": "object", "required": ["type", "name"], "properties": {
        "type": {"enum": ["player_left"]}, "name": NAME},
     "description": "A player who leaves between hands, where the ruleset allows it: dealt no "
                    "more hands, their total kept in totals and ranking (and each later hand "
                    "scores 0 for them), listed in left. Refused (illegal_event) where the "
                    "game would have fewer players than it needs."},
    *LIVE_EVENTS,
]}

SCHEMAS.update({
    "GameCreateRequest": {"type": "object", "required": ["ruleset", "players"], "properties": {
        "ruleset": {"enum": KEPT_RULESETS, "description": "Any game the scorekeeper keeps."},
        "players": {"type": "array", "items": NEW_NAME, "minItems": 2,
                    "description": "2 to 20 names in seating order (play passes left)."},
        "first_dealer": {"type": ["string", "null"],  # a seat number is the app's own
                         "description": "Who deals hand 1; drawn at random when absent."},
        "decks": {"type": ["integer", "null"], "minimum": 1, "maximum": 8, "description": (
            "Absent: the game's recommendation for the players. More than the game's "
            "most_decks (GET /rulesets; 1 for a one-deck game) answers 422 bad_decks.")},
        "options": {"type": ["object", "null"]},
        "teams": {"type": ["array", "null"], "items": TEAM, "description": (
            "Hand and Foot: the partnerships, each a name and its players (2 teams of 2, 2 of "
            "3 or 3 of 2; every player in one team); the game seats them alternately. "
            "Absent: two teams of partners sitting across, named after their players. 422 "
            "bad_teams for teams no table could seat; refused in a game not played in "
            "teams. Escoba: for four, two teams of 2 seated alternately (absent: each plays "
            "alone); its hands are then scored by team name.")}}},
    "GameEventRequest": {"type": "object", "required": ["expected_version", "event"],
                         "properties": {"expected_version": {"type": "integer", "minimum": 0},
                                        "event": {"$ref": "#/components/schemas/GameEvent"},
                                        "edit_key": {"type": "string"}}},
    "GameUndoRequest": {"type": "object", "required": ["expected_version"],
                        "properties": {"expected_version": {"type": "integer", "minimum": 0},
                                       "edit_key": {"type": "string"}}},
    "GameEvent": EVENT,
    "Game": {"type": "object", "required": [
        "id", "version", "ruleset", "players", "hand", "dealer", "hands", "totals", "leaders",
        "finished", "winners", "ranking", "end", "live"], "properties": {
        "id": {"type": "string"}, "version": {"type": "integer", "minimum": 0},
        "edit_key": {"type": "string", "description": "Only in the answer that made the game."},
        "ruleset": {"type": "string"}, "decks": {"type": "integer"},
        "options": {"type": "object"},
        "players": {"type": "array", "items": NAME, "description": "Who plays now, in "
                    "seating order."},
        "left": {"type": "array", "items": NAME, "description": (
            "Who left the game midway (player_left): their totals stay in totals and "
            "ranking.")},
        "teams": {"type": ["array", "null"], "items": TEAM, "description": (
            "In a game played in teams, the teams (scores, totals, ranking and winners are "
            "then by team); null otherwise.")},
        "hand": {"type": ["integer", "null"], "description": "The hand being played; null once "
                 "the game is over."},
        "hands_in_game": {"type": ["integer", "null"], "description": (
            "How many hands the game has; null when it plays to a target.")},
        "end": {"type": "object", "required": ["hands", "target", "must_go_out", "description"],
                "properties": {"hands": {"type": ["integer", "null"]},
                               "target": {"type": ["integer", "null"]},
                               "must_go_out": {"type": "boolean"},
                               "description": {"type": "string"}},
                "description": "When the game ends: after a set number of hands, or after "
                               "the hand in which a total reaches the target (a tie for the "
                               "best total plays on; must_go_out: only the player who went "
                               "out at or past it wins)."},
        "ranking_order": {"enum": ["lowest_first", "highest_first"]},
        "margin": {"type": ["integer", "null"], "description": (
            "Piquet, once its six deals are played: the winner's margin, the difference of "
            "the totals plus 100, or both totals plus 100 when the loser stayed under 100 "
            "(the Rubicon); null on equal totals. Absent in other games and before.")},
        "rubicon": {"type": "boolean", "description": (
            "Piquet, once finished: the loser stayed under 100.")},
        "finish": {"type": "string", "description": (
            "Piquet, once finished: the result in words, as the screens say it.")},
        "winners": {"type": "array", "items": SIDE, "description": (
            "Once finished, who won (equal best totals share it; a team in a game played in "
            "teams); empty until then.")},
        "dealer": {"type": ["string", "null"]}, "first_player": {"type": ["string", "null"]},
        "contract": {"type": ["object", "null"]},
        "hands": {"type": "array", "items": {"type": "object", "required": [
            "hand", "went_out", "scores"], "properties": {
            "hand": {"type": "integer"}, "went_out": WENT_OUT, "dealer": NAME,
            "scores": {**SIDE_POINTS, "description": "Each player's (or team's) score for the "
                                                     "hand, as the totals count it."},
            "points": HAND_POINTS, "players": MELDED_AND_HELD, "went_rummy": WENT_RUMMY,
            "teams": TEAMS_ENTRY, "books": GAME_BOOKS,
            "corrections": {"type": "array", "items": {"type": "string"}},
            "saved_anyway": {"type": "array", "items": {"type": "object", "properties": {
                "player": NAME, "message": {"type": "string"}}}, "description": (
                "Saved with overrides_referee: what did not agree with the followed hand.")}}}},
        "short_deal": {"type": ["object", "null"], "description": (
            "Why the decks in play cannot deal the hand being played (null when they can): "
            "a decks_changed event to decks_needed lets it be dealt."), "properties": {
            "message": {"type": "string"}, "decks_needed": {"type": "integer"}}},
        "totals": SIDE_POINTS,
        "leaders": {"type": "array", "items": SIDE},
        "finished": {"type": "boolean"},
        "ranking": {"type": "array", "items": {"type": "object", "required": [
            "place", "name", "total"], "properties": {
            "place": {"type": "integer", "minimum": 1}, "name": SIDE,
            "total": {"type": "integer"}}}},
        "archived": {"type": "boolean"},
        "live": {"oneOf": [_ref("LiveHand"), _ref("FollowedRound"), {"type": "null"}],
                 "description": (
            "The hand being played, when it is followed live (from its upcard_turned or "
            "first step until it is scored); null otherwise. A Jack Change It round is a "
            "FollowedRound.")},
    }},
    "GameHistory": {"type": "object", "required": ["id", "version", "events", "older"],
                    "properties": {
        "id": {"type": "string"},
        "version": {"type": "integer", "minimum": 0, "description": "The game's version."},
        "events": {"type": "array", "description": (
            "Up to limit events made before version before (the newest ones without it), "
            "oldest first; undone events stay, with the version that undid them. A step of "
            "a followed hand is kept as sent with what the referee saw filled in: the card "
            "drawn from the pile or bought, and a rummy call's card, thrower and charge."),
            "items": {"type": "object", "required": ["version", "type", "event", "at",
                                                     "undone_in"], "properties": {
                "version": {"type": "integer", "minimum": 1,
                            "description": "The game's version this event made."},
                "type": {"type": "string"}, "event": {"type": "object"},
                "at": {"type": "string", "description": "When it was made (UTC, ISO 8601)."},
                "undone_in": {"type": ["integer", "null"], "description": (
                    "The game's version that undid it; null while it counts.")}}}},
        "older": {"type": ["string", "null"], "description": (
            "The address of the page before this one; null at the game's start.")}}},
    "FollowedRound": {"type": "object", "required": [
        "hand", "dealer", "upcard", "turn", "top", "suit", "direction", "pending_draw",
        "pending", "hands", "stock", "rebuilds", "steps", "said", "last_step"],
        "description": "A Jack Change It round followed turn by turn.", "properties": {
        "hand": {"type": "integer", "minimum": 1}, "dealer": NAME, "upcard": _ref("Card"),
        "turn": {"allOf": [NAME], "description": "Whose turn it is."},
        "top": _ref("Card"),
        "suit": {"enum": ["S", "H", "D", "C", None], "description": "The suit a jack called."},
        "direction": {"enum": ["left", "right"]},
        "pending_draw": {"type": "integer", "minimum": 0, "description": (
            "Cards the player to play must draw unless they answer them.")},
        "pending": {"enum": ["two", "ace_of_hearts", None]},
        "hands": COUNTS, "stock": {"type": "integer", "minimum": 0},
        "rebuilds": {"type": "integer", "minimum": 0, "description": (
            "Times the pile under the top card became the stock.")},
        "steps": {"type": "integer", "minimum": 0},
        "said": {"type": "string", "description": "What the referee said of the last step."},
        "last_step": {"type": ["object", "null"]}}},
    "LiveHand": {"type": "object", "required": [
        "hand", "dealer", "current", "phase", "drew", "top", "claims", "pending_buy", "buys",
        "down", "melds", "held", "stock", "new_stocks", "dead", "set_aside", "rummy_penalties",
        "warnings", "went_out", "upcard", "steps", "last_step", "buys_left", "rummy_callers",
        "scoring"],
        "properties": {
        "hand": {"type": "integer", "minimum": 1},
        "dealer": NAME,
        "current": {"allOf": [NAME], "description": "Whose turn it is (once over: who went "
                                                    "out)."},
        "phase": {"enum": ["draw", "play", "over"], "description": (
            "draw: the current player must draw first; play: has drawn, may go down or lay "
            "off, and discards to end the turn; over: someone went out.")},
        "drew": {"enum": ["stock", "discard", None], "description": "This turn's draw."},
        "top": {"type": ["object", "null"], "required": ["card", "by"], "properties": {
            "card": CARD_OR_NULL,
            "by": {"type": ["string", "null"], "description": "Who threw it; null for the "
                                                              "upcard."}},
            "description": "The top discard while it can still be taken, bought or called "
                           "rummy; null once covered, taken or called."},
        "claims": {"type": "array", "items": NAME, "description": "Who asked to buy it."},
        "pending_buy": {"type": ["object", "null"], "required": ["outcome", "player", "reason"],
                        "properties": {
                            "outcome": {"enum": ["take", "buy", "dead", "none"]},
                            "player": {"type": ["string", "null"]},
                            "reason": {"type": "string"}},
                        "description": "How the requests to buy would be settled now."},
        "buys": COUNTS,
        "buys_left": {"type": "object",
                      "additionalProperties": {"type": ["integer", "null"], "minimum": 0},
                      "description": "Buys each player has left under buy_limit; null: no "
                                     "limit."},
        "rummy_callers": {"type": "array", "items": NAME, "description": (
            "Who may call rummy on the top discard now, as the referee's screen offers it: "
            "never on the upcard, a card not said or one thrown before anyone was down, nor "
            "by its thrower or a player it would leave with no card. With the house option "
            "offer_rummy_only_when_it_fits off, a card that fits no meld is offered too (the "
            "table must notice) and the call is refused; on, only a card that fits.")},
        "down": {"type": "array", "items": NAME, "description": "In the order they went down."},
        "melds": {"type": "array", "items": {"type": "object", "required": [
            "owner", "kind", "cards"], "properties": {
            "owner": NAME, "kind": _ref("MeldKind"),
            "cards": {"type": "array", "items": _ref("Card"), "description": (
                "As they lie, lay-offs included; a run's joker says what it stands for "
                "(JK=6H).")}}},
            "description": "The melds on the table in the order laid: steps name them by "
                           "their place here, from 0."},
        "held": COUNTS,
        "stock": {"type": "integer", "minimum": 0},
        "new_stocks": {"type": "array", "items": {"type": "integer", "minimum": 1},
                       "description": "Each time the stock ran out, how many dead cards were "
                                      "turned over as the new stock."},
        "dead": {"type": "array", "items": CARD_OR_NULL, "description": (
            "Cards out of play, turned over when the stock runs out: covered discards, and "
            "called rummy cards when Ari's rule is off.")},
        "set_aside": {"type": "object", "additionalProperties": {
            "type": "array", "items": _ref("Card")}, "description": (
            "Ari's rule: each player's called rummy cards and the callers' discards, lying by "
            "the thrower, charged to them and never turned into a new stock.")},
        "rummy_penalties": POINTS,
        "warnings": {"type": "array", "items": {"type": "string"}, "description": (
            "Etiquette about the top discard (a thrown joker buyer): never a refusal.")},
        "went_out": {"type": ["string", "null"]},
        "upcard": {"allOf": [CARD_OR_NULL], "description": "The card turned at the deal, "
                                                          "kept after it leaves the pile."},
        "steps": {"type": "integer", "minimum": 0, "description": "Steps played this hand."},
        "last_step": {"type": ["object", "null"], "required": ["type", "description"],
                      "properties": {"type": {"type": "string"},
                                     "description": {"type": "string"}},
                      "description": "The newest step as its event, with a sentence saying "
                                     "it; null before the first."},
        "scoring": {"type": ["object", "null"], "required": [
            "went_out", "rummy_penalties", "held", "held_points"], "properties": {
            "went_out": NAME, "rummy_penalties": POINTS, "held": COUNTS,
            "held_points": {"type": "object", "additionalProperties": {
                "type": "object", "required": ["least", "most"], "properties": {
                    "least": {"type": "integer", "minimum": 0},
                    "most": {"type": "integer", "minimum": 0}}}}},
            "description": (
                "Once someone went out, what the hand_scored event needs: who went out (a "
                "hand_scored naming anyone else is refused), Ari's rule's points to add to "
                "what each player is caught with (the one out scores those alone), how "
                "many cards each still holds, and for each other player the least and most "
                "those cards can be worth, counting the cards seen going into the hand (a "
                "joker bought, a discard taken) and leaving out every card seen lying "
                "elsewhere (melds on the table, dead cards, the pile, other players' seen "
                "cards); points outside that answer 422 referee_mismatch.")},
    }},
})

RESPONSES.update({
    "EditKeyNeeded": _json(_ref("Error"), "Writing needs the game's edit key."),
    "GameNotFound": _json(_ref("Error"), "There is no game with that id."),
    "DamagedGame": _json(_ref("Error"), (
        "damaged_game: the game's stored record cannot be read (changed on disk), so it can be "
        "neither shown nor changed; every other game still works. Restore a backup made "
        "before the damage (referee restore).")),
    "StaleVersionOrDamagedGame": _json(_ref("Error"), (
        "stale_version: another device changed the game first (expected_version is not the "
        "game's version); nothing was changed and the ETag header carries the current "
        "version. Or damaged_game: the game's stored record cannot be read; restore a backup "
        "made before the damage (referee restore).")),
})

_WRITE_ERRORS = {"400": _error("BadRequest"), "403": _error("EditKeyNeeded"),
                 "404": _error("GameNotFound"), "405": _error("MethodNotAllowed"),
                 "409": _error("StaleVersionOrDamagedGame"), "413": _error("TooLarge"),
                 "422": _error("Unprocessable"), "500": _error("InternalError"),
                 "503": _error("StorageUnavailable")}


def _write(summary: str, request: str, example: dict[str, Any],
           more: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"post": {
        "summary": summary, "parameters": [GAME_ID, EDIT_KEY],
        "requestBody": {"required": True, "content": {"application/json": {
            "schema": _ref(request),
            "examples": {"example": {"value": example}, **(more or {})}}}},
        "responses": {"201": _json(_ref("Game"), "The game after the change, with its new "
                                   "version (also as the ETag)."), **_WRITE_ERRORS},
    }}




def _live_example(version: int, summary: str, event: dict[str, Any]) -> dict[str, Any]:
    return {"summary": summary, "value": {"expected_version": version, "event": event}}


# One hand 1 of a new game of Abe, Ben and Carl, Abe dealing, followed live: each example's
# expected_version counts the events before it, some of them (more draws and discards) not
# shown. tests/test_api_live_game.py plays the whole hand and sends each example as it comes.
LIVE_EXAMPLES = {
    "upcard_turned": _live_example(0, "Abe deals hand 1 and turns up 9D.", {
        "type": "upcard_turned", "hand": 1, "card": "9D"}),
    "drew": _live_example(1, "Ben, left of the dealer, lets 9D go and draws from the stock.", {
        "type": "drew", "player": "Ben", "source": "stock"}),
    "discarded": _live_example(2, "Ben throws KH.", {
        "type": "discarded", "player": "Ben", "card": "KH"}),
    "buy_claimed": _live_example(3, "Abe asks to buy KH.", {
        "type": "buy_claimed", "player": "Abe"}),
    "buy_withdrawn": _live_example(4, "Abe changes his mind.", {
        "type": "buy_withdrawn", "player": "Abe"}),
    "bought": _live_example(5, "Ben buys back his KH, with 2S as the penalty card.", {
        "type": "bought", "player": "Ben", "card": "KH", "penalty": "2S"}),
    "went_down": _live_example(11, "Ben goes down: two books, a joker among the sixes.", {
        "type": "went_down", "player": "Ben",
        "melds": [["6H", "6S", "JK"], ["8C", "8S", "8D"]]}),
    "laid_off": _live_example(12, "Ben lays 6D off on his book of sixes (meld 0).", {
        "type": "laid_off", "player": "Ben", "meld": 0, "card": "6D"}),
    "rummy_called": _live_example(14, "Ben throws 8H, which fits his book of eights: Carl "
                                      "calls rummy and throws 3C.", {
        "type": "rummy_called", "caller": "Carl", "callers_discard": "3C"}),
}

SCORED_EXAMPLES = {
    "hand_scored_500": {"summary": "500 Rummy, Ann and Bo: the stock ran out.", "value": {
        "expected_version": 0, "event": {
            "type": "hand_scored", "hand": 1, "went_out": None,
            "players": {"Ann": {"melded": 45, "held": 10}, "Bo": {"melded": 0, "held": 32}}}}},
    "hand_scored_basic": {"summary": "Basic Rummy: Ann went rummy and collects double.",
                          "value": {"expected_version": 0, "event": {
                              "type": "hand_scored", "hand": 1, "went_out": "Ann",
                              "went_rummy": True, "points": {"Bo": 12, "Cy": 7}}}},
    "hand_scored_hand_and_foot": {
        "summary": "Hand and Foot: Us went out with its piles; Them lost 50 to a penalty.",
        "value": {"expected_version": 0, "event": {
            "type": "hand_scored", "hand": 1, "teams": {
                "Us": {"melded": 905, "held": 0, "clean_piles": 2, "dirty_piles": 2,
                       "wild_piles": 1, "red_threes": 1, "went_out": True},
                "Them": {"melded": 300, "held": 85, "clean_piles": 0, "dirty_piles": 1,
                         "wild_piles": 0, "red_threes": 0, "went_out": False,
                         "penalties": 50}}}}},
    "game_ended": {"summary": "The table stops here.", "value": {
        "expected_version": 3, "event": {"type": "game_ended"}}},
}

PATHS.update({
    "/games": {"post": {
        "summary": "Make a kept game: players in seating order, the first dealer, decks, "
                   "house options. The answer carries the edit key, once.",
        "requestBody": {"required": True, "content": {"application/json": {
            "schema": _ref("GameCreateRequest"), "examples": {"example": {"value": {
                "ruleset": "eversol", "players": ["Abe", "Ben", "Carl"],
                "first_dealer": "Abe"}}}}}},
        "security": PASSWORD_OR_NONE,
        "responses": {"201": _json(_ref("Game"), "The new game, at version 0."),
                      "400": _error("BadRequest"), "401": _error("PasswordNeeded"),
                      "405": _error("MethodNotAllowed"), "413": _error("TooLarge"),
                      "422": _error("Unprocessable"), "429": _error("TooManyGuesses"),
                      "500": _error("InternalError"),
                      "503": _error("StorageUnavailable")},
    }},
    "/games/{game_id}": {"get": {
        "summary": "A game's state, derived from its events, with an ETag; a matching "
                   "If-None-Match answers 304 with no body.",
        "parameters": [GAME_ID],
        "responses": {"200": _json(_ref("Game"), "The game."),
                      "304": {"description": "Not changed since the ETag sent."},
                      "404": _error("GameNotFound"), "405": _error("MethodNotAllowed"),
                      "409": _error("DamagedGame"), "500": _error("InternalError"),
                      "503": _error("StorageUnavailable")},
    }},
    "/games/{game_id}/history": {"get": {
        "summary": "The game's events, a page at a time, newest page first: what the game "
                   "document leaves out, since every watching device polls it.",
        "parameters": [GAME_ID,
                       {"name": "before", "in": "query", "required": False,
                        "schema": {"type": "integer", "minimum": 1,
                                   "maximum": 10 ** MAX_DIGITS - 1}, "description": (
                            "Events made before this version; without it, the newest.")},
                       {"name": "limit", "in": "query", "required": False,
                        "schema": {"type": "integer", "minimum": 1,
                                   "maximum": LONGEST_HISTORY_PAGE, "default": HISTORY_PAGE},
                        "description": "How many events, at most; more is refused (400)."}],
        "responses": {"200": _json(_ref("GameHistory"), "A page of the history."),
                      "400": _error("BadRequest"), "404": _error("GameNotFound"),
                      "405": _error("MethodNotAllowed"), "409": _error("DamagedGame"),
                      "500": _error("InternalError"),
                      "503": _error("StorageUnavailable")},
    }},
    "/games/{game_id}/events": _write(
        "Append an event at the version last seen; a stale version answers 409, an illegal "
        "step 422 (illegal_event, or illegal_step naming the rule of a live hand), and "
        "neither changes anything.", "GameEventRequest",
        {"expected_version": 0, "event": {"type": "hand_scored", "hand": 1, "went_out": "Ben",
                                          "points": {"Abe": 15, "Carl": 35}}},
        {**LIVE_EXAMPLES, **SCORED_EXAMPLES}),
    "/games/{game_id}/undo": _write(
        "Undo the newest event that still counts; it stays in the history, marked undone.",
        "GameUndoRequest", {"expected_version": 1}),
})
