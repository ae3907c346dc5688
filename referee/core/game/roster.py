"""Who sits at the table, changed mid-game: a name corrected, a latecomer seated, a player
who leaves let go. Each is an event folded like any other, so undo and the version check
treat it as they treat a score.

>>> from referee.core.game import GameSetup, HandScored, replay
>>> from referee.core.game.events import PlayerLeft, PlayerRenamed, PlayerSeated
>>> setup = GameSetup.create("eversol", ["Abe", "Bne", "Carl"], first_dealer="Abe")
>>> state = replay(setup, [HandScored(1, "Bne", {"Abe": 15, "Carl": 35}),
...                        PlayerRenamed("Bne", "Ben"), PlayerSeated("Dot"), PlayerLeft("Abe")])
>>> state.players, state.totals, state.dealer
(('Ben', 'Carl', 'Dot'), {'Ben': 0, 'Carl': 35, 'Dot': 0, 'Abe': 15}, 'Ben')

Whether a game lets players join or leave is its ruleset's to say (``Keeping.seats_change``);
any game may correct a name.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ..errors import DeckCountError, RefereeInputError
from ..games.registry import get_ruleset
from ..model.keeping import Team
from ..model.ruleset import MAX_PLAYERS, MIN_PLAYERS
from ..model.stakes import Payment
from ..text import clean_name, name_key
from .errors import IllegalEventError
from .events import PlayerLeft, PlayerRenamed, PlayerSeated, RosterEvent

if TYPE_CHECKING:
    from .state import GameState, HandResult


def roster_change(state: GameState, event: RosterEvent, strict: bool = True) -> GameState:
    """``strict`` off for an event saved earlier: a name it gave stays, though the rules for
    names have refused more since (GameState.apply)."""
    if state.finished:
        raise IllegalEventError("The game is over.", "event.name")
    if state.live is not None:
        raise IllegalEventError(f"Hand {state.hand} is being followed: change who plays "
                                "between hands.", "event.name")
    if isinstance(event, PlayerRenamed):
        return _renamed(state, event, strict)
    if not state.keeping.seats_change:
        title = get_ruleset(state.setup.ruleset).title
        why = (" its teams are the game" if state.setup.teams
               else " the same players play it through")
        raise IllegalEventError(f"No one joins or leaves a game of {title} midway:{why}.",
                                "event.type")
    if isinstance(event, PlayerSeated):
        return _seated(state, event, strict)
    return _left(state, event)


def _known(state: GameState, name: str, field: str) -> str:
    found = next((p for p in (*state.players, *state.left) if name_key(p) == name_key(name)),
                 None)
    if found is None:
        raise IllegalEventError(f"No one called {name} plays in this game.", field)
    return found


def _new_name(state: GameState, name: str, field: str, allowed: str | None = None,
              strict: bool = True) -> str:
    try:
        name = clean_name(name, field)
    except RefereeInputError as error:
        if not strict:
            return name
        raise IllegalEventError(error.message, field) from None
    if not strict:
        return name
    taken = [p for p in (*state.players, *state.left, *(t.name for t in state.setup.teams))
             if p != allowed and name_key(p) == name_key(name)]
    if taken:
        raise IllegalEventError(f"{taken[0]} is already in this game; give each player a "
                                "different name.", field)
    return name


# ---------------------------------------------------------------------- a name corrected

def _renamed(state: GameState, event: PlayerRenamed, strict: bool) -> GameState:
    old = _known(state, event.name, "event.name")
    new = _new_name(state, event.new_name, "event.new_name", allowed=old, strict=strict)
    names = {old: new}
    teams, sides = [], {old: new}
    for team in state.setup.teams:
        players = tuple(names.get(p, p) for p in team.players)
        renamed = Team(team.name, players) if team.named else Team.of(players)
        sides[team.name] = renamed.name  # a team named after its players follows them
        teams.append(renamed)
    evening = state.setup.evening and state.setup.evening.renamed(sides)
    setup = replace(state.setup, players=tuple(names.get(p, p) for p in state.players),
                    teams=tuple(teams), evening=evening)
    return replace(state, setup=setup,
                   results=tuple(_result_renamed(r, names, sides) for r in state.results),
                   past_dealers=tuple(names.get(p, p) for p in state.past_dealers),
                   left=tuple(names.get(p, p) for p in state.left))


def _result_renamed(result: HandResult, names: dict[str, str],
                    sides: dict[str, str]) -> HandResult:
    settlement = result.settlement
    if settlement is not None:
        settlement = replace(
            settlement, net=_keys(settlement.net, names),
            payments=tuple(Payment(names.get(p.payer, p.payer), names.get(p.payee, p.payee),
                                   p.stakes) for p in settlement.payments),
            ended_by=tuple(names.get(p, p) for p in settlement.ended_by))
    return replace(
        result, players=tuple(names.get(p, p) for p in result.players),
        went_out=sides.get(result.went_out, result.went_out) if result.went_out else None,
        scores=_keys(result.scores, sides), held=_keys(result.held, names),
        melded=_keys(result.melded, names), teams=_keys(result.teams, sides),
        settling=_names_in(result.settling, names), settlement=settlement,
        entries=None if result.entries is None else _keys(result.entries, names),
        sides=_keys(result.sides, sides))


def _keys(mapping: Mapping[str, Any], names: dict[str, str]) -> dict[str, Any]:
    return {names.get(key, key): value for key, value in mapping.items()}


def _names_in(value: Any, names: dict[str, str]) -> Any:
    """A hand for stakes as entered, each name in it renamed (the fields name players as text,
    in lists, or as keys)."""
    if isinstance(value, str):
        return names.get(value, value)
    if isinstance(value, (list, tuple)):
        return [_names_in(item, names) for item in value]
    if isinstance(value, Mapping):
        return {names.get(k, k): _names_in(v, names) if not isinstance(v, (int, bool)) else v
                for k, v in value.items()}
    return value


# ---------------------------------------------------------------------- joining and leaving

def _reseated(state: GameState, players: tuple[str, ...], next_dealer: str) -> GameState:
    """``state`` with ``players`` at the table, the deal going on from ``next_dealer``; the
    hands dealt so far keep their dealers."""
    hand = len(state.results) + 1
    ruleset = get_ruleset(state.setup.ruleset)
    fewest, most = ruleset.players
    if not max(fewest, MIN_PLAYERS) <= len(players) <= min(most, MAX_PLAYERS):
        span = str(fewest) if fewest == most else f"{fewest} to {most}"
        raise IllegalEventError(f"{ruleset.title} is played by {span} players; "
                                f"the table would have {len(players)}.", "event.name")
    try:
        ruleset.configure(options=state.setup.options, decks=state.decks, players=len(players))
    except DeckCountError as error:
        raise IllegalEventError(error.message, "event.name") from None
    past = tuple(state.dealer_of(h) for h in range(1, hand))
    return replace(state, setup=replace(state.setup, players=players),
                   first_dealer=players.index(next_dealer), dealt_from=hand, past_dealers=past)


def _seated(state: GameState, event: PlayerSeated, strict: bool) -> GameState:
    returning = next((p for p in state.left if name_key(p) == name_key(event.name)), None)
    name = returning or _new_name(state, event.name, "event.name", strict=strict)
    players = list(state.players)
    seat = len(players) + 1 if event.seat is None else event.seat
    if not 1 <= seat <= len(players) + 1:
        raise IllegalEventError(f"Seat {seat} is not at this table: choose 1 to "
                                f"{len(players) + 1}.", "event.seat")
    players.insert(seat - 1, name)
    after = _reseated(state, tuple(players), state.dealer_of(len(state.results) + 1))
    left = tuple(p for p in state.left if p != name)
    # Hands played before they sat down count 0 for them, so every total adds up.
    results = tuple(r if name in r.scores else replace(r, scores={**r.scores, name: 0})
                    for r in state.results)
    return replace(after, results=results, left=left)


def _left(state: GameState, event: PlayerLeft) -> GameState:
    name = _known(state, event.name, "event.name")
    if name in state.left:
        raise IllegalEventError(f"{name} has left the game already.", "event.name")
    seat = state.players.index(name)
    dealer = state.dealer_of(len(state.results) + 1)
    if dealer == name:  # the deal passes on to the player who would have dealt after them
        step = state.keeping.deal_passes.value
        dealer = state.players[(seat + step) % len(state.players)]
    players = tuple(p for p in state.players if p != name)
    return replace(_reseated(state, players, dealer), left=(*state.left, name))
