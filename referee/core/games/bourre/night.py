"""A night of Bourré: the pot from hand to hand, each player's running net in money, and who
pays whom at the end in the fewest transfers (the ledger's, as Tonk's night).

Money counts when it moves: every ante and every match goes out of a player's net as it goes
into the pot, and a pot comes into its taker's net. A night ended while a pot stands (carried,
or already anted for a hand not played) gives it back to those who put it in.

>>> state = play_night(["Ann", "Bob", "Cy"], "1", [
...     HandEntry(played=("Ann", "Bob"), tricks={"Ann": 3, "Bob": 2}),  # Ann takes 3
...     HandEntry(played=("Ann", "Bob", "Cy"), tricks={"Ann": 2, "Bob": 2, "Cy": 1})])
>>> state.pot, {name: str(net) for name, net in state.net.items()}
(Decimal('4'), {'Ann': '1', 'Bob': '-2', 'Cy': '-3'})
>>> [tuple(t) for t in settle_night(state)]  # the standing 4 goes back: Ann 1, Bob 1, Cy 2
[('Bob', 'Ann', Decimal('1')), ('Cy', 'Ann', Decimal('1'))]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from ...cards import Card
from ...errors import RefereeInputError, WrongTypeError
from ...ledger import Transfer, fewest_transfers
from .pot import HandResult, read_money, read_names, settle_hand


@dataclass(frozen=True)
class HandEntry:
    """One hand as the table records it."""

    played: tuple[str, ...]
    tricks: Mapping[str, int] = field(default_factory=dict)
    penalties: tuple[str, ...] = ()
    dealer: str | None = None
    trump_card: Card | None = None


@dataclass(frozen=True)
class NightState:
    ante: Decimal
    pot: Decimal  # the pot standing for the next hand
    in_pot: dict[str, Decimal]  # what each player has in it since it was last taken
    net: dict[str, Decimal]  # each player's money so far, what is in the pot counted as paid
    hands: tuple[HandResult, ...] = ()

    @property
    def standing(self) -> dict[str, Decimal]:
        """What each player takes home if the night ends now: what they have in the pot is
        still theirs (it goes back to them), so a standing, a chart and settling up say one
        number. Before the first hand everyone stands at 0, the first ante in the pot.

        >>> start_night(["Ann", "Bob"], "1").standing
        {'Ann': Decimal('0'), 'Bob': Decimal('0')}
        """
        return {name: self.net[name] + self.in_pot[name] for name in self.net}


def start_night(players: Any, ante: Any) -> NightState:
    """Everyone antes for the first hand."""
    names = read_names(players, ("players",))
    ante = read_money(ante, ("ante",), "ante")
    return NightState(ante, ante * len(names), {name: ante for name in names},
                      {name: -ante for name in names})


def record_hand(state: NightState, entry: HandEntry, strict: bool = True) -> NightState:
    """The night after one more hand (``strict`` off: a hand saved earlier, ``settle_hand``)."""
    if not isinstance(entry, HandEntry):
        raise WrongTypeError("A hand is a HandEntry.", ("hand",))
    names = list(state.net)
    result = settle_hand(names, state.ante, state.pot, list(entry.played), dict(entry.tricks),
                         list(entry.penalties), entry.dealer, entry.trump_card, strict)
    net, in_pot = dict(state.net), dict(state.in_pot)
    if result.winner is not None:
        net[result.winner] += state.pot
        in_pot = {name: Decimal(0) for name in names}
    for payment in result.payments:
        if payment.payee is None:
            net[payment.payer] -= payment.amount
            in_pot[payment.payer] += payment.amount
    return NightState(state.ante, result.next_pot.total, in_pot, net, (*state.hands, result))


def play_night(players: Any, ante: Any, entries: Sequence[HandEntry]) -> NightState:
    """The night as a fold of its hands (undo: the same without the last)."""
    state = start_night(players, ante)
    for i, entry in enumerate(entries):
        try:
            state = record_hand(state, entry)
        except RefereeInputError as error:
            raise error.within("hands", i) from None
    return state


def settle_night(state: NightState) -> list[Transfer]:
    """Who pays whom to end the night, in as few transfers as can be; the standing pot goes
    back to those who put it in."""
    return fewest_transfers(state.standing)
