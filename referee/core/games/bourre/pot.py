"""Bourré's pot over one hand: who takes it, or that it is carried, and what goes into the
next pot (the antes, and the pot matched by each player who went bourré or broke a rule).

>>> from decimal import Decimal
>>> hand = settle_hand(["Ann", "Bob", "Cy", "Dee"], "0.25", "1.00", ["Ann", "Bob", "Cy"],
...                    {"Ann": 2, "Bob": 2, "Cy": 1})  # a tie for the most: carried
>>> hand.winner, hand.carried, hand.next_pot.antes  # only those who did not tie ante
(None, True, {'Cy': Decimal('0.25'), 'Dee': Decimal('0.25')})
>>> settle_hand(["Ann", "Bob"], "0.25", "0.50", ["Ann", "Bob"], {"Ann": 5}).next_pot.bourre
{'Bob': Decimal('0.50')}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from ...cards import Card
from ...errors import Location, PlayerCountError, PlayerNameError, WrongTypeError
from ...ledger import money_text, stake_value
from .cards import PLAYERS, TRICKS, dealer_must_play
from .errors import BourrePlayersError, BourrePotError, BourreTricksError


@dataclass(frozen=True)
class Payment:
    """Money moved by the hand; ``None`` stands for the pot."""

    payer: str | None
    payee: str | None
    amount: Decimal
    why: str  # "pot" (taken), "ante", "bourre", "penalty"


@dataclass(frozen=True)
class NextPot:
    """What makes the next hand's pot: the pot carried (0 when won) and each payment into it."""

    from_pot: Decimal
    antes: dict[str, Decimal]
    bourre: dict[str, Decimal]  # went bourré or broke a rule of play: the pot as it stood

    @property
    def total(self) -> Decimal:
        return self.from_pot + sum(self.antes.values()) + sum(self.bourre.values())


@dataclass(frozen=True)
class HandResult:
    winner: str | None
    carried: bool
    next_pot: NextPot
    payments: tuple[Payment, ...]


def read_money(value: Any, location: Location, what: str) -> Decimal:
    """An amount of money given as text (``"0.25"``): more than nothing, cents at most."""
    if isinstance(value, Decimal):
        value = str(value)
    amount = stake_value(value, location, what)
    if amount is None:
        raise WrongTypeError(f"Give the {what} as text, such as 0.25.", location)
    return amount


def read_names(names: Any, location: Location, within: Sequence[str] | None = None) -> list[str]:
    """A list of player names, each once (and each at the table, given ``within``)."""
    if isinstance(names, (str, bytes, Mapping)) or not isinstance(names, Sequence):
        raise WrongTypeError("Give the players as a list of names.", location)
    for i, name in enumerate(names):
        if not isinstance(name, str) or not name.strip():
            raise PlayerNameError("Every player needs a name.", (*location, i))
        if name in names[:i]:
            raise PlayerNameError(f"{name} is named twice.", (*location, i))
        if within is not None and name not in within:
            raise BourrePlayersError(f"{name} is not at the table.", (*location, i))
    return list(names)


def read_penalties(penalties: Any, played: list[str], table: list[str]) -> list[str]:
    """The players who broke a rule of play: each at the table, and among those who played."""
    penalised = read_names(penalties, ("penalties",), table)
    for i, name in enumerate(penalised):
        if name not in played:
            raise BourrePlayersError(f"{name} passed, so played no card to break a rule with.",
                                     ("penalties", i))
    return penalised


def check_pot(table: Sequence[str], ante: Decimal, pot: Decimal) -> None:
    """A pot is antes and matches of pots, so a whole number of antes; and everyone's ante
    at the least, each player having anted into the first pot.

    >>> check_pot(["Ann", "Bob", "Cy", "Dee"], Decimal("0.25"), Decimal("1.10"))
    Traceback (most recent call last):
    ...
    referee.core.games.bourre.errors.BourrePotError: A pot is a whole number of antes, at \
least everyone's: 1.00, 1.25, 1.50, … not 1.10.
    """
    least = ante * len(table)
    if pot < least or pot % ante:
        allowed = ", ".join(money_text(least + ante * n) for n in range(3))
        raise BourrePotError(f"A pot is a whole number of antes, at least everyone's: "
                             f"{allowed}, … not {money_text(pot)}.", ("pot",))


