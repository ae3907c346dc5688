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
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from functools import cached_property
from typing import Any

from .model.ruleset import TableRules
from .games.registry import get_ruleset
from .model.evening import Evening
from .model.keeping import Team
from .model.ruleset import MAX_PLAYERS, MIN_PLAYERS
from .errors import GameSetupError, TeamSetupError
from .ledger import stake_text, stake_value
from .money import Currency, currency_named, money_shown
from .model.seats import seat_of
from .text import TextError, clean_name, name_key


@dataclass(frozen=True)
class GameSetup:
    ruleset: str
    players: tuple[str, ...]
    first_dealer: int  # seat of the first hand's dealer
    decks: int
    options: Mapping[str, Any] = field(default_factory=dict)
    dealer_drawn: bool = True  # drawn at random (may be drawn again), or chosen by the table
    teams: tuple[Team, ...] = ()  # in a game played in teams, who scores together
    stake: str | None = None  # a game played for stakes: money one is worth ("0.25"); or points
    currency: str | None = None  # the money's currency ("USD"); None: amounts without a sign
    evening: Evening | None = None  # a game of one hand played again: the evening before it

    @classmethod
    def create(cls, ruleset: str, players: Sequence[Any], first_dealer: str | int | None = None,
               decks: int | None = None, options: Mapping[str, Any] | None = None,
               rng: random.Random | None = None, teams: Any = None,
               stake: Any = None, currency: Any = None) -> GameSetup:
        """A checked setup; without a dealer one is drawn at random (``rng``). In a game of
        teams, ``teams`` as the table named them, or the ruleset's own split of the seats. In a
        game for stakes, ``stake`` the money one is worth, as text (none: points), and
        ``currency`` the code of the currency it is in (none: amounts shown without a sign)."""
        game = get_ruleset(ruleset)
        if game.keeping is None:
            raise GameSetupError(f"The scorekeeper does not keep {game.title} games yet; "
                                 "its melds can be checked already.", "ruleset")
        names = _names(players)
        fewest, most = game.players
        if not fewest <= len(names) <= most:
            span = str(fewest) if fewest == most else f"{fewest} to {most}"
            raise GameSetupError(f"{game.title} is played by {span} players; "
                                 f"{len(names)} were given.", "players")
        table = game.configure(options=options, decks=decks, players=len(names))
        seat = _dealer_seat(names, first_dealer, rng or random.SystemRandom())
        return cls(game.key, names, seat, table.decks, dict(table.options),
                   dealer_drawn=first_dealer is None, teams=_teams(game.keeping, names, teams),
                   stake=_stake(game.keeping, stake), currency=_currency(game.keeping, currency))

    @property
    def sides(self) -> tuple[str, ...]:
        """Whoever scores: the teams, in a game of teams, else the players."""
        return tuple(team.name for team in self.teams) if self.teams else self.players

    def team_of(self, player: str) -> Team | None:
        return next((team for team in self.teams if player in team.players), None)

    @cached_property
    def table(self) -> TableRules:
        # Read for every step of a followed hand: configured once per setup.
        # Lenient: the decks were checked when the game was set up (or saved before a check).
        return get_ruleset(self.ruleset).configure(options=self.options, decks=self.decks,
                                                   strict=False)

    def to_dict(self) -> dict[str, Any]:
        data = {"ruleset": self.ruleset, "players": list(self.players),
                "first_dealer": self.first_dealer, "decks": self.decks,
                "options": dict(self.options), "dealer_drawn": self.dealer_drawn}
        if self.teams:
            data["teams"] = [{"name": team.name, "players": list(team.players)}
                             for team in self.teams]
        if self.stake is not None:
            data["stake"] = self.stake
        if self.currency is not None:
            data["currency"] = self.currency
        if self.evening is not None:
            data["evening"] = self.evening.to_dict()
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> GameSetup:
        teams = tuple(Team(team["name"], tuple(team["players"])) for team in data.get("teams", ()))
        return cls(data["ruleset"], tuple(data["players"]), data["first_dealer"], data["decks"],
                   dict(data["options"]), data.get("dealer_drawn", True), teams,
                   data.get("stake"), data.get("currency"),
                   Evening.from_dict(data["evening"]) if data.get("evening") else None)

    @property
    def stake_value(self) -> Decimal | None:
        """Money one stake is worth, or ``None`` where the table plays for points."""
        return None if self.stake is None else Decimal(self.stake)

    @property
    def money(self) -> Currency:
        """The currency the table's money is shown in (saved before there was one: no sign)."""
        return currency_named(self.currency or None)

    @property
    def stake_shown(self) -> str | None:
        """The stake as a player reads it, in the table's currency: ``'$0.25'``."""
        return None if self.stake is None else money_shown(Decimal(self.stake), self.money)


def _stake(keeping: Any, given: Any) -> str | None:
    if given is None or given == "":
        return None
    if keeping.stakes is None:
        raise GameSetupError("This game is not played for stakes: leave stake out.", "stake")
    return stake_text(stake_value(given, unit=keeping.stakes.unit))


def _currency(keeping: Any, given: Any) -> str | None:
    """The currency's code, for a game played for stakes; none given (or none chosen): none."""
    if given is None or given == "":
        return None
    if keeping.stakes is None:
        raise GameSetupError("This game is not played for stakes: leave currency out.",
                             "currency")
    return currency_named(given).code or None


def _teams(keeping: Any, names: tuple[str, ...], given: Any) -> tuple[Team, ...]:
    """The game's teams, the same players as ``names``, partners never in adjacent seats;
    none where the game may be played each alone (``Partnerships.optional``) and the table
    named none."""
    partnerships = keeping.partnerships
    if partnerships is None:
        if given is not None:
            raise GameSetupError("This game is not played in teams: leave teams out.", "teams")
        return ()
    if partnerships.optional:
        if given is None:
            return ()
        if not partnerships.team_counts(len(names)):
            sizes = " or ".join(sorted({str(t * s) for t, s in partnerships.shapes}))
            raise TeamSetupError(f"Partnerships need {sizes} players; {len(names)} are "
                                 "seated.", "teams")
    if given is None:
        return partnerships.default(names, None)
    teams = partnerships.check(given)
    seat = {name_key(name): i for i, name in enumerate(names)}
    for t, team in enumerate(teams):
        for p, player in enumerate(team.players):
            if name_key(player) not in seat:
                raise GameSetupError(f"{player} is in team {team.name} but not among the "
                                     "players.", ("teams", t, "players", p))
    named = [names[seat[name_key(player)]] for team in teams for player in team.players]
    if len(named) != len(names):
        missing = next(name for name in names if name not in named)
        raise GameSetupError(f"{missing} plays but is in no team.", "teams")
    teams = tuple(Team(team.name, tuple(names[seat[name_key(p)]] for p in team.players))
                  for team in teams)
    count = len(teams)
    for i, name in enumerate(names):
        team = next(team for team in teams if name in team.players)
        after = names[(i + 1) % len(names)]
        if count > 1 and after in team.players:
            raise GameSetupError(f"Partners sit apart, so that play passes from team to team: "
                                 f"{name} and {after} are both in {team.name}; seat the players "
                                 "in another order.", "players")
        if names[(i + count) % len(names)] not in team.players:
            raise GameSetupError("Seat the teams in turn round the table, one player of each "
                                 "team after another.", "players")
    return teams


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
        if name_key(name) in {name_key(n) for n in names}:  # one rule for who is who
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
