"""Eversol Rummy: who gets the top discard when players ask for it.

The player whose turn it is may take the discard free, as the draw. Anyone
else may buy it with one penalty card from the stock; among those who ask, the
first in order of play after the current player wins, so whoever threw it
comes last. The upcard turned at the deal goes the same way, the dealer last.
A rummy call can make the card dead before anyone gets it.

>>> seats = ["Abe", "Ben", "Carl"]
>>> ruling = resolve_buy(seats, current="Ben", discarder=None, current_drew_from_stock=False,
...                      claims=["Abe", "Carl"])
>>> ruling.outcome.value, ruling.player, ruling.penalty_cards
('buy', 'Carl', 1)
>>> resolve_buy(seats, "Carl", "Ben", False, claims=["Abe", "Carl"]).reason
"It is Carl's turn, so Carl takes the discard free, as the draw, ahead of anyone buying it."
>>> resolve_buy(seats, "Carl", "Ben", False, claims=["Abe"], rummy_called_by="Carl").outcome
<BuyOutcome.DEAD: 'dead'>
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import ClassVar

from ....errors import BuyError, PlayerNameError, UnknownPlayerError, WrongTypeError
from ....rule_anchors import RuleAnchor
from ....text import spoken_list
from ..options import resolve_options
from ....text import name_key as seat_key  # one rule for names: "Ben" and " ben " are one
from ....rummy.scoring import check_player_count


class BuyOutcome(Enum):
    TAKE = "take"  # the current player takes it free, as the draw
    BUY = "buy"  # another player, or the one who threw it, buys it with a penalty card
    DEAD = "dead"  # a rummy call took it out of play
    NONE = "none"  # nobody may have it: it stays on the pile


@dataclass(frozen=True)
class BuyRuling:
    outcome: BuyOutcome
    player: str | None  # who gets the card, as the players list spells the name
    penalty_cards: int  # cards drawn from the stock as the price: 1 for a buy
    reason: str
    # The player in turn, who has not drawn: a buy stands only once they let the card go.
    waits_for: str | None = None
    rule: ClassVar[RuleAnchor] = RuleAnchor.CALLS


def resolve_buy(players: Sequence[str], current: str, discarder: str | None,
                current_drew_from_stock: bool, claims: Sequence[str],
                rummy_called_by: str | None = None,
                buys_this_hand: Mapping[str, int] | None = None,
                options: Mapping[str, object] | None = None) -> BuyRuling:
    """Who gets the card on top of the discard pile, and at what price.

    ``players`` are in order of play; ``discarder`` is ``None`` for the upcard
    turned at the deal, when ``current`` plays first. ``claims`` are everyone who
    asked for the card, in any order: the order they spoke in does not count.
    Bad names, or a discarder who did not play just before ``current``, raise a
    ``RefereeInputError`` subclass whose field is shaped like the API request's.
    """
    options = resolve_options(options)
    seating = _Seating(players)
    current = seating.find(current, "current")
    order = seating.order_from(current)
    if discarder is not None:
        discarder = seating.find(discarder, "discarder")
        if discarder != order[-1]:
            raise BuyError(f"{order[-1]} plays just before {current}, so the card on top is "
                           f"{order[-1]}'s discard, not {discarder}'s.", "discarder")
    situation = _Situation(order=order, upcard=discarder is None,
                           drew_from_stock=current_drew_from_stock,
                           claims=seating.claimants(claims),
                           bought=seating.counts(buys_this_hand or {}),
                           buy_limit=options["buy_limit"])
    notes: list[str] = []  # clauses on calls and claims that do not count, said first
    caller = None
    if rummy_called_by is not None:
        caller = _counted_call(situation, seating.find(rummy_called_by, "rummy_called_by"), notes)
    winner, skipped = _first_allowed(situation)
    if caller is not None and (options["rummy_beats_buy"] or winner is None):
        # When a request could have beaten the call, say why none did.
        why_none = [] if options["rummy_beats_buy"] else skipped
        return _dead(situation, caller, options, notes + why_none)
    if caller is not None:
        notes.append(f"at this table a request for the card beats {caller}'s rummy call")
    notes += skipped
    if winner is None:
        nobody = "nobody else asked" if skipped else f"nobody asked for {situation.card}"
        return BuyRuling(BuyOutcome.NONE, None, 0,
                         _sentence(notes, f"{nobody}, so it stays on the pile"))
    if winner == situation.current:
        others = ", ahead of anyone buying it" if len(situation.claims) > 1 else ""
        return BuyRuling(BuyOutcome.TAKE, winner, 0, _sentence(
            notes, f"it is {winner}'s turn, so {winner} takes {situation.card} free, "
                   f"as the draw{others}"))
    waits_for = None if situation.drew_from_stock else situation.current
    return BuyRuling(BuyOutcome.BUY, winner, 1, _sentence(notes, _buy_clause(situation, winner)),
                     waits_for)


@dataclass(frozen=True)
class _Situation:
    order: tuple[str, ...]  # order of play from the current player; the discarder last
    upcard: bool
    drew_from_stock: bool
    claims: frozenset[str]
    bought: Mapping[str, int]
    buy_limit: int | None

    @property
    def current(self) -> str:
        return self.order[0]

    @property
    def card(self) -> str:
        return "the upcard" if self.upcard else "the discard"

    def asking(self) -> list[str]:
        """The claimants in order of play after the current player."""
        return [name for name in self.order if name in self.claims]


def _counted_call(situation: _Situation, caller: str, notes: list[str]) -> str | None:
    """The rummy caller, unless the call cannot count (``notes`` then says why)."""
    if situation.upcard:
        notes.append(f"nobody is down when the upcard is turned, so {caller}'s rummy call "
                     "does not count")
        return None
    if caller == situation.order[-1]:
        notes.append(f"{caller} threw the discard, and nobody may call rummy on their own discard")
        return None
    return caller


def _first_allowed(situation: _Situation) -> tuple[str | None, list[str]]:
    """The first claimant in order of play who may have the card, and why any before may not."""
    skipped = []
    for name in situation.asking():
        why_not = _why_not(situation, name)
        if why_not is None:
            return name, skipped
        skipped.append(why_not)
    return None, skipped


def _why_not(situation: _Situation, name: str) -> str | None:
    if name == situation.current:
        if situation.drew_from_stock:
            return f"{name} drew from the stock, so may no longer buy {situation.card}"
        return None
    limit, bought = situation.buy_limit, situation.bought.get(name, 0)
    if limit is not None and bought >= limit:
        cards = "1 card" if bought == 1 else f"{bought} cards"
        return (f"{name} has already bought {cards} this hand and the table allows {limit}, "
                "so may buy no more")
    return None


def _buy_clause(situation: _Situation, winner: str) -> str:
    asking = situation.asking()
    behind = asking[asking.index(winner) + 1:]
    ahead_of = ""
    if behind:
        last = situation.order[-1]
        role = "the dealer" if situation.upcard else "the discarder"
        ahead_of = f", ahead of {spoken_list(behind)}" + (f" ({role} comes last)" if last in behind
                                                   else "")
    verb = "buys back" if winner == situation.order[-1] and not situation.upcard else "buys"
    current = situation.current
    unless = "" if situation.drew_from_stock else (
        f"if {current} does not take {situation.card} as the draw, ")
    return (f"{unless}{winner} is the first after {current} in order of play to ask"
            f"{ahead_of}, so {winner} {verb} {situation.card} with one penalty card from the stock")


def _dead(situation: _Situation, caller: str, options: Mapping[str, object],
          notes: list[str]) -> BuyRuling:
    beats = ""
    if situation.claims and options["rummy_beats_buy"]:
        beats = ", which beats any request for it"
    if options["rummy_card"] == "meld":
        fate = (f"so {caller} puts {situation.card} on a meld it fits and discards one card of "
                "their own, which is dead")
    else:
        fate = (f"so {situation.card} is dead, and {caller} discards one card of their own, "
                "dead too")
    return BuyRuling(BuyOutcome.DEAD, None, 0,
                     _sentence(notes, f"{caller} called rummy{beats}, {fate}"))


class _Seating:
    """The players in order of play, each found by name in any case (as scoring finds them)."""

    def __init__(self, players: Sequence[str]):
        check_player_count(len(players))
        self.names = tuple(players)
        self._seats: dict[str, int] = {}
        for i, name in enumerate(self.names):
            key = seat_key(name)
            if not key:
                raise PlayerNameError("Every player needs a name.", f"players[{i}]")
            if key in self._seats:
                raise PlayerNameError(f"Two players are called {name.strip()[:40]!r}; give "
                                      "each a different name.", f"players[{i}]")
            self._seats[key] = i

    def find(self, name: str, field: str) -> str:
        seat = self._seats.get(seat_key(name))
        if seat is None:
            raise UnknownPlayerError(f"Nobody called {name.strip()[:40]!r} is playing.", field)
        return self.names[seat]

    def order_from(self, name: str) -> tuple[str, ...]:
        seat = self.names.index(name)
        return self.names[seat:] + self.names[:seat]

    def claimants(self, claims: Sequence[str]) -> frozenset[str]:
        found: list[str] = []
        for i, claim in enumerate(claims):
            name = self.find(claim, f"claims[{i}]")
            if name in found:
                raise BuyError(f"{name} is listed twice among the claims.", f"claims[{i}]")
            found.append(name)
        return frozenset(found)

    def counts(self, buys: Mapping[str, int]) -> dict[str, int]:
        """Buys so far this hand by player; a player not listed has bought none."""
        counted: dict[str, int] = {}
        for given, count in buys.items():
            field = f"buys_this_hand.{given}"
            name = self.find(given, field)
            if not isinstance(count, int) or isinstance(count, bool):
                raise WrongTypeError("Each count of buys must be a whole number.", field)
            if count < 0:
                raise BuyError(f"{name} cannot have bought fewer than no cards.", field)
            if name in counted:
                raise BuyError(f"{name} is listed twice in buys_this_hand.", field)
            counted[name] = count
        return counted


def _sentence(notes: Sequence[str], ruling: str) -> str:
    """One sentence to read aloud: why some calls or claims do not count, then the ruling."""
    text = "; ".join([*notes, ruling])
    return text[0].upper() + text[1:] + "."