def _check_tricks(tricks: Any, played: list[str], table: list[str]) -> None:
    """Each count a whole number of tricks, for a player at the table who played."""
    if not isinstance(tricks, Mapping):
        raise WrongTypeError("Give the tricks as {name: tricks}.", ("tricks",))
    for name, count in tricks.items():
        if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= TRICKS:
            raise BourreTricksError(f"Tricks are a whole number from 0 to {TRICKS}.",
                                    ("tricks", str(name)))
        if name not in table:
            raise BourrePlayersError(f"{name} is not at the table.", ("tricks", str(name)))
        if count and name not in played:
            raise BourreTricksError(f"{name} passed and took no trick.", ("tricks", name))


def read_tricks(tricks: Any, played: list[str], table: list[str]) -> dict[str, int]:
    """Each player's tricks (a player not named took none): five among those who played."""
    _check_tricks(tricks, played, table)
    taken = {name: tricks.get(name, 0) for name in played}
    if sum(taken.values()) != TRICKS:
        raise BourreTricksError(f"The tricks add up to {sum(taken.values())}; a hand has "
                                f"{TRICKS}.", ("tricks",))
    return taken


def settle_hand(players: Any, ante: Any, pot: Any, played: Any, tricks: Any = None,
                penalties: Any = (), dealer: str | None = None,
                trump_card: Card | None = None, strict: bool = True) -> HandResult:
    """One hand's pot (``pot``: as it stands, this hand's antes in it).

    The player with the most tricks takes it (three always are the most; two are when nobody
    else took two); a shared most carries it, and only the players outside the tie ante for
    the next hand (otherwise everyone does). A player who played and took no trick, and one
    named in ``penalties``, matches the pot into the next one (once, whichever the reason).
    One player playing alone takes the pot without tricks. ``dealer`` and ``trump_card``,
    when given, check that an ace turned as trump made the dealer play. ``strict`` off
    settles a hand saved before a lone player's tricks were checked.
    """
    table = read_names(players, ("players",))
    if not PLAYERS[0] <= len(table) <= PLAYERS[1]:
        raise PlayerCountError(f"Bourré is played by {PLAYERS[0]} to {PLAYERS[1]} players.",
                               ("players",))
    ante = read_money(ante, ("ante",), "ante")
    pot = read_money(pot, ("pot",), "pot")
    check_pot(table, ante, pot)
    played = read_names(played, ("played",), table)
    penalised = read_penalties(penalties, played, table)
    if not played:
        raise BourrePlayersError("Somebody plays: when everyone else passes, the dealer plays "
                                 "and takes the pot.", ("played",))
    if dealer is not None and trump_card is not None and dealer_must_play(trump_card) \
            and dealer not in played:
        raise BourrePlayersError(f"An ace turned as trump obliges the dealer, {dealer}, to "
                                 "play.", ("played",))
    if len(played) == 1:
        if strict and tricks is not None:  # none to play for, but none to a player who passed
            _check_tricks(tricks, played, table)
        winner, tied, bourre = played[0], [], []
    else:
        taken = read_tricks({} if tricks is None else tricks, played, table)
        most = max(taken.values())
        leaders = [name for name in played if taken[name] == most]
        winner, tied = (leaders[0], []) if len(leaders) == 1 else (None, leaders)
        bourre = [name for name in played if taken[name] == 0]
    matching = [name for name in played if name in bourre or name in penalised]
    next_pot = NextPot(from_pot=pot if winner is None else Decimal(0),
                       antes={name: ante for name in table if name not in tied},
                       bourre={name: pot for name in matching})
    payments = [Payment(None, winner, pot, "pot")] if winner else []
    payments += [Payment(name, None, pot, "bourre" if name in bourre else "penalty")
                 for name in matching]
    payments += [Payment(name, None, ante, "ante") for name in next_pot.antes]
    return HandResult(winner, winner is None, next_pot, tuple(payments))
