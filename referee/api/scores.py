"""POST /scores/hand: every player's score for one hand, in any ruleset."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any

from flask import jsonify

from ..core import Card, Ruleset, TableRules, get_ruleset
from ..core.errors import RefereeInputError, WrongTypeError, parse_location
from ..core.rummy.scoring import (LayOff, Penalty, PlayerHand, PlayerScore, check_player_count,
                            score_hand)
from .blueprint import api
from .errors import MissingFieldError
from .requests import cards, field, json_object, optional_card


def scored_by_team(ruleset: Ruleset) -> bool:
    """Whether the question gives each team's numbers (teams), not each player's cards: the
    view reads it so, and the OpenAPI document says it so."""
    partnerships = ruleset.keeping and ruleset.keeping.partnerships
    return bool(partnerships and partnerships.score_question is not None)


@api.post("/scores/hand")
def score_hand_view():
    body = json_object()
    ruleset = get_ruleset(field(body, "ruleset"))
    if scored_by_team(ruleset):
        return _team_scores(body, ruleset, ruleset.keeping.partnerships.score_question)
    players = _players(body)
    table = _table_rules(body, ruleset, len(players))
    scored = score_hand(table, players, _penalties(body))
    return jsonify({
        "scores": scored.scores,
        "players": [_score_json(player) for player in scored.players],
        "decks": table.decks,
    })


def _team_scores(body: Mapping[str, Any], ruleset: Ruleset,
                 score_question: Callable[[TableRules, Any, Any], Mapping[str, Any]]):
    """A game played in teams: each team's score, from its numbers, in named parts."""
    table = ruleset.configure(options=field(body, "options", None),
                              decks=field(body, "decks", None))
    parts = score_question(table, field(body, "hand"), field(body, "teams"))
    return jsonify({
        "scores": {team: sum(part.points for part in named) for team, named in parts.items()},
        "parts": {team: [{"key": part.key, "label": part.label, "points": part.points,
                          "count": part.count, "each": part.each} for part in named]
                  for team, named in parts.items()},
        "decks": table.decks,
    })


def _table_rules(body: Mapping[str, Any], ruleset: Ruleset, players: int) -> TableRules:
    """Options and decks; without ``decks``, the ruleset's recommendation for the players."""
    return ruleset.configure(options=field(body, "options", None),
                             decks=field(body, "decks", None), players=players)


# --- Reading the fields -----------------------------------------------------------------------

@contextmanager
def _inside(where: str) -> Iterator[None]:
    """Name errors from a nested object by their full path: ``players[1]`` + ``hand[0]``."""
    try:
        yield
    except RefereeInputError as error:
        raise error.within(*parse_location(where))


def _objects(value: Any, name: str, example: str) -> list[Mapping[str, Any]]:
    """A list of JSON objects, such as the players."""
    if not isinstance(value, list):
        raise WrongTypeError(f"{name} must be a list, such as [{example}].", name)
    for i, item in enumerate(value):
        if not isinstance(item, dict):
            raise WrongTypeError(f"Each of {name} must be an object, such as {example}.",
                                 f"{name}[{i}]")
    return value


def _players(body: Mapping[str, Any]) -> list[PlayerHand]:
    listed = _objects(field(body, "players"), "players", '{"name": "Ann", "hand": ["7D", "KS"]}')
    check_player_count(len(listed))  # before reading any cards of what may be a huge list
    players = []
    for i, item in enumerate(listed):
        with _inside(f"players[{i}]"):
            players.append(PlayerHand(
                name=_text(item, "name"), hand=cards(item, "hand"), melds=_melds(item),
                layoffs=_layoffs(item), went_out=_flag(item, "went_out"),
                went_rummy=_flag(item, "went_rummy")))
    return players


def _melds(player: Mapping[str, Any]) -> list[list[Card]]:
    value = field(player, "melds", [])
    if not isinstance(value, list):
        raise WrongTypeError(
            'melds must be a list of melds, such as [["3H", "3S", "3D"]].', "melds")
    # requests.cards reads a field of an object, so each meld is read as a one-field object.
    return [cards({f"melds[{k}]": meld}, f"melds[{k}]") for k, meld in enumerate(value)]


def _layoffs(player: Mapping[str, Any]) -> list[LayOff]:
    return _each(field(player, "layoffs", []), "layoffs",
                 '{"card": "5C", "onto": ["5H", "5S", "5D"]}',
                 lambda item: LayOff(card=_card(item, "card"), onto=cards(item, "onto")))


def _penalties(body: Mapping[str, Any]) -> list[Penalty]:
    return _each(field(body, "penalties", []), "penalties",
                 '{"player": "Ben", "cards": ["9D", "KS"]}',
                 lambda item: Penalty(player=_text(item, "player"), cards=cards(item, "cards")))


def _each(value: Any, name: str, example: str, read: Callable[[Mapping[str, Any]], Any]) -> list:
    """Read each object of a list, errors naming ``name[i]``."""
    read_all = []
    for i, item in enumerate(_objects(value, name, example)):
        with _inside(f"{name}[{i}]"):
            read_all.append(read(item))
    return read_all


def _card(body: Mapping[str, Any], name: str) -> Card:
    card = optional_card(body, name)
    if card is None:
        raise MissingFieldError(f"{name} is required.", name)
    return card


def _text(body: Mapping[str, Any], name: str) -> str:
    value = field(body, name)
    if not isinstance(value, str):
        raise WrongTypeError(f"{name} must be text, such as \"Ann\".", name)
    return value


def _flag(body: Mapping[str, Any], name: str) -> bool:
    value = field(body, name, False)
    if not isinstance(value, bool):
        raise WrongTypeError(f"{name} must be true or false.", name)
    return value


# --- Rendering --------------------------------------------------------------------------------

def _score_json(player: PlayerScore) -> dict[str, Any]:
    return {"name": player.name, "score": player.score, "held": player.held,
            "melded": player.melded, "laid_off": player.laid_off, "penalty": player.penalty}
