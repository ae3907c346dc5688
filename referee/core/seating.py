"""Who plays, in which seats, with which rules: fixed when the game is made.

Both the kept game and the hand the referee follows sit on this.

Seats go round the table in playing order: the player after a seat sits to its
left, so the deal passes to the next seat each hand.

>>> setup = GameSetup.create("eversol", [" Abe ", "Ben", "Carl", "Dee"], first_dealer="Carl")
>>> setup.players, setup.first_dealer, setup.decks
(('Abe', 'Ben', 'Carl', 'Dee'), 2, 2)
>>> GameSetup.create("eversol", ["Abe", "abe"])
Traceback (most recent call last):
...
referee.core.errors.GameSetupError: Two players are called abe; give each a different name.
"""

from __future__ import annotations

import random
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from .rulesets import TableRules, get_ruleset
from .rulesets.model import MAX_PLAYERS, MIN_PLAYERS
from .errors import GameSetupError, Location
from .text import MAX_NAME, TextError, clean_name


@dataclass(frozen=True)
class GameSetup:
    ruleset: str
    players: tuple[str, ...]
    first_dealer: int  # seat of the first hand's dealer
    decks: int
    options: Mapping[str, Any] = field(default_factory=dict)
    dealer_drawn: bool = True  # drawn at random (may be drawn again), or chosen by the table

    @classmethod
    def create(cls, ruleset: str, players: Sequence[Any], first_dealer: str | int | None = None,
               decks: int | None = None, options: Mapping[str, Any] | None = None,
               rng: random.Random | None = None) -> GameSetup:
        """A checked setup; without a dealer one is drawn at random (``rng``)."""
        game = get_ruleset(ruleset)
        if game.keeping is None:
            raise GameSetupError(f"The scorekeeper does not keep {game.title} games yet; "
                                 "its melds can be checked already.", "ruleset")
        names = _names(players)
        fewest, most = game.players
        if not fewest <= len(names) <= most:
            raise GameSetupError(f"{game.title} is played by {fewest} to {most} players; "
                                 f"{len(names)} were given.", "players")
        table = game.configure(options=options, decks=decks, players=len(names))
        seat = _dealer_seat(names, first_dealer, rng or random.SystemRandom())
        return cls(game.key, names, seat, table.decks, dict(table.options),
                   dealer_drawn=first_dealer is None)

    @cached_property
    def table(self) -> TableRules:
        # Read for every step of a followed hand: configured once per setup.
        return get_ruleset(self.ruleset).configure(options=self.options, decks=self.decks)

    def to_dict(self) -> dict[str, Any]:
        return {"ruleset": self.ruleset, "players": list(self.players),
                "first_dealer": self.first_dealer, "decks": self.decks,
                "options": dict(self.options), "dealer_drawn": self.dealer_drawn}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> GameSetup:
        return cls(data["ruleset"], tuple(data["players"]), data["first_dealer"], data["decks"],
                   dict(data["options"]), data.get("dealer_drawn", True))


def _names(players: Sequence[Any]) -> tuple[str, ...]:
    if isinstance(players, (str, bytes)) or not isinstance(players, Sequence):
        raise GameSetupError("players must be a list of names.", "players")
    names: list[str] = []
    for i, name in enumerate(players):
        if not isinstance(name, str) or not name.strip():
            raise GameSetupError("Every player needs a name.", f"players[{i}]")
        try:
            name = clean_name(name, f"players[{i}]")
        except TextError as error:  # a setup's every problem is a GameSetupError
            raise GameSetupError(error.message, error.location) from None
        if name.casefold() in {n.casefold() for n in names}:
            raise GameSetupError(f"Two players are called {name}; give each a different name.",
                                 f"players[{i}]")
        names.append(name)
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise GameSetupError(f"A game has {MIN_PLAYERS} to {MAX_PLAYERS} players; "
                             f"{len(names)} were given.", "players")
    return tuple(names)


def _dealer_seat(names: tuple[str, ...], dealer: str | int | None, rng: random.Random) -> int:
    if dealer is None:
        return rng.randrange(len(names))
    if isinstance(dealer, bool) or not isinstance(dealer, (str, int)):
        raise GameSetupError("first_dealer is a player's name.", "first_dealer")
    if isinstance(dealer, int):
        if not 0 <= dealer < len(names):
            raise GameSetupError(f"There is no seat {dealer}.", "first_dealer")
        return dealer
    return seat_of(names, dealer, "first_dealer")


def seat_of(names: Sequence[str], name: str, field_name: str | Location) -> int:
    """The seat of a player named (any case), or a ``GameSetupError`` naming the field."""
    wanted = " ".join(unicodedata.normalize("NFC", str(name)).split()).casefold()
    for seat, known in enumerate(names):
        if known.casefold() == wanted:
            return seat
    raise GameSetupError(f"Nobody called {str(name)[:MAX_NAME]} plays in this game.", field_name)
